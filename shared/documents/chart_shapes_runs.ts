// A scanned page's bars and ruled lines found from its long level runs (issue #16, perf17): the same shapes as
// chart_raster.ts's pixel-by-pixel passes (every ink pixel's run down its column, a page-sized core, its components
// labeled from a scan of the whole page, their bounds from another), at a fraction of the cost on a page of text.
// A filled shape's core and a ruled line both lie in level runs at least `solid` long, and a page of text has few:
// - the sheared ink is read once, row by row, into its runs at least `solid` (or a ruled line's least length,
//   whichever is shorter) long, in raster order;
// - a pixel's run down its column is counted only for the pixels of those runs, each column run once (walked up
//   and down from the first of its pixels asked about);
// - the core's components are grown from the runs' core pixels taken in raster order, so they are numbered as
//   a scan of the whole page numbers them, and their bounds are read from the same pixels.
// Pure pixel code.
import type { FilledBox } from "./pdf_shapes.ts";

/** A page's long level runs and what the shape passes need of them (see the file's head). */
export interface LevelRuns {
  /** Each run as three numbers: its row, its first column and the column after its last, rows in order. */
  runs: Int32Array;
  count: number;
  /** Each pixel's run down its column, counted for the runs' pixels only (0: not counted). */
  down: Uint16Array;
}

/** The runs of `mask` (1 = ink, `w` pixels across, `h` rows) at least `least` pixels long, in raster order. */
export function levelRuns(mask: Uint8Array, w: number, h: number, least: number): LevelRuns {
  const { runs, count } = longRuns(mask, w, h, least);
  const down = new Uint16Array(mask.length);
  for (let r = 0; r < count; r++) {
    const y = runs[3 * r], row = y * w;
    for (let x = runs[3 * r + 1]; x < runs[3 * r + 2]; x++) {
      if (down[row + x]) continue;
      let top = y, bottom = y + 1;
      while (top > 0 && mask[(top - 1) * w + x]) top--;
      while (bottom < h && mask[bottom * w + x]) bottom++;
      const n = Math.min(bottom - top, 65_535);
      for (let yy = top; yy < bottom; yy++) down[yy * w + x] = n;
    }
  }
  return { runs, count, down };
}

/** The runs of `mask` at least `least` pixels long, as (row, first column, column after the last), rows in order. */
export function longRuns(
  mask: Uint8Array,
  w: number,
  h: number,
  least: number,
): { runs: Int32Array; count: number } {
  let runs = new Int32Array(3 * 1024), count = 0;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let x = 0;
    while (x < w) {
      if (!mask[row + x]) {
        x++;
        continue;
      }
      let end = x + 1;
      while (end < w && mask[row + end]) end++;
      if (end - x >= least) {
        if (3 * count + 3 > runs.length) {
          const grown = new Int32Array(runs.length * 2);
          grown.set(runs);
          runs = grown;
        }
        runs[3 * count] = y, runs[3 * count + 1] = x, runs[3 * count + 2] = end, count++;
      }
      x = end;
    }
  }
  return { runs, count };
}

/**
 * A filled shape's core: the pixels of the runs at least `solid` long whose run down is `solid` long too (1), and
 * its level pieces (row, first column, column after the last) in raster order.
 */
export function coreFromRuns(
  runs: Int32Array,
  count: number,
  down: Uint16Array,
  w: number,
  h: number,
  solid: number,
): { core: Uint8Array; pieces: number[] } {
  const core = new Uint8Array(w * h), pieces: number[] = [];
  for (let r = 0; r < count; r++) {
    const y = runs[3 * r], x0 = runs[3 * r + 1], x1 = runs[3 * r + 2];
    if (x1 - x0 < solid) continue;
    const row = y * w;
    for (let x = x0; x < x1; x++) {
      if (down[row + x] < solid) continue;
      const from = x;
      while (x < x1 && down[row + x] >= solid) core[row + x++] = 1;
      pieces.push(y, from, x);
    }
  }
  return { core, pieces };
}

/**
 * Bars and other filled rectangles: components of the pixels inside runs `solid` long both ways (4-connected: the
 * core's level pieces joined to those of the row above they overlap), each kept as the rectangle its rows and
 * columns fill at least half of when that rectangle is mostly core (chart_raster.ts).
 */
