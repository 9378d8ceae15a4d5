// Text a phone photo's page reading left out (issue #11, photos7). Tesseract's automatic page layout (psm 3)
// drops whole regions of a photographed page now and then — a meter table's rows, a cell of a usage
// history, the values of a label column — that a reading of the same pixels as one block of text (psm 6)
// reads whole: on a rectified Palo Alto page the meter row "Electric K22992841 663 kWh $44.25" came out as
// "Electric K2 kwh $44.25", and a plain psm-3 reading lost the table. The ink no word of the page's
// reading covers is found here (pixels darker than the page's Otsu threshold outside every word box), cut
// into line-sized pieces, stacked on one sheet (the covered words whited out) and read once as a block (one
// more tesseract reading per photo page, of a sheet much smaller than the page); the sheet's words are put
// back where they were on the page. A page word is replaced only where the reading cut it short ("K2" of
// "K22992841"): the piece that goes on from it is cut out with it, and a sheet word read at SURE_NUMBER (85,
// ocr_photo_words.ts) or more that covers it and holds more letters and digits takes its place. Measured on
// the dev phone-photo sets (docs/bills.md "Photos, seventh pass"). Pure pixel and box code: ocr.ts reads.

import { type Box, type Gray, labelComponents, otsu } from "./ocr_pixels.ts";
import { SURE_NUMBER } from "./ocr_photo_words.ts";

type Word = { text: string; confidence: number; bbox: Box };
type Line = { bbox: Box; words: Word[] };

// Cells of the coarse grid the uncovered ink is gathered on (pixels a side).
const CELL = 4;
// A cell with at least this many uncovered ink pixels holds text.
const CELL_INK = 3;
// Blank between the pieces on the sheet.
const GAP = 24;
// A sheet word kept: at least this confident (a speck of the page's grain read as a letter is not).
const MIN_CONFIDENCE = 40;
// A sheet word that replaces a cut word of the page: at least this confident (a misread digit of a whole
// meter number read at 81 was seen; ocr_photo_words.ts SURE_NUMBER).
const CUT_CONFIDENCE = SURE_NUMBER;

export interface LostPiece {
  /** Where the piece is on the page. */
  box: Box;
  /** The piece holds the words of the page it touches (a word the reading cut short, read again whole). */
  cut?: boolean;
  /** Where its cut-out starts on the sheet. */
  sheetX: number;
  sheetY: number;
}

/** The median height of the page's words of two or more letters or digits (its body text's line height). */
function wordHeight(lines: Line[]): number {
  const hs = lines.flatMap((l) => l.words)
    .filter((w) => /[A-Za-z0-9]{2}/.test(w.text))
    .map((w) => w.bbox.y1 - w.bbox.y0)
    .sort((a, b) => a - b);
  return hs.length ? hs[Math.floor(hs.length / 2)] : 0;
}

/**
 * The page's ink outside every word box (each grown by a few pixels), as line-sized pieces: uncovered ink
 * gathered on a grid of CELL-pixel cells, cells joined along a row across a gap of about two characters,
 * each run of joined cells one piece. Pieces the size of a text line's fragment only (not a ruled line, a
 * speck, a logo or a chart's bars).
 */
