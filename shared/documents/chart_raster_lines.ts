// A scanned page's usage LINE chart found in its pixels (issue #11, scancharts2): the plotted line — thin dark
// strokes joined into one path across the chart, its points' markers (dots) optional — traced column by column.
// On a text PDF the line is a stroked path (pdf_strokes.ts); on a scan it is pixels, so:
// - the page's ink is sheared by the page's slope (chart_raster.ts shearedInk) — its ruled lines' own, found near
//   the one its OCR words were straightened by (a line of a few words gives it only roughly) — so a gridline lies
//   level; the paths are given back in the words' frame;
// - level lines are taken out: in each row, thin ink (a run down its column under `solid` long) strung along with
//   gaps under two `solid` (a dashed gridline's dashes) over an eighth of the page at least 40 % dark is a ruled or
//   dashed line; its pixels are cleared where their column's run is no thicker than the line's own (a stroke that
//   crosses the gridline, or lies along it for a while, makes a thicker run there and is kept);
// - the line is followed from seed runs (thin runs every few columns), column by column, to the run that touches
//   the last one (8-connected) nearest to where the last columns' slope points, across gaps of up to two `solid`
//   (a crossing cleared with its gridline, JPEG's losses) near that prediction; a run much thicker than a stroke (a
//   marker's dot) is taken only where it holds the prediction, a few columns at most;
// - a path's ends that run along a level line (a gridline its end or a marker touches) are cut off; it is kept when it spans a sixth of the page or more, has a run in 80 % of its columns, is mostly thin (a
//   stroke, not text's stems), is not level (a ruled line or a table's border left over) and is drawn in one
//   stroke (a break or a jump of its centre at most every sixteen `solid` along it: text breaks at every space),
//   and not half of it on one straight line (a ruled line's remains).
// Each kept path is its runs' centres, one a column. Reading values from it — the labels, the axis, straight
// segments between the labels, the bill's own kWh against the scale — is the bill reader's (shared/bills/embedded/
// chart_traces.ts). Bounded: at most MAX_TRACES paths, each at most a page wide. Pure pixel code.
import type { FilledBox } from "./pdf_shapes.ts";
import type { Gray } from "./ocr_pixels.ts";
import { downRuns, inkThreshold, shearedInk, solidRun } from "./chart_raster.ts";

/** At most this many traced lines a page (a usage chart has one or two). */
export const MAX_TRACES = 8;

/** One column of a traced line: its run's centre and ends (sheared frame). */
export interface TracePoint {
  x: number;
  y: number;
  y0: number;
  y1: number;
}

/**
 * A page's traced lines and its level lines, in its sheared frame (row y' holds y' + slope × x − offset, `slope` the
 * ruled lines' own, found near `frameSlope`: the OCR words' lines', which their frame is straightened by).
 */
export interface PageTraces {
  traces: TracePoint[][];
  /** Level (ruled or dashed) lines, one pixel tall at their centre line. */
  levels: FilledBox[];
  slope: number;
  frameSlope: number;
  offset: number;
  solid: number;
}

/** The line charts' traced lines of a prepared page (see the file's head). */
export function pageTraces(page: Gray, frameSlope: number, threshold = inkThreshold(page)): PageTraces {
  const w = page.width;
  const solid = solidRun(w);
  const slope = ruledSlope(page, frameSlope, solid, threshold);
  const { mask, height: h, offset } = shearedInk(page, slope, threshold);
  const levels = clearLevelLines(mask, downRuns(mask, w, h), w, h, solid);
  const runs = columnRuns(mask, w, h);
  return { traces: tracedPaths(runs, w, solid, levels), levels, slope, frameSlope, offset, solid };
}

/** Slopes tried around the words' (dy/dx): a gridline 850 pixels long lies in one row within this step. */
const SLOPE_STEP = 0.0005, SLOPE_REACH = 0.01;

/**
 * The slope of the page's ruled lines, near the slope its OCR words' lines give (`around`, which a line's few words
 * set only roughly): of the slopes within 0.01 of it, the one that gathers the page's long level strokes (dark runs
 * across at least two `solid`, thin down their columns) into the fewest rows (the largest sum of squared row counts).
 */
