// DejaVu Sans (assets/fonts, Bitstream Vera / DejaVu licence): Unicode coverage, embedded as subsets so a
// report carries only the glyphs it uses. Each weight is embedded on first use.
//
// The fonts are read by shared/pdf/truetype.ts (cmap, metrics, glyf subset), parsed once per process or
// isolate and reused by every document; pdf-lib's own subset embedder writes them into each document. fontkit
// is loaded only for a document with text that OpenType shaping could change (other scripts, combining marks:
// see UNSHAPED), and its parsed fonts are then cached the same way.
//
// Chinese, Japanese and Korean characters are drawn with slices of Noto Sans CJK (shared/pdf/cjk.ts): a document
// with such text loads the slices it needs (`FontSet.loadCjk`), and a line is then measured and drawn in runs,
// each in the font that has its characters (`textRuns`, `widthOfText`, `drawTextRuns`).
import {
  type Color,
  CustomFontSubsetEmbedder,
  grayscale,
  type PDFDocument,
  PDFFont,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  setLineWidth,
  setStrokingColor,
  setTextRenderingMode,
  TextRenderingMode,
} from "pdf-lib";
import type Fontkit from "@pdf-lib/fontkit";
import { loadFontkit } from "./fontkit_loader.ts";
import { CJK_CHAR, cjkFacesFor, withoutCjk } from "./cjk.ts";
import { type Shaper, TrueTypeFace, UNSHAPED } from "./truetype.ts";

export { UNSHAPED };

const FILES = {
  regular: "DejaVuSans.ttf",
  bold: "DejaVuSans-Bold.ttf",
  italic: "DejaVuSans-Oblique.ttf",
} as const;
type Face = keyof typeof FILES;
const faces = new Map<Face, TrueTypeFace>();

/** The parsed face of a font file, shared by every document of this process. */
export function faceOf(face: Face): TrueTypeFace {
  let f = faces.get(face);
  if (!f) {
    f = new TrueTypeFace(Deno.readFileSync(new URL(`../../assets/fonts/${FILES[face]}`, import.meta.url)));
    faces.set(face, f);
  }
  return f;
}

// fontkit unpacks its data tables when it loads (and costs more CPU on a cold isolate than the rest of a
// render): it loads with the first document that has text to shape, never with the process.
let shaping: Promise<typeof Fontkit> | undefined;
async function attachShaper(face: TrueTypeFace): Promise<void> {
  if (face.shaped) return;
  const fontkit = await (shaping ??= loadFontkit());
  if (face.shaped) return;
  face.withShaper(withCodePointSafeGlyphs(fontkit.create(face.data)) as unknown as Shaper);
}

type GlyphCache = {
  _glyphs: Record<number, { codePoints: number[] } | undefined>;
  getGlyph(id: number, chars?: number[]): unknown;
};

// fontkit caches glyphs by id with the code points of their first use; a glyph cached without code points
// (a component reached by id) would leave its characters out of the document's ToUnicode map, so it is rebuilt
// when it is asked for with its characters.
function withCodePointSafeGlyphs<T>(font: T): T {
  const f = font as unknown as GlyphCache;
  const original = f.getGlyph.bind(f);
  f.getGlyph = (id: number, chars: number[] = []) => {
    if (chars.length && f._glyphs[id] && !f._glyphs[id]!.codePoints?.length) delete f._glyphs[id];
    return original(id, chars);
  };
  return font;
}

/**
 * True when every text can be drawn with the fonts' one-to-one glyphs (no fontkit needed). Line breaks and tabs
 * of the source text are never drawn (layout splits words at white space), so they need no shaping; nor do CJK
 * characters (drawn one to one from the CJK slices' cmaps).
 */
export function unshaped(texts: Iterable<string>): boolean {
  for (const t of texts) {
    if (UNSHAPED.test(t)) continue;
    const rest = withoutCjk(t).replace(/[\t\n\r\f]/g, " ");
    if (!UNSHAPED.test(rest)) return false;
  }
  return true;
}

/** What pdf-lib does for doc.embedFont(bytes, { subset: true }), with a parsed face in place of a fontkit font. */
async function embedFace(doc: PDFDocument, face: TrueTypeFace): Promise<PDFFont> {
  const embedder = await CustomFontSubsetEmbedder.for(
    { create: () => face } as unknown as typeof Fontkit,
    face.data,
  );
  const font = PDFFont.of(doc.context.nextRef(), doc, embedder);
  (doc as unknown as { fonts: PDFFont[] }).fonts.push(font);
  return font;
}

/** The FontSet that embedded a font: its CJK runs (fonts from anywhere else are drawn as they are). */
const owners = new WeakMap<PDFFont, FontSet>();

