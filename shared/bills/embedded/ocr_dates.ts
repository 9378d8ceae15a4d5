// A period's dates whose slashes OCR read as a digit or lost (issue #11, scans11), on scanned lines only:
// "0710712022   08/05/2022" (07/07/2022 with both slashes read as 1), "3117/22 - 4116/22", "12/9223", "416/22 to
// 5/4/22", "11/2472024 - 1212412024", "4/13/24 - 511324". A small, thin slash is the glyph tesseract most often
// reads as 1, 7 or 2 at a scan's resolution, and a period's two dates then go unread (the billing period, the
// meters' service periods).
//
// A garbled token is read as a date only when the period confirms it: it stands next to another date of the
// line (or another garbled token, with a "/" or a "-", "to", "thru" between them), and exactly one reading of it (at most two
// glyphs taken for a slash, or a lost slash put back) makes the two dates a billing period apart (20–40 days,
// the earlier one first). Two garbled tokens side by side with nothing between them (scans19: a meter table's
// "Read Dates" cells, "0412012023   0512212023") are read only as two whole dates of four-digit years whose two
// slashes were each read as one glyph. Anything else is left as read.

import type { TextPiece } from "../../documents/text_layout.ts";

const SLASHY = new Set(["1", "7", "2", "I", "l", "|"]);
const DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|(?:19|20)\d{2})$/;
const BETWEEN = /^(?:-|–|to|thru|through)$/i;
/** A billing period's length in days: the two dates of a period are this far apart. */
const MIN_DAYS = 20, MAX_DAYS = 40;

/** Days since 1970 of a m/d/y date, or undefined when it is none. */
function dayOf(s: string): number | undefined {
  const m = s.match(DATE);
  if (!m) return undefined;
  const [mo, d] = [Number(m[1]), Number(m[2])];
  const y = m[3].length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1 || y < 2010 || y > 2049) return undefined;
  const t = Date.UTC(y, mo - 1, d);
  if (new Date(t).getUTCDate() !== d) return undefined;
  return t / 86_400_000;
}

/** The dates a garbled token can be: at most two of its inner glyphs read as a slash, or a lost slash put back. */
export function slashReadings(token: string): string[] {
  if (
    !/^[\d/Il|]{4,10}$/.test(token) || (token.match(/\d/g) ?? []).length < 4 || dayOf(token) !== undefined
  ) {
    return [];
  }
  // edits between or on inner glyphs: replace glyph i by "/" (r), or put a "/" before glyph i (i)
  const edits: { at: number; kind: "r" | "i" }[] = [];
  for (let i = 1; i < token.length; i++) {
    if (i < token.length - 1 && SLASHY.has(token[i])) edits.push({ at: i, kind: "r" });
    if (/\d/.test(token[i - 1]) && /\d/.test(token[i])) edits.push({ at: i, kind: "i" });
  }
  const apply = (es: typeof edits) => {
    let out = "";
    for (let i = 0; i < token.length; i++) {
      const e = es.find((x) => x.at === i);
      if (e?.kind === "r") out += "/";
      else out += (e?.kind === "i" ? "/" : "") + token[i];
    }
    return out;
  };
  const out = new Set<string>();
  const keep = (s: string) => {
    if (dayOf(s) !== undefined) out.add(s);
  };
  for (let a = 0; a < edits.length; a++) {
    keep(apply([edits[a]]));
    for (let b = a + 1; b < edits.length; b++) {
      if (edits[a].at !== edits[b].at) keep(apply([edits[a], edits[b]]));
    }
  }
  return [...out];
}

const inPeriod = (from: number, to: number) => to - from >= MIN_DAYS && to - from <= MAX_DAYS;

const digits = (t: string) => (t.match(/\d/g) ?? []).length;
/** A token lostDigitReadings reads: digits and slashes, five digits or more, not a date as it stands. */
const lostDigitShape = (t: string) => /^[\d/]{4,9}$/.test(t) && digits(t) >= 5 && dayOf(t) === undefined;
/** A token letterReadings reads: one letter (not I or l) among digits and slashes, five digits or more. */
const letterShape = (t: string) =>
  t.length <= 10 && digits(t) >= 5 ? t.match(/^([\d/]*)([A-HJ-Za-km-z])([\d/]*)$/) : null;

/**
 * The dates a token can be with one digit OCR lost put back (photos17): "0/20/2023" (01/20/2023), "0232023"
 * (03/23/2023, its slashes lost too). A phone photo's small print loses a thin "1" or a glyph next to a slash as
 * often as it loses the slash. Each digit at each place, then the token as it stands or read as slashReadings
 * reads it; tried only where no slash reading fits the period, and kept only when exactly one fits.
 */
export function lostDigitReadings(token: string): string[] {
  if (!lostDigitShape(token)) return [];
  const out = new Set<string>();
  for (let at = 0; at <= token.length; at++) {
    for (let d = 0; d <= 9; d++) {
      const t = token.slice(0, at) + d + token.slice(at);
      if (dayOf(t) !== undefined) out.add(t);
      for (const r of slashReadings(t)) out.add(r);
    }
  }
  return [...out];
}

/**
 * The dates a token can be with one glyph OCR read as a letter ("0V13/2024": 03/13/2024, its "3/" read as a V):
 * each digit and the slash in the letter's place, read as it stands or as slashReadings reads it. I, l and | are
 * slashReadings' own.
 */
