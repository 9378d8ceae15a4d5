// Image preparation before OCR, in plain code on 8-bit grayscale pixels (no decoder here: ocr.ts decodes
// with @napi-rs/canvas and hands the pixels over). General for phone photos and scans:
// - a photo of the page on a darker background: the page's corners found and the page mapped back to an
//   upright rectangle, sharpened and flattened (ocr_perspective.ts), its bent text lines (a curled page)
//   straightened (ocr_dewarp.ts); a page filling the image is untouched;
// - orientation: a page whose text clearly runs vertically (photographed sideways) is turned a quarter
//   (projection profiles of the ink);
// - light-on-dark bands (inverted table headers, banners, reversed cells) found by their density of dark
//   pixels and made dark text on paper (tesseract reads that polarity best, and loses some inverted lines);
// - a dim or unevenly lit page: 3×3 smoothing (grain), background flattening (each pixel divided by the
//   paper's local brightness) and a contrast stretch;
// - a skew of 3° or more taken out (the angle that makes the text rows sharpest).
// The result goes to tesseract as a PGM (no PNG encode/decode round trip).

import {
  type Box,
  boxMean,
  cellIndex,
  type Gray,
  grayFromRgba,
  histogram,
  labelComponents,
  maxFilter,
  otsu,
  otsuOf,
  percentile,
  percentileOf,
  shrink,
} from "./ocr_pixels.ts";

import { findPageQuad, type Quad, rectifyPage } from "./ocr_perspective.ts";
import { curveExtent, straightenLines } from "./ocr_dewarp.ts";

export { type Box, boxMean, type Gray, grayFromRgba, labelComponents, maxFilter, otsu, shrink };

/**
 * Divides each pixel by the paper's local brightness (a max filter over a window larger than a character,
 * then smoothed), so shadows, a lighting gradient and grey paper become white paper. `r`: the window's
 * half side, about a text line's height. The background is estimated on a shrunk copy (it varies slowly).
 */
export function normalizeBackground(g: Gray, r: number): Gray {
  const f = Math.max(1, Math.floor(r / 4));
  const small = shrink(g, f);
  const rs = Math.max(1, Math.round(r / f));
  const bg = boxMean(maxFilter(small, rs), small.width, small.height, rs);
  const data = new Uint8Array(g.data.length);
  const cx = cellIndex(g.width, f, small.width);
  for (let y = 0; y < g.height; y++) {
    const row = Math.min(small.height - 1, Math.floor(y / f)) * small.width;
    for (let x = 0, i = y * g.width; x < g.width; x++, i++) {
      const b = bg[row + cx[x]];
      const v = (g.data[i] * 255) / (b > 16 ? b : 16);
      data[i] = v > 255 ? 255 : v;
    }
  }
  return { width: g.width, height: g.height, data };
}

/**
 * Light text on dark regions (inverted headers, banners): a region is where most of the window around a
 * pixel is dark (the ink of dark text on paper covers well under half of any window a line high; a dark band
 * with light letters, most of it) over an area of several windows (not a bold word). Found on a half-size
 * copy, then made exact at full size: inside the region's slightly widened zone, dark pixels (the band) and
 * light pixels enclosed by them (its letters) are inverted, while light pixels connected to the paper outside
 * the zone stay as they are, so the band becomes paper with dark letters and leaves no dark frame (a frame
 * makes tesseract take the band for a picture and skip its text).
 * Returns the image and the share of the page that was inverted.
 */
