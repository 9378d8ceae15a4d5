// HTML subset -> a tree of blocks the layout engine understands.
import { parseDocument, Parser } from "htmlparser2";
import { PdfInputError } from "./input_error.ts";
import type { ChildNode, Element } from "domhandler";
import { imageSize } from "./image_size.ts";
import {
  applyDeclarations,
  BASE_STYLE,
  type CssRule,
  declarationCount,
  inherit,
  MAX_CSS_DECLARATIONS,
  MAX_CSS_RULES,
  parseLength,
  parseStylesheet,
  type Style,
  TAG_DEFAULTS,
} from "./style.ts";

export type Inline = { kind: "text"; text: string; style: Style } | { kind: "br"; style: Style };

export interface Cell {
  blocks: Block[];
  header: boolean;
  colspan: number;
  style: Style;
}

export type Block =
  | { kind: "para"; style: Style; inlines: Inline[] }
  | { kind: "group"; style: Style; children: Block[] }
  | { kind: "list"; style: Style; ordered: boolean; start: number; items: Block[][] }
  | { kind: "table"; style: Style; rows: Cell[][] }
  | { kind: "image"; style: Style; data: Uint8Array; format: "png" | "jpg"; width?: number; height?: number }
  | { kind: "hr"; style: Style };

export { PdfInputError };

/** Deeper element nesting than this is refused (it only appears in hostile input, and layout recurses). */
export const MAX_DEPTH = 60;
/**
 * More elements than this are refused before layout: each table cell or paragraph costs about 60 µs to lay out and
 * draw, so the 4 MB body the route accepts (a 4,000 × 100 table) took 25 s of a document worker (2 by default,
 * shared with bill reading) for one request of a public widget token. 30,000 is ~2 s, and more than 200 pages hold.
 */
export const MAX_ELEMENTS = 30_000;
/** Largest PNG accepted, in pixels (a small compressed PNG can decode to gigabytes). */
export const MAX_IMAGE_PIXELS = 25_000_000;

const SKIP = new Set([
  "script",
  "style",
  "head",
  "title",
  "meta",
  "link",
  "iframe",
  "object",
  "embed",
  "svg",
  "noscript",
  "template",
  "form",
  "input",
  "button",
  "select",
  "textarea",
  "video",
  "audio",
  "canvas",
]);
const BLOCKS = new Set([
  "p",
  "div",
  "section",
  "article",
  "header",
  "footer",
  "main",
  "aside",
  "nav",
  "blockquote",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "table",
  "hr",
  "img",
  "body",
  "html",
  "figure",
  "figcaption",
  "address",
  "pre",
  "dl",
  "dt",
  "dd",
]);

const PARSE_OPTIONS = { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true };

export function htmlToBlocks(html: string, base: Style = BASE_STYLE): Block[] {
  guardNesting(html);
  const doc = parseDocument(html, PARSE_OPTIONS);
  checkDepth(doc.children, 0, { elements: 0 });
  const css: CssRule[] = [];
  collectStyles(doc.children, css);
  return new Converter(css).blocks(doc.children, base);
}

/**
 * The depth and element limits, checked while the HTML is read, before any tree is built: the parser's work per tag
 * grows with the open elements (implied closes scan them), so a 400 KB `<ul><li>` × 50,000 took seconds, and 1 MB of
 * nested `<div>`s over 20 s of a document worker, to be refused afterwards (security pass 10). Reading stops at the
 * first tag past either limit, so at most MAX_DEPTH elements are ever open.
 */
function guardNesting(html: string): void {
  let depth = 0;
  let elements = 0;
  const parser = new Parser({
    onopentag() {
      if (++depth > MAX_DEPTH + 1) {
        throw new PdfInputError(`HTML is nested more than ${MAX_DEPTH} elements deep`);
      }
      if (++elements > MAX_ELEMENTS) throw new PdfInputError(`HTML has more than ${MAX_ELEMENTS} elements`);
    },
    onclosetag() {
      depth--;
    },
  }, PARSE_OPTIONS);
  parser.end(html);
}

function checkDepth(nodes: ChildNode[], depth: number, count: { elements: number }) {
  if (depth > MAX_DEPTH) throw new PdfInputError(`HTML is nested more than ${MAX_DEPTH} elements deep`);
  for (const n of nodes) {
    if (!("children" in n)) continue;
    if (++count.elements > MAX_ELEMENTS) {
      throw new PdfInputError(`HTML has more than ${MAX_ELEMENTS} elements`);
    }
    checkDepth((n as Element).children, depth + 1, count);
  }
}

/** Width and height from a PNG's IHDR chunk, or undefined when the bytes are not a PNG. */
function pngSize(b: Uint8Array): { width: number; height: number } | undefined {
  if (b.length < 24 || b[0] !== 0x89 || b[1] !== 0x50 || b[2] !== 0x4e || b[3] !== 0x47) return undefined;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return { width: v.getUint32(16), height: v.getUint32(20) };
}

