// OCR word confidence in the reader's fields: a value read from a scan or photo is only as sure as the OCR
// words it was read from. tesseract scores every word 0..100 (TextPiece.confidence); a value whose every
// printing on the page was read from words under the field's threshold is left empty (a wrong value costs
// more than an empty one), unless it is printed twice and both readings agree. PDF text-layer items carry no
// OCR confidence (wordConfidence: 100): a text PDF's reading is never touched here.
import { groupByBaseline, type TextPiece, wordConfidence } from "../../documents/text_layout.ts";
import type { Meter, MonthlyUsage } from "../schema.ts";
import { ConfigError, envInt, type EnvSource } from "../../config.ts";
import { rateFactor } from "./cross_checks.ts";
import { perDayConfirmed } from "./ocr_per_day.ts";

/** Thresholds on tesseract's 0..100 word confidence, per kind of value. */
export interface WordConfidenceThresholds {
  /** Account, service and meter numbers: one wrong character makes the whole number wrong. */
  identifiers: number;
  /** kWh readings and money amounts. */
  numbers: number;
  /** Months of a usage history (chart bar labels, table cells): a month read under this is dropped. */
  history: number;
  /**
   * Names, address words and dates: a value with a word read under this is kept but its confidence capped
   * at CONFIRM_CONFIDENCE, so the confirm step asks the homeowner (plausibility.ts READING_MIN_CONFIDENCE).
   */
  words: number;
}

/** The confidence of a kept value read from unsure words: over MIN_CONFIDENCE (kept), under the confirm step's 0.6. */
export const CONFIRM_CONFIDENCE = 0.55;

/**
 * The reader's default thresholds, measured on the synthetic image bills (committed seed, checked on a fresh
 * seed) and the real photos (docs/bills.md "OCR word confidence"). history 10: only a month whose second
 * reading disagreed (shared/documents/ocr_verify.ts DISPUTED, 5) is dropped; tesseract's own scores of right
 * months went down to 5 on the image bills, but a month read the same way twice has the higher of the two.
 */
export const WORD_CONFIDENCE: WordConfidenceThresholds = {
  identifiers: 65,
  numbers: 50,
  history: 10,
  words: 50,
};

/**
 * BILL_OCR_MIN_WORD_CONFIDENCE_IDS, _NUMBERS, _HISTORY, _WORDS (0..100; 0 turns that check off), defaults
 * WORD_CONFIDENCE. Read once when the embedded bill model is made (shared/bills/models.ts).
 */
export function loadWordConfidence(source: EnvSource = Deno.env): WordConfidenceThresholds {
  const read = (suffix: string, fallback: number) => {
    const name = `BILL_OCR_MIN_WORD_CONFIDENCE_${suffix}`;
    const n = envInt(name, fallback, source);
    if (n < 0 || n > 100) throw new ConfigError(name, `must be 0..100, got ${n}`);
    return n;
  };
  return {
    identifiers: read("IDS", WORD_CONFIDENCE.identifiers),
    numbers: read("NUMBERS", WORD_CONFIDENCE.numbers),
    history: read("HISTORY", WORD_CONFIDENCE.history),
    words: read("WORDS", WORD_CONFIDENCE.words),
  };
}

const keyOf = (s: string) => s.toUpperCase().replace(/[^0-9A-Z]/g, "");

interface Row {
  /** The row's pieces' keys, left to right, joined by "|". */
  text: string;
  /** The confidence of the piece each character of `text` came from (100 for the "|"s). */
  conf: number[];
}

/** OCR rows of the pages: each baseline's words, left to right. */
export function ocrRows(pages: TextPiece[][]): Row[] {
  const rows: Row[] = [];
  for (const page of pages) {
    for (const r of groupByBaseline(page, (p) => p.height)) {
      const parts = [...r.parts].sort((a, b) => a.x - b.x).map((p) => ({
        key: keyOf(p.text),
        conf: wordConfidence(p),
      }))
        .filter((p) => p.key);
      rows.push({
        text: parts.map((p) => p.key).join("|"),
        conf: parts.flatMap((p, i) => [...(i ? [100] : []), ...Array(p.key.length).fill(p.conf)]),
      });
    }
  }
  return rows;
}

/**
 * Every printing of `value` on the pages (its letters and digits, case and separators ignored, possibly split
 * over neighbouring words, not inside a longer number), each with the lowest confidence of the words it was
 * read from.
 */
