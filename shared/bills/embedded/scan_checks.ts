// Cross-checks for values read from a scan or photo (OCR words) that tesseract was confident about but read
// wrongly: words it glued together ("ELM ST" → "ELMST", "KEVIN WILSON" → "KEVINWILSON"), a letter of a
// meter number that may be a misread digit ("M8…" → "MB…"), a history digit dropped or added (493 → 1493,
// 717 → 77). A wrong value costs more than an empty one: what fails its check is split where the split is
// certain, else left empty. Only pages read by OCR are checked (a PDF text item carries no OCR confidence),
// so a text PDF's reading never changes (issue #11).
import { fixRateWords } from "./ocr_rate_words.ts";
import type { TextPiece } from "../../documents/text_layout.ts";
import type { Meter } from "../schema.ts";
import { ocrRows, printings } from "./word_confidence.ts";
import { SUFFIX } from "./addresses.ts";

/** Was any of the pages read by OCR (its words carry tesseract's confidence)? */
export const readByOcr = (pages: TextPiece[][]): boolean =>
  pages.some((ps) => ps.some((p) => p.confidence !== undefined));

/** How far (as a ratio) a history month may stand from its neighbours and the current period. */
export const HISTORY_OUTLIER_RATIO = 2.5;

/**
 * A usage history with the months that break its own consistency dropped: a month more than
 * HISTORY_OUTLIER_RATIO times above (or below) the median of its neighbours (up to two months on either side
 * and the current period's kWh), and when the current period's kWh is known, more than twice above or below
 * it too — a digit OCR added or dropped ("493" → "1493", "717" → "77"), not a season (a summer month stands
 * near its summer neighbours, the first summer month of a history near the current period).
 */
export function steadyHistory<T extends { year: number; month: number; value: number }>(
  months: T[],
  current?: number,
): T[] {
  // a month of 0 kWh where nothing near it is low (its neighbours, the current period's kWh, at least one of them
  // known): a value OCR lost ("1,111" read as "0", the "0" of an "0ct24" label), not an empty house
  const byDate = [...months].sort((a, b) => a.year - b.year || a.month - b.month);
  const zero = new Set(byDate.filter((m, i) => {
    if (m.value !== 0) return false;
    const near = [byDate[i - 2], byDate[i - 1], byDate[i + 1], byDate[i + 2]].filter((n): n is T => !!n)
      .map((n) => n.value);
    if (current && current > 0) near.push(current);
    return near.length >= 1 && near.every((v) => v >= 100);
  }));
  months = months.filter((m) => !zero.has(m));
  if (months.length < 3) return months;
  const sorted = [...months].sort((a, b) => a.year - b.year || a.month - b.month);
  const r = HISTORY_OUTLIER_RATIO;
  const far = (v: number, ref: number, ratio: number) => v > ref * ratio || v * ratio < ref;
  const drop = new Set<T>();
  sorted.forEach((m, i) => {
    if (m.value <= 0) return;
    const refs = [sorted[i - 2], sorted[i - 1], sorted[i + 1], sorted[i + 2]]
      .filter((n): n is T => !!n && n.value > 0).map((n) => n.value);
    if (current && current > 0) refs.push(current);
    if (refs.length < 3) return;
    refs.sort((a, b) => a - b);
    const h = refs.length >> 1;
    const median = refs.length % 2 ? refs[h] : (refs[h - 1] + refs[h]) / 2;
    if (far(m.value, median, r) && !(current && current > 0 && !far(m.value, current, 2))) drop.add(m);
  });
  return months.filter((m) => !drop.has(m));
}

/** Letters OCR reads in place of a digit (8/B, 0/O/Q/D, 1/I/l, 5/S, 2/Z). */
const CONFUSABLE_LETTER = /[BOQDILSZ]/;