function collectStyles(nodes: ChildNode[], out: CssRule[]) {
  for (const n of nodes) {
    if (n.type === "style") {
      const css = ((n as Element).children ?? []).map((c) => (c as { data?: string }).data ?? "").join("");
      for (const r of parseStylesheet(css, MAX_CSS_RULES - out.length)) out.push(r);
      if (out.length > MAX_CSS_RULES) {
        throw new PdfInputError(
          `The stylesheets have more than ${MAX_CSS_RULES} rules (each is tried on every element)`,
        );
      }
      if (out.reduce((k, r) => k + declarationCount(r.decls), 0) > MAX_CSS_DECLARATIONS) {
        throw new PdfInputError(`The stylesheets have more than ${MAX_CSS_DECLARATIONS} declarations`);
      }
    } else if ("children" in n && n.type !== "script") collectStyles((n as Element).children, out);
  }
}

class Converter {
  /** Styles from the stylesheet, per parent style and (tag, align, rules that match): siblings share them. */
  private readonly memo = new WeakMap<Style, Map<string, Style>>();

  constructor(private readonly rules: CssRule[]) {}

  styleOf(el: Element, parent: Style): Style {
    const tag = el.name;
    const classes = (el.attribs.class ?? "").split(/\s+/).filter(Boolean);
    const matched: number[] = [];
    this.rules.forEach((r, i) => {
      if (!((r.tag && r.tag !== tag) || (r.cls && !classes.includes(r.cls)))) matched.push(i);
    });
    // 29,000 paragraphs under 64 matching rules applied every rule to every paragraph (10 s of a worker);
    // siblings with the same tag and rules now get one computed style (never mutated: applyDeclarations copies).
    let byParent = this.memo.get(parent);
    if (!byParent) this.memo.set(parent, byParent = new Map());
    const key = `${tag}\u0001${el.attribs.align ?? ""}\u0001${matched.join(",")}`;
    let s = byParent.get(key);
    if (!s) {
      s = inherit(parent);
      if (TAG_DEFAULTS[tag]) s = applyDeclarations(s, TAG_DEFAULTS[tag]);
      for (const i of matched) s = applyDeclarations(s, this.rules[i].decls);
      if (el.attribs.align) s = applyDeclarations(s, `text-align: ${el.attribs.align}`);
      byParent.set(key, s);
    }
    return el.attribs.style ? applyDeclarations(s, el.attribs.style) : s;
  }

  blocks(nodes: ChildNode[], style: Style): Block[] {
    const out: Block[] = [];
    let inlines: Inline[] = [];
    const flush = () => {
      if (inlines.some((i) => i.kind === "br" || i.text.trim())) {
        // a paragraph keeps its element's orphans and widows (`p { orphans: 3 }` was dropped with the margins)
        out.push({
          kind: "para",
          style: { ...inherit(style), orphans: style.orphans, widows: style.widows },
          inlines,
        });
      }
      inlines = [];
    };
    for (const n of nodes) {
      if (n.type === "text") {
        inlines.push({ kind: "text", text: (n as unknown as { data: string }).data, style });
        continue;
      }
      if (n.type !== "tag") continue;
      const el = n as Element;
      if (SKIP.has(el.name)) continue;
      if (!BLOCKS.has(el.name)) {
        this.inlines(el, style, inlines, out, flush);
        continue;
      }
      flush();
      const b = this.block(el, style);
      if (b) out.push(b);
    }
    flush();
    return out;
  }

  /** Inline content; an <img> inside text becomes its own block. */
  inlines(el: Element, parent: Style, into: Inline[], out: Block[], flush: () => void) {
    const s = this.styleOf(el, parent);
    if (el.name === "br") {
      into.push({ kind: "br", style: s });
      return;
    }
    for (const c of el.children) {
      if (c.type === "text") {
        into.push({ kind: "text", text: (c as unknown as { data: string }).data, style: s });
      } else if (c.type === "tag") {
        const ce = c as Element;
        if (SKIP.has(ce.name)) continue;
        if (BLOCKS.has(ce.name)) {
          flush();
          const b = this.block(ce, s);
          if (b) out.push(b);
        } else this.inlines(ce, s, into, out, flush);
      }
    }
  }

  block(el: Element, parent: Style): Block | undefined {
    const s = this.styleOf(el, parent);
    switch (el.name) {
      case "hr":
        return { kind: "hr", style: s };
      case "img":
        return this.image(el, s);
      case "ul":
      case "ol": {
        const items = el.children.filter((c): c is Element =>
          c.type === "tag" && (c as Element).name === "li"
        )
          .map((li) => this.blocks(li.children, this.styleOf(li, s)));
        return {
          kind: "list",
          style: s,
          ordered: el.name === "ol",
          start: Number(el.attribs.start) || 1,
          items,
        };
      }
      case "table":
        return this.table(el, s);
      case "h1":
      case "h2":
      case "h3":
      case "h4":
      case "h5":
      case "h6":
      case "p":
      case "dt":
      case "figcaption":
      case "pre": {
        const children = this.blocks(el.children, s);
        // A paragraph of pure inline content keeps its own margins; nested blocks become a group.
        if (children.length === 1 && children[0].kind === "para") {
          return {
            ...children[0],
            style: {
              ...children[0].style,
              marginTop: s.marginTop,
              marginBottom: s.marginBottom,
              marginLeft: s.marginLeft,
              marginRight: s.marginRight,
              background: s.background,
              breakBefore: s.breakBefore,
            },
          };
        }
        return { kind: "group", style: s, children };
      }
      default:
        return { kind: "group", style: s, children: this.blocks(el.children, s) };
    }
  }