export function lostPieces(page: Gray, lines: Line[]): { box: Box; cut: boolean }[] {
  const h = wordHeight(lines);
  if (h < 6) return [];
  const { width, height, data } = page;
  const covered = new Uint8Array(width * height);
  const pad = 3;
  const words = lines.flatMap((l) => l.words).filter((w) => w.text.trim());
  for (const w of words) {
    const y0 = Math.max(0, w.bbox.y0 - pad), y1 = Math.min(height, w.bbox.y1 + pad);
    const x0 = Math.max(0, w.bbox.x0 - pad), x1 = Math.min(width, w.bbox.x1 + pad);
    for (let y = y0; y < y1; y++) covered.fill(1, y * width + x0, y * width + x1);
  }
  // ink: darker than Otsu's threshold of the page (a photo's small print is grey after the page is scaled up)
  const ink = otsu(data);
  const gw = Math.ceil(width / CELL), gh = Math.ceil(height / CELL);
  const counts = new Uint16Array(gw * gh);
  for (let y = 0; y < height; y++) {
    const row = y * width, grow = Math.floor(y / CELL) * gw;
    for (let x = 0; x < width; x++) {
      if (data[row + x] < ink && !covered[row + x]) counts[grow + Math.floor(x / CELL)]++;
    }
  }
  // cells joined along their row across a gap of about two characters (a word's letters, a cell's words)
  const join = Math.max(2, Math.round((1.2 * h) / CELL));
  const mask = new Uint8Array(gw * gh);
  for (let gy = 0; gy < gh; gy++) {
    let last = -Infinity;
    for (let gx = 0; gx < gw; gx++) {
      if (counts[gy * gw + gx] < CELL_INK) continue;
      if (gx - last <= join) mask.fill(1, gy * gw + last + 1, gy * gw + gx);
      mask[gy * gw + gx] = 1;
      last = gx;
    }
  }
  const { labels, count } = labelComponents(mask, gw, gh);
  const boxes: Box[] = Array.from({ length: count }, () => ({ x0: gw, y0: gh, x1: 0, y1: 0 }));
  const dark = new Uint32Array(count);
  for (let i = 0; i < labels.length; i++) {
    const k = labels[i];
    if (!k) continue;
    const b = boxes[k - 1], x = i % gw, y = Math.floor(i / gw);
    b.x0 = Math.min(b.x0, x),
      b.x1 = Math.max(b.x1, x + 1),
      b.y0 = Math.min(b.y0, y),
      b.y1 = Math.max(b.y1, y + 1);
    dark[k - 1] += counts[i];
  }
  const out: { box: Box; cut: boolean }[] = [];
  boxes.forEach((b, k) => {
    const px = {
      x0: b.x0 * CELL,
      y0: b.y0 * CELL,
      x1: Math.min(width, b.x1 * CELL),
      y1: Math.min(height, b.y1 * CELL),
    };
    const bw = px.x1 - px.x0, bh = px.y1 - px.y0;
    // a line of text: about a word's height (one to two), at least two characters wide, not a ruled line
    // (a long thin run) nor a solid block (a bar, a logo: ink over most of its area)
    if (bh < 0.6 * h || bh > 2 * h || bw < 1.2 * h) return;
    if (dark[k] > 0.8 * bw * bh) return;
    // a piece touching a word of the page on its row is the rest of a word the reading cut ("K2" of
    // "K22992841"): read alone it would be a fragment, so it is cut out with the words it touches
    const reach = join * CELL;
    const touching = words.filter((w) =>
      Math.min(w.bbox.y1, px.y1) - Math.max(w.bbox.y0, px.y0) > 0.3 * Math.min(w.bbox.y1 - w.bbox.y0, bh) &&
      w.bbox.x0 < px.x1 + reach && w.bbox.x1 > px.x0 - reach
    );
    if (!touching.length) out.push({ box: px, cut: false });
    else {
      const box = touching.reduce((b, w) => ({
        x0: Math.min(b.x0, w.bbox.x0),
        y0: Math.min(b.y0, w.bbox.y0),
        x1: Math.max(b.x1, w.bbox.x1),
        y1: Math.max(b.y1, w.bbox.y1),
      }), px);
      if (box.y1 - box.y0 <= 2 * h) out.push({ box, cut: true });
    }
  });
  return out;
}

/**
 * The pieces cut out of the page (the covered words whited out: only what the reading lost is read again),
 * stacked one under the other on a white sheet, or undefined when there is none.
 */
