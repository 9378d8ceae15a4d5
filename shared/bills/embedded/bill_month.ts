// The month a bill's period names. A period's month is the month its last day falls in ("05/09 – 06/08" is June's:
// the corpus's and the real bills' convention), except for a period read on the FIRST day of a month: a meter read
// on the 1st of each month ("07/01/2022 – 08/01/2022") bills the whole month before, and names it (its history's
// newest month, its "statement period"). Such a period ends on the 1st with at most that one day in its end month.

const DAY = 864e5;

/**
 * A date (ISO) standing for the bill's own month: the period's end, or — when the period ends on the first day of a
 * month after at least 20 days of the month before — the day before it. Empty when the period's end is unknown.
 */
export function billMonthDate(periodStart: string, periodEnd: string): string {
  if (!/^\d{4}-\d{2}-01$/.test(periodEnd)) return periodEnd;
  const end = Date.parse(`${periodEnd}T00:00:00Z`);
  const start = /^\d{4}-\d{2}-\d{2}$/.test(periodStart) ? Date.parse(`${periodStart}T00:00:00Z`) : NaN;
  // without a start, a period's length is unknown: the end's month stays the bill's
  if (!Number.isFinite(end) || !Number.isFinite(start) || end - start < 20 * DAY) return periodEnd;
  return new Date(end - DAY).toISOString().slice(0, 10);
}