  table(el: Element, s: Style): Block {
    const rows: Cell[][] = [];
    const walk = (nodes: ChildNode[], rowStyle: Style) => {
      for (const n of nodes) {
        if (n.type !== "tag") continue;
        const e = n as Element;
        if (["thead", "tbody", "tfoot"].includes(e.name)) walk(e.children, this.styleOf(e, rowStyle));
        else if (e.name === "tr") {
          const rs = this.styleOf(e, rowStyle);
          const cells = e.children.filter((c): c is Element =>
            c.type === "tag" && ["td", "th"].includes((c as Element).name)
          ).map((c) => {
            const own = this.styleOf(c, rs);
            const cs = !own.background && rs.background ? { ...own, background: rs.background } : own;
            return {
              blocks: this.blocks(c.children, cs),
              header: c.name === "th",
              colspan: Math.max(1, Math.min(20, Number(c.attribs.colspan) || 1)),
              style: cs,
            };
          });
          if (cells.length) rows.push(cells);
        }
      }
    };
    walk(el.children, s);
    return { kind: "table", style: s, rows };
  }

  image(el: Element, s: Style): Block | undefined {
    const src = (el.attribs.src ?? "").trim();
    if (!src) return undefined;
    const m = src.match(/^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=\s]+)$/i);
    if (!m) {
      if (/^data:/i.test(src)) throw new PdfInputError("Images must be PNG or JPEG data: URIs (base64)");
      throw new PdfInputError(
        `Images must be data: URIs; remote images are never fetched (${src.slice(0, 60)})`,
      );
    }
    let data: Uint8Array;
    try {
      data = Uint8Array.from(atob(m[2].replace(/\s+/g, "")), (c) => c.charCodeAt(0));
    } catch {
      throw new PdfInputError("An image data: URI is not valid base64");
    }
    const format = m[1].toLowerCase() === "png" ? "png" : "jpg";
    // Both formats: a JPEG is embedded as it is (never decoded here), but a header saying 65535×65535 made a PDF
    // that every reader opening it tries to decode (a decompression bomb handed on to the partner or homeowner).
    const size = format === "png" ? pngSize(data) : data[0] === 0xff ? imageSize(data) : undefined;
    if (!size) {
      throw new PdfInputError(
        format === "png"
          ? "An image data: URI says PNG but is not a PNG file"
          : "An image data: URI says JPEG but is not a readable JPEG file",
      );
    }
    if (size.width * size.height > MAX_IMAGE_PIXELS) {
      throw new PdfInputError(
        `An image is ${size.width}×${size.height} pixels; the limit is ${MAX_IMAGE_PIXELS / 1e6} megapixels`,
      );
    }
    const len = (
      v: string | undefined,
    ) => (v ? parseLength(v.replace(/px$/, "") + (v.match(/[a-z%]+$/) ? "" : "px"), s.fontSize) : undefined);
    const styleW = el.attribs.style?.match(/(?:^|;)\s*width\s*:\s*([^;]+)/)?.[1];
    const styleH = el.attribs.style?.match(/(?:^|;)\s*height\s*:\s*([^;]+)/)?.[1];
    return {
      kind: "image",
      style: s,
      data,
      format,
      width: len(styleW ?? el.attribs.width),
      height: len(styleH ?? el.attribs.height),
    };
  }
}

/** The font faces a block tree uses (to embed them before layout). */
export function facesUsed(blocks: Block[], into = new Set<string>()): Set<string> {
  const add = (s: Style) => into.add(s.bold ? "bold" : s.italic ? "italic" : "regular");
  for (const b of blocks) {
    add(b.style);
    if (b.kind === "para") b.inlines.forEach((i) => add(i.style));
    else if (b.kind === "group") facesUsed(b.children, into);
    else if (b.kind === "list") b.items.forEach((it) => facesUsed(it, into));
    else if (b.kind === "table") {
      b.rows.forEach((r) =>
        r.forEach((c) => {
          add({ ...c.style, bold: c.style.bold || c.header });
          facesUsed(c.blocks, into);
        })
      );
    }
  }
  return into;
}

/** Every text of the blocks (what the fonts will draw), for FontSet.shapeIfNeeded. */
export function* textsOf(blocks: Block[]): Generator<string> {
  for (const b of blocks) {
    if (b.kind === "para") {
      for (const i of b.inlines) if (i.kind === "text") yield i.text;
    } else if (b.kind === "group") yield* textsOf(b.children);
    else if (b.kind === "list") { for (const it of b.items) yield* textsOf(it); }
    else if (b.kind === "table") { for (const r of b.rows) for (const c of r) yield* textsOf(c.blocks); }
  }
}