function ruledSlope(page: Gray, around: number, solid: number, threshold: number): number {
  const { mask, height: h } = shearedInk(page, 0, threshold);
  const w = page.width;
  const down = downRuns(mask, w, h);
  const xs: number[] = [], ys: number[] = [];
  for (let y = 0; y < h && xs.length < MAX_RUNS; y++) {
    let x = 0;
    while (x < w) {
      if (!mask[y * w + x]) {
        x++;
        continue;
      }
      let end = x;
      while (end < w && mask[y * w + end]) end++;
      if (end - x >= 2 * solid) {
        for (let k = x; k < end; k++) if (down[y * w + k] < solid) xs.push(k), ys.push(y);
      }
      x = end;
    }
  }
  if (!xs.length) return around;
  let best = around, bestScore = -1;
  const bins = new Map<number, number>();
  for (let s = around - SLOPE_REACH; s <= around + SLOPE_REACH + 1e-9; s += SLOPE_STEP) {
    bins.clear();
    for (let i = 0; i < xs.length; i++) {
      const r = Math.round(ys[i] - s * xs[i]);
      bins.set(r, (bins.get(r) ?? 0) + 1);
    }
    let score = 0;
    for (const n of bins.values()) score += n * n;
    if (score > bestScore) bestScore = score, best = s;
  }
  return best;
}

/**
 * The traced lines as paths in the frame of the page's OCR pieces (the original image's pixels, `scale`: the factor
 * the image was shrunk by; y straightened by the slope, as chart_raster.ts shapesInPieceFrame gives the bars).
 */
export function tracesInPieceFrame(t: PageTraces, scale = 1): { points: { x: number; y: number }[] }[] {
  // back to the image's rows (sheared by the ruled lines' slope), then straightened by the words' slope
  return t.traces.map((path) => ({
    points: path.map((p) => ({
      x: p.x / scale,
      y: (p.y - t.offset + Math.round(t.slope * p.x) - t.frameSlope * p.x) / scale,
    })),
  }));
}

/**
 * Clears the page's level lines (ruled or dashed; see the file's head) from the mask and returns them as centre
 * lines: the rows of one line (neighbouring rows whose stretches overlap) joined.
 */
function clearLevelLines(
  mask: Uint8Array,
  down: Uint16Array,
  w: number,
  h: number,
  solid: number,
): FilledBox[] {
  const minLength = Math.round(w / 8), maxGap = 2 * solid;
  const found: { x0: number; x1: number; y0: number; y1: number }[] = [];
  let open: typeof found = [];
  const toClear: { y: number; x0: number; x1: number }[] = [];
  for (let y = 0; y < h; y++) {
    const row = y * w;
    const next: typeof found = [];
    let x = 0;
    while (x < w) {
      if (!(mask[row + x] && down[row + x] < solid)) {
        x++;
        continue;
      }
      // a stretch of thin ink with gaps under maxGap
      let end = x, dark = 0, last = x;
      while (end < w && end - last <= maxGap) {
        if (mask[row + end] && down[row + end] < solid) dark++, last = end;
        end++;
      }
      const x1 = last + 1;
      if (x1 - x >= minLength && dark >= 0.4 * (x1 - x)) {
        toClear.push({ y, x0: x, x1 });
        const joined = open.find((l) => l.y1 === y - 1 && l.x0 < x1 && x < l.x1);
        if (joined) {
          joined.y1 = y, joined.x0 = Math.min(joined.x0, x), joined.x1 = Math.max(joined.x1, x1);
          next.push(joined);
        } else {
          const l = { x0: x, x1, y0: y, y1: y };
          found.push(l);
          next.push(l);
        }
      }
      x = x1;
    }
    open = next;
  }
  // a line's own thickness: its pixels' runs down their columns (the lower quartile: a plotted line lying along a
  // dashed gridline for a while is thicker than its dashes); thicker runs are strokes crossing it or lying on it
  for (const { y, x0, x1 } of toClear) {
    const row = y * w;
    const own: number[] = [];
    for (let x = x0; x < x1; x++) if (mask[row + x]) own.push(down[row + x]);
    own.sort((a, b) => a - b);
    const thick = own[Math.floor(own.length / 4)] ?? 0;
    for (let x = x0; x < x1; x++) if (mask[row + x] && down[row + x] <= thick) mask[row + x] = 0;
  }
  return found.filter((l) => l.y1 - l.y0 < solid)
    .map((l) => ({ x: l.x0, y: (l.y0 + l.y1) / 2, width: l.x1 - l.x0, height: 1 }));
}

