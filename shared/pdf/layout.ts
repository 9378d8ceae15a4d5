// Lays blocks out into vertical items (lines, table rows, images, rules) and flows them over pages.
import { type PDFDocument, type PDFImage, type PDFPage, rgb } from "pdf-lib";
import { type Block, type Cell, type Inline, PdfInputError } from "./blocks.ts";
import { drawTextRuns, type FontSet, widthOfText } from "./fonts.ts";
import { pdfNoAutoLink } from "./no_autolink.ts";
import type { Style } from "./style.ts";
import { visualPieces } from "./bidi.ts";
import { breakableSegments } from "./cjk.ts";

export interface Item {
  height: number;
  /** Vertical space (margins): dropped at the top of a page. */
  spacer?: boolean;
  /** Keep on the same page as the next item (headings). */
  keepWithNext?: boolean;
  /** Start a new page before this item. */
  breakBefore?: boolean;
  /** Keep this item and the next `keepTogether` items on one page when they fit on one (a table styled
   * `page-break-inside: avoid`). */
  keepTogether?: number;
  /** Drawn first when this item starts a new page (a table's header row). */
  repeat?: Item;
  draw(page: PDFPage, x: number, yTop: number): void;
}

export interface LayoutContext {
  doc: PDFDocument;
  fonts: FontSet;
  resolved: Map<Uint8Array, PDFImage>;
  /**
   * The text is its author's own (the partner's document on the generic route, the platform's words), drawn as
   * written so a partner's `www.partner.example` stays a domain a viewer links (security pass 16). Otherwise (the
   * default) it may hold typed text: every domain-like dot is drawn unlinkable (no_autolink.ts).
   */
  authored?: boolean;
  /** Domains drawn as written even in typed text: the partner's own (its configured name; no_autolink.ts). */
  keepDomains?: readonly string[];
}

const GRID = rgb(0.78, 0.8, 0.83);
const HEADER_BG = rgb(0.93, 0.95, 0.97);
const CELL_PAD = 4;

interface Token {
  text: string;
  style: Style;
  width: number;
  space: boolean;
  br?: boolean;
  /** Joined to the token before it with no space between (a word continued in another inline element, such as
   * the full stop after `<strong>August</strong>`): the line never breaks between them. */
  glue?: boolean;
}

// Width of a word at size 1 per font (widths scale linearly with the size): measuring through fontkit is the
// slowest step of a layout, and words repeat.
const unitWidths = new WeakMap<object, Map<string, number>>();
function widthOf(font: ReturnType<FontSet["get"]>, text: string, size: number): number {
  let m = unitWidths.get(font);
  if (!m) unitWidths.set(font, m = new Map());
  let w = m.get(text);
  if (w === undefined) {
    w = widthOfText(font, text, 1);
    if (m.size < 50_000) m.set(text, w);
  }
  return w * size;
}

function tokens(inlines: Inline[], ctx: LayoutContext): Token[] {
  const out: Token[] = [];
  let lastSpace = true; // collapse leading whitespace of the paragraph
  for (const i of inlines) {
    if (i.kind === "br") {
      out.push({ text: "", style: i.style, width: 0, space: false, br: true });
      lastSpace = true;
      continue;
    }
    const font = ctx.fonts.get(i.style.bold, i.style.italic);
    for (const part of i.text.replace(/[\t\n\r\f ]+/g, " ").split(/( )/)) {
      if (!part) continue;
      if (part === " ") {
        if (lastSpace) continue;
        lastSpace = true;
        out.push({ text: " ", style: i.style, width: widthOf(font, " ", i.style.fontSize), space: true });
      } else {
        // A part that starts right after a word (the previous inline ended without a space) continues it.
        let glue = !lastSpace;
        lastSpace = false;
        // CJK text has no spaces: a line may break between its characters
        for (const seg of breakableSegments(part)) {
          out.push({
            text: seg,
            style: i.style,
            width: widthOf(font, seg, i.style.fontSize),
            space: false,
            glue,
          });
          glue = false;
        }
      }
    }
  }
  return out;
}

