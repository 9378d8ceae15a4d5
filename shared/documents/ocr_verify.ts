// Verification by re-reading (issue #11): tesseract is sometimes confident about a misread word ("1493" for
// "493", "NORFOIK"). Two kinds of words of a page are read a second time, on their own, from the prepared page
// at a larger scale, with a character whitelist: every number word (digits and the marks numbers are printed
// with: amounts, kWh, account numbers, dates, ZIPs, history months), and the place words of a city line (the
// words before a state and ZIP). All of a page's crops of one kind go on one sheet: one more recognition per
// kind and page (ocr.ts). Where the two readings agree the word keeps the higher of the two confidences (two
// independent readings that agree); a glyph misread that the second reading is sure of is replaced; where
// they otherwise disagree its confidence drops to DISPUTED, so the bill reader's word-confidence step
// (shared/bills/embedded/word_confidence.ts) leaves a value read only from it empty, or asks the homeowner to
// confirm it. Pure pixel and text code: no engine here.
import type { Box, Gray } from "./ocr_preprocess.ts";

export type VerifyWord = { text: string; confidence: number; bbox: Box };
export type VerifyLine = { bbox: Box; words: VerifyWord[] };

/** The confidence of a word whose two readings disagree: under every threshold of the bill reader. */
export const DISPUTED = 5;
/** A second reading under this confidence that disagrees says nothing (a crop it could not make out). */
export const DISPUTE_MIN = 40;
/** A second reading this confident, of the same shape, replaces a less confident first one. */
export const SURE = 90;

// At most this many words of a kind on a page are read again (the least confident first when there are more).
const MAX_CROPS = 160;
// A number word's box this many times the page's median height is not read again.
const TALL = 1.6;
// Crops are scaled to about this line height (px), and never less than twice their size; a word whose two
// readings disagree is read a third time at two thirds of that scale (another scale: another reading).
const TARGET_HEIGHT = 56, MIN_SCALE = 2, MAX_SCALE = 4;
/** The scale of the third reading, relative to the second's. */
export const THIRD_SCALE = 2 / 3;
// The sheet's margin (px); the white between crops is the kind's (WordKind.gap).
const MARGIN = 24;

/** A number word: digits and number marks only, with at least one digit. */
export const isNumberWord = (text: string): boolean =>
  /^[0-9$.,/\-:%()]{1,24}$/.test(text.trim()) && /[0-9]/.test(text);