/** Each column's ink runs (start, end exclusive), top to bottom. */
interface Runs {
  /** runs of column x: indexes from[x] to from[x + 1] − 1 of y0 / y1 */
  from: Int32Array;
  y0: Int32Array;
  y1: Int32Array;
}

/** At most this many runs are kept for a page (a page of noise stays cheap). */
const MAX_RUNS = 400_000;

function columnRuns(mask: Uint8Array, w: number, h: number): Runs {
  const y0: number[] = [], y1: number[] = [];
  const from = new Int32Array(w + 1);
  for (let x = 0; x < w; x++) {
    from[x] = y0.length;
    let y = 0;
    while (y < h && y0.length < MAX_RUNS) {
      if (!mask[y * w + x]) {
        y++;
        continue;
      }
      const start = y;
      while (y < h && mask[y * w + x]) y++;
      y0.push(start), y1.push(y);
    }
  }
  from[w] = y0.length;
  return { from, y0: Int32Array.from(y0), y1: Int32Array.from(y1) };
}

/** The traced lines of the page's runs (see the file's head). */
function tracedPaths(runs: Runs, w: number, solid: number, levels: FilledBox[]): TracePoint[][] {
  const used = new Uint8Array(runs.y0.length);
  const out: TracePoint[][] = [];
  const seedStep = 3 * solid;
  for (let x = solid; x < w && out.length < MAX_TRACES; x += seedStep) {
    for (let r = runs.from[x]; r < runs.from[x + 1] && out.length < MAX_TRACES; r++) {
      if (used[r] || runs.y1[r] - runs.y0[r] > 2 * solid) continue;
      const taken = [r];
      const right = follow(runs, w, solid, x, r, 1, used, taken, levels);
      const left = follow(runs, w, solid, x, r, -1, used, taken, levels);
      const seed = { x, y: (runs.y0[r] + runs.y1[r] - 1) / 2, y0: runs.y0[r], y1: runs.y1[r] };
      const path = offLevels([...left.reverse(), seed, ...right], levels);
      // a kept path's runs are not seeds again (a path not kept leaves its runs free for one that is)
      if (traceLike(path, w, solid)) out.push(path), taken.forEach((t) => used[t] = 1);
    }
  }
  return joinedPaths(out, solid);
}

/**
 * Paths of one line that a marker or a crossing cut (one stopped where the other's runs began) joined: the next
 * one starting at most three `solid` after the last one ends, its first centre within `solid` of the last one's end.
 */
function joinedPaths(paths: TracePoint[][], solid: number): TracePoint[][] {
  const sorted = [...paths].sort((a, b) => a[0].x - b[0].x);
  const out: TracePoint[][] = [];
  for (const p of sorted) {
    const prev = out.find((q) => {
      const end = q[q.length - 1];
      return p[0].x >= end.x && p[0].x - end.x <= 3 * solid && Math.abs(p[0].y - end.y) <= solid;
    });
    if (prev) prev.push(...p.filter((q) => q.x > prev[prev.length - 1].x));
    else out.push(p);
  }
  return out;
}

/**
 * A path without the stretches at its ends that run along a level line (a gridline a marker or the line's end
 * touches, followed past the chart's first or last point): its ends' centres within a pixel of one.
 */
function offLevels(path: TracePoint[], levels: FilledBox[]): TracePoint[] {
  let a = 0, b = path.length;
  while (a < b && onLevel(path[a], levels)) a++;
  while (b > a && onLevel(path[b - 1], levels)) b--;
  return path.slice(a, b);
}

/** Is a path's point on a level line (within a pixel of its centre line, over it: a line crossing it leaves soon)? */
const onLevel = (p: TracePoint, levels: FilledBox[]) =>
  levels.some((l) => p.x >= l.x && p.x <= l.x + l.width && Math.abs(p.y - l.y) <= 1);

