import type { TextPiece } from "../../documents/text_layout.ts";
import type { MonthValue } from "./usage_history.ts";
import { monthNumber } from "./values.ts";

const MONTH3 = /^(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)$/i;
const center = (p: TextPiece) => p.x + p.width / 2;

/**
 * Usage bar charts that print each bar's kWh as a label (e.g. BGE's "ANNUAL ELECTRIC USAGE"): a row of
 * at least 12 month abbreviations, and integer labels above it each centred over one month. Years come
 * from the billing period's end (the last bar is the bill's month) or else from the year labels.
 */
export function readUsageChart(pieces: TextPiece[], periodEnd: string): MonthValue[] {
  const months = pieces.filter((p) => MONTH3.test(p.text.trim()));
  // group month labels by row
  const rows = new Map<number, TextPiece[]>();
  for (const m of months) {
    const key = [...rows.keys()].find((y) => Math.abs(y - m.y) <= 3) ?? m.y;
    rows.set(key, [...(rows.get(key) ?? []), m]);
  }
  for (const [y, row] of rows) {
    if (row.length < 12) continue;
    row.sort((a, b) => center(a) - center(b));
    const spacing = (center(row[row.length - 1]) - center(row[0])) / (row.length - 1);
    const isYear = (p: TextPiece) => /^(19|20)\d{2}$/.test(p.text.trim());
    // a row of two or more years is the year axis, not bar values
    const yearRow = (p: TextPiece) =>
      isYear(p) && pieces.some((q) => q !== p && isYear(q) && Math.abs(q.y - p.y) <= 3);
    const labels = pieces.filter((p) =>
      /^\d{1,3}(,\d{3})*$|^\d+$/.test(p.text.trim()) && p.y < y && p.y > y - spacing * 12 && !yearRow(p)
    );
    const values: (number | undefined)[] = row.map((m) => {
      const near = labels.filter((l) => Math.abs(center(l) - center(m)) <= spacing * 0.35);
      return near.length === 1 ? Number(near[0].text.replace(/,/g, "")) : undefined;
    });
    if (values.filter((v) => v !== undefined).length < row.length / 2) continue;
    const years = yearsFor(
      row.map((m) => monthNumber(m.text)!),
      periodEnd,
      pieces.filter((p) => /^(19|20)\d{2}$/.test(p.text.trim()) && p.y < y),
    );
    if (!years) continue;
    return row.flatMap((
      m,
      i,
    ) => (values[i] === undefined
      ? []
      : [{ year: years[i], month: monthNumber(m.text)!, value: values[i]! }])
    );
  }
  return [];
}

function yearsFor(months: number[], periodEnd: string, yearLabels: TextPiece[]): number[] | undefined {
  let lastYear: number | undefined;
  if (periodEnd && Number(periodEnd.slice(5, 7)) === months[months.length - 1]) {
    lastYear = Number(periodEnd.slice(0, 4));
  } else if (yearLabels.length) lastYear = Math.max(...yearLabels.map((p) => Number(p.text.trim())));
  if (!lastYear) return undefined;
  const out = new Array<number>(months.length);
  out[months.length - 1] = lastYear;
  for (let i = months.length - 2; i >= 0; i--) {
    out[i] = months[i] < months[i + 1] ? out[i + 1] : out[i + 1] - 1;
  }
  return out;
}