/** Splits a word wider than the line into pieces that fit. Each character is measured once (cached) and the
 * piece's width summed as it grows: measuring the whole growing piece again per character made a 100 kB word
 * take 40 s of CPU (the hostile input sweep). Each piece is then measured whole, kerning included. */
function splitWord(t: Token, width: number, ctx: LayoutContext): Token[] {
  const font = ctx.fonts.get(t.style.bold, t.style.italic);
  const size = t.style.fontSize;
  const out: Token[] = [];
  let cur = "", w = 0;
  for (const ch of t.text) {
    const cw = widthOf(font, ch, size);
    if (cur && w + cw > width) {
      out.push({ ...t, text: cur, width: pieceWidth(cur, w), glue: out.length ? false : t.glue });
      cur = "";
      w = 0;
    }
    cur += ch;
    w += cw;
  }
  if (cur) out.push({ ...t, text: cur, width: pieceWidth(cur, w), glue: out.length ? false : t.glue });
  return out;

  // Kerning may make the whole a hair wider than its characters' sum: never above the line (it would be split
  // again, forever).
  function pieceWidth(text: string, summed: number): number {
    const whole = widthOf(font, text, size);
    return whole > width ? Math.min(summed, whole) : whole;
  }
}

interface Line {
  tokens: Token[];
  width: number;
  height: number;
  maxSize: number;
  last: boolean;
}

export function breakLines(inlines: Inline[], width: number, base: Style, ctx: LayoutContext): Line[] {
  const lines: Line[] = [];
  let cur: Token[] = [], w = 0;
  const push = (last: boolean) => {
    while (cur.length && cur[cur.length - 1].space) w -= cur.pop()!.width;
    const sizes = cur.length ? cur.map((t) => t.style) : [base];
    const maxSize = Math.max(...sizes.map((s) => s.fontSize));
    lines.push({
      tokens: cur,
      width: w,
      height: Math.max(...sizes.map((s) => s.fontSize * s.lineHeight)),
      maxSize,
      last,
    });
    cur = [];
    w = 0;
  };
  const queue = tokens(inlines, ctx);
  for (let k = 0; k < queue.length; k++) {
    const t = queue[k];
    if (t.br) {
      push(true);
      continue;
    }
    if (t.space) {
      if (cur.length) {
        cur.push(t);
        w += t.width;
      }
      continue;
    }
    // A word wider than the line is cut into pieces that fit; a single glyph wider than the line is placed
    // anyway (it overflows) so that breaking always makes progress.
    if (t.width > width && [...t.text].length > 1) {
      queue.splice(k, 1, ...splitWord(t, width, ctx));
      k--;
      continue;
    }
    if (w + t.width > width + 0.01 && cur.length) {
      // A token glued to the one before it takes the whole word it continues to the next line, unless that word
      // is all the line holds (then it breaks as before).
      let start = cur.length;
      if (t.glue) {
        start = cur.length - 1;
        while (start > 0 && cur[start].glue) start--;
      }
      const carried = start > 0 ? cur.splice(start) : [];
      w -= carried.reduce((a, c) => a + c.width, 0);
      push(false);
      cur = carried;
      w = carried.reduce((a, c) => a + c.width, 0);
    }
    cur.push(t);
    w += t.width;
  }
  if (cur.length || !lines.length) push(true);
  else lines[lines.length - 1].last = true;
  return lines.filter((l, i) => l.tokens.length || i < lines.length - 1 || lines.length === 1);
}

/** `s` as drawn: as written when the context's text is authored, else with its domain-like dots unlinkable. */
const unlinked = (s: string, ctx: LayoutContext) => ctx.authored ? s : pdfNoAutoLink(s, ctx.keepDomains);

