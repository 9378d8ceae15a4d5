// Usage bar charts that print no value: the bars are drawn shapes, the only words are the value axis's ticks
// ("0 kWh", "390 kWh" … "1,950 kWh"), the months under the bars (initials or names) and the years. Each month's kWh
// is measured from its bar's height against the axis: an ESTIMATE to the chart's resolution, never a printed
// figure. Such a month is marked (`fromChart`), never overrides a month the bill prints (parse_bill.ts puts these
// readings first, so any other reading of the month wins), and its confidence stays under the confirm step's limit
// (plausibility.ts minConfidence 0.6) so the homeowner confirms it. Generic: no utility's words, only geometry.
import type { FilledBox } from "../../documents/pdf_shapes.ts";
import type { TextPiece } from "../../documents/text_layout.ts";
import { center, evenLabelRows, MONTH3 } from "./chart_rows.ts";
import { monthNumber } from "./values.ts";
import type { ReadMonth } from "./month_confidence.ts";

export interface BarMonth {
  year: number;
  month: number;
  /** The kWh the bar's height shows, rounded to `resolution`. */
  value: number;
  /** The rounding step of the estimate (kWh): half a point of height on the chart's scale, to 1-2-5. */
  resolution: number;
  /**
   * 0.59 less the estimate's relative uncertainty (half a point of height and the ticks' scatter, over the value,
   * plus the allowance for a chart drawn off its labels): always under the confirm step's 0.6; a month under 0.5
   * (a bar too short for its estimate to be within 9%) is not returned.
   */
  confidence: number;
}

/** A tick of the value axis: a whole number of kWh with its unit ("390 kWh", "1,950 kWh"). */
const TICK = /^(\d{1,3}(?:,\d{3})+|\d+)\s*kwh$/i;
const YEAR = /^(?:19|20)\d{2}$/;
const INITIALS = "JFMAMJJASOND";
/** Ticks of one axis looked at (a real axis has under a dozen), and tick-like words of a page (the first ones). */
const MAX_TICKS = 30;
const MAX_TICK_WORDS = 300;
/**
 * How far a chart's bars may be drawn off its own axis labels, relative: read by their labels, FPL's tallest bars
 * come out up to 4.7% under the kWh they stand for (docs/bills.md "Charts without values"), however finely the
 * height is measured.
 */
const DRAWING_ALLOWANCE = 0.05;
/** A month whose estimate is less sure than this (relative) is left out: 0.59 − 0.09 = 0.5, the item minimum. */
const MAX_RELATIVE_UNCERTAINTY = 0.09;

interface Axis {
  /** The right edge of the tick labels (the bars are to its right). */
  right: number;
  /** y (points, down) = zero + slope × kWh; slope < 0 (larger values higher on the page). */
  zero: number;
  slope: number;
  /** The highest tick's y, and the points between two ticks. */
  top: number;
  stepPt: number;
  /** The median distance (points) of a tick from the fitted line. */
  residual: number;
}

/** Median of a non-empty list. */
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * The value axes of a page: three or more kWh ticks right-aligned in one column, values rising up the page, whose
 * positions fit one linear scale (Theil–Sen: robust to one label nudged off its tick, e.g. "0 kWh" set above the
 * axis line); a tick more than a sixth of a step off the fitted line rejects the axis.
 */
export function valueAxes(pieces: TextPiece[]): Axis[] {
  const ticks = pieces.flatMap((p) => {
    const m = p.text.trim().match(TICK);
    // a label is centred on its tick: its digits' middle, a third of the size above the baseline
    return m
      ? [{ value: Number(m[1].replace(/,/g, "")), y: p.y - 0.35 * p.height, right: p.x + p.width }]
      : [];
  }).slice(0, MAX_TICK_WORDS);
  const out: Axis[] = [];
  const used = new Set<number>();
  ticks.forEach((t, i) => {
    if (used.has(i)) return;
    const col = ticks.map((u, j) => ({ u, j })).filter(({ u, j }) =>
      !used.has(j) && Math.abs(u.right - t.right) <= 3
    )
      .slice(0, MAX_TICKS).map(({ u, j }) => (used.add(j), u));
    const byY = [...new Map(col.map((u) => [u.value, u])).values()].sort((a, b) => b.y - a.y);
    if (
      byY.length < 3 || !byY.every((u, k) => k === 0 || (u.value > byY[k - 1].value && u.y < byY[k - 1].y))
    ) {
      return;
    }
    const slopes: number[] = [];
    for (let a = 0; a < byY.length; a++) {
      for (let b = a + 1; b < byY.length; b++) {
        slopes.push((byY[b].y - byY[a].y) / (byY[b].value - byY[a].value));
      }
    }
    const slope = median(slopes);
    const zero = median(byY.map((u) => u.y - slope * u.value));
    const gaps = byY.slice(1).map((u, k) => u.value - byY[k].value);
    const stepPt = Math.abs(slope) * median(gaps);
    const offs = byY.map((u) => Math.abs(u.y - (zero + slope * u.value)));
    if (!(slope < 0) || !(stepPt >= 4) || Math.max(...offs) > stepPt / 6) return;
    out.push({ right: t.right, zero, slope, top: byY.at(-1)!.y, stepPt, residual: median(offs) });
  });
  return out;
}

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