/** The path from a seed run one way (`dir`), the seed excluded, each run taken listed in `taken`. */
function follow(
  runs: Runs,
  w: number,
  solid: number,
  x0: number,
  r0: number,
  dir: 1 | -1,
  used: Uint8Array,
  taken: number[],
  levels: FilledBox[],
): TracePoint[] {
  const path: TracePoint[] = [];
  const thin = 2 * solid, maxGap = 2 * solid, maxBlob = 3 * solid;
  let cur = { y0: runs.y0[r0], y1: runs.y1[r0] };
  // the stroke's centres (for the slope) and thicknesses (for the run expected next) over the last columns
  const centres: { x: number; y: number }[] = [{ x: x0, y: (cur.y0 + cur.y1 - 1) / 2 }];
  const lengths: number[] = [cur.y1 - cur.y0];
  let gap = 0, blobs = 0, level = 0;
  for (let x = x0 + dir; x >= 0 && x < w; x += dir) {
    const lastC = centres[centres.length - 1];
    const back = centres[Math.max(0, centres.length - 1 - solid)];
    const slope = lastC.x !== back.x ? (lastC.y - back.y) / (lastC.x - back.x) : 0;
    const pred = lastC.y + slope * (x - lastC.x);
    const expected = [...lengths.slice(-thin)].sort((a, b) =>
      a - b
    )[Math.floor(Math.min(lengths.length, thin) / 2)] +
      Math.abs(slope);
    let best = -1, bestD = Infinity;
    for (let r = runs.from[x]; r < runs.from[x + 1]; r++) {
      const a = runs.y0[r], b = runs.y1[r];
      const touches = gap === 0
        ? a <= cur.y1 && b >= cur.y0 // 8-connected with the last run
        : Math.abs((a + b - 1) / 2 - pred) <= solid / 2 + 1 + 0.25 * gap;
      if (!touches) continue;
      // nearest the prediction, of about the stroke's thickness (a gridline's dash beside it is thinner)
      const d = Math.abs((a + b - 1) / 2 - pred) + 0.5 * Math.abs(b - a - expected);
      if (d < bestD) best = r, bestD = d;
    }
    if (best < 0) {
      if (++gap > maxGap) break;
      continue;
    }
    const a = runs.y0[best], b = runs.y1[best];
    const len = b - a;
    if (len > thin + Math.abs(slope) * 1.5) {
      // a marker's dot (or a crossing): only where it holds the prediction, a few columns at most
      if (pred < a - 1 || pred > b || ++blobs > maxBlob) break;
    } else blobs = 0;
    if (used[best]) break; // a kept path's run: this one is a part of it
    taken.push(best);
    gap = 0;
    cur = { y0: a, y1: b };
    const y = (a + b - 1) / 2;
    path.push({ x, y, y0: a, y1: b });
    // along a level line (a gridline the line's end or a marker touches) for over two `solid`: not the line's
    if (onLevel(path[path.length - 1], levels)) {
      if (++level > 2 * solid) {
        path.length -= level;
        break;
      }
    } else level = 0;
    // a run thicker than the stroke (merged with a dot, a dash or a gridline it crosses) moves no prediction
    if (len <= expected + 2) centres.push({ x, y }), lengths.push(len);
    if (path.length > w) break;
  }
  // trailing thick runs (text or a box the path ran into) are not the line's
  while (path.length && path[path.length - 1].y1 - path[path.length - 1].y0 > thin + 2) path.pop();
  return path;
}

/** A path that may be a chart's line: wide, mostly unbroken and thin, not level (see the file's head). */
function traceLike(path: TracePoint[], w: number, solid: number): boolean {
  if (path.length < 2) return false;
  const span = path[path.length - 1].x - path[0].x;
  if (span < w / 6 || path.length < 0.8 * span) return false;
  const lens = path.map((p) => p.y1 - p.y0).sort((a, b) => a - b);
  if (lens[Math.floor(lens.length / 2)] > solid) return false;
  const ys = path.map((p) => p.y);
  if (Math.max(...ys) - Math.min(...ys) < 2 * solid) return false;
  // a line is drawn in one stroke: few breaks, its centre moving smoothly (a path hopping along a line of text
  // breaks at every space and jumps from letter to letter)
  let breaks = 0;
  for (let i = 1; i < path.length; i++) {
    if (path[i].x - path[i - 1].x > 1 || Math.abs(path[i].y - path[i - 1].y) > 3) breaks++;
  }
  if (breaks > span / (16 * solid)) return false;
  // a ruled line's remains (a line the page's slope left a pixel off its row part of the way) with text beside it:
  // most of the path on one straight line
  return onOneLine(path) < 0.5;
}