export function invertDarkRegions(
  g: Gray,
  r: number,
): { gray: Gray; inverted: number; bands: Box[]; mask?: Uint8Array } {
  const { width, height } = g;
  const f = r >= 6 ? 2 : 1;
  const small = shrink(g, f);
  const rs = Math.max(2, Math.round(r / f));
  // dark: under Otsu's threshold and well under the paper's level (a dim, low-contrast photo has no bands)
  const hist = histogram(small.data);
  const t = Math.min(otsuOf(hist), 0.6 * percentileOf(hist, 0.9, small.data.length));
  const dark = new Uint8Array(small.data.length);
  for (let i = 0; i < dark.length; i++) dark[i] = small.data[i] < t ? 1 : 0;
  // a window three times as wide as high: along a band, its letters and the gaps between them average out
  const density = boxMean(dark, small.width, small.height, 3 * rs, rs);
  const core = new Uint8Array(dark.length);
  let coreN = 0;
  for (let i = 0; i < core.length; i++) if (density[i] > 0.5) core[i] = 1, coreN++;
  // most pages end here: their dense dark spots (a logo, a bar, a bold word) are smaller than a band,
  // all of them together or each one
  const minArea = 4 * (2 * rs + 1) ** 2;
  if (coreN < minArea || !dropSmallComponents(core, small.width, small.height, minArea)) {
    return { gray: g, inverted: 0, bands: [] };
  }
  const region = boxMean(core, small.width, small.height, rs);
  // the zone: the regions slightly widened, as numbered components of the shrunk map
  const zoneSmall = new Uint8Array(region.length);
  for (let i = 0; i < region.length; i++) zoneSmall[i] = region[i] > 0.3 ? 1 : 0;
  const { labels, count } = labelComponents(zoneSmall, small.width, small.height);
  if (!count) return { gray: g, inverted: 0, bands: [] };
  // Every pass below stays inside the zone's extent at full size, one pixel wider (the paper around the zone
  // seeds the fill): a crop of the page (cw × ch from X0, Y0), a few bands instead of millions of pixels.
  let sx0 = small.width, sy0 = small.height, sx1 = -1, sy1 = -1;
  for (let y = 0; y < small.height; y++) {
    for (let x = 0, i = y * small.width; x < small.width; x++, i++) {
      if (!labels[i]) continue;
      if (x < sx0) sx0 = x;
      if (x > sx1) sx1 = x;
      if (y < sy0) sy0 = y;
      sy1 = y;
    }
  }
  // the last cell of the shrunk map also covers the page's remainder (cellIndex)
  const X0 = Math.max(0, sx0 * f - 1), Y0 = Math.max(0, sy0 * f - 1);
  const X1 = Math.min(width, sx1 === small.width - 1 ? width : (sx1 + 1) * f + 1);
  const Y1 = Math.min(height, sy1 === small.height - 1 ? height : (sy1 + 1) * f + 1);
  const cw = X1 - X0, ch = Y1 - Y0, area = cw * ch;
  const zone = new Int32Array(area); // 0: outside, else the component's number
  const cx = cellIndex(width, f, small.width);
  for (let y = Y0; y < Y1; y++) {
    const row = Math.min(small.height - 1, Math.floor(y / f)) * small.width;
    for (let x = X0, i = (y - Y0) * cw; x < X1; x++, i++) zone[i] = labels[row + cx[x]];
  }
  const px = new Uint8Array(area); // the crop's pixels
  for (let y = Y0; y < Y1; y++) px.set(g.data.subarray(y * width + X0, y * width + X1), (y - Y0) * cw);
  // light pixels of the zone reached from light paper outside it are paper
  const paper = new Uint8Array(area);
  const stack = new Int32Array(area);
  let top = 0;
  const visit = (i: number) => {
    if (zone[i] && !paper[i] && px[i] >= t) paper[i] = 1, stack[top++] = i;
  };
  for (let i = 0; i < area; i++) {
    if (zone[i] || px[i] < t) continue;
    const x = i % cw;
    if (x > 0) visit(i - 1);
    if (x < cw - 1) visit(i + 1);
    if (i >= cw) visit(i - cw);
    if (i + cw < area) visit(i + cw);
  }
  while (top) {
    const i = stack[--top];
    const x = i % cw;
    if (x > 0) visit(i - 1);
    if (x < cw - 1) visit(i + 1);
    if (i >= cw) visit(i - cw);
    if (i + cw < area) visit(i + cw);
  }
  // a band is one dark piece around its letters; where a zone's dark pixels are many small pieces, it is
  // dense dark text (bold figures in a narrow box), not a band: left alone,
  const zoneDark = new Uint8Array(area);
  for (let i = 0; i < area; i++) zoneDark[i] = zone[i] && px[i] < t ? 1 : 0;
  const pieces = labelComponents(zoneDark, cw, ch);
  const pieceSize = new Float64Array(pieces.count + 1);
  for (let i = 0; i < area; i++) if (pieces.labels[i]) pieceSize[pieces.labels[i]]++;
  const darkN = new Float64Array(count + 1), biggest = new Float64Array(count + 1);
  for (let i = 0; i < area; i++) {
    const p = pieces.labels[i];
    if (!p) continue;
    darkN[zone[i]]++;
    if (pieceSize[p] > biggest[zone[i]]) biggest[zone[i]] = pieceSize[p];
  }
  // and its letters are lighter than it: light pixels it encloses (a grey fill behind dark text has none)
  const enclosed = new Float64Array(count + 1);
  for (let i = 0; i < area; i++) if (zone[i] && !paper[i] && px[i] >= t) enclosed[zone[i]]++;
  const band = new Uint8Array(count + 1);
  for (let k = 1; k <= count; k++) {
    band[k] = biggest[k] >= 0.5 * darkN[k] && enclosed[k] >= 0.05 * darkN[k] ? 1 : 0;
  }
  if (!band.includes(1)) return { gray: g, inverted: 0, bands: [] };
  // inverted and stretched at once: the band's own grey (the mean of its dark pixels around) becomes white,
  // the letters' light grey (the page's paper level) black, whatever the band's shade
  const darkSum = new Float32Array(dark.length);
  for (let i = 0; i < dark.length; i++) darkSum[i] = dark[i] ? small.data[i] : 0;
  const levelSum = boxMean(darkSum, small.width, small.height, 2 * rs);
  const levelN = boxMean(dark, small.width, small.height, 2 * rs);
  const level = new Float32Array(dark.length);
  for (let i = 0; i < level.length; i++) level[i] = levelN[i] > 0 ? levelSum[i] / levelN[i] : t;
  const light = percentile(g.data, 0.95);
  const data = new Uint8Array(g.data);
  const mask = new Uint8Array(width * height); // the pixels inverted
  let n = 0;
  const boxes = new Map<number, Box>();
  for (let y = Y0; y < Y1; y++) {
    const row = Math.min(small.height - 1, Math.floor(y / f)) * small.width;
    for (let x = X0, c = (y - Y0) * cw, i = y * width + X0; x < X1; x++, c++, i++) {
      const z = zone[c];
      if (!z || !band[z]) continue;
      const b = boxes.get(z);
      if (!b) boxes.set(z, { x0: x, y0: y, x1: x + 1, y1: y + 1 });
      else b.x0 = Math.min(b.x0, x), b.x1 = Math.max(b.x1, x + 1), b.y1 = y + 1;
      if (paper[c]) continue;
      const bg = Math.min(light - 16, level[row + cx[x]]);
      const v = (255 * (light - data[i])) / (light - bg);
      data[i] = v < 0 ? 0 : v > 255 ? 255 : v;
      mask[i] = 1;
      n++;
    }
  }
  return { gray: { width, height, data }, inverted: n / data.length, bands: [...boxes.values()], mask };
}

