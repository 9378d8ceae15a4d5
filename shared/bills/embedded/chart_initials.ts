import type { TextPiece } from "../../documents/text_layout.ts";
import type { MonthValue } from "./usage_history.ts";
import { notKwhChart } from "./chart_titles.ts";
import { center, evenLabelRows } from "./chart_rows.ts";

const INITIALS = "JFMAMJJASOND";

/**
 * Usage bar charts whose bars are named by the month's initial only ("A M J J A S O N D J F M A" under the
 * bars, each bar's kWh printed above it). A run of at least 12 evenly spaced initials fits the calendar's
 * initials at one place only, which names every bar's month; the last bar is the bill's month (the period's
 * end), which gives the years. A row that fits nowhere, or whose last month is not the bill's, gives nothing;
 * so does a chart whose title says its bars are not kWh (chart_titles.ts).
 */
export function readInitialsChart(pieces: TextPiece[], periodEnd: string): MonthValue[] {
  if (!periodEnd) return [];
  for (const { y, row, spacing } of evenLabelRows(pieces, (p) => /^[JFMASOND]$/.test(p.text.trim()))) {
    const letters = row.map((p) => p.text.trim()).join("");
    const fits = [...INITIALS].map((_, o) => o).filter((o) =>
      [...letters].every((l, i) => INITIALS[(o + i) % 12] === l)
    );
    if (fits.length !== 1) continue;
    const month = (i: number) => ((fits[0] + i) % 12) + 1;
    const [endYear, endMonth] = [Number(periodEnd.slice(0, 4)), Number(periodEnd.slice(5, 7))];
    if (month(row.length - 1) !== endMonth) continue;
    // the bars' values: up to six spacings above the row, or up to the nearest words over the bars (the chart's
    // title) where the chart is taller — at most twelve spacings (a tall chart of narrow bars)
    const over = (p: TextPiece) => p.x + p.width >= row[0].x && p.x <= row.at(-1)!.x + spacing;
    const ceiling = Math.max(
      y - spacing * 12,
      ...pieces.filter((p) => p.y < y && over(p) && /[A-Za-z]{3}/.test(p.text)).map((p) => p.y),
    );
    const labels = pieces.filter((p) =>
      /^\d{1,3}(,\d{3})*$|^\d+$/.test(p.text.trim()) && p.y < y && p.y > Math.min(y - spacing * 6, ceiling)
    );
    const used: TextPiece[] = [];
    const values = row.map((m) => {
      const near = labels.filter((l) => Math.abs(center(l) - center(m)) <= spacing * 0.35);
      if (near.length === 1) used.push(near[0]);
      return near.length === 1 ? Number(near[0].text.replace(/,/g, "")) : undefined;
    });
    if (values.filter((v) => v !== undefined).length < row.length / 2) continue;
    // the title over the bars' values (an average per day, a cost, a temperature is not kWh)
    const top = Math.min(...used.map((l) => l.y), y);
    const title = pieces.filter((p) =>
      p.y < top && p.y > top - 30 && p.x + p.width >= row[0].x && p.x <= row.at(-1)!.x + spacing &&
      /[A-Za-z]{3}/.test(p.text)
    ).map((p) => p.text).join(" ");
    if (notKwhChart(title)) continue;
    return row.flatMap((_, i) => {
      if (values[i] === undefined) return [];
      const back = row.length - 1 - i;
      const k = endYear * 12 + endMonth - 1 - back;
      return [{ year: Math.floor(k / 12), month: (k % 12) + 1, value: values[i]! }];
    });
  }
  return [];
}
