// A photographed page that does not lie flat (it curls, or bows where it was folded): once mapped back to an
// upright rectangle (ocr_perspective.ts), its text lines are still bent — level in the middle, a line's ends
// a few pixels up or down, up to a line's height on a phone photo. Tesseract cuts such a page into lines
// badly (a table row's cells land on two lines, a line's end joins the next one). The bend is measured from
// the ink itself and taken out: each band of the page gets the curve, y = y0 + b·u + c·u² (u the position
// across the page, -1 at its left edge, 1 at its right), that makes the ink's row profile sharpest, and
// every column is moved vertically by the curve interpolated between the bands.
// Plain code on 8-bit grayscale pixels (ocr_pixels.ts Gray).
import { type Gray, otsu } from "./ocr_pixels.ts";

/** The curve of the text lines in horizontal bands of the page: at row `y[k]`, lines run `b[k]·u + c[k]·u²`. */
export interface LineCurve {
  y: number[];
  b: number[];
  c: number[];
  /** How much sharper the ink's row profile is with the curve taken out (1: not at all). */
  gain: number;
}

interface Ink {
  us: Float32Array;
  ys: Float32Array;
}

/** Ink pixels (darker than Otsu's threshold) sampled every `step` pixels, row by row: u across, y down. */
function inkSample(g: Gray, step: number): Ink {
  const t = otsu(g.data);
  const cx = (g.width - 1) / 2;
  const us: number[] = [], ys: number[] = [];
  for (let y = 0; y < g.height; y += step) {
    for (let x = 0, i = y * g.width; x < g.width; x += step, i += step) {
      if (g.data[i] < t) us.push((x - cx) / cx), ys.push(y);
    }
  }
  return { us: Float32Array.from(us), ys: Float32Array.from(ys) };
}

/** The sharpness of the row profile (sum of squared counts in `bin`-pixel rows) of ink[lo..hi) with the curve (b, c) taken out. */
function sharpness(
  ink: Ink,
  lo: number,
  hi: number,
  b: number,
  c: number,
  bin: number,
  rows: Int32Array,
): number {
  rows.fill(0);
  const { us, ys } = ink;
  const n = rows.length;
  for (let i = lo; i < hi; i++) {
    const u = us[i];
    const k = Math.floor((ys[i] - b * u - c * u * u) / bin) + 64;
    if (k >= 0 && k < n) rows[k]++;
  }
  let s = 0;
  for (let k = 0; k < n; k++) s += rows[k] * rows[k];
  return s;
}

/** The (b, c) of ink[lo..hi) with the sharpest rows: a grid of `by` around (b0, c0), then whole pixels around the best. */
function bestCurve(
  ink: Ink,
  lo: number,
  hi: number,
  b0: number,
  c0: number,
  bHalf: number,
  cHalf: number,
  by: number,
  bin: number,
  rows: Int32Array,
): { b: number; c: number; s: number } {
  let best = { b: b0, c: c0, s: sharpness(ink, lo, hi, b0, c0, bin, rows) };
  const grid = (bc: number, cc: number, bh: number, ch: number, step: number) => {
    const start = best;
    for (let c = cc - ch; c <= cc + ch + 1e-9; c += step) {
      for (let b = bc - bh; b <= bc + bh + 1e-9; b += step) {
        const s = sharpness(ink, lo, hi, b, c, bin, rows);
        if (s > best.s) best = { b, c, s };
      }
    }
    return best !== start;
  };
  grid(b0, c0, bHalf, cHalf, by);
  grid(best.b, best.c, by, by, 1);
  return best;
}

// The bend measured, in pixels at the page's edges, as a share of the page's width: a curl up to a line or two.
const MAX_BOW = 0.03;
const MAX_TILT = 0.015;
// Bands the page is measured in (each needs a dozen lines or so to have a sharp profile).
const BANDS = 3;

/**
 * The text lines' curve in BANDS bands of the page, or undefined for a page with too little ink. Measured on
 * the whole page first, then each band near the whole page's curve (a band with few lines keeps it).
 */