/** Clears the 4-connected components of 1s smaller than `minArea` pixels (in place); how many are kept. */
export function dropSmallComponents(
  mask: Uint8Array,
  width: number,
  height: number,
  minArea: number,
): number {
  const { labels, count } = labelComponents(mask, width, height);
  const size = new Int32Array(count + 1);
  for (let i = 0; i < labels.length; i++) size[labels[i]]++;
  let kept = 0;
  for (let k = 1; k <= count; k++) if (size[k] >= minArea) kept++;
  if (kept < count) {
    for (let i = 0; i < mask.length; i++) if (labels[i] && size[labels[i]] < minArea) mask[i] = 0;
  }
  return kept;
}

/** A 3×3 mean: takes the grain (sensor noise, JPEG speckle) out before the contrast is stretched. */
export function smooth(g: Gray): Gray {
  const m = boxMean(g.data, g.width, g.height, 1);
  const data = new Uint8Array(m.length);
  for (let i = 0; i < m.length; i++) data[i] = m[i] + 0.5;
  return { width: g.width, height: g.height, data };
}

/** Linear stretch of the grey levels from the darkest 0.5 % to white. */
export function stretchContrast(g: Gray): Gray {
  const hist = histogram(g.data);
  const lo = percentileOf(hist, 0.005, g.data.length);
  const hi = Math.max(lo + 32, percentileOf(hist, 0.98, g.data.length));
  const data = new Uint8Array(g.data.length);
  const k = 255 / (hi - lo);
  for (let i = 0; i < data.length; i++) {
    data[i] = Math.max(0, Math.min(255, Math.round((g.data[i] - lo) * k)));
  }
  return { width: g.width, height: g.height, data };
}

