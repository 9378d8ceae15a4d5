// Usage bar charts that print no value: the bars are drawn shapes, the only words are the value axis's ticks
// ("0 kWh", "390 kWh" … "1,950 kWh", or bare numbers under a usage title: chart_axis.ts), the months under the bars
// (initials or names) and the years; a line chart's points marked by filled dots are read the same way, a line
// drawn as a stroked polyline by its vertices (chart_lines.ts), and horizontal bars by chart_hbars.ts. Each month's
// kWh is measured from its bar's height against the axis: an ESTIMATE to the chart's resolution, never a printed
// figure. Such a month is marked (`fromChart`), never overrides a month the bill prints (parse_bill.ts puts these
// readings first, so any other reading of the month wins), and its confidence stays under the confirm step's limit
// (plausibility.ts minConfidence 0.6) so the homeowner confirms it. Generic: no utility's words, only geometry.
import type { FilledBox } from "../../documents/pdf_shapes.ts";
import type { StrokedPath } from "../../documents/pdf_strokes.ts";
import type { TextPiece } from "../../documents/text_layout.ts";
import { type Axis, median, valueAxes } from "./chart_axis.ts";
import { center, evenLabelRows, MONTH3 } from "./chart_rows.ts";
import { monthNumber } from "./values.ts";
import { type BarMonth, estimates, type MonthFigure } from "./chart_scale.ts";
import { readHorizontalBars } from "./chart_hbars.ts";
import { gappedLabelRows } from "./chart_label_gaps.ts";
import { lineVertices } from "./chart_lines.ts";
import { printedShown, tracedVertices } from "./chart_traces.ts";
import type { ReadMonth } from "./month_confidence.ts";

export type { BarMonth, MonthFigure };
export { valueAxes };

const YEAR = /^(?:19|20)\d{2}$/;
const INITIALS = "JFMAMJJASOND";
/** The months of a row of labels under the bars (initials fitted to the calendar, or names), or undefined. */
function rowMonths(row: TextPiece[]): number[] | undefined {
  const words = row.map((p) => p.text.trim());
  if (words.every((w) => /^[JFMASOND]$/.test(w))) {
    const fits = [...INITIALS].map((_, o) => o).filter((o) =>
      words.every((l, i) => INITIALS[(o + i) % 12] === l)
    );
    return fits.length === 1 ? words.map((_, i) => ((fits[0] + i) % 12) + 1) : undefined;
  }
  const months = words.map((w) => monthNumber(w) ?? 0);
  return months.every((m, i) => m > 0 && (i === 0 || m === (months[i - 1] % 12) + 1)) ? months : undefined;
}

/**
 * The year of each label: the years printed by the row (a year's label belongs to the month label nearest to it),
 * all agreeing; without one, the last bar is the bill's month (`periodEnd`). With both, the last bar must be the
 * bill's month or the one before it. Undefined when they disagree or nothing anchors the years.
 */
function rowKeys(
  row: TextPiece[],
  months: number[],
  pieces: TextPiece[],
  spacing: number,
  periodEnd: string,
): number[] | undefined {
  const h = Math.max(...row.map((p) => p.height), 4);
  const y = row[0].y;
  const years = pieces.filter((p) =>
    YEAR.test(p.text.trim()) && p.y >= y - 2 * h && p.y <= y + 3 * h &&
    center(p) >= center(row[0]) - 2 * spacing && center(p) <= center(row.at(-1)!) + 2 * spacing
  );
  // the month key of the first label (year × 12 + month − 1) each anchor implies
  const starts = new Set<number>();
  for (const yp of years) {
    const i = row.reduce(
      (best, p, k) => Math.abs(center(p) - center(yp)) < Math.abs(center(row[best]) - center(yp)) ? k : best,
      0,
    );
    starts.add(Number(yp.text.trim()) * 12 + months[i] - 1 - i);
  }
  const end = periodEnd ? Number(periodEnd.slice(0, 4)) * 12 + Number(periodEnd.slice(5, 7)) - 1 : undefined;
  let first: number;
  if (starts.size > 1) return undefined;
  if (starts.size === 1) {
    first = [...starts][0];
    if ((first % 12) + 1 !== months[0]) return undefined;
    const last = first + row.length - 1;
    if (end !== undefined && last !== end && last !== end - 1) return undefined;
  } else {
    if (end === undefined || (end % 12) + 1 !== months.at(-1)) return undefined;
    first = end - (row.length - 1);
  }
  return row.map((_, i) => first + i);
}

