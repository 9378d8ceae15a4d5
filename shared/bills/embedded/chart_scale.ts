// The scale of a usage chart drawn without values, and each month's estimate on it (chart_bars.ts vertical bars and
// line points, chart_hbars.ts horizontal bars turned upright): the axis's scale, or the one the bill's printed
// months give; the estimate rounded to the chart's resolution, with a confidence always under the confirm step's.
import type { FilledBox } from "../../documents/pdf_shapes.ts";
import { type Axis, median } from "./chart_axis.ts";

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

/**
 * How far a chart's bars may be drawn off its own axis labels, relative: read by their labels, FPL's tallest bars
 * come out up to 4.7% under the kWh they stand for (docs/bills.md "Charts without values"), however finely the
 * height is measured.
 */
const DRAWING_ALLOWANCE = 0.05;
/** A month whose estimate is less sure than this (relative) is left out: 0.59 − 0.09 = 0.5, the item minimum. */
const MAX_RELATIVE_UNCERTAINTY = 0.09;
/**
 * The months the bill prints, read off the axis, may differ from their figures by the drawing allowance at most:
 * beyond it, and with no straight scale through them, the chart's scale is not certain and nothing is read.
 */
const PRINTED_DISAGREEMENT = DRAWING_ALLOWANCE;

/** 1, 2 or 5 × a power of ten, at most `v` (at least 1). */
function step125(v: number): number {
  if (!(v >= 1)) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  return [5, 2, 1].map((m) => m * p).find((s) => s <= v)!;
}

/**
 * Each month's kWh from its bar's top (boxes in a frame where values grow up the page: horizontal bars are turned
 * by chart_hbars.ts), on the scale the bill's printed months give (printedScale) or the axis's. Nothing when the
 * printed months read off the axis disagree with their figures by over the drawing allowance (5%) and give no straight scale themselves:
 * the chart's scale is then not certain.
 */
export function estimates(
  bars: (FilledBox | undefined)[],
  keys: number[],
  axis: Axis,
  printed: MonthFigure[],
): BarMonth[] {
  const scale = printedScale(bars, keys, printed, axis) ?? axisScale(axis);
  if (scale.allowance === DRAWING_ALLOWANCE) {
    const off = printedPairs(bars, keys, printed).some((p) =>
      Math.abs((p.y - axis.zero) / axis.slope - p.v) > p.v * PRINTED_DISAGREEMENT
    );
    if (off) return [];
  }
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

/** The bars of the months the bill prints (one figure per month; readings that disagree set aside): top and kWh. */
function printedPairs(bars: (FilledBox | undefined)[], keys: number[], printed: MonthFigure[]) {
  return bars.flatMap((b, i) => {
    const same = printed.filter((p) => p.year * 12 + p.month - 1 === keys[i]);
    if (!b || !same.length || same.some((p) => Math.abs(p.value - same[0].value) > same[0].value * 0.02)) {
      return [];
    }
    return [{ y: b.y, v: same[0].value }];
  });
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
  const pairs = printedPairs(bars, keys, printed);
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
