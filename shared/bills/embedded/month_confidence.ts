// A confidence for each month of a usage history (issue #11: every field carries a confidence; below its threshold
// it is left empty rather than guessed). One confidence for the whole history said nothing about the one month
// read off a chart's edge or from an OCR'd digit the engine was unsure of, in a history otherwise right. Each
// month's confidence here comes from how it was read and what the bill says beside it:
// - how: a printed table or line (a label per value) is surer than a chart's bar values, and those than a scan's
//   chart or a table whose header OCR garbled (HOW_BASE);
// - a second reading of the same month with the same value (another table, a chart, a comparison box) confirms it;
// - the month of the bill against the bill's own kWh (the meters'): agreeing confirms it; disagreeing makes that
//   month a guess to confirm, and the rest of that history a little less sure;
// - on a scan, the OCR words the value was read from: printed once under tesseract's 50 it is unsure; not found
//   as printed at all (assembled from a chart's geometry) a little less sure;
// - a month far from every other (over 4× or under ¼ of the history's median and of the bill's kWh) is suspect.
// A month under ITEM_MIN_CONFIDENCE is left out (the usage completion then estimates it, marked `estimated`);
// between it and the confirm step's limit (plausibility.ts minConfidence, 0.6) it is kept and marked to confirm.
// Generic: no utility's words, only how a value was read.
import type { TextPiece } from "../../documents/text_layout.ts";
import { ocrRows, printings } from "./word_confidence.ts";
import { perDayConfirmed } from "./ocr_per_day.ts";

/** How a month was read (parse_bill.ts tags each reader's months). */
export type HowRead =
  | "table" // a table or labelled line of months and kWh (text layer, or a scan with its header)
  | "chart-values" // a chart's bars with their kWh printed over or under each, checked against the bill's kWh
  | "chart-bars" // a chart's bars named by month labels, dates or initials, values read by position
  | "compared" // a "last month / last year" comparison box
  | "ocr-table" // a scanned table whose header OCR garbled, kWh column told by the numbers themselves
  | "ocr-chart" // a scanned chart read by its word boxes' geometry, anchored by the bill's kWh
  | "chart-heights" // a chart's bars without printed values, each kWh measured from its bar's height (an estimate)
  | "meters"; // the bill's own month, added from the meters' kWh

/** Base confidence of a month by how it was read. */
export const HOW_BASE: Readonly<Record<HowRead, number>> = {
  table: 0.85,
  "chart-values": 0.8,
  "chart-bars": 0.75,
  compared: 0.75,
  "ocr-table": 0.7,
  "ocr-chart": 0.65,
  // under the confirm step's 0.6: a measured bar is an estimate the homeowner confirms (chart_bars.ts gives each
  // month its own, from how closely the bar pins its kWh)
  "chart-heights": 0.55,
  meters: 0.75,
};

/** Below this a month (or a meter, meter_scores.ts) is left out rather than guessed. */
export const ITEM_MIN_CONFIDENCE = 0.5;

export interface ReadMonth {
  year: number;
  month: number;
  value: number;
  how?: HowRead;
  /** The reader's own base confidence in this month, used instead of HOW_BASE (chart_bars.ts). */
  base?: number;
}

