// A cheap look for a plotted line before a scanned page's line tracing (issue #16, ocrgate): the tracing
// (chart_raster_lines.ts pageTraces: the ruled lines' slope, the level lines cleared, every thin run followed as a
// seed) cost ≈60 ms CPU a page of text in a warm process, 0.12–0.16 of the tesseract CLI's CPU in bench:ocr, on
// pages that hold no line; this pass costs about a twentieth of the tracing and lets it run only where a line may be. A plotted line is one thin stroke drawn across the chart's months, rising and falling
// with them; so in the page's ink (the tracing's own threshold) the pass follows chains of column runs, column to
// column, and keeps the page when one chain
// - is made of 8-connected runs (a row's gap of one pixel allowed: the tracing's page is sheared, which moves a
//   column against its neighbor by a row), each thin (under two `solid`, more where the stroke is steep) or, for a
//   few columns, thicker (a marker's dot), never over four `solid` (a vertical rule, a bar),
// - is drawn smoothly: its center jumps by over three pixels (a letter's next stroke, a box's other edge) at most
//   once and then once every sixteen `solid` along it (the tracing's own bound on a kept line's breaks),
// - moves smoothly up or down by two `solid` (the tracing's bound on a line that is not level), the page's slope
//   taken out and a jump's height not counted (a ruled line with a box's edge beside it is level),
// - and spans a twelfth of the page (half the sixth a traced line must span: room for one break of it).
// On the 304 dev synthetic scans the chains of pages without a line chart span at most 123 pixels (all but one under
// 90) and those of the four line-chart scans 720–810 (docs/documents.md, ocrgate). Pure pixel code.
import type { Gray } from "./ocr_pixels.ts";
import { inkThreshold, solidRun } from "./chart_raster.ts";

/** At most this many runs are looked at (as the tracing's MAX_RUNS: a page of noise stays cheap). */
const MAX_RUNS = 400_000;
/** A center moving by more than this many pixels from one column to the next is a jump (chart_raster_lines.ts). */
const JUMP = 3;

/** Can the page hold a plotted line (see the file's head)? `slope`: the page's (its OCR words' lines', dy/dx). */
export function mayHoldLine(page: Gray, slope: number, threshold = inkThreshold(page)): boolean {
  const least = page.width / 12;
  return risingChain(page, slope, least, threshold) >= least;
}

/**
 * The widest span (pixels across) of a chain of the page's ink that rises or falls smoothly by two `solid` (see the
 * file's head), the search stopped once one spans `enough`.
 */
export function risingChain(
  page: Gray,
  slope: number,
  enough = Infinity,
  threshold = inkThreshold(page),
): number {
  const { width: w, height: h, data } = page;
  const solid = solidRun(w);
  const { from, y0, y1 } = columnRuns(data, w, h, threshold);
  const n = y0.length;
  const thin = 2 * solid, longest = 4 * solid, maxBlob = 3 * solid, breakEvery = 16 * solid;
  const minRise = 2 * solid;
  // each run's best chain: its first column, its jumps, its thick runs in a row, the height its jumps moved it by,
  // and the lowest and highest of its centers less that height (and less the page's slope)
  const first = new Int32Array(n).fill(-1), jumps = new Int32Array(n), blobs = new Int32Array(n);
  const moved = new Float32Array(n), lo = new Float32Array(n), hi = new Float32Array(n);
  let widest = 0;
  for (let x = 0; x < w; x++) {
    let p = x ? from[x - 1] : 0;
    const pEnd = x ? from[x] : 0;
    for (let r = from[x]; r < from[x + 1]; r++) {
      const a = y0[r], b = y1[r], len = b - a;
      if (len > longest) continue;
      const c = (a + b - 1) / 2;
      while (p < pEnd && y1[p] + 1 < a) p++;
      let best = -1, bestJumps = 0, bestThick = false;
      for (let q = p; q < pEnd && y0[q] <= b + 1; q++) {
        if (first[q] < 0) continue;
        const dc = Math.abs(c - (y0[q] + y1[q] - 1) / 2);
        const thick = len > thin + 1.5 * dc;
        if (thick && blobs[q] >= maxBlob) continue;
        const j = jumps[q] + (dc > JUMP ? 1 : 0);
        if (j > 1 + (x - first[q]) / breakEvery) continue;
        if (best < 0 || first[q] < first[best]) best = q, bestJumps = j, bestThick = thick;
      }
      if (best < 0) {
        if (len > thin) continue;
        first[r] = x, lo[r] = hi[r] = c - slope * x;
        continue;
      }
      const dc = c - (y0[best] + y1[best] - 1) / 2;
      first[r] = first[best], jumps[r] = bestJumps, blobs[r] = bestThick ? blobs[best] + 1 : 0;
      moved[r] = moved[best] + (Math.abs(dc) > JUMP ? dc : 0);
      const level = c - moved[r] - slope * x;
      lo[r] = Math.min(lo[best], level), hi[r] = Math.max(hi[best], level);
      if (hi[r] - lo[r] >= minRise && x - first[r] > widest) {
        widest = x - first[r];
        if (widest >= enough) return widest;
      }
    }
  }
  return widest;
}

/** Each column's ink runs (rows y0 to y1 exclusive), top to bottom: runs of column x from from[x] to from[x + 1]. */
function columnRuns(
  data: Uint8Array,
  w: number,
  h: number,
  threshold: number,
): { from: Int32Array; y0: Int32Array; y1: Int32Array } {
  // one pass along the rows (the pixels' order); a run is closed where its column turns light
  const start = new Int32Array(w).fill(-1);
  const count = new Int32Array(w + 1);
  let xs = new Int32Array(65_536), a = new Int32Array(65_536), b = new Int32Array(65_536);
  let n = 0;
  const close = (x: number, y: number) => {
    if (n === xs.length) {
      const grow = (t: Int32Array) => {
        const u = new Int32Array(t.length * 2);
        u.set(t);
        return u;
      };
      xs = grow(xs), a = grow(a), b = grow(b);
    }
    xs[n] = x, a[n] = start[x], b[n] = y, n++;
    count[x + 1]++;
    start[x] = -1;
  };
  let y = 0;
  for (; y < h && n < MAX_RUNS; y++) {
    for (let x = 0, i = y * w; x < w; x++, i++) {
      if (data[i] < threshold) {
        if (start[x] < 0) start[x] = y;
      } else if (start[x] >= 0) close(x, y);
    }
  }
  for (let x = 0; x < w; x++) if (start[x] >= 0) close(x, y);
  // by column (a column's runs were closed top to bottom)
  const from = new Int32Array(w + 1);
  for (let x = 0; x < w; x++) from[x + 1] = from[x] + count[x + 1];
  const at = from.slice(0, w);
  const y0 = new Int32Array(n), y1 = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const k = at[xs[i]]++;
    y0[k] = a[i], y1[k] = b[i];
  }
  return { from, y0, y1 };
}
