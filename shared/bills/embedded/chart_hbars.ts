// Usage histories drawn as HORIZONTAL bars without printed values: a column of 12+ month labels at the left ("Aug
// 24", "AUG", "August"), one filled bar to the right of each, and a row of kWh ticks under (or over) the bars
// ("0 300 600 … 1,800" with "kWh" under them, or "0 kWh …"). Each bar's length against the ticks is the month's kWh,
// an estimate as a vertical bar's height is (chart_bars.ts): the bars are turned into the vertical frame (value
// growing up the page) and measured by the same scale, rounding, confidence and refusal rules. Generic: geometry only.
import type { FilledBox } from "../../documents/pdf_shapes.ts";
import type { TextPiece } from "../../documents/text_layout.ts";
import { type Axis, median, valueRows } from "./chart_axis.ts";
import { type BarMonth, estimates, type MonthFigure } from "./chart_scale.ts";
import { monthNumber } from "./values.ts";

/** A month label of a horizontal chart: "Aug", "AUG", "August", "Aug 24", "Aug-24", "Aug '24", "Aug 2024". */
const LABEL =
  /^(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?(?:(?:-|\s+|\s*['\u2019])(\d{2}|(?:19|20)\d{2}))?$/i;
/** Labels looked at on a page (the first ones). */
const MAX_LABELS = 300;

/** A label's middle, across its line (a third of its size above the baseline). */
const middle = (p: TextPiece) => p.y - 0.35 * p.height;

interface Column {
  labels: TextPiece[];
  /** The labels' right edge (the bars start to its right), their spacing (points) and each one's month key. */
  right: number;
  spacing: number;
  keys: number[];
}

/** The month key (year × 12 + month − 1) of each label, top to bottom, or undefined. */
function columnKeys(labels: TextPiece[], periodEnd: string): number[] | undefined {
  const parsed = labels.map((p) => {
    const m = p.text.trim().match(LABEL)!;
    const month = monthNumber(m[1])!;
    const year = m[2] ? (m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2])) : undefined;
    return { month, year };
  });
  const step = ((parsed[1].month - parsed[0].month) % 12 + 12) % 12 === 1 ? 1 : -1;
  if (
    !parsed.every((l, i) => i === 0 || ((l.month - parsed[i - 1].month) % 12 + 12) % 12 === (step + 12) % 12)
  ) {
    return undefined;
  }
  const end = periodEnd ? Number(periodEnd.slice(0, 4)) * 12 + Number(periodEnd.slice(5, 7)) - 1 : undefined;
  const newest = step === 1 ? parsed.length - 1 : 0;
  let newestKey: number;
  if (parsed.every((l) => l.year !== undefined)) {
    const keys = parsed.map((l) => l.year! * 12 + l.month - 1);
    if (!keys.every((k, i) => i === 0 || k === keys[i - 1] + step)) return undefined;
    newestKey = keys[newest];
    if (end !== undefined && newestKey !== end && newestKey !== end - 1) return undefined;
  } else if (parsed.some((l) => l.year !== undefined)) return undefined;
  else {
    // no years: the newest bar is the bill's month
    if (end === undefined || (end % 12) + 1 !== parsed[newest].month) return undefined;
    newestKey = end;
  }
  return parsed.map((_, i) => newestKey + (i - newest) * step);
}

/** Columns of 12+ month labels right-aligned (within 3 points), evenly spaced down the page, in calendar order. */
function labelColumns(pieces: TextPiece[], periodEnd: string): Column[] {
  const labels = pieces.filter((p) => LABEL.test(p.text.trim())).slice(0, MAX_LABELS);
  const out: Column[] = [];
  const used = new Set<TextPiece>();
  for (const l of labels) {
    if (used.has(l)) continue;
    const col = labels.filter((u) => !used.has(u) && Math.abs(u.x + u.width - (l.x + l.width)) <= 3)
      .sort((a, b) => a.y - b.y);
    if (col.length < 12) continue;
    col.forEach((u) => used.add(u));
    const spacing = (middle(col.at(-1)!) - middle(col[0])) / (col.length - 1);
    if (
      !(spacing > 0) ||
      !col.every((p, i) => i === 0 || Math.abs(middle(p) - middle(col[i - 1]) - spacing) <= spacing * 0.25)
    ) continue;
    const keys = columnKeys(col, periodEnd);
    if (keys) out.push({ labels: col, right: Math.max(...col.map((p) => p.x + p.width)), spacing, keys });
  }
  return out;
}

/**
 * The bar right of a label: the filled boxes level with it (their middle within 0.4 of the spacing), thinner than
 * the spacing, starting near the axis's zero (within half a step) and not past its top tick (by over half a step);
 * boxes of one row (same top and height) are one bar, stacked end to end. Two rows: undefined (grouped bars).
 */
function barRight(label: TextPiece, boxes: FilledBox[], axis: Axis, spacing: number): FilledBox | undefined {
  const near = boxes.filter((b) =>
    Math.abs(b.y + b.height / 2 - middle(label)) <= spacing * 0.4 && b.height < spacing &&
    b.x >= label.x + label.width - 1 && b.x >= axis.zero - axis.stepPt / 2 &&
    b.x + b.width <= axis.top + axis.stepPt / 2
  );
  if (
    !near.length || near.some((b) => Math.abs(b.y - near[0].y) > 1 || Math.abs(b.height - near[0].height) > 1)
  ) {
    return undefined;
  }
  const left = Math.min(...near.map((b) => b.x)), right = Math.max(...near.map((b) => b.x + b.width));
  if (left > axis.zero + axis.stepPt / 2) return undefined;
  return { x: left, y: near[0].y, width: right - left, height: near[0].height };
}

/**
 * Each month's kWh measured from a horizontal bar chart without values: a row of ticks (chart_axis.ts valueRows)
 * under the label column (within three spacings and 40 points of its last label) or over it, its zero right of the
 * labels; over three quarters of the labels with one bar, the bars of one thickness (±30%) starting at one x.
 */
export function readHorizontalBars(
  pieces: TextPiece[],
  boxes: FilledBox[],
  periodEnd: string,
  printed: MonthFigure[] = [],
): BarMonth[] {
  if (!boxes.length) return [];
  const columns = labelColumns(pieces, periodEnd);
  if (!columns.length) return [];
  for (const axis of valueRows(pieces)) {
    for (const { labels, right, spacing, keys } of columns) {
      const first = labels[0].y, last = labels.at(-1)!.y, reach = 3 * spacing + 40;
      const below = axis.right > last && axis.right <= last + reach;
      const above = axis.right < first - labels[0].height && axis.right >= first - reach;
      if ((!below && !above) || axis.zero < right - 2) continue;
      const bars = labels.map((l) => barRight(l, boxes, axis, spacing));
      const found = bars.filter((b) => b !== undefined) as FilledBox[];
      if (found.length < Math.max(6, labels.length * 0.75)) continue;
      const thick = median(found.map((b) => b.height));
      const lefts = found.map((b) => b.x);
      if (
        found.some((b) => Math.abs(b.height - thick) > thick * 0.3) ||
        Math.max(...lefts) - Math.min(...lefts) > Math.max(1, axis.stepPt * 0.1)
      ) continue;
      // turned: a value's position is −x, growing up as a vertical chart's; a bar's top is −(its right end)
      const turned: Axis = { ...axis, zero: -axis.zero, slope: -axis.slope, top: -axis.top };
      const upright = bars.map((b) => b && { x: b.y, y: -(b.x + b.width), width: b.height, height: b.width });
      return estimates(upright, keys, turned, printed);
    }
  }
  return [];
}