/** Ink pixels of a downsampled copy (every `step`-th pixel darker than Otsu's threshold), as coordinates. */
function inkPoints(g: Gray, step: number): Ink {
  const t = otsu(g.data);
  let n = 0;
  for (let y = 0; y < g.height; y += step) {
    for (let x = 0, i = y * g.width; x < g.width; x += step, i += step) if (g.data[i] < t) n++;
  }
  const xs = new Float32Array(n), ys = new Float32Array(n);
  n = 0;
  for (let y = 0; y < g.height; y += step) {
    for (let x = 0, i = y * g.width; x < g.width; x += step, i += step) {
      if (g.data[i] < t) xs[n] = x, ys[n++] = y;
    }
  }
  return { xs, ys, step };
}

/**
 * Ink pixels sampled every `step` pixels (inkPoints): the orientation and skew checks of one page share them,
 * and the row sharpness at each whole degree (`rows`, -MAX_SKEW_DEG..MAX_SKEW_DEG), once the sideways check
 * has measured it, is the skew search's coarse pass.
 */
interface Ink {
  xs: Float32Array;
  ys: Float32Array;
  step: number;
  rows?: Float64Array;
}

/** How sharp the rows of ink are when the page is sheared by `slope` (sum of squared row counts); every `stride`-th point. */
function profileSharpness(
  xs: Float32Array,
  ys: Float32Array,
  slope: number,
  bin: number,
  size: number,
  stride = 1,
): number {
  const rows = new Int32Array(Math.ceil(size / bin) + 2);
  for (let i = 0; i < xs.length; i += stride) {
    const y = ys[i] - xs[i] * slope;
    const k = Math.floor(y / bin) + 1;
    if (k >= 0 && k < rows.length) rows[k]++;
  }
  let s = 0;
  for (const v of rows) s += v * v;
  return s;
}

const MAX_SKEW_DEG = 6;
const tanDeg = (deg: number) => Math.tan((deg * Math.PI) / 180);

/** The sharpness of the rows (or, with the coordinates swapped, the columns) at each whole degree of skew. */
function wholeDegrees(a: Float32Array, b: Float32Array, bin: number, size: number, stride = 1): Float64Array {
  const out = new Float64Array(2 * MAX_SKEW_DEG + 1);
  for (let d = -MAX_SKEW_DEG; d <= MAX_SKEW_DEG; d++) {
    out[d + MAX_SKEW_DEG] = profileSharpness(a, b, tanDeg(d), bin, size, stride);
  }
  return out;
}

/** Projection profiles computed by the last estimateSkew call (for tests of the early exit). */
export const skewSearchStats = { profiles: 0 };

/**
 * The page's skew in radians (positive: text rising to the left... i.e. clockwise in image coordinates),
 * the angle whose horizontal projection of the ink is sharpest; 0 for a page without enough ink.
 * Coarse to fine: whole degrees on a quarter of the sampled ink (or the sideways check's own whole-degree
 * profiles, when it measured the same ink), then quarter degrees, then twentieths around the best.
 * `exitBelow` (radians): a caller that only acts on a skew at least that large gets the coarse angle
 * as soon as it is clearly smaller (a straight page costs 13 sparse profiles instead of 30-odd).
 */