export function filledFromRuns(
  level: LevelRuns,
  w: number,
  h: number,
  solid: number,
  max: number,
): FilledBox[] {
  const { core, pieces } = coreFromRuns(level.runs, level.count, level.down, w, h, solid);
  const n = pieces.length / 3;
  // each piece's component, as the first of its pieces in raster order (the root of a union-find kept at the least)
  const root = Int32Array.from({ length: n }, (_, i) => i);
  const find = (i: number) => {
    while (root[i] !== i) i = root[i] = root[root[i]];
    return i;
  };
  let above = 0, aboveEnd = 0; // the pieces of the row above the current one
  for (let p = 0; p < n; p++) {
    const y = pieces[3 * p];
    if (p === 0 || y !== pieces[3 * p - 3]) {
      // a new row: the previous row's pieces are the ones above when it lies right above
      let start = p - 1;
      while (start >= 0 && pieces[3 * start] === pieces[3 * p - 3]) start--;
      [above, aboveEnd] = p > 0 && pieces[3 * p - 3] === y - 1 ? [start + 1, p] : [p, p];
    }
    const x0 = pieces[3 * p + 1], x1 = pieces[3 * p + 2];
    for (let q = above; q < aboveEnd; q++) {
      if (pieces[3 * q + 1] < x1 && x0 < pieces[3 * q + 2]) {
        const [a, b] = [find(p), find(q)];
        if (a !== b) root[Math.max(a, b)] = Math.min(a, b);
      }
    }
  }
  const members = new Map<number, number[]>(); // by their first piece, so in raster order of their first pixel
  for (let p = 0; p < n; p++) {
    const c = find(p);
    const list = members.get(c);
    if (list) list.push(p);
    else members.set(c, [p]);
  }
  const out: FilledBox[] = [];
  for (const c of [...members.keys()].sort((a, b) => a - b)) {
    if (out.length >= max) break;
    const list = members.get(c)!;
    let bx0 = w, by0 = h, bx1 = -1, by1 = -1;
    for (const p of list) {
      const y = pieces[3 * p];
      bx0 = Math.min(bx0, pieces[3 * p + 1]), bx1 = Math.max(bx1, pieces[3 * p + 2] - 1);
      by0 = Math.min(by0, y), by1 = Math.max(by1, y);
    }
    if (bx1 - bx0 + 1 < 2 * solid || by1 - by0 + 1 < solid) continue;
    // the rectangle of the rows and columns that hold at least half of the component's widest row and tallest column
    const cols = new Uint32Array(bx1 - bx0 + 1), rows = new Uint32Array(by1 - by0 + 1);
    for (const p of list) {
      const x0 = pieces[3 * p + 1], x1 = pieces[3 * p + 2];
      rows[pieces[3 * p] - by0] += x1 - x0;
      for (let x = x0; x < x1; x++) cols[x - bx0]++;
    }
    const [x, width] = halfSpan(cols), [y, height] = halfSpan(rows);
    if (width <= 0 || height <= 0) continue;
    let filled = 0;
    for (let yy = by0 + y; yy < by0 + y + height; yy++) {
      for (let i = yy * w + bx0 + x; i < yy * w + bx0 + x + width; i++) filled += core[i];
    }
    if (filled < 0.8 * width * height) continue;
    out.push({ x: bx0 + x, y: by0 + y, width, height });
  }
  return out;
}

/** The first index and the length of the span of `counts` at least half of their most. */
function halfSpan(counts: Uint32Array): [number, number] {
  let most = 0;
  for (const n of counts) most = Math.max(most, n);
  const half = most / 2;
  const first = counts.findIndex((n) => n >= half);
  const last = counts.findLastIndex((n) => n >= half);
  return [first, last - first + 1];
}

/**
 * Level ruled lines: runs at least a twelfth of the page long, thin (their run down under `solid`) along a fifth of
 * their length, those of neighboring rows that overlap joined, then pieces a row or two apart that meet merged, as
 * their center lines (chart_raster.ts).
 */
export function linesFromRuns(level: LevelRuns, w: number, solid: number, max: number): FilledBox[] {
  const { runs, count, down } = level;
  const minLength = Math.round(w / 12);
  const found: { x0: number; x1: number; y0: number; y1: number }[] = [];
  let open: typeof found = [];
  let next: typeof found = [];
  let current = -1;
  for (let r = 0; r < count; r++) {
    const y = runs[3 * r], x = runs[3 * r + 1], end = runs[3 * r + 2];
    if (y !== current) open = next, next = [], current = y;
    if (end - x < minLength) continue;
    let thin = 0;
    for (let i = y * w + x; i < y * w + end; i++) thin += down[i] < solid ? 1 : 0;
    if (thin * 5 < end - x) continue;
    // only the lines of the row just above join (those of an earlier row end higher up)
    const joined = open.find((l) => l.y1 === y - 1 && l.x0 < end && x < l.x1);
    if (joined) {
      joined.y1 = y;
      joined.x0 = Math.min(joined.x0, x);
      joined.x1 = Math.max(joined.x1, end);
      next.push(joined);
    } else {
      const l = { x0: x, x1: end, y0: y, y1: y };
      found.push(l);
      next.push(l);
    }
  }
  const thin = found.filter((l) => l.y1 - l.y0 < solid).sort((a, b) => a.x0 - b.x0);
  const merged: typeof found = [];
  for (const l of thin) {
    const m = merged.find((o) =>
      Math.abs(o.y0 + o.y1 - l.y0 - l.y1) <= 4 && l.x0 <= o.x1 + solid && o.x0 <= l.x1 + solid
    );
    if (m) {
      m.x0 = Math.min(m.x0, l.x0), m.x1 = Math.max(m.x1, l.x1);
      m.y0 = Math.min(m.y0, l.y0), m.y1 = Math.max(m.y1, l.y1);
    } else merged.push({ ...l });
  }
  return merged.slice(0, max).map((l) => ({ x: l.x0, y: (l.y0 + l.y1) / 2, width: l.x1 - l.x0, height: 1 }));
}
