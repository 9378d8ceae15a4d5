// A usage chart's value axis read from its tick labels: a column of ticks at the left of vertical bars or a line
// ("0 kWh … 1,950 kWh", or bare numbers "750000 … 0"), or a row of ticks under (or over) horizontal bars ("0 300
// 600 … 1,800"). Ticks carry the unit ("390 kWh") or are bare numbers; bare numbers are an axis only when the chart
// says what it measures (a word of usage or kWh beside it) and the ticks step evenly (0, 187500, 375000 …), as an
// axis's do and a table's column rarely does. Positions fit one straight scale (Theil–Sen: median of pairwise
// slopes, robust to one label set off its tick); a tick more than a sixth of a step off the line rejects the axis.
import type { FilledBox } from "../../documents/pdf_shapes.ts";
import type { TextPiece } from "../../documents/text_layout.ts";

/** y (points, down) or x (points, right) = zero + slope × kWh, in the direction the chart's values grow. */
export interface Axis {
  /** Vertical axes: the right edge of the tick labels (the bars are to its right). Horizontal: the ticks' y. */
  right: number;
  zero: number;
  /** Vertical axes: < 0 (larger values higher on the page). Horizontal axes: > 0. */
  slope: number;
  /** The highest tick's position, and the points between two ticks. */
  top: number;
  stepPt: number;
  /** The median distance (points) of a tick from the fitted line. */
  residual: number;
}

const UNIT_TICK = /^(\d{1,3}(?:,\d{3})+|\d+)\s*kwh$/i;
const BARE_TICK = /^(\d{1,3}(?:,\d{3})+|\d+)$/;
/** The words that say a chart measures electricity use (its title, legend or axis caption). */
export const USAGE_WORD = /\bkwh\b|\busage\b|\b(?:energy|electric|electricity|power|monthly) use\b/i;
/** Ticks of one axis looked at (a real axis has under a dozen), and tick-like words of a page (the first ones). */
const MAX_TICKS = 30;
const MAX_TICK_WORDS = 300;

/** Median of a non-empty list. */
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

interface Tick {
  value: number;
  /** The label's position along the axis (its digits' middle), and across it (right edge, or baseline). */
  at: number;
  across: number;
  bare: boolean;
}

function tickOf(p: TextPiece): { value: number; bare: boolean } | undefined {
  const t = p.text.trim();
  // an axis labels no value with a leading zero ("08": a fragment of a word OCR garbled, chart_raster.ts)
  if (/^0\d/.test(t)) return undefined;
  const m = t.match(UNIT_TICK) ?? t.match(BARE_TICK);
  return m ? { value: Number(m[1].replace(/,/g, "")), bare: !UNIT_TICK.test(t) } : undefined;
}

/**
 * Do a column's bare numbers step evenly: every gap the same (within 0.1%) — or, with four or more ticks, every gap
 * one or two of the smallest one, which two or more gaps are (one tick's label between two others OCR did not read:
 * "2500 2000 1500 1000 · 0", the 500 read as "5 g 0")? The ticks must still lie on one straight line (fit).
 */
function evenSteps(gaps: number[]): boolean {
  const step = Math.min(...gaps);
  const same = (g: number, k: number) => Math.abs(g - k * step) <= step * 0.001;
  if (gaps.every((g) => same(g, 1))) return true;
  return gaps.length >= 3 && gaps.filter((g) => same(g, 1)).length >= 2 &&
    gaps.every((g) => same(g, 1) || same(g, 2));
}

/** One straight scale through ticks sorted by value, or undefined (not rising, not evenly placed, too dense). */
function fit(ticks: Tick[], rising: (d: number) => boolean): Omit<Axis, "right"> | undefined {
  const byValue = [...new Map(ticks.map((u) => [u.value, u])).values()].sort((a, b) => a.value - b.value);
  if (byValue.length < 3 || !byValue.every((u, k) => k === 0 || rising(u.at - byValue[k - 1].at))) {
    return undefined;
  }
  const gaps = byValue.slice(1).map((u, k) => u.value - byValue[k].value);
  // bare numbers step evenly, as an axis's ticks do (or by two steps where OCR lost a tick's label between them)
  if (byValue.some((u) => u.bare) && !evenSteps(gaps)) return undefined;
  const slopes: number[] = [];
  for (let a = 0; a < byValue.length; a++) {
    for (let b = a + 1; b < byValue.length; b++) {
      slopes.push((byValue[b].at - byValue[a].at) / (byValue[b].value - byValue[a].value));
    }
  }
  const slope = median(slopes);
  const zero = median(byValue.map((u) => u.at - slope * u.value));
  // (bare numbers: their one step; a two-step gap is a tick not read)
  const stepPt = Math.abs(slope) * (byValue.some((u) => u.bare) ? Math.min(...gaps) : median(gaps));
  const offs = byValue.map((u) => Math.abs(u.at - (zero + slope * u.value)));
  if (!(stepPt >= 4) || Math.max(...offs) > stepPt / 6) return undefined;
  return { zero, slope, top: byValue.at(-1)!.at, stepPt, residual: median(offs) };
}

/**
 * A column's ticks placed on the chart's gridlines, where it draws them as thin filled boxes (under 1.5 points
 * tall, starting within 30 points right of the labels): each label moved to the one gridline nearest it within 0.4
 * of the closest two labels' distance, a gridline taken once. Labels are set by eye beside their lines (BGE sets
 * its "0" two points over the axis line, the others 1.4 points under theirs): the lines are where the values are.
 * Unchanged unless every tick has its own gridline.
 */
