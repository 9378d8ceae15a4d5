// Usage charts that print each bar's kWh UNDER its month label ("Apr May Jun … Apr" over "366 368 450 … 423"):
// a row of at least 12 evenly spaced month abbreviations, and on the row right below it one whole number centred
// under every month, nothing else in the chart's span. Taken only when it agrees with the bill: the last month is
// the bill's (the period's end, which gives the years) and its number is the meters' kWh of the period (±2%); a
// chart whose title says its bars are not kWh (chart_titles.ts) gives nothing. A row under the months that is
// anything else — days, temperatures, costs — does not end in the period's kWh, so it is never read as usage.
import type { TextPiece } from "../../documents/text_layout.ts";
import type { MonthValue } from "./usage_history.ts";
import { notKwhChart } from "./chart_titles.ts";
import { center, endingWith, isMonthLabel, monthLabelRows, WHOLE } from "./chart_rows.ts";

/** The months' kWh printed under a row of month labels, or [] (see above). `periodKwh`: the meters' kWh. */
export function readValuesBelowChart(
  pieces: TextPiece[],
  periodEnd: string,
  periodKwh: number,
): MonthValue[] {
  if (!periodEnd || !(periodKwh > 0)) return [];
  const [endYear, endMonth] = [Number(periodEnd.slice(0, 4)), Number(periodEnd.slice(5, 7))];
  // consecutive calendar months, the last the bill's
  for (const { y, row, spacing } of monthLabelRows(pieces, endMonth, endYear)) {
    // the row right under the labels, within the chart's span
    const h = Math.max(...row.map((p) => p.height), 1);
    const x0 = row[0].x - spacing / 2, x1 = row.at(-1)!.x + row.at(-1)!.width + spacing / 2;
    const below = pieces.filter((p) => p.y > y + 1 && p.y <= y + 2 * h && center(p) >= x0 && center(p) <= x1);
    if (below.some((p) => !WHOLE.test(p.text.trim()))) continue;
    const values = row.map((m) => {
      const near = below.filter((l) => Math.abs(center(l) - center(m)) <= spacing * 0.35);
      return near.length === 1 ? Number(near[0].text.replace(/,/g, "")) : undefined;
    });
    if (values.some((v) => v === undefined) || below.length !== row.length) continue;
    const last = values.at(-1)!;
    if (Math.abs(last - periodKwh) > Math.max(1, periodKwh * 0.02)) continue;
    // the chart's title over the bars (an average per day, a cost, a temperature is not kWh)
    const title = pieces.filter((p) =>
      p.y < y && p.y > y - 6 * h && p.x + p.width >= x0 && p.x <= x1 && /[A-Za-z]{3}/.test(p.text) &&
      !isMonthLabel(p.text)
    ).map((p) => p.text).join(" ");
    if (notKwhChart(title)) continue;
    return endingWith(values.map((v) => v!), endYear, endMonth);
  }
  return [];
}