function drawLine(
  page: PDFPage,
  line: Line,
  x: number,
  yTop: number,
  width: number,
  style: Style,
  ctx: LayoutContext,
) {
  const extra = Math.max(0, width - line.width);
  const spaces = line.tokens.filter((t) => t.space).length;
  const justify = style.align === "justify" && !line.last && spaces > 0;
  let cx = x + (style.align === "center" ? extra / 2 : style.align === "right" ? extra : 0);
  const baseline = yTop - (line.height - line.maxSize) / 2 - line.maxSize * 0.8;
  const gap = justify ? extra / spaces : 0;
  // Consecutive tokens of one style are drawn as one string so text extraction keeps words and spaces.
  let run: Token[] = [];
  const flushRun = () => {
    if (!run.length) return;
    const s = run[0].style;
    // Typed text is no link in a viewer (no_autolink.ts, pass 15): the same dot to the eye.
    const text = unlinked(run.map((t) => t.text).join(""), ctx);
    if (text.trim()) {
      drawTextRuns(page, text, {
        x: cx,
        y: baseline,
        size: s.fontSize,
        font: ctx.fonts.get(s.bold, s.italic),
        color: s.color,
      });
    }
    cx += run.reduce((a, t) => a + t.width, 0);
    run = [];
  };
  const pieces = visualPieces(line.tokens);
  if (pieces) {
    // a line with right-to-left text: its pieces in visual order, each measured and drawn on its own
    for (const p of pieces) {
      const s = p.item.style, font = ctx.fonts.get(s.bold, s.italic);
      if (p.text.trim()) {
        drawTextRuns(page, unlinked(p.text, ctx), {
          x: cx,
          y: baseline,
          size: s.fontSize,
          font,
          color: s.color,
        });
      }
      cx += widthOf(font, p.text, s.fontSize) + (justify && p.item.space ? gap : 0);
    }
    return;
  }
  for (const t of line.tokens) {
    if (justify && t.space) {
      run.push(t);
      flushRun();
      cx += gap;
      continue;
    }
    if (run.length && run[0].style !== t.style) flushRun();
    run.push(t);
  }
  flushRun();
}

function spacer(h: number): Item[] {
  return h > 0 ? [{ height: h, spacer: true, draw() {} }] : [];
}

/**
 * Items of a list of blocks in a column of `width` points. With `maxHeight`, stops with a PdfInputError as
 * soon as the items are taller than that (the pages they would fill are at least that many): an oversized
 * document is refused before all of it is laid out.
 */
export function layoutBlocks(
  blocks: Block[],
  width: number,
  ctx: LayoutContext,
  maxHeight = Infinity,
  tooTall = "The document is too long",
): Item[] {
  const items: Item[] = [];
  let height = 0;
  for (const b of blocks) {
    if (height > maxHeight) throw new PdfInputError(tooTall);
    const s = b.style;
    const inner = Math.max(20, width - s.marginLeft - s.marginRight);
    const start = items.length;
    items.push(...spacer(s.marginTop));
    const body = layoutBlock(b, inner, ctx).map((it) => (s.marginLeft ? shift(it, s.marginLeft) : it));
    if (s.background && b.kind !== "table") items.push(backgroundBox(body, inner, s, s.marginLeft));
    else items.push(...body);
    items.push(...spacer(s.marginBottom));
    if (s.breakBefore && items[start]) items[start] = { ...items[start], breakBefore: true };
    for (let k = start; k < items.length; k++) height += items[k].height;
  }
  if (height > maxHeight) throw new PdfInputError(tooTall);
  return items;
}

function shift(it: Item, dx: number): Item {
  return { ...it, draw: (p, x, y) => it.draw(p, x + dx, y) };
}

/** A block with a background colour is kept together as one item. */
function backgroundBox(body: Item[], width: number, s: Style, dx: number): Item {
  const pad = 4;
  const h = body.reduce((a, i) => a + i.height, 0) + 2 * pad;
  return {
    height: h,
    draw(page, x, yTop) {
      page.drawRectangle({
        x: x + dx - pad,
        y: yTop - h,
        width: width + 2 * pad,
        height: h,
        color: s.background,
      });
      let y = yTop - pad;
      for (const i of body) {
        i.draw(page, x, y);
        y -= i.height;
      }
    },
  };
}