const letters = (t: string) => t.toUpperCase().replace(/[^A-Z]/g, "");
const digits = (t: string) => t.replace(/[^0-9]/g, "");
const isPlaceWord = (t: string) => /^[A-Za-z][A-Za-z'.-]*,?$/.test(t.trim()) && letters(t).length >= 2;

/** A kind of word read again: which words, read how, and what two readings of it must share. */
export interface WordKind {
  /** The characters of the second reading. */
  whitelist: string;
  /** The words of this kind on a line. */
  pick(line: VerifyLine): number[];
  /** What two readings of the word must share to agree. */
  key(text: string): string;
  /** Two readings of the same shape (only glyphs differ): a sure second one may replace the first. */
  sameShape(a: string, b: string): boolean;
  /** A word read glued takes the space of a sure second reading that agrees. */
  splits: boolean;
  /** The white between two crops on the sheet, in scaled line heights. */
  gap: number;
  /**
   * A word whose first reading is this confident is not read again (the second reading's cost is its
   * words' recognition): tesseract's scores of number words stop under 97; on a fresh seed's image bills
   * (seed 6060, 98 pages) the second reading read 6 of the 1,953 number words scored 96 or more otherwise
   * (the third reading sided with the first on 5), against 216 of the 3,057 under 96.
   */
  sureAt: number;
  /**
   * A word of a settled shape is not read again when its first reading, or another printing of it on the
   * page, is at least as confident as `settledAt(text)` (undefined: not a settled shape): it then keeps the
   * higher of its printings' confidences (two printings read alike are two independent readings that agree).
   */
  settledAt?(text: string): number | undefined;
}

/**
 * The confidence from which a number word of a settled shape needs no second reading: an identifier with
 * inner hyphens 70 (over the reader's identifier threshold, 65: a word settled under it would no longer be
 * raised over it), a year 80, cents after a decimal point ("$12.03", "-88.40") and a date with slashes 90;
 * other number words (bare numbers, which lose decimal points and digits) none. On a dev corpus's image bills
 * (every number word read again, 144 pages) the second reading's changes to confident number words were
 * lost decimal points ("320" for 32.0, "$373" for $3.73) and digits of bare numbers ("1,806" for 1,896, "729"
 * for 720); of the 1,358 words under 96 settled so (alone or by another printing) it changed 3: two dates disputed
 * where the second crop ran into the next word or lost its slashes, and one "$3.41" turned into "$341".
 * Under these: "$70.92" for $79.92 (89), "6/5/22" for 5/5/22 (81), "2032" for 2022 (76).
 */
export const settledNumberAt = (text: string): number | undefined => {
  const t = text.trim();
  if (/[0-9]-[0-9]/.test(t) && !/[/.]/.test(t)) return 70;
  if (/^(19|20)[0-9]{2}$/.test(t)) return 80;
  if (/[0-9][.,][0-9]{2}[^0-9]*$/.test(t) || /[0-9]\/[0-9]/.test(t)) return 90;
  return undefined;
};

/** What the two readings of a number word must share: its digits, and where its last decimal point falls (marks at its ends do not count). */
export function numberKey(text: string): string {
  const t = text.replace(/[^0-9.,]/g, "").replace(/^[.,]+|[.,]+$/g, "");
  const point = t.match(/[.,]([0-9]{1,2})$/);
  return `${t.replace(/[^0-9]/g, "")}${point ? `@${point[1].length}` : ""}`;
}

/** Number words: a glyph misread keeps the count of digits ("2624" for "2024", "522" for "832"). */
export const NUMBERS: WordKind = {
  whitelist: "0123456789$.,/-:%() ",
  pick: (l) => l.words.flatMap((w, j) => isNumberWord(w.text) ? [j] : []),
  key: numberKey,
  sameShape: (a, b) => isNumberWord(b) && digits(a).length === digits(b).length,
  splits: false,
  // many crops: a tall sheet, less white (half the pixels of a whole line's gap, the same readings)
  gap: 0.5,
  sureAt: 96,
  settledAt: settledNumberAt,
};

/**
 * Place words: up to three words of letters just before a two-letter state and a ZIP on the same line
 * ("NORFOLK, VA 23510"); a glyph misread keeps the count of letters and changes at most two of them
 * ("NORFOIK"), a city read glued ("FORTWORTH") agrees with a second reading that has the space.
 */
export const PLACES: WordKind = {
  whitelist: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz.,'- ",
  pick(l) {
    const out: number[] = [];
    l.words.forEach((w, j) => {
      const zip = l.words[j + 1]?.text.trim() ?? "";
      if (!/^[A-Z]{2},?$/.test(w.text.trim()) || !/^[0-9]{5}(-[0-9]{4})?$/.test(zip)) return;
      for (let k = j - 1; k >= Math.max(0, j - 3) && isPlaceWord(l.words[k].text); k--) out.push(k);
    });
    return out;
  },
  key: letters,
  sameShape(a, b) {
    const [x, y] = [letters(a), letters(b)];
    let diff = 0;
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) diff++;
    return x.length === y.length && diff <= 2 && isPlaceWord(b.replace(/\s+/g, ""));
  },
  splits: true,
  gap: 1,
  // a misread city can be fairly confident ("NORFOIK" 80–90); on a dev corpus's image bills (every place
  // word read again, 429 words) the second reading replaced none of the 366 read 93 or more and disputed 4
  // of them, all right city names ("ALLENTOWN", "PORTSMOUTH")
  sureAt: 93,
};

/**
 * The words of this kind in the reading to read again, each once: [line index, word index]; those read
 * `sureAt` or more confidently are left out (Infinity: none).
 */
export function pickWords(
  lines: VerifyLine[],
  kind: WordKind = NUMBERS,
  sureAt = kind.sureAt,
): [number, number][] {
  const out: [number, number, number][] = [];
  // a word of a settled shape read confidently enough (itself or another printing of it) is left out too
  const settled = sureAt === Infinity ? new Map<string, number>() : settledConfidences(lines, kind);
  lines.forEach((l, i) => {
    for (const j of kind.pick(l)) {
      if (!settled.has(l.words[j].text.trim())) out.push([i, j, l.words[j].confidence]);
    }
  });
  // a box much taller than the page's other words of the kind reaches into the rows above or below: not
  // read again
  const h = ([i, j]: [number, number, number]) => lines[i].words[j].bbox.y1 - lines[i].words[j].bbox.y0;
  const typical = median(out.map(h));
  out.splice(0, out.length, ...out.filter((p) => h(p) <= TALL * typical && p[2] < sureAt));
  if (out.length > MAX_CROPS) out.sort((a, b) => a[2] - b[2]).splice(MAX_CROPS);
  return out.map(([i, j]) => [i, j]);
}

/**
 * The settled words of the page (kind.settled) that need no second reading: each text whose best first
 * reading, of all its printings on the page, is `kind.settledAt(text)` or more, with that confidence.
 */