/**
 * Each month's kWh measured from a chart without printed values: a value axis (chart_axis.ts valueAxes), a row of
 * 12+ evenly spaced month labels just under its zero, and over each label either one column of filled boxes (a
 * bar, or a bar's stacked parts) of similar width, the bars sharing one baseline near the zero, or — a line chart
 * — one small filled dot (the point's marker), its centre the month's value. A label with no bar or two bars side
 * by side (this year / last year) gives nothing; a chart where under three quarters of the labels have one, or
 * whose bars differ in width or baseline (dots in size), gives nothing. Without bars or dots, a line drawn as a
 * stroked polyline (`strokes`, chart_lines.ts) gives each month its vertex, and a line traced in a scan's pixels
 * (chart_traces.ts) each month the meeting of its straight stretches.
 */
export function readBarHeights(
  pieces: TextPiece[],
  boxes: FilledBox[],
  periodEnd: string,
  printed: MonthFigure[] = [],
  strokes: StrokedPath[] = [],
): BarMonth[] {
  if (!boxes.length && !strokes.length) return [];
  const labels = splitLabels(pieces);
  const rows = evenLabelRows(labels, (p) => /^[JFMASOND]$/.test(p.text.trim()) || MONTH3.test(p.text.trim()));
  // rows with a few labels OCR garbled, each placed by its neighbours (chart_label_gaps.ts)
  rows.push(...gappedLabelRows(labels).filter((g) => !rows.some((r) => Math.abs(r.y - g.y) <= 3)));
  for (const axis of valueAxes(pieces, boxes)) {
    for (const { y, row, spacing } of rows) {
      if (y <= axis.zero || y > axis.zero + Math.max(2 * axis.stepPt, 30) || row[0].x < axis.right - 2) {
        continue;
      }
      const months = rowMonths(row);
      const keys = months && rowKeys(row, months, pieces, spacing, periodEnd);
      if (!keys) continue;
      const bars = columnBars(row, boxes, axis, spacing) ?? lineDots(row, boxes, axis, spacing) ??
        lineVertices(row, strokes.filter((s) => !s.traced), axis, spacing);
      if (bars) return estimates(bars, keys, axis, printed);
      // a line traced in a scan's pixels: only where it shows the months the bill prints (chart_traces.ts)
      const traced = tracedVertices(row, strokes.filter((s) => s.traced), axis, spacing);
      if (traced && printedShown(traced, keys, printed)) return estimates(traced, keys, axis, printed);
    }
  }
  return [];
}

/**
 * Month labels the text layer joined into one piece ("MAR APR") split into words, each placed by its characters'
 * share of the piece's width; other pieces as they are.
 */
function splitLabels(pieces: TextPiece[]): TextPiece[] {
  return pieces.flatMap((p) => {
    const words = p.text.trim().split(/\s+/);
    if (words.length < 2 || !words.every((w) => MONTH3.test(w) || /^[JFMASOND]$/.test(w))) return [p];
    const per = p.width / p.text.length;
    let from = 0;
    return words.map((w) => {
      const at = p.text.indexOf(w, from);
      from = at + w.length;
      return { ...p, text: w, x: p.x + at * per, width: w.length * per };
    });
  });
}

/** The bars over a row of labels, or undefined when they are too few or unlike (widths ±30%, baselines). */
function columnBars(
  row: TextPiece[],
  boxes: FilledBox[],
  axis: Axis,
  spacing: number,
): (FilledBox | undefined)[] | undefined {
  const bars = row.map((label) => barOver(label, boxes, axis, spacing));
  const found = bars.filter((b) => b !== undefined) as FilledBox[];
  if (found.length < Math.max(6, row.length * 0.75) && !partialChart(row, bars, boxes, axis, spacing)) {
    return undefined;
  }
  const width = median(found.map((b) => b.width));
  const bottoms = found.map((b) => b.y + b.height);
  if (
    found.some((b) => Math.abs(b.width - width) > width * 0.3) ||
    Math.max(...bottoms) - Math.min(...bottoms) > Math.max(1, axis.stepPt * 0.1)
  ) return undefined;
  return bars;
}

/**
 * A line chart's points over a row of labels: over each label one small filled dot (under 10 points and under half
 * the labels' spacing, about as tall as wide), centred on the label, between the axis's zero and its top; the dots
 * of one size (±30%). As boxes from the dot's centre down to the axis's zero, so a point is measured as a bar's top.
 * Undefined when under three quarters of the labels have one dot, or a label has two.
 */