/**
 * A meter number read by OCR with a letter OCR confuses with a digit inside its digits ("MB284137": B or 8?
 * "4417S26"), not a leading prefix letter ("L108605388"), is kept only when printed a second time the same
 * way; otherwise it is left empty.
 */
export function confusableMeterNumber(meterNumber: string, rows: ReturnType<typeof ocrRows>): boolean {
  const key = meterNumber.toUpperCase().replace(/[^0-9A-Z]/g, "");
  const digit = (c: string | undefined) => !!c && /[0-9]/.test(c);
  const inDigits = [...key].some((c, i) =>
    i > 0 && CONFUSABLE_LETTER.test(c) && (digit(key[i - 1]) || digit(key[i + 1]))
  );
  return inDigits && printings(meterNumber, rows).length < 2;
}

/** A name glued to a street suffix: the shortest name of three or more letters with a vowel, then the suffix. */
const GLUED_SUFFIX =
  /^([A-Z]{3,}?)(STREET|AVENUE|BOULEVARD|DRIVE|ROAD|LANE|COURT|PLACE|CIRCLE|WAY|AVE|BLVD|DR|ST|RD|LN|CT|PL|CIR)$/i;
/** Words ending in a suffix's letters that are words of their own (not a name glued to a suffix). */
const NOT_GLUED =
  /^(?:.*(?:WEST|EAST|REST|HURST|ERST|FIRST|ARD|ORD|WARD|(?:NOR|A|MID|BROAD|GATE|FAIR|HIGH|PARK|RAIL|SEA|SPEED|CAUSE|RUN|SUB|HALF|PATH|WATER|EXPRESS|FREE)WAY)|[A-Z]{0,2}(?:ST|CT|RD))$/i;

/**
 * A street line whose last word (before a unit) is a name glued to its suffix by OCR ("8711 ELMST",
 * "4261 OAK HOLLOWDR", "7725 PARK PLAPT 4B"): split into the street and its suffix (and the unit). A line that
 * already ends with a separate suffix, or whose last word is a word of its own ("123 FOREST"), is unchanged.
 */
export function splitGluedStreet(line1: string, line2: string): { line1: string; line2: string } {
  let words = line1.trim().split(/\s+/);
  let unit = line2;
  // "PLAPT 4B": the unit word glued to the suffix
  const n = words.length;
  if (!unit && n >= 3 && /^[A-Z]+(?:APT|UNIT|STE)$/i.test(words[n - 2]) && /\d/.test(words[n - 1])) {
    const m = words[n - 2].match(/^([A-Z]+?)(APT|UNIT|STE)$/i)!;
    if (SUFFIX.test(m[1])) {
      unit = `${m[2]} ${words[n - 1]}`;
      words = [...words.slice(0, n - 2), m[1]];
    }
  }
  // OCR reads the L of an upper-case "LN" as I: "1428 CEDAR IN"; a unit's trailing period is a speck
  if (words.length >= 3 && words[words.length - 1] === "IN") words[words.length - 1] = "LN";
  unit = unit.replace(/(\d)\.$/, "$1");
  // … and so is a period after the street's suffix ("469 PINE RIDGE RD." where the bill prints "RD")
  const end = words.length - 1;
  if (end >= 2 && /^[A-Z]{2,}\.$/i.test(words[end]) && SUFFIX.test(words[end])) {
    words[end] = words[end].slice(0, -1);
  }
  const last = words[words.length - 1];
  if (words.length < 2 || !/^\d/.test(words[0]) || SUFFIX.test(last) || NOT_GLUED.test(last)) {
    return { line1: words.join(" "), line2: unit };
  }
  const m = last.match(GLUED_SUFFIX);
  if (!m || !/[AEIOUY]/i.test(m[1])) return { line1: words.join(" "), line2: unit };
  return { line1: [...words.slice(0, -1), m[1], m[2]].join(" "), line2: unit };
}

/**
 * A person's name read by OCR as one long word ("KEVINWILSON", "NORACHEN"): first and last name glued, where
 * they part is not known, so the name is left empty. A name of two or more words is kept.
 */