function layoutBlock(b: Block, width: number, ctx: LayoutContext): Item[] {
  switch (b.kind) {
    case "para": {
      const lines = breakLines(b.inlines, width, b.style, ctx);
      // Headings, and one-line paragraphs that are all bold (run-in headings), stay with what follows.
      const allBold = b.inlines.every((i) => i.kind === "br" || i.style.bold || !i.text.trim());
      const heading = (b.style.bold && b.style.fontSize >= 12) || (allBold && lines.length === 1);
      const items: Item[] = lines.map((l, i) => ({
        height: l.height,
        keepWithNext: heading && i === lines.length - 1,
        draw: (p, x, y) => drawLine(p, l, x, y, width, b.style, ctx),
      }));
      // A paragraph breaks leaving at least two lines on each page (CSS's default orphans and widows), one of
      // three lines or fewer moves whole (QA pass 9: "retail credit." alone at the top of the Texas report's last
      // page).
      if (!heading) keepRowsTogether(items, 0, b.style.orphans ?? 2, b.style.widows ?? 2);
      return items;
    }
    case "group":
      return layoutBlocks(b.children, width, ctx);
    case "hr":
      return [{
        height: 1,
        draw: (p, x, y) =>
          p.drawLine({
            start: { x, y: y - 0.5 },
            end: { x: x + width, y: y - 0.5 },
            thickness: 0.75,
            color: GRID,
          }),
      }];
    case "list":
      return layoutList(b, width, ctx);
    case "table":
      return layoutTable(b.rows, width, b.style, ctx);
    case "image": {
      const img = ctx.resolved.get(b.data)!;
      let w = b.width ?? img.width * 0.75,
        h = b.height ?? (b.width ? img.height * b.width / img.width : img.height * 0.75);
      if (b.height && !b.width) w = img.width * b.height / img.height;
      if (w > width) {
        h = h * width / w;
        w = width;
      }
      const dx = b.style.align === "center" ? (width - w) / 2 : b.style.align === "right" ? width - w : 0;
      return [{
        height: h,
        draw: (p, x, y) => p.drawImage(img, { x: x + dx, y: y - h, width: w, height: h }),
      }];
    }
  }
}

function layoutList(b: Extract<Block, { kind: "list" }>, width: number, ctx: LayoutContext): Item[] {
  const indent = Math.max(14, b.style.fontSize * 1.6);
  const out: Item[] = [];
  b.items.forEach((blocks, i) => {
    const items = layoutBlocks(blocks, width - indent, ctx).map((it) => shift(it, indent));
    const marker = b.ordered ? `${b.start + i}.` : "•";
    const first = items.findIndex((it) => !it.spacer);
    const s = blocks[0]?.style ?? b.style;
    const font = ctx.fonts.get(false, false);
    const markerItem = (it: Item): Item => ({
      ...it,
      draw(p, x, y) {
        it.draw(p, x, y);
        const lh = s.fontSize * s.lineHeight;
        const mw = font.widthOfTextAtSize(marker, s.fontSize);
        p.drawText(marker, {
          x: x + indent - mw - 4,
          y: y - (lh - s.fontSize) / 2 - s.fontSize * 0.8,
          size: s.fontSize,
          font,
          color: s.color,
        });
      },
    });
    if (first < 0) out.push(markerItem({ height: s.fontSize * s.lineHeight, draw() {} }));
    else items[first] = markerItem(items[first]);
    out.push(...items, ...spacer(i < b.items.length - 1 ? 2 : 0));
  });
  return out;
}

/** Natural (one-line) and minimum (longest word) width of a cell's content. */
function cellWidths(c: Cell, ctx: LayoutContext): { min: number; max: number } {
  let min = 0, max = 0;
  const visit = (blocks: Block[]) => {
    for (const b of blocks) {
      if (b.kind === "para") {
        const ts = tokens(b.inlines, ctx);
        max = Math.max(max, ts.reduce((a, t) => a + t.width, 0));
        for (const t of ts) if (!t.space) min = Math.max(min, t.width);
      } else if (b.kind === "group") visit(b.children);
      else if (b.kind === "list") {
        b.items.forEach((it) => {
          visit(it);
          max += 20;
        });
      } else if (b.kind === "image") {
        min = Math.max(min, Math.min(b.width ?? 60, 200));
        max = Math.max(max, b.width ?? 120);
      } else if (b.kind === "table") {
        min = Math.max(min, 80);
        max = Math.max(max, 240);
      }
    }
  };
  visit(c.blocks);
  return { min: min + 2 * CELL_PAD, max: max + 2 * CELL_PAD };
}

