// The filled shapes a PDF page paints (rectangles and other closed paths, as their bounding boxes), for readers of
// charts whose bars carry no printed value (a usage history drawn as bars over an axis of "0 kWh … 1,950 kWh").
// Read from pdf.js's operator list: each constructPath with a fill paint, its bounding box mapped through the
// current transformation matrix (cm, save/restore, form XObjects). Bounded: at most MAX_SHAPE_OPS operators are
// looked at and MAX_BOXES boxes kept, so a page of 100,000 tiny rectangles costs a fixed amount here (the content
// stream's own parse is bounded by the engine's inflate budget and time limit, docs/documents.md).
import type { TextPiece } from "./text_layout.ts";

/** A filled shape's bounding box in points, y growing downwards from the page's top (as TextPiece). */
export interface FilledBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Operators looked at on one page, and boxes kept (the first ones painted). */
export const MAX_SHAPE_OPS = 200_000;
export const MAX_BOXES = 4_000;

/** The pdf.js operator codes this reader follows (OPS of the pdf.js in use). */
export interface ShapeOps {
  save: number;
  restore: number;
  transform: number;
  constructPath: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
  fill: number;
  eoFill: number;
  fillStroke: number;
  eoFillStroke: number;
  closeFillStroke: number;
  closeEOFillStroke: number;
  stroke: number;
  closeStroke: number;
}

export type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const times = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];
const asMatrix = (v: unknown): Matrix | undefined => {
  if (!v || typeof (v as ArrayLike<number>).length !== "number" || (v as ArrayLike<number>).length !== 6) {
    return undefined;
  }
  const m = Array.from(v as ArrayLike<number>, Number) as Matrix;
  return m.every(Number.isFinite) ? m : undefined;
};

/**
 * Each constructPath of an operator list (at most `maxOps` operators looked at) with its paint operator, its
 * arguments and the current transformation matrix (cm, save/restore, form XObjects followed); `visit` returns false
 * to stop.
 */
export function forEachPath(
  list: { fnArray: ArrayLike<number>; argsArray: unknown[] },
  ops: ShapeOps,
  maxOps: number,
  visit: (paint: number | undefined, args: unknown[], ctm: Matrix) => boolean,
): void {
  walkOps(list, ops, maxOps, (fn, args, ctm, i) => {
    if (fn !== ops.constructPath || !args) return true;
    // pdf.js ≥ 5: [paint operator, path data, bounding box]; earlier: [sub-operators, coordinates, bounding box]
    // followed by the paint operator
    return visit(typeof args[0] === "number" ? args[0] : list.fnArray[i + 1], args, ctm);
  });
}

/** The operators that set the current transformation matrix (save, restore, cm, form XObjects). */
export type MatrixOps = Pick<
  ShapeOps,
  "save" | "restore" | "transform" | "paintFormXObjectBegin" | "paintFormXObjectEnd"
>;

/**
 * Walks the first `maxOps` operators of an operator list, following the current transformation matrix, and hands
 * every other operator to `visit` with the matrix in force; the walk stops when `visit` answers false.
 */
export function walkOps(
  list: { fnArray: ArrayLike<number>; argsArray: unknown[] },
  ops: MatrixOps,
  maxOps: number,
  visit: (fn: number, args: unknown[] | null, ctm: Matrix, i: number) => boolean,
): void {
  const stack: Matrix[] = [];
  let ctm: Matrix = IDENTITY;
  const n = Math.min(list.fnArray.length, maxOps);
  for (let i = 0; i < n; i++) {
    const fn = list.fnArray[i];
    const args = list.argsArray[i] as unknown[] | null;
    if (fn === ops.save) stack.push(ctm);
    else if (fn === ops.restore) ctm = stack.pop() ?? IDENTITY;
    else if (fn === ops.transform) ctm = times(ctm, asMatrix(args) ?? IDENTITY);
    else if (fn === ops.paintFormXObjectBegin) {
      stack.push(ctm);
      ctm = times(ctm, asMatrix(args?.[0]) ?? IDENTITY);
    } else if (fn === ops.paintFormXObjectEnd) ctm = stack.pop() ?? IDENTITY;
    else if (!visit(fn, args, ctm, i)) return;
  }
}

/** The operators that fill a path. */
export const fillOps = (ops: ShapeOps): Set<number> =>
  new Set([
    ops.fill,
    ops.eoFill,
    ops.fillStroke,
    ops.eoFillStroke,
    ops.closeFillStroke,
    ops.closeEOFillStroke,
  ]);

/**
 * The filled boxes of one page's operator list (pdf.js getOperatorList()), in page points with y down
 * (`pageHeight` flips it, as the text pieces are). Boxes under 1 point wide are left out (hairlines, specks).
 */
