// Usage charts that print each bar's kWh ON TOP of its bar: a row of at least 12 evenly spaced month abbreviations
// under the bars, and above every label, at the height of its bar, one whole number centred over it. The bars'
// heights differ, so the numbers stand on no common line (a line reader pairs them with the wrong months or with
// other text on their line). Each month takes the nearest whole number above its label within the chart's height
// and within a third of the label spacing of its centre; every month must have one, no number may be taken twice,
// the last month is the bill's (the period's end gives the years) and its number is the meters' kWh (±2%); a chart
// whose title says its bars are not kWh (chart_titles.ts) gives nothing.
import type { TextPiece } from "../../documents/text_layout.ts";
import type { MonthValue } from "./usage_history.ts";
import { notKwhChart } from "./chart_titles.ts";
import { center, endingWith, isMonthLabel, monthLabelRows, WHOLE } from "./chart_rows.ts";

/** The months' kWh printed over their bars above a row of month labels, or [] (see above). */
export function readValuesAboveChart(
  pieces: TextPiece[],
  periodEnd: string,
  periodKwh: number,
): MonthValue[] {
  if (!periodEnd || !(periodKwh > 0)) return [];
  const [endYear, endMonth] = [Number(periodEnd.slice(0, 4)), Number(periodEnd.slice(5, 7))];
  for (const { y, row, spacing } of monthLabelRows(pieces, endMonth, endYear)) {
    const h = Math.max(...row.map((p) => p.height), 1);
    // the chart's height: bars are at most about ten label spacings tall
    const top = y - Math.max(12 * h, 6 * spacing);
    const picked = row.map((m) => {
      const above = pieces.filter((p) =>
        p.y < y - 1 && p.y >= top && WHOLE.test(p.text.trim()) && p.width <= spacing * 1.2 &&
        Math.abs(center(p) - center(m)) <= spacing / 3
      );
      return above.sort((a, b) => b.y - a.y)[0];
    });
    if (picked.some((p) => !p) || new Set(picked).size !== picked.length) continue;
    // the numbers stand at different heights (bars): on one line they would be a row under a title, not bars
    if (new Set(picked.map((p) => Math.round(p!.y))).size < 3) continue;
    const values = picked.map((p) => Number(p!.text.replace(/,/g, "")));
    if (Math.abs(values.at(-1)! - periodKwh) > Math.max(1, periodKwh * 0.02)) continue;
    const highest = Math.min(...picked.map((p) => p!.y));
    const x0 = row[0].x - spacing / 2, x1 = row.at(-1)!.x + row.at(-1)!.width + spacing / 2;
    const title = pieces.filter((p) =>
      p.y < highest && p.y > highest - 6 * h && p.x + p.width >= x0 && p.x <= x1 &&
      /[A-Za-z]{3}/.test(p.text) &&
      !isMonthLabel(p.text)
    ).map((p) => p.text).join(" ");
    if (notKwhChart(title)) continue;
    return endingWith(values, endYear, endMonth);
  }
  return [];
}