function layoutTable(rows: Cell[][], width: number, style: Style, ctx: LayoutContext): Item[] {
  const cols = Math.max(0, ...rows.map((r) => r.reduce((a, c) => a + c.colspan, 0)));
  if (!cols) return [];
  const min = new Array(cols).fill(2 * CELL_PAD), max = new Array(cols).fill(2 * CELL_PAD);
  for (const r of rows) {
    let ci = 0;
    for (const c of r) {
      if (c.colspan === 1) {
        const w = cellWidths(c, ctx);
        min[ci] = Math.max(min[ci], w.min);
        max[ci] = Math.max(max[ci], w.max);
      }
      ci += c.colspan;
    }
  }
  // Tables take the full width: minimums first, the rest in proportion to how much more each column wants.
  const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
  let widths: number[];
  if (sum(min) >= width) widths = min.map((m) => m * width / sum(min));
  else {
    const want = max.map((m, i) => Math.max(0, m - min[i]));
    const room = width - sum(min);
    widths = sum(want) > room
      ? min.map((m, i) => m + want[i] * room / sum(want))
      : max.map((m) => m + (width - sum(max)) * m / sum(max));
  }
  const items: Item[] = [];
  let header: Item | undefined;
  for (const r of rows) {
    let ci = 0;
    const cells = r.map((c) => {
      const w = sum(widths.slice(ci, ci + c.colspan));
      const x0 = sum(widths.slice(0, ci));
      ci += c.colspan;
      const body = layoutBlocks(c.blocks, w - 2 * CELL_PAD, ctx).filter((it, i, all) =>
        !(it.spacer && i === all.length - 1)
      );
      return { c, w, x0, body, h: body.reduce((a, it) => a + it.height, 0) + 2 * CELL_PAD };
    });
    const h = Math.max(style.fontSize * style.lineHeight + 2 * CELL_PAD, ...cells.map((c) => c.h));
    items.push({
      height: h,
      draw(page, x, yTop) {
        for (const cell of cells) {
          const bg = cell.c.style.background ?? (cell.c.header ? HEADER_BG : undefined);
          if (bg) page.drawRectangle({ x: x + cell.x0, y: yTop - h, width: cell.w, height: h, color: bg });
          let y = yTop - CELL_PAD;
          for (const it of cell.body) {
            it.draw(page, x + cell.x0 + CELL_PAD, y);
            y -= it.height;
          }
        }
        page.drawLine({
          start: { x, y: yTop - h },
          end: { x: x + sum(widths), y: yTop - h },
          thickness: 0.5,
          color: GRID,
        });
        if (r === rows[0] || cells.every((c) => c.c.header)) {
          page.drawLine({
            start: { x, y: yTop },
            end: { x: x + sum(widths), y: yTop },
            thickness: 0.5,
            color: GRID,
          });
        }
      },
    });
    const row = items[items.length - 1];
    if (r === rows[0] && r.every((c) => c.header)) header = row;
    else if (header) row.repeat = header;
  }
  if (style.avoidBreakInside && items.length > 1) items[0] = { ...items[0], keepTogether: items.length - 1 };
  else if (style.orphans || style.widows) {
    keepRowsTogether(items, header ? 1 : 0, style.orphans ?? 1, style.widows ?? 1);
  }
  return items;
}

/**
 * A table's `orphans` / `widows`: its first `orphans` body rows go with the header, its last `widows` rows go
 * together, so a break leaves at least that many rows on each page (the header repeated on the next); a table with
 * fewer rows than both moves whole. Breaks between the other rows stay free.
 */
