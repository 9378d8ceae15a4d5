// Verification by re-reading (issue #11): tesseract is sometimes confident about a misread number ("1493" for
// "493", a 5 for a 6). Every number word of a page (digits and the marks numbers are printed with: amounts,
// kWh, account numbers, dates, ZIPs, history months) is read a second time, on its own, from the prepared
// page at a larger scale, with a character whitelist of digits and number marks: all of a page's crops on one
// sheet, one more recognition per page (ocr.ts). Where the two readings agree the word keeps the higher of the
// two confidences (two independent readings that agree); where they disagree its confidence drops to
// DISPUTED, so the bill reader's word-confidence step (shared/bills/embedded/word_confidence.ts) leaves a
// value read only from it empty, or asks the homeowner to confirm it. Pure pixel and text code: no engine here.
import type { Box, Gray } from "./ocr_preprocess.ts";

export type VerifyWord = { text: string; confidence: number; bbox: Box };
export type VerifyLine = { bbox: Box; words: VerifyWord[] };

/** The characters of the second reading: digits and the marks numbers are printed with. */
export const NUMBER_WHITELIST = "0123456789$.,/-:%() ";

/** The confidence of a word whose two readings disagree: under every threshold of the bill reader. */
export const DISPUTED = 5;
/** A second reading under this confidence that disagrees says nothing (a crop it could not make out). */
export const DISPUTE_MIN = 40;
/** A second reading this confident, of as many digits, replaces a less confident first one. */
export const SURE = 90;

// At most this many words of a page are read again (the least confident first when there are more).
const MAX_CROPS = 160;
// A number word's box this many times the page's median height is not read again.
const TALL = 1.6;
// Crops are scaled to about this line height (px), and never less than twice their size.
const TARGET_HEIGHT = 56;
const MIN_SCALE = 2, MAX_SCALE = 4;
// The sheet's width, its margin, and the white between crops (in scaled line heights).
const SHEET_WIDTH = 1, MARGIN = 24, GAP_X = 2, GAP_Y = 1;

/** A number word: digits and number marks only, with at least one digit. */
export const isNumberWord = (text: string): boolean =>
  /^[0-9$.,/\-:%()]+$/.test(text.trim()) && /[0-9]/.test(text);

/** Where a crop went on the sheet, and which word of which line it is. */
export interface Slot {
  line: number;
  word: number;
  box: Box;
}

export interface VerifySheet {
  sheet: Gray;
  slots: Slot[];
}

/** The number words of the reading, each once: [line index, word index]. */
export function numberWords(lines: VerifyLine[]): [number, number][] {
  const out: [number, number, number][] = [];
  lines.forEach((l, i) =>
    l.words.forEach((w, j) => {
      if (isNumberWord(w.text)) out.push([i, j, w.confidence]);
    })
  );
  // a box much taller than the page's numbers reaches into the rows above or below: not read again
  const h = ([i, j]: [number, number, number]) => lines[i].words[j].bbox.y1 - lines[i].words[j].bbox.y0;
  const typical = median(out.map(h));
  out.splice(0, out.length, ...out.filter((p) => h(p) <= TALL * typical));
  if (out.length > MAX_CROPS) out.sort((a, b) => a[2] - b[2]).splice(MAX_CROPS);
  return out.map(([i, j]) => [i, j]);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** The word's pixels (its box, the line's height), scaled by `s` (bilinear), dark text on light paper. */
export function cropScaled(page: Gray, box: Box, s: number): Gray {
  const x0 = Math.max(0, box.x0 - 1), x1 = Math.min(page.width, box.x1 + 1);
  const y0 = Math.max(0, box.y0 - 1), y1 = Math.min(page.height, box.y1 + 1);
  const w = Math.max(1, x1 - x0), h = Math.max(1, y1 - y0);
  const width = Math.max(1, Math.round(w * s)), height = Math.max(1, Math.round(h * s));
  const data = new Uint8Array(width * height);
  let sum = 0;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(h - 1, Math.max(0, (y + 0.5) / s - 0.5));
    const ya = Math.floor(sy), yb = Math.min(h - 1, ya + 1), fy = sy - ya;
    for (let x = 0; x < width; x++) {
      const sx = Math.min(w - 1, Math.max(0, (x + 0.5) / s - 0.5));
      const xa = Math.floor(sx), xb = Math.min(w - 1, xa + 1), fx = sx - xa;
      const at = (yy: number, xx: number) => page.data[(y0 + yy) * page.width + x0 + xx];
      const v = (at(ya, xa) * (1 - fx) + at(ya, xb) * fx) * (1 - fy) +
        (at(yb, xa) * (1 - fx) + at(yb, xb) * fx) * fy;
      data[y * width + x] = v;
      sum += v;
    }
  }
  // a word of a light-on-dark band (read from ocr.ts's band sheet, boxed on the page): made dark on light
  if (sum / data.length < 110) { for (let i = 0; i < data.length; i++) data[i] = 255 - data[i]; }
  return { width, height, data };
}

/**
 * The sheet of crops to read again: each number word's box (a little white above and below), scaled up,
 * laid left to right in rows with wide white between them (so no two crops read as one word).
 */
