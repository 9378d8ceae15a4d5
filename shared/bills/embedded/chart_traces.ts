// A usage LINE chart on a scan (issue #11, scancharts2): its line traced in the pixels (shared/documents/
// chart_raster_lines.ts, one point a pixel column, in points here) read month by month as a text PDF's stroked line
// is (chart_lines.ts): each month's value is the line's point over its label, read against the value axis as a
// bar's top is (chart_bars.ts), with the bars' refusals after it (chart_scale.ts: the bill's printed months and kWh
// against the scale). A traced line has no vertices: a month's point is where the straight stretches on either
// side of its label meet, each stretch fitted on the middle half between two labels (clear of the markers' dots and
// of the corners), and only where the line itself passes there (a curve, a second line or noise: nothing).
// Generic: geometry only.
import type { FilledBox } from "../../documents/pdf_shapes.ts";
import type { StrokedPath } from "../../documents/pdf_strokes.ts";
import type { TextPiece } from "../../documents/text_layout.ts";
import type { Axis } from "./chart_axis.ts";
import { center } from "./chart_rows.ts";
import type { MonthFigure } from "./chart_scale.ts";

/** A point lies over its label within this share of the labels' spacing. */
const OVER = 0.3;
/** A stretch between two labels is straight when its points lie this close (RMS, points) to their line. */
const STRAIGHT = 0.8;
/** The line passes within this many points of a month's point (the stroke is 1–2 points thick). */
const ON_LINE = 1.5;
/** Stretches whose slopes differ by less are one straight line: the point is read at its label's x. */
const COLLINEAR = 0.15;

type Pt = { x: number; y: number };
type Fit = { m: number; b: number };

/** The least-squares line through the points with lo ≤ x ≤ hi, when they are enough and straight. */
function stretch(points: Pt[], lo: number, hi: number, spacing: number): Fit | undefined {
  const pts = points.filter((p) => p.x >= lo && p.x <= hi);
  if (pts.length < 4 || pts[pts.length - 1].x - pts[0].x < 0.3 * spacing) return undefined;
  const n = pts.length;
  const mx = pts.reduce((t, p) => t + p.x, 0) / n, my = pts.reduce((t, p) => t + p.y, 0) / n;
  const sxx = pts.reduce((t, p) => t + (p.x - mx) ** 2, 0);
  if (!(sxx > 0)) return undefined;
  const m = pts.reduce((t, p) => t + (p.x - mx) * (p.y - my), 0) / sxx, b = my - m * mx;
  const rms = Math.sqrt(pts.reduce((t, p) => t + (p.y - (m * p.x + b)) ** 2, 0) / n);
  return rms <= STRAIGHT ? { m, b } : undefined;
}

/** The labels' centres on one even grid (least squares over their OCR'd centres). */
function grid(row: TextPiece[]): number[] {
  const cs = row.map(center), n = cs.length;
  const mi = (n - 1) / 2, mc = cs.reduce((t, c) => t + c, 0) / n;
  const sii = cs.reduce((t, _, i) => t + (i - mi) ** 2, 0);
  const step = cs.reduce((t, c, i) => t + (i - mi) * (c - mc), 0) / sii;
  return cs.map((_, i) => mc + step * (i - mi));
}

/**
 * A line chart's points over a row of month labels from a line traced in a scan's pixels (see the file's head):
 * the one traced line whose points lie inside the chart (right of the axis's labels, between half a step over its
 * top tick and its zero) and that runs over the labels; over each inner label, where the straight stretches on its
 * two sides meet (within 0.3 of the spacing of the label), over the first and last label its one stretch at the
 * label, where the line reaches it (to within 0.3 of the spacing; a line that runs on past it, along a gridline its
 * marker touches, is read at the label all the same). As boxes
 * from the point down to the axis's zero, so a point is measured as a bar's top. A label without straight stretches
 * on both sides, or whose point the line does not pass within 1.5 points of, has none; two traced lines over the
 * chart (this year and last year, usage and temperature) give nothing; undefined when under three quarters of the
 * labels (and under 6) have a point.
 */
export function tracedVertices(
  row: TextPiece[],
  traces: StrokedPath[],
  axis: Axis,
  spacing: number,
): (FilledBox | undefined)[] | undefined {
  if (!traces.length || row.length < 2) return undefined;
  const centres = grid(row);
  const first = centres[0], last = centres[centres.length - 1];
  const inside = (p: Pt) =>
    p.x > axis.right && p.x >= first - spacing && p.x <= last + spacing &&
    p.y >= axis.top - axis.stepPt / 2 &&
    p.y <= axis.zero + 0.5;
  const over = traces.map((t) => t.points.filter(inside)).filter((pts) =>
    pts.length >= 2 && pts[pts.length - 1].x - pts[0].x >= 2 * spacing
  );
  if (over.length !== 1) return undefined;
  const pts = [...over[0]].sort((a, b) => a.x - b.x);
  const stretches = centres.slice(1).map((c, i) =>
    stretch(pts, centres[i] + 0.25 * spacing, c - 0.25 * spacing, spacing)
  );
  const near = (x: number) => pts.filter((p) => Math.abs(p.x - x) <= 1);
  const points = centres.map((c, i): Pt | undefined => {
    const left = i > 0 ? stretches[i - 1] : undefined, right = stretches[i];
    let at: Pt | undefined;
    if (left && right) {
      if (Math.abs(left.m - right.m) < COLLINEAR) {
        at = { x: c, y: ((left.m + right.m) * c + left.b + right.b) / 2 };
      } else {
        const x = (right.b - left.b) / (left.m - right.m);
        if (Math.abs(x - c) > OVER * spacing) return undefined;
        at = { x, y: left.m * x + left.b };
      }
    } else if (i === 0 && right && pts[0].x <= c + OVER * spacing) {
      at = { x: c, y: right.m * c + right.b };
    } else if (i === centres.length - 1 && left && pts[pts.length - 1].x >= c - OVER * spacing) {
      at = { x: c, y: left.m * c + left.b };
    }
    if (!at) return undefined;
    // the line itself passes there (a marker's dot's centre, or the stroke at its corner); at the first and last
    // label, on the stretch's side of it (a gridline the line's end touches may bend its last columns)
    const by = left && right
      ? near(at.x)
      : pts.filter((p) =>
        right ? p.x >= c && p.x <= c + 0.25 * spacing : p.x <= c && p.x >= c - 0.25 * spacing
      );
    const fit = (left ?? right)!;
    const on = (p: Pt) => Math.abs(p.y - (left && right ? at.y : fit.m * p.x + fit.b)) <= ON_LINE;
    if (!by.length || !by.some(on)) return undefined;
    return at;
  });
  const found = points.filter((p) => p !== undefined).length;
  if (found < Math.max(6, row.length * 0.75)) return undefined;
  return points.map((p) => p && { x: p.x - 0.5, y: p.y, width: 1, height: Math.max(0, axis.zero - p.y) });
}

/**
 * Is every month the bill prints (its period's kWh, a table's months) that the chart's row shows read from the
 * traced line, and is there one at least? A traced line is read only where the bill's own figures check its scale
 * (chart_scale.ts estimates: within 5 %, or on a straight scale through them).
 */
export function printedShown(
  bars: (FilledBox | undefined)[],
  keys: number[],
  printed: MonthFigure[],
): boolean {
  const shown = printed.filter((p) => keys.includes(p.year * 12 + p.month - 1));
  return shown.length > 0 && shown.every((p) => bars[keys.indexOf(p.year * 12 + p.month - 1)] !== undefined);
}