export function letterReadings(token: string): string[] {
  const m = letterShape(token);
  if (!m) return [];
  const out = new Set<string>();
  for (const g of "0123456789/") {
    const t = m[1] + g + m[3];
    if (dayOf(t) !== undefined) out.add(t);
    for (const r of slashReadings(t)) out.add(r);
  }
  return [...out];
}

/**
 * A reading that is its token with two glyphs taken for its two slashes, of a four-digit year ("0412012023" read
 * as 04/20/2023): the whole shape of a printed date, not a number a slash was put into.
 */
const fullSlashed = (reading: string, token: string) =>
  reading.length === token.length && /^\d{2}\/\d{2}\/(?:19|20)\d{2}$/.test(reading) && /^\d{10}$/.test(token);

/** The scanned line with a period's garbled dates read as the one reading the period confirms. */
export function periodDateSlashes(line: string): string {
  if (!/\d/.test(line)) return line;
  const parts = line.split(/(\s+)/);
  // the words, each with its trailing speck (".", ",") set aside
  const words = parts.map((p, i) => ({ i, p, core: p.replace(/[.,]$/, "") })).filter((w) => w.p.trim());
  const dated = (k: number) => dayOf(words[k].core);
  const readings = words.map((w) => slashReadings(w.core));
  // the lost-glyph readings, worked out only for a word beside a date (they are many)
  const lostMemo: (string[] | undefined)[] = [];
  const lost = (k: number) =>
    lostMemo[k] ??= [...new Set([...lostDigitReadings(words[k].core), ...letterReadings(words[k].core)])];
  /** The one reading of `rs` (then of the lost-digit readings `ls`, when no slash reading fits) that `fits`. */
  const only = (rs: string[], ls: string[], fits: (r: string) => boolean) => {
    const fit = rs.filter(fits);
    const alt = fit.length ? [] : ls.filter(fits);
    return fit.length ? (fit.length === 1 ? fit[0] : undefined) : alt.length === 1 ? alt[0] : undefined;
  };
  /** The word after `k` across a "-" / "to" between them, or the very next word. */
  const next = (k: number) => (words[k + 1] && BETWEEN.test(words[k + 1].core) ? k + 2 : k + 1);
  let changed = false;
  for (let k = 0; k < words.length; k++) {
    const n = next(k);
    if (n >= words.length) continue;
    const [a, b] = [dated(k), dated(n)];
    let pick: [string, string] | undefined;
    if (a !== undefined && (readings[n].length || lost(n).length)) {
      const fit = only(readings[n], lost(n), (r) => inPeriod(a, dayOf(r)!));
      if (fit) pick = [words[k].core, fit];
    } else if (b !== undefined && (readings[k].length || lost(k).length)) {
      const fit = only(readings[k], lost(k), (r) => inPeriod(dayOf(r)!, b));
      if (fit) pick = [fit, words[n].core];
    } else if (readings[k].length && readings[n].length) {
      // two garbled words side by side with nothing between them (a meter table's "Read Dates" cells:
      // "0412012023   0512212023"): only as two whole dates, each of a four-digit year, both slashes read as glyphs
      const joined = n === k + 2 || /\//.test(words[k].core + words[n].core);
      const fit = readings[k].flatMap((r) =>
        readings[n].filter((s) => inPeriod(dayOf(r)!, dayOf(s)!)).map((s): [string, string] => [r, s])
      ).filter(([r, s]) => joined || (fullSlashed(r, words[k].core) && fullSlashed(s, words[n].core)));
      if (fit.length === 1) pick = fit[0];
    }
    if (!pick) continue;
    for (const [j, v] of [[k, pick[0]], [n, pick[1]]] as const) {
      if (v === words[j].core) continue;
      parts[words[j].i] = v + words[j].p.slice(words[j].core.length);
      words[j] = { ...words[j], core: v };
      readings[j] = [];
      lostMemo[j] = [];
      changed = true;
    }
  }
  return changed ? parts.join("") : line;
}

/**
 * A scanned page's word boxes with the same repair, row by row (the table readers read the boxes, not the
 * lines): a word's row is the words whose middles lie within half its height of its own.
 */
export function periodDateSlashesInWords(words: TextPiece[]): TextPiece[] {
  const garbled = (t: string) => slashReadings(t).length > 0 || lostDigitShape(t) || !!letterShape(t);
  if (!words.some((w) => garbled(w.text.replace(/[.,]$/, "")))) return words;
  const out = [...words];
  const done = new Set<number>();
  words.forEach((w, i) => {
    if (done.has(i) || !garbled(w.text.replace(/[.,]$/, ""))) return;
    const mid = w.y + w.height / 2;
    const row = words.map((v, j) => ({ v, j })).filter(({ v }) =>
      Math.abs(v.y + v.height / 2 - mid) <= w.height / 2 && v.text.trim() && !/\s/.test(v.text.trim())
    ).sort((a, b) => a.v.x - b.v.x);
    const texts = row.map(({ v }) => v.text.trim());
    const fixed = periodDateSlashes(texts.join(" ")).split(" ");
    if (fixed.length !== texts.length) return;
    row.forEach(({ v, j }, k) => {
      if (fixed[k] !== texts[k]) {
        out[j] = { ...v, text: fixed[k] };
        done.add(j);
      }
    });
    done.add(i);
  });
  return out;
}
