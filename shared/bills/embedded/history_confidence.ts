// Confidence of a usage history's months from cross-checks (issue #11: below its threshold a field is left empty
// rather than guessed; a wrong value costs more than an empty one). One confidence for the whole history said
// little (docs/bills.md "Calibrated thresholds"): the wrong months sat in histories otherwise right, or were the
// only month read. Each check here looks at what the bill itself prints beside the history and drops the months
// it contradicts:
// - the month of the bill against the bill's own kWh (the meters', else the one quantity its charge lines bill):
//   a history whose own month is another figure (a reading, a year-to-date total, a column of another table) was
//   read off the wrong cells — the whole reading of that table is suspect, so all its months go when the gap is
//   not one digit (a misread digit drops that month only);
// Generic: no utility's words, only the shapes many bills share.
import type { TextPiece } from "../../documents/text_layout.ts";
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
  return [];
}

/** The history after every check above (parse_bill.ts, after the scan checks). */
export function checkedHistory<T extends HistoryMonth>(
  history: T[],
  bill: { periodEnd: string; total: number; text: string; pages: TextPiece[][] },
): T[] {
  return ownMonthChecked(history, bill.periodEnd, billKwh(bill.total, bill.text));
}