export function measureLineCurve(g: Gray): LineCurve | undefined {
  const step = Math.max(1, Math.round(g.width / 850));
  const ink = inkSample(g, step);
  const n = ink.us.length;
  if (n < 2000) return undefined;
  const bin = Math.max(1, step);
  const cMax = Math.round(MAX_BOW * g.width), bMax = Math.round(MAX_TILT * g.width);
  const rows = new Int32Array(Math.ceil(g.height / bin) + 128);
  const flat = sharpness(ink, 0, n, 0, 0, bin, rows);
  const whole = bestCurve(ink, 0, n, 0, 0, bMax, cMax, 3, bin, rows);
  const out: LineCurve = { y: [], b: [], c: [], gain: whole.s / Math.max(1, flat) };
  // the ink is in row order: a band is a range of it
  const firstAt = (y: number) => {
    let lo = 0, hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      ink.ys[mid] < y ? (lo = mid + 1) : (hi = mid);
    }
    return lo;
  };
  for (let k = 0; k < BANDS; k++) {
    const y0 = (k * g.height) / BANDS, y1 = ((k + 1) * g.height) / BANDS;
    const lo = firstAt(y0), hi = firstAt(y1);
    const band = hi - lo >= n / (3 * BANDS)
      ? bestCurve(ink, lo, hi, whole.b, whole.c, 6, 9, 3, bin, rows)
      : whole;
    out.y.push((y0 + y1) / 2), out.b.push(band.b), out.c.push(band.c);
  }
  return out;
}

/** The curve at row `y`: linear between the bands' centres, constant beyond the first and the last. */
function curveAt(curve: LineCurve, y: number): [number, number] {
  const { y: ys, b, c } = curve;
  if (y <= ys[0]) return [b[0], c[0]];
  for (let k = 1; k < ys.length; k++) {
    if (y <= ys[k]) {
      const t = (y - ys[k - 1]) / (ys[k] - ys[k - 1]);
      return [b[k - 1] + t * (b[k] - b[k - 1]), c[k - 1] + t * (c[k] - c[k - 1])];
    }
  }
  return [b[b.length - 1], c[c.length - 1]];
}

/** The largest vertical move of the curve anywhere on the page, in pixels. */
export function curveExtent(curve: LineCurve): number {
  let m = 0;
  for (let k = 0; k < curve.y.length; k++) {
    for (const u of [-1, -0.5, 0, 0.5, 1]) m = Math.max(m, Math.abs(curve.b[k] * u + curve.c[k] * u * u));
  }
  return m;
}

/** The page with its lines straightened: output (x, y) sampled at (x, y + b·u + c·u²), bilinear in y. */
export function unbend(g: Gray, curve: LineCurve): Gray {
  const { width: w, height: h, data } = g;
  const out = new Uint8Array(w * h).fill(255);
  const cx = (w - 1) / 2;
  for (let y = 0; y < h; y++) {
    const [b, c] = curveAt(curve, y);
    for (let x = 0; x < w; x++) {
      const u = (x - cx) / cx;
      const sy = y + b * u + c * u * u;
      const y0 = Math.floor(sy), f = sy - y0;
      if (y0 < 0 || y0 + 1 >= h) continue;
      out[y * w + x] = data[y0 * w + x] * (1 - f) + data[(y0 + 1) * w + x] * f + 0.5;
    }
  }
  return { width: w, height: h, data: out };
}

// A bend smaller than this (pixels at the page's edge) is left alone: tesseract follows it.
const MIN_BEND = 3;
// ... and so is one that hardly sharpens the rows (a measure on noise or a sparse page).
const MIN_GAIN = 1.03;

/** The page with its text lines straightened when they are bent (measureLineCurve), else the page itself. */
export function straightenLines(g: Gray): { gray: Gray; curve?: LineCurve } {
  const curve = measureLineCurve(g);
  if (!curve || curve.gain < MIN_GAIN || curveExtent(curve) < MIN_BEND) return { gray: g };
  return { gray: unbend(g, curve), curve };
}