/** "2024-01": the key of a month in `monthConfidence`. */
export const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, "0")}`;

/** Tags each month of a reader's answer with how it was read (a month already tagged keeps its tag). */
export function readAs<T extends { year: number; month: number; value: number }>(
  how: HowRead,
  months: T[],
): (T & { how: HowRead })[] {
  return months.map((m) => ({ ...m, how: (m as { how?: HowRead }).how ?? how }));
}

/** Two figures are the same kWh (±2%, at least 1). */
const agrees = (a: number, b: number) => Math.abs(a - b) <= Math.max(1, b * 0.02);

export interface MonthContext {
  /** Every month every reader proposed (before one was chosen per month): second readings confirm. */
  readings: ReadMonth[];
  /** The bill's period end (YYYY-MM-DD, "" if unknown) and its kWh (the meters' total, 0 if unknown). */
  periodEnd: string;
  total: number;
  /** The pages' word boxes: OCR words carry tesseract's confidence. */
  pages: TextPiece[][];
}

/**
 * The confidence (0..1, two decimals) of each month of the history, keyed "YYYY-MM". The bill's own month added
 * from the meters is `how: "meters"`.
 */
export function monthConfidences(history: ReadMonth[], ctx: MonthContext): Record<string, number> {
  const ocr = ctx.pages.some((ps) => ps.some((p) => p.confidence !== undefined));
  const rows = ocr ? ocrRows(ctx.pages) : [];
  const perDay = perDayConfirmed(rows.map((r) => r.text.split("|")));
  const endY = Number(ctx.periodEnd.slice(0, 4)), endM = Number(ctx.periodEnd.slice(5, 7));
  const own = ctx.periodEnd ? history.find((h) => h.year === endY && h.month === endM) : undefined;
  // the month of the bill, read by the history itself (not added from the meters), against the meters' kWh
  const ownRead = own && own.how !== "meters" && ctx.total > 0;
  const ownAgrees = ownRead ? agrees(own.value, ctx.total) : undefined;
  const values = history.map((h) => h.value).filter((v) => v > 0).sort((a, b) => a - b);
  const median = values.length >= 3 ? values[Math.floor(values.length / 2)] : undefined;
  const out: Record<string, number> = {};
  for (const h of history) {
    let c = h.base ?? HOW_BASE[h.how ?? "table"];
    // a second, independent reading of the same month and value confirms it (noisy-or, each worth 0.5)
    const others = new Set(
      ctx.readings.filter((r) =>
        r.year === h.year && r.month === h.month && r.how !== h.how && agrees(r.value, h.value)
      )
        .map((r) => r.how),
    );
    for (const _ of others) c = 1 - (1 - c) * 0.5;
    if (h === own && ownRead) c = ownAgrees ? Math.min(1, c + 0.1) : Math.min(c, 0.55);
    else if (ownAgrees === false) c -= 0.1;
    // a bar measured from a text page's drawn shapes is never OCR's, even when another page of the bill was OCR'd
    // (a value its row's kWh per day confirms is as good as read sure: ocr_per_day.ts)
    if (ocr && h.how !== "meters" && h.how !== "chart-heights" && !perDay.has(h.value)) {
      c += ocrFactor(h.value, rows);
    }
    if (median && h.value > 0 && far(h.value, median) && !(ctx.total > 0 && !far(h.value, ctx.total))) {
      c -= 0.2;
    }
    out[monthKey(h.year, h.month)] = Math.max(0, Math.min(1, Math.round(c * 100) / 100));
  }
  return out;
}

const far = (v: number, ref: number) => v > ref * 4 || v * 4 < ref;

/**
 * How the OCR words bear on a month's value: printed once under tesseract's 50 (and not twice): −0.3 (a table's
 * month, 0.85, is then under the confirm step's 0.6; a scanned chart's, 0.65, under 0.5: left out); not found
 * as printed anywhere (put together from a chart's geometry, or read from split words): −0.05; else 0.
 */
export function ocrFactor(value: number, rows: ReturnType<typeof ocrRows>): number {
  const found = printings(String(Math.round(value)), rows);
  if (!found.length) return -0.05;
  if (found.length === 1 && found[0] < 50) return -0.3;
  return 0;
}

/** The history without the months under `min`: a month the reader is unsure of is left out rather than guessed. */
export function confidentMonths<T extends ReadMonth>(
  history: T[],
  conf: Record<string, number>,
  min: number = ITEM_MIN_CONFIDENCE,
): T[] {
  return history.filter((h) => (conf[monthKey(h.year, h.month)] ?? 1) >= min);
}