function onGridlines<T extends Tick>(col: T[], boxes: FilledBox[]): T[] {
  const right = Math.max(...col.map((t) => t.across));
  const lines = boxes.filter((b) => b.height <= 1.5 && b.width >= 30 && b.x >= right - 2 && b.x <= right + 30)
    .slice(0, MAX_TICK_WORDS);
  if (lines.length < col.length) return col;
  const ats = col.map((t) => t.at).sort((a, b) => a - b);
  const gap = Math.min(...ats.slice(1).map((a, i) => a - ats[i]));
  const taken = new Set<FilledBox>();
  const out: T[] = [];
  for (const t of col) {
    const near = lines.filter((b) => !taken.has(b) && Math.abs(b.y + b.height / 2 - t.at) <= gap * 0.4)
      .sort((a, b) => Math.abs(a.y + a.height / 2 - t.at) - Math.abs(b.y + b.height / 2 - t.at))[0];
    if (!near) return col;
    taken.add(near);
    out.push({ ...t, at: near.y + near.height / 2 });
  }
  return out;
}

/**
 * A column (or row) of tick-like words split where words that are not the axis's stand apart from it: a number
 * right-aligned with the ticks far down the page (a stub's account number under a chart's "0 … 2400") joins their
 * column and bends the fit. Ordered by position, the column is cut at every distance over 2.5 times the median
 * one (the ticks' spacing); the runs of three or more, when there was a cut (the whole column is tried first). A
 * tick set off its place inside the axis cuts nothing: such an axis stays bent, and is rejected.
 */
function evenRuns<T extends Tick>(col: T[]): T[][] {
  const s = [...col].sort((a, b) => a.at - b.at);
  const gaps = s.slice(1).map((t, k) => t.at - s[k].at);
  if (gaps.length < 3) return [];
  const cut = 2.5 * median(gaps);
  const runs: T[][] = [[s[0]]];
  gaps.forEach((g, k) => (g > cut ? runs.push([s[k + 1]]) : runs.at(-1)!.push(s[k + 1])));
  return runs.length > 1 ? runs.filter((r) => r.length >= 3) : [];
}

/** Does a word of usage stand near the chart (from `x0` to `x1`, `y0` to `y1`, points)? */
function saysUsage(pieces: TextPiece[], x0: number, x1: number, y0: number, y1: number): boolean {
  return pieces.some((p) =>
    USAGE_WORD.test(p.text) && p.x + p.width >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1
  );
}

/** Groups ticks whose `key` lies within 3 points of each other (one column, or one row), first ones first. */
function lines(ticks: (Tick & { key: number })[]): (Tick & { key: number })[][] {
  const out: (Tick & { key: number })[][] = [];
  const used = new Set<number>();
  ticks.forEach((t, i) => {
    if (used.has(i)) return;
    for (const bare of [false, true]) {
      const line = ticks.map((u, j) => ({ u, j })).filter(({ u, j }) =>
        !used.has(j) && u.bare === bare && Math.abs(u.key - t.key) <= 3
      ).slice(0, MAX_TICKS);
      if (line.length >= 3) {
        line.forEach(({ j }) => used.add(j));
        out.push(line.map(({ u }) => u));
      }
    }
  });
  return out;
}

/**
 * The vertical value axes of a page: three or more ticks right-aligned in one column, values rising up the page, on
 * one straight scale; bare numbers only with a word of usage within the chart's reach (above its top tick, beside
 * or under its zero) and evenly stepped.
 */
export function valueAxes(pieces: TextPiece[], boxes: FilledBox[] = []): Axis[] {
  const ticks = pieces.flatMap((p) => {
    const t = tickOf(p);
    // a label is centred on its tick: its digits' middle, a third of the size above the baseline
    return t ? [{ ...t, at: p.y - 0.35 * p.height, across: p.x + p.width, key: p.x + p.width }] : [];
  }).slice(0, MAX_TICK_WORDS);
  return lines(ticks).flatMap((whole) => {
    for (const col of [whole, ...evenRuns(whole)]) {
      const a = fit(onGridlines(col, boxes), (d) => d < 0);
      if (!a) continue;
      const right = col[0].across;
      if (
        col[0].bare &&
        !saysUsage(pieces, right - 200, right + 500, a.top - Math.max(4 * a.stepPt, 60), a.zero + 40)
      ) continue;
      return [{ ...a, right }];
    }
    return [];
  });
}

/**
 * The horizontal value axes of a page: three or more ticks on one line (within 3 points), centred on their ticks,
 * values rising to the right, on one straight scale; bare numbers only with a word of usage near the row (its
 * caption under it, or the chart's title above) and evenly stepped. `right` is the ticks' baseline.
 */
export function valueRows(pieces: TextPiece[]): Axis[] {
  const ticks = pieces.flatMap((p) => {
    const t = tickOf(p);
    return t ? [{ ...t, at: p.x + p.width / 2, across: p.y, key: p.y }] : [];
  }).slice(0, MAX_TICK_WORDS);
  return lines(ticks).flatMap((whole) => {
    for (const row of [whole, ...evenRuns(whole)]) {
      const a = fit(row, (d) => d > 0);
      if (!a) continue;
      const y = row[0].across;
      if (row[0].bare && !saysUsage(pieces, a.zero - 150, a.top + 100, y - 400, y + 30)) continue;
      return [{ ...a, right: y }];
    }
    return [];
  });
}