/** The share of a path's centres within 1.5 pixels of one straight line (fitted, then refitted on its near points). */
function onOneLine(path: TracePoint[]): number {
  let fit = lineFit(path);
  for (let k = 0; k < 2 && fit; k++) {
    const f = fit;
    fit = lineFit(path.filter((p) => Math.abs(p.y - (f.m * p.x + f.b)) <= 3));
  }
  if (!fit) return 0;
  const f = fit;
  return path.filter((p) => Math.abs(p.y - (f.m * p.x + f.b)) <= 1.5).length / path.length;
}

function lineFit(pts: { x: number; y: number }[]): { m: number; b: number } | undefined {
  const n = pts.length;
  if (n < 2) return undefined;
  const mx = pts.reduce((t, p) => t + p.x, 0) / n, my = pts.reduce((t, p) => t + p.y, 0) / n;
  const sxx = pts.reduce((t, p) => t + (p.x - mx) ** 2, 0);
  if (!(sxx > 0)) return undefined;
  const m = pts.reduce((t, p) => t + (p.x - mx) * (p.y - my), 0) / sxx;
  return { m, b: my - m * mx };
}

/**
 * The page's pixels enlarged `k` times (bilinear): a chart's small print (6–7 point ticks and month initials, 13 to
 * 15 pixels tall on a 150 dpi scan) read at the size tesseract reads best.
 */
export function enlarged(g: Gray, k: number): Gray {
  const w = g.width * k, h = g.height * k;
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(g.height - 1, Math.max(0, (y + 0.5) / k - 0.5));
    const y0 = Math.floor(sy), y1 = Math.min(g.height - 1, y0 + 1), fy = sy - y0;
    for (let x = 0; x < w; x++) {
      const sx = Math.min(g.width - 1, Math.max(0, (x + 0.5) / k - 0.5));
      const x0 = Math.floor(sx), x1 = Math.min(g.width - 1, x0 + 1), fx = sx - x0;
      const top = g.data[y0 * g.width + x0] * (1 - fx) + g.data[y0 * g.width + x1] * fx;
      const bottom = g.data[y1 * g.width + x0] * (1 - fx) + g.data[y1 * g.width + x1] * fx;
      data[y * w + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { width: w, height: h, data };
}

/**
 * The region (sheared frame) of a traced line's chart, for reading its words again (chart_raster_text.ts
 * chartSheet): from a third of its span left of it (the value axis's ticks) to a tenth right, from a quarter of its
 * span over its top (the top tick) to an eighth under its lowest point or the lowest level line under it spanning
 * half of it (the zero, with the month labels and years under it; without one, 0.45 of the span under the line).
 */
export function lineChartRegion(t: PageTraces, path: TracePoint[], width: number, height: number): FilledBox {
  const x0 = path[0].x, x1 = path[path.length - 1].x, span = x1 - x0;
  const ys = path.map((p) => p.y);
  const top = Math.min(...ys), low = Math.max(...ys);
  const under = t.levels.filter((l) =>
    l.y > low && l.y <= low + 0.6 * span &&
    Math.min(l.x + l.width, x1) - Math.max(l.x, x0) >= span / 2
  ).map((l) => l.y);
  const zero = under.length ? Math.max(...under) : low + 0.45 * span - 0.125 * span;
  const cx0 = Math.max(0, Math.round(x0 - span / 3)), cx1 = Math.min(width, Math.round(x1 + span / 10));
  const cy0 = Math.max(0, Math.round(top - span / 4));
  const cy1 = Math.min(height + t.offset, Math.round(zero + span / 8));
  return { x: cx0, y: cy0, width: cx1 - cx0, height: Math.max(0, cy1 - cy0) };
}
