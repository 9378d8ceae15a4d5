// A usage LINE chart drawn as a stroked polyline without markers (no filled dot on its points): each month's value is
// the line's vertex over its label, read against the value axis as a bar's top is (chart_bars.ts, which tries bars
// and filled dots first). The line's pieces are the page's stroked paths (shared/documents/pdf_strokes.ts): a
// segment of the line joins the vertices over two neighbouring month labels; gridlines, the axis and tick marks (a
// segment spanning many labels, or none) are not the line's. Generic: geometry only.
import type { FilledBox } from "../../documents/pdf_shapes.ts";
import type { StrokedPath } from "../../documents/pdf_strokes.ts";
import type { TextPiece } from "../../documents/text_layout.ts";
import type { Axis } from "./chart_axis.ts";
import { center } from "./chart_rows.ts";

/** Stroked segments looked at on one page (the first ones): a line chart has a dozen. */
const MAX_SEGMENTS = 5_000;
/** A vertex lies over its label within this share of the labels' spacing. */
const OVER = 0.3;

/**
 * The label a point lies over (its centre within OVER of the spacing), or −1. Labels are evenly spaced (chart_rows.ts
 * evenLabelRows), so the nearest one is found by position.
 */
function labelAt(x: number, centres: number[], spacing: number): number {
  const i = Math.round((x - centres[0]) / spacing);
  for (const k of [i - 1, i, i + 1]) {
    if (k >= 0 && k < centres.length && Math.abs(x - centres[k]) <= spacing * OVER) return k;
  }
  return -1;
}

/**
 * A line chart's points over a row of month labels, from the page's stroked paths: the segments whose two ends lie
 * over two neighbouring labels (within 0.3 of the spacing) and inside the chart (right of the axis's labels, between
 * half a step over its top tick and its zero); over each label, the ends of those segments at one height (within a
 * point) are its vertex. As boxes from the vertex down to the axis's zero, so a point is measured as a bar's top.
 * A label whose segment ends disagree (two lines: this year and last year, or usage and temperature) has none;
 * undefined when under three quarters of the labels (and under 6) have a vertex.
 */
export function lineVertices(
  row: TextPiece[],
  strokes: StrokedPath[],
  axis: Axis,
  spacing: number,
): (FilledBox | undefined)[] | undefined {
  if (!strokes.length) return undefined;
  const centres = row.map(center);
  const inside = (p: { x: number; y: number }) =>
    p.x > axis.right && p.y >= axis.top - axis.stepPt / 2 && p.y <= axis.zero + 0.5;
  const ends: { x: number; y: number }[][] = row.map(() => []);
  let looked = 0;
  for (const s of strokes) {
    for (let k = 1; k < s.points.length && looked < MAX_SEGMENTS; k++, looked++) {
      const a = s.points[k - 1], b = s.points[k];
      if (!inside(a) || !inside(b)) continue;
      const i = labelAt(a.x, centres, spacing), j = labelAt(b.x, centres, spacing);
      if (i < 0 || j < 0 || Math.abs(i - j) !== 1) continue;
      ends[i].push(a);
      ends[j].push(b);
    }
  }
  const points = ends.map((e) => {
    if (!e.length) return undefined;
    const ys = e.map((p) => p.y);
    if (Math.max(...ys) - Math.min(...ys) > 1) return undefined;
    return { x: e.reduce((t, p) => t + p.x, 0) / e.length, y: ys.reduce((t, y) => t + y, 0) / ys.length };
  });
  const found = points.filter((p) => p !== undefined).length;
  if (found < Math.max(6, row.length * 0.75)) return undefined;
  return points.map((p) => p && { x: p.x - 0.5, y: p.y, width: 1, height: Math.max(0, axis.zero - p.y) });
}