export function settledConfidences(lines: VerifyLine[], kind: WordKind = NUMBERS): Map<string, number> {
  const best = new Map<string, number>();
  if (!kind.settledAt) return best;
  for (const l of lines) {
    for (const j of kind.pick(l)) {
      const t = l.words[j].text.trim();
      if (kind.settledAt(t) !== undefined) best.set(t, Math.max(best.get(t) ?? 0, l.words[j].confidence));
    }
  }
  for (const [t, c] of best) if (c < kind.settledAt(t)!) best.delete(t);
  return best;
}

/**
 * The page's reading with each settled word (not read again: pickWords) at the higher confidence of its
 * printings: two printings read alike are two independent readings that agree, as a second reading that
 * agrees would make it.
 */
export function settleWords<L extends VerifyLine>(lines: L[], kind: WordKind = NUMBERS): L[] {
  const settled = settledConfidences(lines, kind);
  if (!settled.size) return lines;
  return lines.map((l) => {
    const picked = new Set(kind.pick(l));
    return {
      ...l,
      words: l.words.map((w, j) => {
        const c = picked.has(j) ? settled.get(w.text.trim()) : undefined;
        return c !== undefined && c > w.confidence ? { ...w, confidence: c } : w;
      }),
    };
  });
}

/** Where a crop went on the sheet, and which word of which line it is. */
export interface Slot {
  line: number;
  word: number;
  box: Box;
  /** Half the white around it (px). */
  pad: number;
}

export interface VerifySheet {
  sheet: Gray;
  slots: Slot[];
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
  // each column's two source columns and weight, worked out once (the same sums as per pixel)
  const xa = new Int32Array(width), xb = new Int32Array(width), fxs = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const sx = Math.min(w - 1, Math.max(0, (x + 0.5) / s - 0.5));
    xa[x] = Math.floor(sx);
    xb[x] = Math.min(w - 1, xa[x] + 1);
    fxs[x] = sx - xa[x];
  }
  const src = page.data;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(h - 1, Math.max(0, (y + 0.5) / s - 0.5));
    const ya = Math.floor(sy), yb = Math.min(h - 1, ya + 1), fy = sy - ya;
    const ra = (y0 + ya) * page.width + x0, rb = (y0 + yb) * page.width + x0, out = y * width;
    for (let x = 0; x < width; x++) {
      const fx = fxs[x], a = xa[x], b = xb[x];
      const v = (src[ra + a] * (1 - fx) + src[ra + b] * fx) * (1 - fy) +
        (src[rb + a] * (1 - fx) + src[rb + b] * fx) * fy;
      data[out + x] = v;
      sum += v;
    }
  }
  // a word of a light-on-dark band (read from ocr.ts's band sheet, boxed on the page): made dark on light
  if (sum / data.length < 110) { for (let i = 0; i < data.length; i++) data[i] = 255 - data[i]; }
  return { width, height, data };
}

/**
 * The sheet of crops to read again: each word's box (a little white above and below), scaled up, one crop
 * under the other with white between them (one line each: no two crops read as one word).
 */
export function verifySheet(
  page: Gray,
  lines: VerifyLine[],
  picked: [number, number][],
  relative = 1,
  gap = 1,
  scaledBy: [number, number][] = picked,
): VerifySheet | undefined {
  if (!picked.length) return undefined;
  // one scale for the page's crops (a uniform block of text is what the second reading expects), from
  // the median height of `scaledBy` (all the page's crops of the kind, when they are read on two sheets)
  const typical = Math.max(
    4,
    median(scaledBy.map(([i, j]) => lines[i].words[j].bbox.y1 - lines[i].words[j].bbox.y0)),
  );
  const s = relative * Math.min(MAX_SCALE, Math.max(MIN_SCALE, TARGET_HEIGHT / typical));
  const crops = picked.map(([i, j]) => {
    const b = lines[i].words[j].bbox;
    const pad = Math.ceil((b.y1 - b.y0) * 0.15);
    const box = { x0: b.x0, x1: b.x1, y0: b.y0 - pad, y1: b.y1 + pad };
    return { line: i, word: j, img: cropScaled(page, box, s) };
  });
  const slots: Slot[] = [];
  let y = MARGIN;
  for (const c of crops) {
    slots.push({
      line: c.line,
      word: c.word,
      box: { x0: MARGIN, y0: y, x1: MARGIN + c.img.width, y1: y + c.img.height },
      pad: gap * TARGET_HEIGHT / 2,
    });
    y += c.img.height + gap * TARGET_HEIGHT;
  }
  const width = 2 * MARGIN + Math.max(...crops.map((c) => c.img.width));
  const height = y - gap * TARGET_HEIGHT + MARGIN;
  const data = new Uint8Array(width * height).fill(255);
  crops.forEach((c, k) => {
    const { x0, y0 } = slots[k].box;
    for (let r = 0; r < c.img.height; r++) {
      data.set(c.img.data.subarray(r * c.img.width, (r + 1) * c.img.width), (y0 + r) * width + x0);
    }
  });
  return { sheet: { width, height, data }, slots };
}