export function estimateSkew(g: Gray, ink?: Ink, exitBelow = 0): number {
  const step = Math.max(1, Math.round(g.width / 800));
  const pts = ink?.step === step ? ink : inkPoints(g, step);
  const { xs, ys } = pts;
  skewSearchStats.profiles = 0;
  if (xs.length < 200) return 0;
  const bin = Math.max(1, step);
  const size = g.height + g.width;
  const score = (
    deg: number,
  ) => (skewSearchStats.profiles++, profileSharpness(xs, ys, tanDeg(deg), bin, size));
  let coarseScores = pts.rows;
  if (!coarseScores) {
    coarseScores = wholeDegrees(xs, ys, bin, size, xs.length >= 4000 ? 4 : 1);
    skewSearchStats.profiles += coarseScores.length;
  }
  let coarse = 0;
  for (let d = -MAX_SKEW_DEG; d <= MAX_SKEW_DEG; d++) {
    if (coarseScores[d + MAX_SKEW_DEG] > coarseScores[coarse + MAX_SKEW_DEG]) coarse = d;
  }
  // the coarse angle is within a degree of the sharpest one
  if (Math.abs(coarse) + 1.5 <= (exitBelow * 180) / Math.PI) return (coarse * Math.PI) / 180;
  let best = coarse, bestScore = score(coarse);
  const around = (centre: number, half: number, by: number) => {
    for (let d = centre - half; d <= centre + half + 1e-9; d += by) {
      if (Math.abs(d - centre) < 1e-9 || Math.abs(d) > MAX_SKEW_DEG + 0.5) continue;
      const s = score(d);
      if (s > bestScore) best = d, bestScore = s;
    }
  };
  around(coarse, 0.75, 0.25);
  around(best, 0.2, 0.05);
  return (best * Math.PI) / 180;
}

/**
 * How much sharper the ink's projection on columns is than on rows, each at its best small skew: well over 1
 * when the text runs vertically (a page photographed sideways).
 */
export function sidewaysRatio(g: Gray, ink?: Ink): number {
  const step = sidewaysStep(g);
  const pts = ink?.step === step ? ink : inkPoints(g, step);
  const { xs, ys } = pts;
  if (xs.length < 200) return 0;
  const size = g.width + g.height;
  const rows = wholeDegrees(xs, ys, step, size);
  // the same profiles the skew search starts from, when it samples the ink alike (estimateSkew)
  if (step === Math.max(1, Math.round(g.width / 800))) pts.rows = rows;
  return Math.max(...wholeDegrees(ys, xs, step, size)) / Math.max(1, Math.max(...rows));
}

// Upright pages of the test sets measure 0.3-1.2, pages turned a quarter 0.8-3.6: only a clear case is turned
// here; the others are caught after reading (ocr.ts: words read standing upright).
const SIDEWAYS_RATIO = 1.5;

const sidewaysStep = (g: Gray) => Math.max(1, Math.round(Math.max(g.width, g.height) / 800));

/** Whether the text clearly runs vertically (a page photographed sideways). */
export const looksSideways = (g: Gray): boolean => sidewaysRatio(g) > SIDEWAYS_RATIO;

/** The image turned by quarter turns clockwise. */
export function quarterTurn(g: Gray, turns: number): Gray {
  const t = ((turns % 4) + 4) % 4;
  if (t === 0) return g;
  const { width: w, height: h, data } = g;
  const ow = t % 2 ? h : w, oh = t % 2 ? w : h;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const [nx, ny] = t === 1 ? [h - 1 - y, x] : t === 2 ? [w - 1 - x, h - 1 - y] : [y, w - 1 - x];
      out[ny * ow + nx] = data[y * w + x];
    }
  }
  return { width: ow, height: oh, data: out };
}

/**
 * The image sheared back so a row of text rising by `slope` (dy/dx) is level: each column moved vertically
 * by -slope·x around the centre (bilinear between rows; white where nothing comes in). For the skews of a
 * photo or scan (a few degrees) a vertical shear is a rotation to within a fraction of a pixel per line, and
 * keeps x unchanged, so word boxes keep their horizontal position.
 */
export function unshear(g: Gray, slope: number): Gray {
  if (Math.abs(slope) < 1e-4) return g;
  const { width: w, height: h, data } = g;
  const out = new Uint8Array(w * h).fill(255);
  const cx = w / 2;
  for (let x = 0; x < w; x++) {
    const dy = slope * (x - cx);
    const base = Math.floor(dy), f = dy - base;
    for (let y = 0; y < h; y++) {
      const sy = y + base;
      if (sy < 0 || sy + 1 >= h) continue;
      out[y * w + x] = Math.round(data[sy * w + x] * (1 - f) + data[(sy + 1) * w + x] * f);
    }
  }
  return { width: w, height: h, data: out };
}

