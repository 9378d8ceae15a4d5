// A chart's row of labels under its bars: at least 12 labels on one line (within 3 units), evenly spaced (each gap
// within a quarter of the mean), left to right, with their spacing. Shared by the charts named by month initials
// (chart_initials.ts) and those printing each month's kWh under its label (chart_values_below.ts) or over its bar
// (chart_values_above.ts).
import type { TextPiece } from "../../documents/text_layout.ts";
import type { MonthValue } from "./usage_history.ts";
import { monthNumber } from "./values.ts";

export const center = (p: TextPiece) => p.x + p.width / 2;

/** A month's abbreviation as a chart labels its bar, and a whole number of kWh printed with it. */
export const MONTH3 = /^(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)$/i;
export const WHOLE = /^\d{1,3}(,\d{3})*$|^\d+$/;

/** A bar's month label with its year's two digits ("Sep 22", "Sep-22", "Sep '22"): the year is group 2. */
const MONTH_YEAR = /^(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)(?:-|\s+|\s*['\u2019])(\d{2})$/i;
/** A bar's month label, with or without its year. */
export const isMonthLabel = (text: string) => MONTH3.test(text.trim()) || MONTH_YEAR.test(text.trim());

/**
 * The rows of 12+ evenly spaced month labels that run in calendar order and end with the bill's month. Labels may
 * carry their year ("Sep 22"): then the years must run with the months and the last be the bill's (endYear).
 */
export function monthLabelRows(
  pieces: TextPiece[],
  endMonth: number,
  endYear?: number,
): ReturnType<typeof evenLabelRows> {
  const bare = evenLabelRows(pieces, (p) => MONTH3.test(p.text.trim()));
  const dated = evenLabelRows(pieces, (p) => MONTH_YEAR.test(p.text.trim())).filter(({ row }) => {
    const keys = row.map((p) => {
      const m = p.text.trim().match(MONTH_YEAR)!;
      return (2000 + Number(m[2])) * 12 + monthNumber(m[1])!;
    });
    return endYear !== undefined && keys.every((k, i) => i === 0 || k === keys[i - 1] + 1) &&
      keys.at(-1) === endYear * 12 + endMonth;
  });
  return [
    ...bare.filter(({ row }) => {
      const months = row.map((m) => monthNumber(m.text)!);
      return months.every((m, i) => i === 0 || m === (months[i - 1] % 12) + 1) && months.at(-1) === endMonth;
    }),
    ...dated,
  ];
}

/** The chart's values placed on the months that end with the bill's (year and month of the period's end). */
export function endingWith(values: number[], endYear: number, endMonth: number): MonthValue[] {
  return values.map((v, i) => {
    const k = endYear * 12 + endMonth - 1 - (values.length - 1 - i);
    return { year: Math.floor(k / 12), month: (k % 12) + 1, value: v };
  });
}

/** The evenly spaced rows of 12 or more labels the test accepts, each with its y and spacing. */
export function evenLabelRows(
  pieces: TextPiece[],
  isLabel: (p: TextPiece) => boolean,
): { y: number; row: TextPiece[]; spacing: number }[] {
  const rows = new Map<number, TextPiece[]>();
  for (const p of pieces.filter(isLabel)) {
    const key = [...rows.keys()].find((y) => Math.abs(y - p.y) <= 3) ?? p.y;
    rows.set(key, [...(rows.get(key) ?? []), p]);
  }
  const out: { y: number; row: TextPiece[]; spacing: number }[] = [];
  for (const [y, row] of rows) {
    if (row.length < 12) continue;
    row.sort((a, b) => center(a) - center(b));
    const spacing = (center(row[row.length - 1]) - center(row[0])) / (row.length - 1);
    if (
      !(spacing > 0) ||
      !row.every((p, i) => i === 0 || Math.abs(center(p) - center(row[i - 1]) - spacing) <= spacing * 0.25)
    ) continue;
    out.push({ y, row, spacing });
  }
  return out;
}