export function printings(value: string, rows: Row[]): number[] {
  const key = keyOf(value);
  if (!key) return [];
  const re = new RegExp(
    `${/^[0-9]/.test(key) ? "(?<![0-9])" : ""}${[...key].join("\\|?")}${
      /[0-9]$/.test(key) ? "(?![0-9])" : ""
    }`,
    "g",
  );
  const out: number[] = [];
  for (const r of rows) {
    for (const m of r.text.matchAll(re)) out.push(Math.min(...r.conf.slice(m.index, m.index + m[0].length)));
  }
  return out;
}

/**
 * Is this value read from confident words? Yes when one printing of it reaches the threshold, or it is
 * printed at least twice (two readings that agree). Unknown (true) when it is not found as printed at all
 * (a value the reader put together, e.g. a date from a month name): those keep the reader's own confidence.
 */
export function confidentlyRead(value: string, rows: Row[], threshold: number): boolean {
  const found = printings(value, rows);
  if (!found.length) return true;
  return found.length >= 2 || Math.max(...found) >= threshold;
}

/** A meter number's typed shape: one capital letter, then digits only ("G45426535", "M5049728", "K4734177"). */
const LETTER_AND_DIGITS = /^[A-Z]\d{6,}$/;
/** Under this, tesseract doubted the glyphs themselves: "M3340421." for M83404214 (two digits lost) was read at 21. */
const MIN_LETTER_ID_CONFIDENCE = 25;

/**
 * A meter number of one letter and six or more digits (scans18), read as one word of its own: tesseract scores such
 * a word low for mixing a letter with digits (18 right ones such as "G45426535", "M5049728", "K30077260" were read
 * at 30–64 on the scans, four more at 14–23), not for its glyphs; the misreads of such numbers the scans show change their shape — the letter
 * read as a digit or lost ("6451950894", "899965851"), a digit as a letter ("MB7495218", "KB5702945"), a mark
 * ("M)97519219") — and so stay under the identifiers' threshold. Only the whole word: a number put together from
 * several words, or found inside a longer one, is not this shape on the page; not where the page also prints its
 * digits without the letter; and not under MIN_LETTER_ID_CONFIDENCE (a word whose digits OCR lost keeps the shape:
 * northwestern-08's "M3340421." at 21 for M83404214).
 */
