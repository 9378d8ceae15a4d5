// Confidence of a usage history's months from cross-checks (issue #11: below its threshold a field is left empty
// rather than guessed; a wrong value costs more than an empty one). One confidence for the whole history said
// little (docs/bills.md "Calibrated thresholds"): the wrong months sat in histories otherwise right, or were the
// only month read. Each check here looks at what the bill itself prints beside the history and drops the months
// it contradicts:
// - the month of the bill against the bill's own kWh (the meters', else the one quantity its charge lines bill):
//   a history whose own month is another figure (a reading, a year-to-date total, a column of another table) was
//   read off the wrong cells — the whole reading of that table is suspect, so all its months go when the gap is
//   not one digit (a misread digit drops that month only);
// - on a scan, a month read off a row of per-day figures whose decimal point OCR lost (perDayFigure);
// Generic: no utility's words, only the shapes many bills share.
import { groupByBaseline, type TextPiece } from "../../documents/text_layout.ts";
import { billedQuantities } from "./ocr_kwh.ts";

export interface HistoryMonth {
  year: number;
  month: number;
  value: number;
}

/** The bill's own kWh: the meters' total, else the one quantity billed on two or more charge lines. */
export function billKwh(metersTotal: number, text: string): number | undefined {
  if (metersTotal > 0) return metersTotal;
  const counts = new Map<number, number>();
  for (const q of billedQuantities(text)) if (q > 0) counts.set(q, (counts.get(q) ?? 0) + 1);
  const repeated = [...counts].filter(([, n]) => n >= 2).map(([q]) => q);
  return repeated.length === 1 ? repeated[0] : undefined;
}

/** Two whole numbers of as many digits that differ in one digit ("203" and "293"). */
export function oneDigitApart(a: number, b: number): boolean {
  const x = String(Math.round(a)), z = String(Math.round(b));
  return x.length === z.length && [...x].filter((c, i) => c !== z[i]).length === 1;
}

/** A history of at most this many months whose own month contradicts the bill is dropped whole. */
export const LONE = 2;

/** Two figures are the same kWh (±2%, at least 1). */
const agrees = (a: number, b: number) => Math.abs(a - b) <= Math.max(1, b * 0.02);

/**
 * The history with the months its own month contradicts dropped: where the history holds the month the bill's
 * period ends in and that month is not the bill's kWh, every month is dropped (the table or chart was read off
 * the wrong cells).
 */
export function ownMonthChecked<T extends HistoryMonth>(
  history: T[],
  periodEnd: string,
  kwh: number | undefined,
): T[] {
  if (!periodEnd || !kwh) return history;
  const y = Number(periodEnd.slice(0, 4)), m = Number(periodEnd.slice(5, 7));
  const own = history.find((h) => h.year === y && h.month === m);
  if (!own || agrees(own.value, kwh)) return history;
  // one digit apart ("203" for 293): that month was misread, the others stand
  if (oneDigitApart(own.value, kwh)) return history.filter((h) => h !== own);
  // a lone month or two that is not the bill's kWh: read off the wrong cells. A longer history keeps its months
  // (its own month may be labelled by another convention; its confidence is lowered in parse_bill.ts)
  return history.length <= LONE ? [] : history;
}

/**
 * A month whose value OCR read off a row of per-day figures (one decimal each: "26.8 24.0 19.5 …") with the point
 * lost ("195" for 19.5): its value is printed on a row of three or more such decimals, and a tenth of it lies among
 * them. Scans only (a text layer does not lose a point).
 */
export function perDayFigure(value: number, pages: TextPiece[][]): boolean {
  if (!Number.isInteger(value) || value <= 0) return false;
  return pages.some((ps) =>
    ps.some((p) => p.confidence !== undefined) &&
    groupByBaseline(ps, (p) => p.height).some((r) => {
      const words = r.parts.flatMap((p) => p.text.split(/\s+/));
      if (!words.includes(String(value))) return false;
      const decimals = words.filter((w) => /^\d{1,3}\.\d$/.test(w)).map(Number);
      if (decimals.length < 3) return false;
      const tenth = value / 10;
      return tenth >= Math.min(...decimals) / 1.25 && tenth <= Math.max(...decimals) * 1.25;
    })
  );
}

/** The history after every check above (parse_bill.ts, after the scan checks). */
export function checkedHistory<T extends HistoryMonth>(
  history: T[],
  bill: { periodEnd: string; total: number; text: string; pages: TextPiece[][] },
): T[] {
  const kept = history.filter((h) => !perDayFigure(h.value, bill.pages));
  return ownMonthChecked(kept, bill.periodEnd, billKwh(bill.total, bill.text));
}