export function verifySheet(
  page: Gray,
  lines: VerifyLine[],
  picked = numberWords(lines),
): VerifySheet | undefined {
  if (!picked.length) return undefined;
  // one scale for the page's crops (a uniform block of text is what the second reading expects)
  const typical = Math.max(
    4,
    median(picked.map(([i, j]) => lines[i].words[j].bbox.y1 - lines[i].words[j].bbox.y0)),
  );
  const s = Math.min(MAX_SCALE, Math.max(MIN_SCALE, TARGET_HEIGHT / typical));
  const crops = picked.map(([i, j]) => {
    const b = lines[i].words[j].bbox;
    const pad = Math.ceil((b.y1 - b.y0) * 0.15);
    const box = { x0: b.x0, x1: b.x1, y0: b.y0 - pad, y1: b.y1 + pad };
    return { line: i, word: j, img: cropScaled(page, box, s) };
  });
  const slots: Slot[] = [];
  const placed: { x: number; y: number; img: Gray }[] = [];
  let x = MARGIN, y = MARGIN, rowH = 0;
  for (const c of crops) {
    const gapX = GAP_X * TARGET_HEIGHT;
    if (x > MARGIN && x + c.img.width > SHEET_WIDTH - MARGIN) {
      y += rowH + GAP_Y * TARGET_HEIGHT;
      x = MARGIN;
      rowH = 0;
    }
    placed.push({ x, y, img: c.img });
    slots.push({
      line: c.line,
      word: c.word,
      box: { x0: x, y0: y, x1: x + c.img.width, y1: y + c.img.height },
    });
    x += c.img.width + gapX;
    rowH = Math.max(rowH, c.img.height);
  }
  const width = Math.max(SHEET_WIDTH, ...placed.map((p) => p.x + p.img.width + MARGIN));
  const height = y + rowH + MARGIN;
  const data = new Uint8Array(width * height).fill(255);
  for (const p of placed) {
    for (let r = 0; r < p.img.height; r++) {
      data.set(p.img.data.subarray(r * p.img.width, (r + 1) * p.img.width), (p.y + r) * width + p.x);
    }
  }
  return { sheet: { width, height, data }, slots };
}

/** Each slot's second reading: the words whose middle falls in it (with half the gaps around), left to right. */
export function slotReadings(
  slots: Slot[],
  read: VerifyLine[],
): ({ text: string; confidence: number } | undefined)[] {
  const words = read.flatMap((l) => l.words);
  const padX = GAP_X * TARGET_HEIGHT / 2, padY = GAP_Y * TARGET_HEIGHT / 2;
  return slots.map((s) => {
    const inside = words.filter((w) => {
      const cx = (w.bbox.x0 + w.bbox.x1) / 2, cy = (w.bbox.y0 + w.bbox.y1) / 2;
      return cx >= s.box.x0 - padX && cx < s.box.x1 + padX && cy >= s.box.y0 - padY && cy < s.box.y1 + padY;
    }).sort((a, b) => a.bbox.x0 - b.bbox.x0);
    if (!inside.length) return undefined;
    return {
      text: inside.map((w) => w.text.trim()).join(""),
      confidence: Math.min(...inside.map((w) => w.confidence)),
    };
  });
}

/** What the two readings of a number word must share: its digits, and where its last decimal point falls (marks at its ends do not count). */
export function numberKey(text: string): string {
  const t = text.replace(/[^0-9.,]/g, "").replace(/^[.,]+|[.,]+$/g, "");
  const point = t.match(/[.,]([0-9]{1,2})$/);
  return `${t.replace(/[^0-9]/g, "")}${point ? `@${point[1].length}` : ""}`;
}

const digits = (t: string) => t.replace(/[^0-9]/g, "");

/**
 * A glyph misread (as many digits, one or more of them different: "2624" for "2024", "522" for "832") that
 * the second, larger and constrained reading reads with confidence and more sure than the first: its reading
 * is taken.
 */
const replaces = (w: { text: string; confidence: number }, r: { text: string; confidence: number }) =>
  r.confidence >= SURE && r.confidence > w.confidence && digits(r.text).length === digits(w.text).length &&
  isNumberWord(r.text);

/**
 * The page's reading with its number words checked against their second reading (`second[k]` for
 * `picked[k]`): agreeing words keep the higher confidence; a glyph misread the second reading is sure of is
 * replaced; other disagreeing ones drop to DISPUTED when the second reading is itself fairly confident; a
 * word the second reading found nothing in, or read with little confidence, is left as it was.
 */
export function applyVerification<L extends VerifyLine>(
  lines: L[],
  picked: [number, number][],
  second: ({ text: string; confidence: number } | undefined)[],
): { lines: L[]; agreed: number; disputed: number; replaced: number } {
  const out = lines.map((l) => ({ ...l, words: l.words.map((w) => ({ ...w })) }));
  let agreed = 0, disputed = 0, replaced = 0;
  picked.forEach(([i, j], k) => {
    const r = second[k];
    if (!r) return;
    const w = out[i].words[j];
    if (numberKey(r.text) === numberKey(w.text)) {
      w.confidence = Math.max(w.confidence, r.confidence);
      agreed++;
    } else if (replaces(w, r)) {
      [w.text, w.confidence] = [r.text, r.confidence];
      replaced++;
    } else if (r.confidence >= DISPUTE_MIN) {
      w.confidence = Math.min(w.confidence, DISPUTED);
      disputed++;
    }
  });
  return { lines: out, agreed, disputed, replaced };
}
