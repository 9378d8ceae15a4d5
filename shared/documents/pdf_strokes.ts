// The stroked lines a PDF page draws (a usage line chart drawn as a polyline without markers), as their vertices in
// page points, y down like the text pieces. Read from pdf.js's operator list (pdf.js ≥ 5: each constructPath
// carries its paint operator and its path data as DrawOPS), the points mapped through the current transformation
// matrix (pdf_shapes.ts forEachPath). Only stroke paints count (a filled shape is pdf_shapes.ts filledBoxes'); each
// subpath (moveTo …) is one path; a curve contributes its end point. Bounded: MAX_SHAPE_OPS operators looked at and
// MAX_STROKE_POINTS points kept (the first ones drawn).
import { forEachPath, type Matrix, MAX_SHAPE_OPS, type ShapeOps } from "./pdf_shapes.ts";

/** One stroked subpath: its vertices in drawing order (points, y down from the page's top). */
export interface StrokedPath {
  points: { x: number; y: number }[];
  /**
   * A line traced in a scan's pixels (chart_raster_lines.ts): one point a pixel column, read by its straight
   * stretches between labels (shared/bills/embedded/chart_traces.ts), not by its vertices.
   */
  traced?: boolean;
}

export const MAX_STROKE_POINTS = 20_000;

/** pdf.js's DrawOPS codes in a constructPath's path data (moveTo x y, lineTo x y, curveTo 6, quadratic 4, close). */
const MOVE = 0, LINE = 1, CURVE = 2, QUAD = 3, CLOSE = 4;

/**
 * The stroked subpaths of one page's operator list, in page points with y down (`pageHeight` flips it). A closed
 * subpath repeats its first point at the end. The older operator list (path data as sub-operators and coordinates)
 * gives none.
 */
export function strokedPaths(
  list: { fnArray: ArrayLike<number>; argsArray: unknown[] },
  ops: ShapeOps,
  pageHeight: number,
  caps: { maxOps?: number; maxPoints?: number } = {},
): StrokedPath[] {
  const maxPoints = caps.maxPoints ?? MAX_STROKE_POINTS;
  const strokes = new Set([ops.stroke, ops.closeStroke]);
  const out: StrokedPath[] = [];
  let kept = 0;
  forEachPath(list, ops, caps.maxOps ?? MAX_SHAPE_OPS, (paint, args, ctm) => {
    if (paint === undefined || !strokes.has(paint) || typeof args[0] !== "number") return true;
    const data = (args[1] as ArrayLike<number>[] | undefined)?.[0];
    if (!data || typeof data.length !== "number") return true;
    for (const path of subpaths(data, ctm, pageHeight, paint === ops.closeStroke)) {
      const room = maxPoints - kept;
      if (room < 2) return false;
      const points = path.slice(0, room);
      kept += points.length;
      out.push({ points });
    }
    return kept < maxPoints;
  });
  return out;
}

function subpaths(data: ArrayLike<number>, m: Matrix, pageHeight: number, close: boolean) {
  const out: { x: number; y: number }[][] = [];
  let cur: { x: number; y: number }[] = [];
  let closed = false;
  const at = (x: number, y: number) => ({
    x: m[0] * x + m[2] * y + m[4],
    y: pageHeight - (m[1] * x + m[3] * y + m[5]),
  });
  const end = () => {
    if (close && !closed && cur.length > 1) cur.push(cur[0]);
    if (cur.length > 1 && cur.every((p) => Number.isFinite(p.x) && Number.isFinite(p.y))) out.push(cur);
    cur = [];
    closed = false;
  };
  for (let i = 0; i < data.length;) {
    const op = data[i++];
    if (op === MOVE) {
      end();
      cur.push(at(data[i], data[i + 1]));
      i += 2;
    } else if (op === LINE) {
      cur.push(at(data[i], data[i + 1]));
      i += 2;
    } else if (op === CURVE) {
      cur.push(at(data[i + 4], data[i + 5]));
      i += 6;
    } else if (op === QUAD) {
      cur.push(at(data[i + 2], data[i + 3]));
      i += 4;
    } else if (op === CLOSE) {
      if (cur.length > 1 && !closed) cur.push(cur[0]);
      closed = true;
    } else break; // an unknown operator: the rest cannot be parsed
  }
  end();
  return out;
}