/** One image of `top` with `bottom` under it, `gap` rows of white between (left-aligned, white elsewhere). */
export function stackBelow(top: Gray, bottom: Gray, gap: number): Gray {
  const width = Math.max(top.width, bottom.width), height = top.height + gap + bottom.height;
  const data = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < top.height; y++) {
    data.set(top.data.subarray(y * top.width, (y + 1) * top.width), y * width);
  }
  for (let y = 0; y < bottom.height; y++) {
    data.set(bottom.data.subarray(y * bottom.width, (y + 1) * bottom.width), (top.height + gap + y) * width);
  }
  return { width, height, data };
}

/** A binary PGM (P5) of the image: tesseract (leptonica) reads it directly. */
export function encodePgm(g: Gray): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${g.width} ${g.height}\n255\n`);
  const out = new Uint8Array(header.length + g.data.length);
  out.set(header);
  out.set(g.data, header.length);
  return out;
}

/**
 * Whether the paper is dim or unevenly lit (a photo in poor light): its local brightness (a max filter of a
 * shrunk copy) is under 190 of 255 nearly everywhere, or its darker parts are under 70 % of its brighter ones
 * (pictures and bands, under half, do not count).
 */
export function needsFlattening(g: Gray, r: number): boolean {
  const f = Math.max(1, Math.floor(r / 2));
  const small = shrink(g, f);
  const bg = maxFilter(small, Math.max(1, Math.round(r / f)));
  const hi = percentile(bg, 0.95);
  // the darker parts of the paper, not pictures or bands (under half the paper's brightness)
  const paper = bg.filter((v) => v >= 0.5 * hi);
  return hi < 190 || percentile(paper, 0.05) < 0.7 * hi;
}

export interface Prepared {
  gray: Gray;
  /** Quarter turns clockwise applied (1 for a page detected as sideways). */
  turns: number;
  /** The background was flattened (a dim or unevenly lit photo). */
  flattened: boolean;
  /** The skew (dy/dx) taken out (0 under DESKEW_FROM). */
  slope: number;
  /** The page's corners in a photo showing it on a background (ocr_perspective.ts), mapped to an upright page. */
  quad?: Quad;
  /** How far (pixels, at most) a rectified page's bent text lines were moved to make them straight (ocr_dewarp.ts). */
  bend?: number;
}

// The unsharp mask of a rectified photo: on 7 synthetic phone photos, OCR found 70.1 % of the page's words
// without it, 75.9 % at 0.8, 76.7 % at 1.5.
const PHOTO_SHARPEN = 1;
// ... against the mean of a 5×5 window, not 3×3: the photo's own blur (focus, JPEG, its pixels) is scaled
// up with the page (about 1.4-1.8×, rectifyPage), wider than a 3×3 mask undoes; the thin strokes of small
// print (a date's slashes, a thousands comma, the digits of a table's rows) came back darker. On the
// synthetic phone photos' dev seeds 5151 and 96368, 83 fields more right, 5 fewer wrong, no CPU more (the
// mean's cost does not depend on its window): docs/bills.md "Photos, pass 10".
const PHOTO_SHARPEN_RADIUS = 2;

// Tesseract finds lines skewed by a few degrees itself, and on the photo benchmark (skews of 1.2-2.3°)
// deskewing the image cost fields: only a larger skew is taken out of the image.
const DESKEW_FROM = (3 * Math.PI) / 180;

/**
 * The page made ready for OCR: turned a quarter when its text runs vertically; light-on-dark bands
 * inverted; a dim or unevenly lit page smoothed, its background flattened and its contrast stretched; a
 * large skew taken out.
 * Windows follow the page's size (about a text line for a page that fills the image). A clean page
 * (rendered or scanned) is not flattened: on the photo benchmark, flattening or smoothing pages that did
 * not need it cost more fields than it gained. A skew of 3° or more is taken out (a vertical shear); smaller
 * ones are left to tesseract, and word boxes are straightened afterwards (ocr.ts ocrPieces).
 */
export function prepareForOcr(photo: Gray): Prepared {
  const quad = findPageQuad(photo);
  const rectified = quad && rectifyPage(photo, quad);
  // a photographed page (rectified) is soft (focus, JPEG, scaled up): sharpened; and never evenly lit: its
  // light falls off across the page, and its shading would read as ink to the orientation check. It is
  // flattened first, without the smoothing (scaling it up smoothed its grain already: smoothing it again
  // blurred small print)
  let input = rectified
    ? normalizeBackground(
      sharpen(rectified, PHOTO_SHARPEN, PHOTO_SHARPEN_RADIUS),
      Math.max(6, Math.round(rectified.width / 100)),
    )
    : photo;
  // a page that does not lie flat: its text lines bent, straightened (ocr_dewarp.ts)
  let bend = 0;
  if (rectified) {
    const straight = straightenLines(input);
    input = straight.gray;
    bend = straight.curve ? curveExtent(straight.curve) : 0;
  }
  const ink = inkPoints(input, sidewaysStep(input));
  const turns = sidewaysRatio(input, ink) > SIDEWAYS_RATIO ? 1 : 0;
  let g = quarterTurn(input, turns);
  const r = Math.max(6, Math.round(g.width / 100));
  const flattened = !!rectified || needsFlattening(g, r);
  if (flattened && !rectified) g = stretchContrast(normalizeBackground(smooth(g), r));
  const skew = estimateSkew(g, g === input ? ink : undefined, DESKEW_FROM);
  const slope = Math.abs(skew) >= DESKEW_FROM ? Math.tan(skew) : 0;
  return { gray: unshear(g, slope), turns, flattened, slope, quad: rectified ? quad : undefined, bend };
}

/** Bands of light text on dark, each cut out inverted (dark text on paper), stacked into one image. */
export interface BandSheet {
  sheet: Gray;
  /** Where each band is on the page and where its cut-out starts on the sheet. */
  bands: { box: Box; sheetX: number; sheetY: number }[];
  /** The page's inverted band pixels (1), row by row, `pageWidth` wide: a skewed band's box also holds other text. */
  mask: Uint8Array;
  pageWidth: number;
}

const SHEET_GAP = 24;

/**
 * The page's light-on-dark bands (invertDarkRegions) as one sheet of dark-on-paper strips for a second,
 * small OCR run, or undefined when the page has none. Read on its own, the rest of the page keeps the
 * layout tesseract finds in it (inverting the bands in the page itself changed how tesseract cut other
 * parts of some pages into blocks, and cost more fields than the bands gave).
 */
export function bandSheet(g: Gray): BandSheet | undefined {
  const { gray, bands, mask } = invertDarkRegions(g, Math.max(4, Math.round(g.width / 160)));
  if (!mask) return undefined;
  const boxes = bands.filter((b) => b.y1 - b.y0 >= 8 && b.x1 - b.x0 >= 3 * (b.y1 - b.y0) / 2);
  if (!boxes.length) return undefined;
  const pad = 8;
  const width = Math.max(...boxes.map((b) => b.x1 - b.x0)) + 2 * pad;
  const height = boxes.reduce((h, b) => h + (b.y1 - b.y0) + SHEET_GAP, SHEET_GAP);
  const data = new Uint8Array(width * height).fill(255);
  const out: BandSheet["bands"] = [];
  let y = SHEET_GAP;
  for (const box of boxes) {
    for (let row = box.y0; row < box.y1; row++) {
      const src = row * gray.width, dst = (y + row - box.y0) * width + pad - box.x0;
      for (let x = box.x0; x < box.x1; x++) if (mask[src + x]) data[dst + x] = gray.data[src + x];
    }
    out.push({ box, sheetX: pad, sheetY: y });
    y += box.y1 - box.y0 + SHEET_GAP;
  }
  return { sheet: { width, height, data }, bands: out, mask, pageWidth: gray.width };
}

/** Unsharp mask: each pixel pushed away from the mean of its (2r+1)² window by `k` times the difference. */
export function sharpen(g: Gray, k: number, r = 1): Gray {
  const m = boxMean(g.data, g.width, g.height, r);
  const data = new Uint8Array(g.data.length);
  for (let i = 0; i < data.length; i++) {
    const v = g.data[i] + k * (g.data[i] - m[i]);
    data[i] = v < 0 ? 0 : v > 255 ? 255 : v + 0.5;
  }
  return { width: g.width, height: g.height, data };
}