/** Each slot's second reading: the words whose middle falls in its row (with half the gaps around), left to right. */
export function slotReadings(
  slots: Slot[],
  read: VerifyLine[],
): ({ text: string; confidence: number } | undefined)[] {
  const words = read.flatMap((l) => l.words);
  return slots.map((s) => {
    const inside = words.filter((w) => {
      const cx = (w.bbox.x0 + w.bbox.x1) / 2, cy = (w.bbox.y0 + w.bbox.y1) / 2;
      return cx >= 0 && cy >= s.box.y0 - s.pad && cy < s.box.y1 + s.pad;
    }).sort((a, b) => a.bbox.x0 - b.bbox.x0);
    if (!inside.length) return undefined;
    return {
      text: inside.map((w) => w.text.trim()).join(" "),
      confidence: Math.min(...inside.map((w) => w.confidence)),
    };
  });
}

/**
 * A glyph misread that the second, larger and constrained reading reads with confidence, more sure than
 * the first, and of the same shape: its reading is taken.
 */
const replaces = (
  kind: WordKind,
  w: { text: string; confidence: number },
  r: { text: string; confidence: number },
) => r.confidence >= SURE && r.confidence > w.confidence && kind.sameShape(w.text, r.text);

type Reading = { text: string; confidence: number };

/** The picked words whose second reading (a fairly confident one) disagrees with the first: their indexes in `picked`. */
export function disagreements(
  lines: VerifyLine[],
  picked: [number, number][],
  second: (Reading | undefined)[],
  kind: WordKind = NUMBERS,
): number[] {
  return picked.flatMap(([i, j], k) => {
    const r = second[k];
    return r && r.confidence >= DISPUTE_MIN && kind.key(r.text) !== kind.key(lines[i].words[j].text)
      ? [k]
      : [];
  });
}

/**
 * The page's reading with its words of `kind` checked against their second reading (`second[k]` for
 * `picked[k]`), and, where those disagree, a third one at another scale (`third[k]`, when read):
 * - the second agrees with the first: the higher confidence (a glued place word takes a sure second
 *   reading's space);
 * - they disagree and the third sides with the first: the first stays, with the higher confidence of the two;
 * - the third sides with the second, or no third was read and the second is sure (SURE, more than the
 *   first): the second replaces a first of the same shape (a glyph misread); otherwise the word is disputed;
 * - no side: the word is disputed (DISPUTED) when the second reading is fairly confident (DISPUTE_MIN).
 * A word the second reading found nothing in, or read with little confidence, is left as it was.
 */
export function applyVerification<L extends VerifyLine>(
  lines: L[],
  picked: [number, number][],
  second: (Reading | undefined)[],
  kind: WordKind = NUMBERS,
  third: (Reading | undefined)[] = [],
): { lines: L[]; agreed: number; disputed: number; replaced: number } {
  const out = lines.map((l) => ({ ...l, words: l.words.map((w) => ({ ...w })) }));
  let agreed = 0, disputed = 0, replaced = 0;
  picked.forEach(([i, j], k) => {
    const r = second[k], t = third[k];
    if (!r) return;
    const w = out[i].words[j];
    const same = (a: Reading | undefined, b: { text: string }) =>
      !!a && kind.key(a.text) === kind.key(b.text);
    if (same(r, w)) {
      w.confidence = Math.max(w.confidence, r.confidence);
      // a word read glued that the second, sure reading splits ("FORTWORTH", "FORT WORTH")
      if (kind.splits && /\s/.test(r.text) && !/\s/.test(w.text.trim()) && r.confidence >= SURE) {
        w.text = r.text;
      }
      agreed++;
    } else if (t && t.confidence >= DISPUTE_MIN && same(t, w)) {
      w.confidence = Math.max(w.confidence, t.confidence);
      agreed++;
    } else if (
      kind.sameShape(w.text, r.text) &&
      (t && t.confidence >= DISPUTE_MIN ? same(t, r) : replaces(kind, w, r))
    ) {
      [w.text, w.confidence] = [r.text, Math.max(r.confidence, t && same(t, r) ? t.confidence : 0)];
      replaced++;
    } else if (r.confidence >= DISPUTE_MIN) {
      w.confidence = Math.min(w.confidence, DISPUTED);
      disputed++;
    }
  });
  return { lines: out, agreed, disputed, replaced };
}
