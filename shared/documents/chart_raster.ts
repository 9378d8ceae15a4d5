// A scanned page's chart shapes found in its pixels (issue #11, scancharts): on a text PDF the bars of a usage chart
// without printed values are drawn shapes (pdf_shapes.ts); on a scan or a photo they are pixels. Only a page whose
// OCR words print a chart's value axis (pdf_shapes.ts printsValueAxis) is looked at. Its pixels darker than the
// paper are sheared by the page's slope — the one its OCR words were straightened by (ocr.ts ocrPieces: y moved
// along the slope to x = 0, x unchanged) — so a bar's foot and a ruled line lie level in the words' frame; then:
// - filled shapes (bars): pixels inside a dark run at least `solid` long across and down (a letter's stroke, a ruled
//   line and a scan's specks are thinner), joined into components; each kept as the rectangle its rows and columns
//   fill at least half of, when that rectangle is mostly dark (a bar, not a letter's crossing);
// - ruled lines (a chart's gridlines): level dark runs at least a twelfth of the page long whose dark height is
//   thin along a fifth of them (where a line crosses a bar the run goes on through it), given as their centre line,
//   one pixel tall.
// Both as boxes in the frame of the page's OCR pieces (pixels of the original image, y straightened by the slope).
import type { FilledBox } from "./pdf_shapes.ts";
import { type Gray, percentile, shrink } from "./ocr_pixels.ts";
import { coreFromRuns, filledFromRuns, levelRuns, linesFromRuns, longRuns } from "./chart_shapes_runs.ts";

/** At most this many shapes are returned (a page of dark specks stays cheap downstream). */
export const MAX_RASTER_BOXES = 2_000;
/** How much darker than the paper a pixel must be to be ink or fill (grey levels). */
export const INK_CONTRAST = 35;

/** A page's shapes in its sheared frame (pixels of the prepared page; row y' holds y' + slope × x − offset). */
export interface PageShapes {
  /** Filled rectangles (bars) and ruled lines (one pixel tall, at their centre line). */
  filled: FilledBox[];
  lines: FilledBox[];
  slope: number;
  offset: number;
  /** The smallest run of a filled shape (pixels): a letter's stroke is thinner. */
  solid: number;
}

/** The smallest run of a filled shape on a page `width` pixels across: a letter's stroke is thinner. */
export const solidRun = (width: number) => Math.max(5, Math.round(width / 250));

/**
 * The gray level below which a page's pixel is ink: the median less `INK_CONTRAST`. One pass over the page; the
 * chart passes take it as an argument so that a page's is counted once (ocr.ts, ocrgate2).
 */
export const inkThreshold = (page: Gray): number => percentile(page.data, 0.5) - INK_CONTRAST;

/**
 * Can the page hold six filled shapes (a chart's bars)? A cheap look first, on the page shrunk by the smallest
 * filled run: six or more squares of 2 × 2 dark cells (a letter's stroke never darkens a whole cell). A page of text
 * alone is not looked at further.
 */
export function mayHoldBars(page: Gray, threshold = inkThreshold(page)): boolean {
  const small = shrink(page, solidRun(page.width));
  const { width: w, height: h, data } = small;
  let squares = 0;
  for (let y = 0; y + 1 < h; y++) {
    for (let x = 0, i = y * w; x + 1 < w; x++, i++) {
      if (
        data[i] < threshold && data[i + 1] < threshold && data[i + w] < threshold &&
        data[i + w + 1] < threshold
      ) {
        if (++squares >= 6) return true;
        x++, i++;
      }
    }
  }
  return false;
}

/** The filled shapes and ruled lines of a prepared page (see the file's head), in its sheared frame. */
export function pageShapes(page: Gray, slope: number, threshold = inkThreshold(page)): PageShapes {
  const { width: w } = page;
  const sheared = shearedInk(page, slope, threshold);
  const solid = solidRun(w);
  // from the page's long level runs (chart_shapes_runs.ts: the shapes filledShapes and ruledLines below find)
  const level = levelRuns(sheared.mask, w, sheared.height, Math.min(solid, Math.round(w / 12)));
  return {
    filled: filledFromRuns(level, w, sheared.height, solid, MAX_RASTER_BOXES),
    lines: linesFromRuns(level, w, solid, MAX_RASTER_BOXES),
    slope,
    offset: sheared.offset,
    solid,
  };
}

/**
 * The shapes as boxes in the frame of the page's OCR pieces: the original image's pixels (`scale`: the factor the
 * image was shrunk by), y straightened by the slope as ocr.ts ocrPieces straightens a line's.
 */
export function shapesInPieceFrame(shapes: PageShapes, scale = 1): FilledBox[] {
  return [...shapes.filled, ...shapes.lines].slice(0, MAX_RASTER_BOXES).map((b) => ({
    x: b.x / scale,
    y: (b.y - shapes.offset) / scale,
    width: b.width / scale,
    height: b.height / scale,
  }));
}

/** The page's ink (1) sheared so that a line along the slope lies level: row y' + offset holds y = y' + slope × x. */
export function shearedInk(
  page: Gray,
  slope: number,
  threshold = inkThreshold(page),
): { mask: Uint8Array; height: number; offset: number } {
  const { width: w, height: h, data } = page;
  const rise = Math.ceil(Math.abs(slope) * w);
  const height = h + rise;
  const offset = slope > 0 ? rise : 0;
  const mask = new Uint8Array(w * height);
  // the columns in stretches of one shift (a slope of 1 % shifts a row every hundred columns), each stretch's pixels
  // read in a row's order (perf17)
  const starts: number[] = [], shifts: number[] = [];
  for (let x = 0; x < w; x++) {
    const d = Math.round(slope * x) - offset;
    if (!x || d !== shifts[shifts.length - 1]) starts.push(x), shifts.push(d);
  }
  starts.push(w);
  for (let r = 0; r < height; r++) {
    const out = r * w;
    for (let s = 0; s < shifts.length; s++) {
      const y = r + shifts[s];
      if (y < 0 || y >= h) continue;
      const src = y * w - out;
      for (let i = out + starts[s], end = out + starts[s + 1]; i < end; i++) {
        if (data[src + i] < threshold) mask[i] = 1;
      }
    }
  }
  return { mask, height, offset };
}

/** Each ink pixel's run length down its column, in pixels. */
export function downRuns(mask: Uint8Array, w: number, h: number): Uint16Array {
  const out = new Uint16Array(mask.length);
  const start = new Int32Array(w).fill(-1);
  const close = (x: number, end: number) => {
    const n = Math.min(end - start[x], 65_535);
    for (let y = start[x]; y < end; y++) out[y * w + x] = n;
    start[x] = -1;
  };
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      if (mask[row + x]) {
        if (start[x] < 0) start[x] = y;
      } else if (start[x] >= 0) close(x, y);
    }
  }
  for (let x = 0; x < w; x++) if (start[x] >= 0) close(x, h);
  return out;
}

/**
 * The pixels inside a dark run at least `solid` long both across and down (1): a filled shape's core. Each row's runs
 * are found in one pass and only those `solid` long are looked at down (no page-sized array of the runs' lengths
 * across: ocrgate2).
 */
export function coreOf(mask: Uint8Array, down: Uint16Array, w: number, h: number, solid: number): Uint8Array {
  const { runs, count } = longRuns(mask, w, h, solid);
  return coreFromRuns(runs, count, down, w, h, solid).core;
}