export function letterAndDigits(value: string, pages: TextPiece[][]): boolean {
  if (!LETTER_AND_DIGITS.test(value)) return false;
  const words = pages.flatMap((ps) => ps.map((p) => ({ text: p.text.replace(/^[#:(]+|[.,:;)]+$/g, ""), p })));
  // the digits printed again without the letter (a meter table's row under "Meter G900480597"): one of the two
  // readings lost or made up the letter, and which one is not known
  if (words.some((w) => w.text === value.slice(1))) return false;
  return words.some((w) => w.text === value && wordConfidence(w.p) >= MIN_LETTER_ID_CONFIDENCE);
}

/** Does any piece carry an OCR confidence under the highest threshold (otherwise nothing can change)? */
const anyUnsure = (pages: TextPiece[][], t: WordConfidenceThresholds) => {
  const low = Math.max(t.identifiers, t.numbers, t.history, t.words);
  return pages.some((ps) => ps.some((p) => wordConfidence(p) < low));
};

/** The fields of a read item this check looks at. */
export interface WordConfidenceFields {
  accountNumber: string;
  serviceNumber: string;
  amountDue: string;
  pastDue: string;
  /** The supply price per kWh the reader found ("" if none): kWh × price = a printed charge confirms a kWh. */
  supplyRatePerKwh: string;
  meters: Meter[];
  usageByMonth: MonthlyUsage[];
}

const cents = (s: string) => Math.round(Number(s) * 100);

/**
 * Cross-check rescue of an unsure amount (a kWh reading has its own: kWh × the supply price = a printed
 * charge, cross_checks.ts rateFactor): amount due = past due + the current charges, with the current
 * charges printed on the bill (`money`: every amount printed, in cents) apart from the amount due itself.
 */
function balances(amountDue: string, pastDue: string, money: number[]): boolean {
  if (!amountDue || !pastDue) return false;
  const a = cents(amountDue), p = cents(pastDue), current = a - p;
  const printed = money.filter((m) => m === current).length;
  return p === 0 ? printed >= 2 : printed >= 1 && current > 0;
}

/**
 * The reader's fields checked against the OCR words they were read from. Returns the fields to leave empty
 * (their confidence set to 0, so the reader's MIN_CONFIDENCE rule empties them), and empties in place the
 * meter numbers and kWh readings, and drops the history months, read only from unsure words.
 */
export function unsureFields(
  f: WordConfidenceFields,
  pages: TextPiece[][],
  t: WordConfidenceThresholds = WORD_CONFIDENCE,
  money: number[] = [],
): string[] {
  if (!anyUnsure(pages, t)) return [];
  const rows = ocrRows(pages);
  const unsure: string[] = [];
  const check = (field: "accountNumber" | "serviceNumber" | "amountDue" | "pastDue", threshold: number) => {
    if (f[field] && !confidentlyRead(f[field], rows, threshold)) unsure.push(field);
  };
  check("accountNumber", t.identifiers);
  check("serviceNumber", t.identifiers);
  check("amountDue", t.numbers);
  check("pastDue", t.numbers);
  if (balances(f.amountDue, f.pastDue, money)) {
    unsure.splice(
      0,
      unsure.length,
      ...unsure.filter((k) => !/Due$/.test(k)),
    );
  }
  const droppedKwh = new Set<string>();
  for (const m of f.meters) {
    if (
      m.meterNumber && !confidentlyRead(m.meterNumber, rows, t.identifiers) &&
      !(t.identifiers > 0 && letterAndDigits(m.meterNumber, pages))
    ) m.meterNumber = "";
    const charged = rateFactor(Number(m.usageKwh), f.supplyRatePerKwh, money) > 1;
    if (m.usageKwh && !charged && !confidentlyRead(m.usageKwh, rows, t.numbers)) {
      droppedKwh.add(m.usageKwh);
      m.usageKwh = "";
    }
  }
  // a month read unsure whose row's kWh per day confirms it is kept (ocr_per_day.ts)
  const perDay = perDayConfirmed(rows.map((r) => r.text.split("|")));
  const kept = f.usageByMonth.filter((u) =>
    !droppedKwh.has(String(u.value)) &&
    (confidentlyRead(String(u.value), rows, t.history) || (t.history > 0 && perDay.has(u.value)))
  );
  f.usageByMonth.splice(0, f.usageByMonth.length, ...kept);
  return unsure;
}

const MONTHS = [
  "JANUARY",
  "FEBRUARY",
  "MARCH",
  "APRIL",
  "MAY",
  "JUNE",
  "JULY",
  "AUGUST",
  "SEPTEMBER",
  "OCTOBER",
  "NOVEMBER",
  "DECEMBER",
];

/** How an ISO date may be printed (03/26/2024, 3/26/24, Mar 26, 2024, March 26 2024), as keys. */
export function dateSpellings(iso: string): string[] {
  const m = iso.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (!m) return [];
  const [y, mm, dd] = [m[1], m[2], m[3]];
  const [mo, d, yy] = [String(Number(mm)), String(Number(dd)), y.slice(2)];
  const name = MONTHS[Number(mm) - 1];
  return [
    ...[mm, mo].flatMap((a) => [dd, d].flatMap((b) => [y, yy].map((c) => `${a}${b}${c}`))),
    ...[name, name.slice(0, 3)].flatMap((a) => [dd, d].map((b) => `${a}${b}${y}`)),
  ].filter((k, i, all) => all.indexOf(k) === i);
}

/** A value found as printed whose every printing is one unsure reading (printed once, under `threshold`). */
function unsurePrinting(found: number[], threshold: number): boolean {
  return found.length === 1 && found[0] < threshold;
}

/** The fields the confirm step should show although they are kept. */
export interface ConfirmFields {
  customerName: string;
  serviceAddress: { line1: string; city: string };
  billingAddress: { line1: string; city: string };
  invoiceDate: string;
  dueDate: string;
  billingPeriodStart: string;
  billingPeriodEnd: string;
}

/**
 * Names, addresses and dates read with a word (of three or more letters or digits) or a date printed only
 * once, under the `words` threshold: kept, to be confirmed (the reader caps their confidence at
 * CONFIRM_CONFIDENCE). Text PDFs: none.
 */
export function fieldsToConfirm(
  f: ConfirmFields,
  pages: TextPiece[][],
  t: WordConfidenceThresholds = WORD_CONFIDENCE,
): string[] {
  if (!t.words || !pages.some((ps) => ps.some((p) => wordConfidence(p) < t.words))) return [];
  const rows = ocrRows(pages);
  const unsureWords = (text: string) =>
    text.split(/\s+/).some((w) => keyOf(w).length >= 3 && unsurePrinting(printings(w, rows), t.words));
  const out: string[] = [];
  if (f.customerName && unsureWords(f.customerName)) out.push("customerName");
  for (const a of ["serviceAddress", "billingAddress"] as const) {
    if (unsureWords(`${f[a].line1} ${f[a].city}`)) out.push(a);
  }
  for (const d of ["invoiceDate", "dueDate", "billingPeriodStart", "billingPeriodEnd"] as const) {
    if (!f[d]) continue;
    const found = dateSpellings(f[d]).flatMap((k) => printings(k, rows));
    if (unsurePrinting(found, t.words)) out.push(d);
  }
  return out;
}