export interface TextRun {
  text: string;
  font: PDFFont;
  /** A CJK run of bold text: the CJK fonts are regular only, so it is drawn filled and outlined (faux bold). */
  fauxBold?: boolean;
}

/** The outline width of faux bold, in em: each stroke edge thickens the glyph's strokes by half of it. */
const FAUX_BOLD_EM = 0.04;

/** `text` in runs of one font each: CJK characters in the CJK slice fonts the document loaded, the rest in `font`. */
export function textRuns(font: PDFFont, text: string): TextRun[] {
  return owners.get(font)?.runs(font, text) ?? [{ text, font }];
}

/** The width of `text` drawn in `font` (and the CJK fonts of its runs). */
export function widthOfText(font: PDFFont, text: string, size: number): number {
  let w = 0;
  for (const r of textRuns(font, text)) w += r.font.widthOfTextAtSize(r.text, size);
  return w;
}

/** Draws `text` run by run from `x`; returns its width. */
export function drawTextRuns(
  page: PDFPage,
  text: string,
  o: { x: number; y: number; size: number; font: PDFFont; color?: Color },
): number {
  let x = o.x;
  for (const r of textRuns(o.font, text)) {
    if (r.text.trim()) {
      if (r.fauxBold) {
        page.pushOperators(
          pushGraphicsState(),
          setStrokingColor(o.color ?? grayscale(0)),
          setLineWidth(o.size * FAUX_BOLD_EM),
          setTextRenderingMode(TextRenderingMode.FillAndOutline),
        );
      }
      page.drawText(r.text, { ...o, x, font: r.font });
      if (r.fauxBold) page.pushOperators(popGraphicsState());
    }
    x += r.font.widthOfTextAtSize(r.text, o.size);
  }
  return x - o.x;
}

export class FontSet {
  private readonly ready = new Map<Face, PDFFont>();
  private shape = false;
  /** The CJK slice font of each CJK code point of the document (loadCjk). */
  private readonly cjk = new Map<number, PDFFont>();
  constructor(private readonly doc: PDFDocument) {}

  /**
   * Loads and embeds the CJK slices that hold the CJK characters of `texts` (none without such characters). A
   * slice that cannot be loaded leaves its characters to the Latin fonts' white square; this never throws.
   */
  async loadCjk(texts: Iterable<string>): Promise<void> {
    const faces = await cjkFacesFor(texts);
    const embedded = new Map<TrueTypeFace, PDFFont>();
    for (const [cp, face] of faces) {
      let font = embedded.get(face);
      if (!font) embedded.set(face, font = await embedFace(this.doc, face));
      this.cjk.set(cp, font);
    }
  }

  /** `text` in runs of one font: its CJK characters in their slice's font, the rest in `font`. */
  runs(font: PDFFont, text: string): TextRun[] {
    if (!this.cjk.size || !CJK_CHAR.test(text)) return [{ text, font }];
    const bold = font === this.ready.get("bold");
    const out: TextRun[] = [];
    for (const ch of text) {
      const f = this.cjk.get(ch.codePointAt(0)!) ?? font;
      const last = out[out.length - 1];
      if (last && last.font === f) last.text += ch;
      else out.push(f !== font && bold ? { text: ch, font: f, fauxBold: true } : { text: ch, font: f });
    }
    return out;
  }

  static faceOf(bold: boolean, italic: boolean): Face {
    return bold ? "bold" : italic ? "italic" : "regular"; // no bold-italic face shipped: bold wins
  }

  /**
   * Makes text that shaping could change (see UNSHAPED) shaped by fontkit in the faces loaded, before or after
   * this call. Call it with the document's text before measuring; text it did not see is drawn unshaped.
   */
  async shapeIfNeeded(texts: Iterable<string>): Promise<void> {
    if (this.shape || unshaped(texts)) return;
    this.shape = true;
    for (const f of this.ready.keys()) await attachShaper(faceOf(f));
  }

  /** Embeds the faces a layout will need; call before measuring with get(). */
  async load(...wanted: Face[]): Promise<void> {
    for (const f of wanted) {
      if (this.ready.has(f)) continue;
      const face = faceOf(f);
      if (this.shape) await attachShaper(face);
      const font = await embedFace(this.doc, face);
      owners.set(font, this);
      this.ready.set(f, font);
    }
  }

  get(bold: boolean, italic: boolean): PDFFont {
    const face = FontSet.faceOf(bold, italic);
    const f = this.ready.get(face) ?? this.ready.get("regular");
    if (!f) throw new Error(`Font ${face} not loaded`);
    return f;
  }
}