export function filledBoxes(
  list: { fnArray: ArrayLike<number>; argsArray: unknown[] },
  ops: ShapeOps,
  pageHeight: number,
  caps: { maxOps?: number; maxBoxes?: number } = {},
): FilledBox[] {
  const maxBoxes = caps.maxBoxes ?? MAX_BOXES;
  const fills = fillOps(ops);
  const out: FilledBox[] = [];
  if (maxBoxes <= 0) return out;
  forEachPath(list, ops, caps.maxOps ?? MAX_SHAPE_OPS, (paint, args, ctm) => {
    if (paint === undefined || !fills.has(paint)) return true;
    const box = toBox(args[2], ctm, pageHeight);
    if (box && box.width >= 1) out.push(box);
    return out.length < maxBoxes;
  });
  return out;
}

function toBox(minMax: unknown, m: Matrix, pageHeight: number): FilledBox | undefined {
  const b = asBounds(minMax);
  if (!b) return undefined;
  const xs: number[] = [], ys: number[] = [];
  for (const [x, y] of [[b[0], b[1]], [b[2], b[1]], [b[0], b[3]], [b[2], b[3]]]) {
    xs.push(m[0] * x + m[2] * y + m[4]);
    ys.push(m[1] * x + m[3] * y + m[5]);
  }
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  if (![x0, x1, y0, y1].every(Number.isFinite)) return undefined;
  return { x: x0, y: pageHeight - y1, width: x1 - x0, height: y1 - y0 };
}

function asBounds(v: unknown): [number, number, number, number] | undefined {
  if (!v || typeof (v as ArrayLike<number>).length !== "number" || (v as ArrayLike<number>).length !== 4) {
    return undefined;
  }
  const b = Array.from(v as ArrayLike<number>, Number);
  return b.every(Number.isFinite) && b[2] >= b[0] && b[3] >= b[1]
    ? b as [number, number, number, number]
    : undefined;
}

/** A figure with a unit word ("390 kWh", "1,950 kWh"): one tick of a chart's value axis. */
const TICK = /^-?\d{1,3}(?:,\d{3})*(?:\.\d+)?\s*([A-Za-z]{2,6})$|^-?\d+(?:\.\d+)?\s*([A-Za-z]{2,6})$/;
/** A bare whole number ("187500", "1,200"): a tick of an axis whose unit is in the chart's title or caption. */
const BARE = /^\d{1,3}(?:,\d{3})+$|^\d+$/;
/** A word saying what a chart measures (as shared/bills/embedded/chart_axis.ts USAGE_WORD). */
const USAGE = /\bkwh\b|\busage\b|\b(?:energy|electric|electricity|power|monthly) use\b/i;

/** Do at least three of the ticks share a line (`along` within 3 points) at three different places? */
function lined(
  ticks: { along: number; at: number; kind: string; value: number }[],
  evenly: boolean,
): boolean {
  return ticks.some((t) => {
    const same = ticks.filter((u) => u.kind === t.kind && Math.abs(u.along - t.along) <= 3);
    if (new Set(same.map((u) => Math.round(u.at))).size < 3) return false;
    if (!evenly) return true;
    // bare numbers: three or more values stepping evenly (0, 250, 500 …), as an axis's ticks do
    const values = [...new Set(same.map((u) => u.value))].sort((a, b) => a - b);
    return values.some((v, i) => i >= 2 && v - values[i - 1] === values[i - 1] - values[i - 2]);
  });
}

/**
 * Does the page print a chart's value axis: at least three figures with the same unit word ("0 kWh", "390 kWh",
 * "780 kWh") right-aligned in one column (within 3 points) at different heights, or on one line at different
 * places (a horizontal chart's axis); or, on a page that says usage or kWh, three or more evenly stepped bare
 * numbers so placed ("750000 … 0")? Only such a page's shapes are read: the operator list is not built for the
 * other pages.
 */
export function printsValueAxis(pieces: TextPiece[]): boolean {
  const ticks = pieces.flatMap((p) => {
    const m = p.text.trim().match(TICK);
    return m
      ? [{ unit: (m[1] ?? m[2]).toLowerCase(), right: p.x + p.width, mid: p.x + p.width / 2, y: p.y }]
      : [];
  }).slice(0, 300); // the first ones: an axis has a dozen
  const unit = (t: (typeof ticks)[number]) => ({ kind: t.unit, value: 0 });
  if (
    lined(ticks.map((t) => ({ ...unit(t), along: t.right, at: t.y })), false) ||
    lined(ticks.map((t) => ({ ...unit(t), along: t.y, at: t.mid })), false)
  ) return true;
  if (!pieces.some((p) => USAGE.test(p.text))) return false;
  const bare = pieces.filter((p) => BARE.test(p.text.trim())).slice(0, 300).map((p) => ({
    value: Number(p.text.trim().replace(/,/g, "")),
    right: p.x + p.width,
    mid: p.x + p.width / 2,
    y: p.y,
  }));
  return lined(bare.map((t) => ({ kind: "", value: t.value, along: t.right, at: t.y })), true) ||
    lined(bare.map((t) => ({ kind: "", value: t.value, along: t.y, at: t.mid })), true);
}