export function lostSheet(
  page: Gray,
  lines: Line[],
  pieces: { box: Box; cut: boolean }[],
): { sheet: Gray; placed: LostPiece[] } | undefined {
  if (!pieces.length) return undefined;
  const margin = 6;
  const boxes = pieces.map(({ box: b }) => ({
    x0: Math.max(0, b.x0 - margin),
    y0: Math.max(0, b.y0 - margin),
    x1: Math.min(page.width, b.x1 + margin),
    y1: Math.min(page.height, b.y1 + margin),
  }));
  const width = Math.max(...boxes.map((b) => b.x1 - b.x0)) + 2 * GAP;
  const height = boxes.reduce((s, b) => s + (b.y1 - b.y0) + GAP, GAP);
  const data = new Uint8Array(width * height).fill(255);
  const words = lines.flatMap((l) => l.words).filter((w) => w.text.trim());
  const placed: LostPiece[] = [];
  let y = GAP;
  for (const [n, box] of boxes.entries()) {
    const cut = pieces[n].cut;
    for (let row = box.y0; row < box.y1; row++) {
      const src = row * page.width, dst = (y + row - box.y0) * width + GAP - box.x0;
      for (let x = box.x0; x < box.x1; x++) data[dst + x] = page.data[src + x];
    }
    // the page's own words inside the cut-out whited out
    for (const w of cut ? [] : words) {
      const x0 = Math.max(box.x0, w.bbox.x0 - 1), x1 = Math.min(box.x1, w.bbox.x1 + 1);
      const y0 = Math.max(box.y0, w.bbox.y0 - 1), y1 = Math.min(box.y1, w.bbox.y1 + 1);
      for (let row = y0; row < y1; row++) {
        const dst = (y + row - box.y0) * width + GAP - box.x0;
        data.fill(255, dst + x0, dst + x1);
      }
    }
    placed.push({ box, cut, sheetX: GAP, sheetY: y });
    y += box.y1 - box.y0 + GAP;
  }
  return { sheet: { width, height, data }, placed };
}

const overlaps = (a: Box, b: Box) =>
  Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0;

/**
 * The page's lines with the sheet's lines added, each moved back to its piece's place on the page: a sheet
 * word kept when it is confident enough, holds a letter or digit and meets no word of the page.
 */
export function withLostWords<L extends Line>(lines: L[], placed: LostPiece[], read: Line[]): Line[] {
  const pageWords = lines.flatMap((l) => l.words).filter((w) => w.text.trim());
  const added: Line[] = [];
  const replaced = new Set<Word>();
  const alnum = (t: string) => t.replace(/[^A-Za-z0-9]/g, "").length;
  for (const line of read) {
    const cy = (line.bbox.y0 + line.bbox.y1) / 2;
    const p = placed.find((p) => cy >= p.sheetY && cy < p.sheetY + (p.box.y1 - p.box.y0));
    if (!p) continue;
    const dx = p.box.x0 - p.sheetX, dy = p.box.y0 - p.sheetY;
    const move = (b: Box) => ({ x0: b.x0 + dx, y0: b.y0 + dy, x1: b.x1 + dx, y1: b.y1 + dy });
    const words = line.words
      .filter((w) => w.confidence >= MIN_CONFIDENCE && /[A-Za-z0-9]/.test(w.text))
      .map((w) => ({ ...w, bbox: move(w.bbox) }))
      .filter((w) => {
        const under = pageWords.filter((pw) => overlaps(pw.bbox, w.bbox));
        if (!under.length) return true;
        // a cut word read whole: the sheet's word covers the page's words it meets and holds more
        const whole = p.cut && w.confidence >= CUT_CONFIDENCE &&
          under.every((pw) =>
            Math.min(pw.bbox.x1, w.bbox.x1) - Math.max(pw.bbox.x0, w.bbox.x0) >=
              0.7 * (pw.bbox.x1 - pw.bbox.x0)
          ) &&
          alnum(w.text) > under.reduce((n, pw) => n + alnum(pw.text), 0);
        if (whole) under.forEach((pw) => replaced.add(pw));
        return whole;
      });
    if (words.length) added.push({ bbox: move(line.bbox), words });
  }
  const kept = lines.map((l) => ({ ...l, words: l.words.filter((w) => !replaced.has(w)) }))
    .filter((l) => l.words.length);
  return [...kept, ...added];
}
