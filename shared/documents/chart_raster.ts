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
import { type Gray, labelComponents, percentile, shrink } from "./ocr_pixels.ts";

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
  const down = downRuns(sheared.mask, w, sheared.height);
  return {
    filled: filledShapes(sheared.mask, down, w, sheared.height, solid),
    lines: ruledLines(sheared.mask, down, w, sheared.height, solid),
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
  const dy = Int32Array.from({ length: w }, (_, x) => Math.round(slope * x) - offset);
  for (let r = 0; r < height; r++) {
    const out = r * w;
    for (let x = 0; x < w; x++) {
      const y = r + dy[x];
      if (y >= 0 && y < h && data[y * w + x] < threshold) mask[out + x] = 1;
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
  const core = new Uint8Array(mask.length);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let x = 0;
    while (x < w) {
      if (!mask[row + x]) {
        x++;
        continue;
      }
      let end = x;
      while (end < w && mask[row + end]) end++;
      if (end - x >= solid) { for (let i = row + x; i < row + end; i++) core[i] = down[i] >= solid ? 1 : 0; }
      x = end;
    }
  }
  return core;
}

/** Bars and other filled rectangles: components of pixels inside runs `solid` long both ways (see the file's head). */
function filledShapes(mask: Uint8Array, down: Uint16Array, w: number, h: number, solid: number): FilledBox[] {
  const core = coreOf(mask, down, w, h, solid);
  const { labels, count } = labelComponents(core, w, h);
  const bounds = Array.from({ length: count + 1 }, () => ({ x0: w, y0: h, x1: -1, y1: -1, n: 0 }));
  for (let i = 0; i < labels.length; i++) {
    const c = labels[i];
    if (!c) continue;
    const b = bounds[c], x = i % w, y = (i - x) / w;
    b.n++;
    if (x < b.x0) b.x0 = x;
    if (x > b.x1) b.x1 = x;
    if (y < b.y0) b.y0 = y;
    if (y > b.y1) b.y1 = y;
  }
  const out: FilledBox[] = [];
  for (let c = 1; c <= count && out.length < MAX_RASTER_BOXES; c++) {
    const b = bounds[c];
    const bw = b.x1 - b.x0 + 1, bh = b.y1 - b.y0 + 1;
    if (bw < 2 * solid || bh < solid) continue;
    const rect = trimmed(labels, c, w, b);
    if (!rect) continue;
    const filled = countIn(core, w, rect);
    if (filled < 0.8 * rect.width * rect.height) continue;
    out.push(rect);
  }
  return out;
}

/** The rectangle of a component's rows and columns that hold at least half of its widest row and tallest column. */
function trimmed(
  labels: Int32Array,
  c: number,
  w: number,
  b: { x0: number; y0: number; x1: number; y1: number },
): FilledBox | undefined {
  const cols = new Uint32Array(b.x1 - b.x0 + 1), rows = new Uint32Array(b.y1 - b.y0 + 1);
  for (let y = b.y0; y <= b.y1; y++) {
    for (let x = b.x0; x <= b.x1; x++) {
      if (labels[y * w + x] === c) cols[x - b.x0]++, rows[y - b.y0]++;
    }
  }
  const span = (counts: Uint32Array) => {
    const half = Math.max(...counts) / 2;
    const first = counts.findIndex((n) => n >= half);
    const last = counts.findLastIndex((n) => n >= half);
    return [first, last - first + 1];
  };
  const [x, width] = span(cols), [y, height] = span(rows);
  return width > 0 && height > 0 ? { x: b.x0 + x, y: b.y0 + y, width, height } : undefined;
}

function countIn(mask: Uint8Array, w: number, r: FilledBox): number {
  let n = 0;
  for (let y = r.y; y < r.y + r.height; y++) for (let x = r.x; x < r.x + r.width; x++) n += mask[y * w + x];
  return n;
}

/** Level ruled lines: long dark runs, thin along a fifth of their length, as their centre lines (file's head). */
function ruledLines(mask: Uint8Array, down: Uint16Array, w: number, h: number, solid: number): FilledBox[] {
  const minLength = Math.round(w / 12);
  // each row's qualifying runs, then runs of neighbouring rows that overlap joined into one line
  const found: { x0: number; x1: number; y0: number; y1: number }[] = [];
  let open: typeof found = [];
  for (let y = 0; y < h; y++) {
    const next: typeof found = [];
    let x = 0;
    while (x < w) {
      if (!mask[y * w + x]) {
        x++;
        continue;
      }
      let end = x, thin = 0;
      while (end < w && mask[y * w + end]) thin += down[y * w + end++] < solid ? 1 : 0;
      if (end - x >= minLength && thin * 5 >= end - x) {
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
      x = end;
    }
    open = next;
  }
  // a line the shear left a pixel off its row part of the way is one line: pieces a row or two apart that meet
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
  return merged.slice(0, MAX_RASTER_BOXES)
    .map((l) => ({ x: l.x0, y: (l.y0 + l.y1) / 2, width: l.x1 - l.x0, height: 1 }));
}