function lineDots(
  row: TextPiece[],
  boxes: FilledBox[],
  axis: Axis,
  spacing: number,
): (FilledBox | undefined)[] | undefined {
  const size = Math.min(10, spacing * 0.5);
  const dots = row.map((label) => {
    const near = boxes.filter((b) => {
      const cy = b.y + b.height / 2;
      return b.width <= size && b.height <= size &&
        Math.abs(b.width - b.height) <= Math.max(1, b.width * 0.2) &&
        Math.abs(b.x + b.width / 2 - center(label)) <= spacing * 0.3 && b.x > axis.right &&
        cy >= axis.top - axis.stepPt / 2 && cy <= axis.zero + 0.5;
    });
    return near.length === 1 ? near[0] : undefined;
  });
  const found = dots.filter((b) => b !== undefined) as FilledBox[];
  if (found.length < Math.max(6, row.length * 0.75)) return undefined;
  const width = median(found.map((b) => b.width));
  if (found.some((b) => Math.abs(b.width - width) > width * 0.3)) return undefined;
  return dots.map((b) =>
    b &&
    { x: b.x, y: b.y + b.height / 2, width: b.width, height: Math.max(0, axis.zero - (b.y + b.height / 2)) }
  );
}

/**
 * A chart whose history starts part-way along its row (an account, or its supplier, younger than the chart): no
 * shape at all over the first labels, then one bar over every label to the newest, at least six. Its first bar is
 * the account's first bill, whose period may be a part of a month or more than one: it is not read (set to
 * undefined here); the bars after it are. A row with a label missing its bar anywhere else is not such a chart.
 */
function partialChart(
  row: TextPiece[],
  bars: (FilledBox | undefined)[],
  boxes: FilledBox[],
  axis: Axis,
  spacing: number,
): boolean {
  const first = bars.findIndex((b) => b !== undefined);
  if (first <= 0 || bars.length - first < 6 || bars.slice(first).some((b) => b === undefined)) return false;
  if (row.slice(0, first).some((label) => nearLabel(label, boxes, axis, spacing).length)) return false;
  bars[first] = undefined;
  return true;
}

/**
 * The filled boxes that may be a bar over a month label (see barOver). A box that begins within the label's own
 * line (its top under the label's top, `label.y` being the label's baseline) is a piece of the label's glyphs — a
 * phone photo's blurred letter filled solid ("Mar" under ohioedison's bar, photos18) — not a bar standing over it.
 */
function nearLabel(label: TextPiece, boxes: FilledBox[], axis: Axis, spacing: number): FilledBox[] {
  return boxes.filter((b) =>
    Math.abs(b.x + b.width / 2 - center(label)) <= spacing * 0.4 && b.width < spacing &&
    b.x > axis.right && b.y >= axis.top - axis.stepPt / 2 && b.y + b.height <= axis.zero + axis.stepPt / 2 &&
    b.y + b.height >= axis.zero - axis.stepPt / 2 && b.y <= label.y - label.height
  );
}

/**
 * The bar over a month label: the filled boxes centred on the label (within 0.4 of the labels' spacing), narrower
 * than the spacing, ending near the axis's zero (within half a step) and not above its top tick (by over half a
 * step); boxes of one column (same left edge and width) are one bar, stacked. Two columns: undefined (grouped bars).
 */
function barOver(label: TextPiece, boxes: FilledBox[], axis: Axis, spacing: number): FilledBox | undefined {
  const near = nearLabel(label, boxes, axis, spacing);
  if (
    !near.length || near.some((b) => Math.abs(b.x - near[0].x) > 1 || Math.abs(b.width - near[0].width) > 1)
  ) {
    return undefined;
  }
  const top = Math.min(...near.map((b) => b.y)), bottom = Math.max(...near.map((b) => b.y + b.height));
  return { x: near[0].x, y: top, width: near[0].width, height: bottom - top };
}

/**
 * The months of every page's charts without values (vertical bars, a line's dots or its stroked vertices, else
 * horizontal bars) but the bill's own month (the period's end), for the reader's history (parse_bill.ts): each with
 * the chart's own confidence as its base (month_confidence.ts) and tagged `chart-heights`.
 */
export function chartHeightMonths(
  pages: TextPiece[][],
  boxes: FilledBox[][],
  periodEnd: string,
  printed: MonthFigure[] = [],
  strokes: StrokedPath[][] = [],
): (ReadMonth & { how: "chart-heights" })[] {
  const own = periodEnd ? Number(periodEnd.slice(0, 4)) * 12 + Number(periodEnd.slice(5, 7)) - 1 : undefined;
  return Array.from({ length: Math.max(boxes.length, strokes.length) }, (_, i) => boxes[i] ?? []).flatMap(
    (b, i) => {
      const vertical = readBarHeights(pages[i] ?? [], b, periodEnd, printed, strokes[i] ?? []);
      const read = vertical.length ? vertical : readHorizontalBars(pages[i] ?? [], b, periodEnd, printed);
      // the bill's own month is never taken from its bar: every bill prints the period's kWh, and where the reader
      // missed that figure an estimate beside it would be a wrong value, not an empty one
      return read.filter((m) => m.year * 12 + m.month - 1 !== own).map((m) => ({
        year: m.year,
        month: m.month,
        value: m.value,
        base: m.confidence,
        how: "chart-heights" as const,
      }));
    },
  );
}