function keepRowsTogether(items: Item[], headerRows: number, orphans: number, widows: number): void {
  const body = items.length - headerRows;
  if (body < 2) return;
  if (orphans + widows > body) {
    items[0] = { ...items[0], keepTogether: items.length - 1 };
    return;
  }
  if (headerRows + orphans > 1) items[0] = { ...items[0], keepTogether: headerRows + orphans - 1 };
  const tail = items.length - widows;
  if (widows > 1) items[tail] = { ...items[tail], keepTogether: widows - 1 };
}

export interface PageFrame {
  page: PDFPage;
  left: number;
  width: number;
  top: number;
  bottom: number;
}

/** Places items on pages from `newPage`, breaking between items; returns the last frame and its cursor. */
export function flow(
  items: Item[],
  newPage: () => PageFrame,
  start?: { frame: PageFrame; y: number },
): { frame: PageFrame; y: number } {
  let frame = start?.frame ?? newPage();
  let y = start?.y ?? frame.top;
  for (let i = 0; i < items.length; i++) {
    const it = items[i];
    if (it.breakBefore && y < frame.top) {
      frame = newPage();
      y = frame.top;
    }
    if (it.spacer && y >= frame.top) continue;
    let need = it.height;
    // A table that must not break moves to the next page whole, when it fits on one.
    if (it.keepTogether) {
      const whole = items.slice(i, i + it.keepTogether + 1).reduce((a, x) => a + x.height, 0);
      if (whole <= frame.top - frame.bottom) need = whole;
    }
    // A heading moves to the next page with the first line after it.
    if (it.keepWithNext) {
      for (let j = i + 1; j < items.length; j++) {
        if (!items[j].spacer) {
          // … and with the lines that first one keeps together (a paragraph's orphans), when they fit on a page
          const group = items.slice(j, j + (items[j].keepTogether ?? 0) + 1).reduce(
            (a, x) => a + x.height,
            0,
          );
          need += group <= frame.top - frame.bottom ? group : items[j].height;
          break;
        }
        need += items[j].height;
      }
    }
    if (y - need < frame.bottom && y < frame.top) {
      frame = newPage();
      y = frame.top;
      if (it.spacer) continue;
      if (it.repeat) {
        it.repeat.draw(frame.page, frame.left, y);
        y -= it.repeat.height;
      }
    }
    it.draw(frame.page, frame.left, y);
    y -= it.height;
  }
  return { frame, y };
}

/**
 * `items` with their spacers (margins) shrunk, each to no less than `minShare` of its height, so that the whole is
 * no taller than `room`; the items unchanged when they fit already or would not fit even so. A closing block kept
 * together that overflows the foot of a page by a few points stays there, a little tighter, instead of moving alone
 * to an otherwise empty last page (QA6: the Texas low-use report's "What happens next", 11 pt over).
 */
export function tightenToFit(items: Item[], room: number, minShare = 0.4): Item[] {
  const total = items.reduce((a, it) => a + it.height, 0);
  const spacers = items.reduce((a, it) => a + (it.spacer ? it.height : 0), 0);
  const over = total - room;
  if (over <= 0 || over > spacers * (1 - minShare)) return items;
  const k = (spacers - over - 0.01) / spacers; // a hair under `room`: flow breaks on any excess
  return items.map((it) => (it.spacer ? { ...it, height: it.height * k } : it));
}

/** Embeds every image of the block tree (before layout, which needs their sizes). */
export async function embedImages(blocks: Block[], ctx: LayoutContext): Promise<void> {
  const visit = async (bs: Block[]): Promise<void> => {
    for (const b of bs) {
      if (b.kind === "image" && !ctx.resolved.has(b.data)) {
        try {
          const img = await (b.format === "png" ? ctx.doc.embedPng(b.data) : ctx.doc.embedJpg(b.data));
          ctx.resolved.set(b.data, img);
        } catch {
          throw new PdfInputError(`An image is not a valid ${b.format.toUpperCase()} file`);
        }
      } else if (b.kind === "group") await visit(b.children);
      else if (b.kind === "list") { for (const it of b.items) await visit(it); }
      else if (b.kind === "table") { for (const r of b.rows) for (const c of r) await visit(c.blocks); }
    }
  };
  await visit(blocks);
}