export const gluedName = (name: string): boolean => /^[A-Za-z]{7,}$/.test(name.trim());

/**
 * A glued name ("KEVINWILSON") that the scan also prints as two words ("KEVIN WILSON" over the address block the
 * stub repeats): where they part is then printed, so the name is split there; else "" (not known).
 */
export function spacedName(name: string, rows: ReturnType<typeof ocrRows>): string {
  const n = name.trim();
  const key = n.toUpperCase();
  const splits = new Set<number>();
  for (let i = 2; i <= key.length - 2; i++) {
    const re = new RegExp(`(?:^|\\|)${key.slice(0, i)}\\|${key.slice(i)}(?:\\||$)`);
    if (rows.some((r) => re.test(r.text))) splits.add(i);
  }
  if (splits.size !== 1) return "";
  const [i] = splits;
  return `${n.slice(0, i)} ${n.slice(i)}`;
}

/**
 * A rate plan's name as read by OCR, cleaned of what a plan name never holds: the billing period OCR joined to
 * it ("RS Residential Single Family From 9/15/24 To 10/13/24 28 Days" → up to the first date), trailing marks
 * ("… of Use ~"), two words glued where a lower-case letter meets a capital ("ResidentialTime"). A name left
 * with a sign no plan name prints ("Service ®)": a misread "(R)") is unsure: "" (left empty).
 */
export function cleanRateName(rate: string): string {
  const s = rate
    .replace(/\s+(?:(?:from|for)\s+)?\d{1,2}\/\d{1,2}\/\d{2,4}.*$/i, "")
    .replace(/([a-z]{3,})([A-Z][a-z]{2,})/g, "$1 $2")
    .replace(/[\s~_|'"`.,;:*-]+$/, "")
    .trim();
  return /^[A-Za-z0-9 ()\-/&.,'#:+%$]+$/.test(s) && s.split("(").length === s.split(")").length ? s : "";
}

/**
 * The scan checks applied to a read item's fields (pages read by OCR only): meter numbers and addresses in
 * place; returns whether the customer name is to be left empty, the name (a glued one split where the scan prints
 * it as two words) and the cleaned rate plan name.
 */
export function scanChecks(
  f: {
    customerName: string;
    serviceAddress: { line1: string; line2: string };
    billingAddress: { line1: string; line2: string };
    meters: Meter[];
    electricRate: string;
  },
  pages: TextPiece[][],
): { emptyName: boolean; customerName: string; electricRate: string } {
  if (!readByOcr(pages)) {
    return { emptyName: false, customerName: f.customerName, electricRate: f.electricRate };
  }
  const rows = ocrRows(pages);
  for (const m of f.meters) {
    if (m.meterNumber && confusableMeterNumber(m.meterNumber, rows)) m.meterNumber = "";
  }
  for (const a of [f.serviceAddress, f.billingAddress]) {
    if (a.line1) Object.assign(a, splitGluedStreet(a.line1, a.line2));
  }
  const glued = !!f.customerName && gluedName(f.customerName);
  const spaced = glued ? spacedName(f.customerName, rows) : f.customerName;
  return {
    emptyName: glued && !spaced,
    customerName: spaced || f.customerName,
    electricRate: f.electricRate && fixRateWords(cleanRateName(f.electricRate)),
  };
}

/**
 * A scan's period after a line's closing state and ZIP ("NORWOOD MA 02062.") is a speck: the ZIP ends the line;
 * so is one between the state and the ZIP ("TOWSON MD.21204"): a space.
 */
export const zipSpeck = (line: string) =>
  line.replace(/(\b[A-Z]{2},?\s+\d{5}(?:-\d{4})?)\s?\.$/, "$1").replace(
    /\b([A-Z]{2})\.(\d{5}(?:-\d{4})?)$/,
    "$1 $2",
  );