/** 1, 2 or 5 × a power of ten, at most `v` (at least 1). */
function step125(v: number): number {
  if (!(v >= 1)) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  return [5, 2, 1].map((m) => m * p).find((s) => s <= v)!;
}

/**
 * Each month's kWh measured from the bars of a chart without printed values: a value axis of kWh ticks
 * (valueAxes), a row of 12+ evenly spaced month labels just under its zero, and over each label one column of
 * filled boxes (a bar, or a bar's stacked parts) of similar width, the bars sharing one baseline near the zero.
 * A label with no bar or two bars side by side (this year / last year) gives nothing; a chart where under three
 * quarters of the labels have one bar, or whose bars differ in width or baseline, gives nothing.
 */
export function readBarHeights(
  pieces: TextPiece[],
  boxes: FilledBox[],
  periodEnd: string,
  printed: MonthFigure[] = [],
): BarMonth[] {
  if (!boxes.length) return [];
  const rows = evenLabelRows(pieces, (p) => /^[JFMASOND]$/.test(p.text.trim()) || MONTH3.test(p.text.trim()));
  for (const axis of valueAxes(pieces)) {
    for (const { y, row, spacing } of rows) {
      if (y <= axis.zero || y > axis.zero + Math.max(2 * axis.stepPt, 30) || row[0].x < axis.right - 2) {
        continue;
      }
      const months = rowMonths(row);
      const keys = months && rowKeys(row, months, pieces, spacing, periodEnd);
      if (!keys) continue;
      const bars = row.map((label) => barOver(label, boxes, axis, spacing));
      const found = bars.filter((b) => b !== undefined) as FilledBox[];
      if (found.length < Math.max(6, row.length * 0.75)) continue;
      const width = median(found.map((b) => b.width));
      const bottoms = found.map((b) => b.y + b.height);
      if (
        found.some((b) => Math.abs(b.width - width) > width * 0.3) ||
        Math.max(...bottoms) - Math.min(...bottoms) > Math.max(1, axis.stepPt * 0.1)
      ) continue;
      const scale = printedScale(bars, keys, printed, axis) ?? axisScale(axis);
      const resolution = step125(0.5 * scale.perPt);
      return bars.flatMap((b, i) => {
        if (!b) return [];
        const value = Math.round(scale.at(b.y) / resolution) * resolution;
        const rel = scale.allowance + scale.uncertainty / Math.max(value, 1);
        if (value <= 0 || rel > MAX_RELATIVE_UNCERTAINTY) return [];
        const k = keys[i];
        const confidence = Math.round((0.59 - rel) * 100) / 100;
        return [{ year: Math.floor(k / 12), month: (k % 12) + 1, value, resolution, confidence }];
      });
    }
  }
  return [];
}

/** A month's kWh the bill prints (a table, a comparison, the period's own kWh). */
export interface MonthFigure {
  year: number;
  month: number;
  value: number;
}

interface Scale {
  /** The kWh of a bar whose top is at y. */
  at(y: number): number;
  /** kWh a point. */
  perPt: number;
  /** kWh the measure may be off by, and the relative allowance for a chart drawn off that scale. */
  uncertainty: number;
  allowance: number;
}

/** The axis's scale: half a point of height and the ticks' scatter, and the allowance for bars drawn off it. */
function axisScale(axis: Axis): Scale {
  const perPt = 1 / Math.abs(axis.slope);
  return {
    at: (y) => (y - axis.zero) / axis.slope,
    perPt,
    uncertainty: (axis.residual + 0.5) * perPt,
    allowance: DRAWING_ALLOWANCE,
  };
}

/**
 * The bars' own scale, from the months the bill prints that have a bar (at least two; one figure per month,
 * readings that disagree set aside) and the bars' baseline as zero: a straight line through those tops and the
 * baseline, each of them on it within 1% of the smallest figure (at least 2 kWh), its scale within 15% of the
 * axis's. FPL draws its bars up to 5% shorter than its axis labels say; the printed months give the scale the bars
 * were drawn to. Undefined when a check fails (a bar chart whose baseline is not zero, a misread figure): the axis's
 * scale is used then.
 */
function printedScale(
  bars: (FilledBox | undefined)[],
  keys: number[],
  printed: MonthFigure[],
  axis: Axis,
): Scale | undefined {
  const pairs = bars.flatMap((b, i) => {
    const same = printed.filter((p) => p.year * 12 + p.month - 1 === keys[i]);
    if (!b || !same.length || same.some((p) => Math.abs(p.value - same[0].value) > same[0].value * 0.02)) {
      return [];
    }
    return [{ y: b.y, v: same[0].value }];
  });
  if (pairs.length < 2) return undefined;
  const found = bars.filter((b) => b !== undefined) as FilledBox[];
  const points = [...pairs, { y: median(found.map((b) => b.y + b.height)), v: 0 }];
  const my = points.reduce((s, p) => s + p.y, 0) / points.length;
  const mv = points.reduce((s, p) => s + p.v, 0) / points.length;
  const slope = points.reduce((s, p) => s + (p.y - my) * (p.v - mv), 0) /
    points.reduce((s, p) => s + (p.y - my) ** 2, 0);
  const at = (y: number) => mv + slope * (y - my);
  const perPt = Math.abs(slope), axisPerPt = 1 / Math.abs(axis.slope);
  const off = Math.max(...points.map((p) => Math.abs(at(p.y) - p.v)));
  if (
    !(slope < 0) || Math.abs(perPt / axisPerPt - 1) > 0.15 ||
    off > Math.max(2, Math.min(...pairs.map((p) => p.v)) * 0.01)
  ) return undefined;
  return { at, perPt, uncertainty: off + 0.25 * perPt, allowance: 0.01 };
}

/**
 * The bar over a month label: the filled boxes centred on the label (within 0.4 of the labels' spacing), narrower
 * than the spacing, ending near the axis's zero (within half a step) and not above its top tick (by over half a
 * step); boxes of one column (same left edge and width) are one bar, stacked. Two columns: undefined (grouped bars).
 */
function barOver(label: TextPiece, boxes: FilledBox[], axis: Axis, spacing: number): FilledBox | undefined {
  const near = boxes.filter((b) =>
    Math.abs(b.x + b.width / 2 - center(label)) <= spacing * 0.4 && b.width < spacing &&
    b.x > axis.right && b.y >= axis.top - axis.stepPt / 2 && b.y + b.height <= axis.zero + axis.stepPt / 2 &&
    b.y + b.height >= axis.zero - axis.stepPt / 2
  );
  if (
    !near.length || near.some((b) => Math.abs(b.x - near[0].x) > 1 || Math.abs(b.width - near[0].width) > 1)
  ) {
    return undefined;
  }
  const top = Math.min(...near.map((b) => b.y)), bottom = Math.max(...near.map((b) => b.y + b.height));
  return { x: near[0].x, y: top, width: near[0].width, height: bottom - top };
}

/**
 * The months of every page's bar charts without values, for the reader's history (parse_bill.ts): each with the
 * chart's own confidence as its base (month_confidence.ts) and tagged `chart-heights`.
 */
export function chartHeightMonths(
  pages: TextPiece[][],
  boxes: FilledBox[][],
  periodEnd: string,
  printed: MonthFigure[] = [],
): (ReadMonth & { how: "chart-heights" })[] {
  return boxes.flatMap((b, i) =>
    readBarHeights(pages[i] ?? [], b, periodEnd, printed).map((m) => ({
      year: m.year,
      month: m.month,
      value: m.value,
      base: m.confidence,
      how: "chart-heights" as const,
    }))
  );
}
