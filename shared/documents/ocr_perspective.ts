// A phone photo of a page: the page is a bright quadrilateral (a trapezoid, seen at an angle) on a darker
// background (a table, a hand). Its four corners are found and the page is mapped back to an upright
// rectangle (a homography), so text lines are straight and level and the background is gone before OCR.
// Plain code on 8-bit grayscale pixels (ocr_pixels.ts Gray).
import { type Gray, labelComponents, maxFilter, otsu, shrink } from "./ocr_pixels.ts";

export interface Point {
  x: number;
  y: number;
}

/** A projective map: (x, y) -> ((a x + b y + c) / (g x + h y + 1), (d x + e y + f) / (g x + h y + 1)). */
export type Homography = [number, number, number, number, number, number, number, number];

/** The homography taking each of four points `from` to the matching point of `to` (undefined when degenerate). */
export function homography(from: Point[], to: Point[]): Homography | undefined {
  // 8 equations in a..h, solved by Gaussian elimination with partial pivoting
  const m: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i], { x: u, y: v } = to[i];
    m.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    m.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    if (Math.abs(m[p][c]) < 1e-12) return undefined;
    [m[c], m[p]] = [m[p], m[c]];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const k = m[r][c] / m[c][c];
      for (let j = c; j < 9; j++) m[r][j] -= k * m[c][j];
    }
  }
  return m.map((row, i) => row[8] / row[i]) as Homography;
}

export function mapPoint(h: Homography, p: Point): Point {
  const w = h[6] * p.x + h[7] * p.y + 1;
  return { x: (h[0] * p.x + h[1] * p.y + h[2]) / w, y: (h[3] * p.x + h[4] * p.y + h[5]) / w };
}

/**
 * A `width` × `height` image whose pixel (x, y) is `sample`(sx, sy, x0, y0) at `back`(x, y) = (sx, sy)
 * (x0, y0 its floor): `back` maps the output's pixels into the source. Outside the source: white.
 */
function warp(
  src: Gray,
  back: Homography,
  width: number,
  height: number,
  sample: (sx: number, sy: number, x0: number, y0: number) => number,
): Gray {
  const out = new Uint8Array(width * height);
  const [a, b, c, d, e, f, g, h] = back;
  for (let y = 0, o = 0; y < height; y++) {
    for (let x = 0; x < width; x++, o++) {
      const w = g * x + h * y + 1;
      const sx = (a * x + b * y + c) / w, sy = (d * x + e * y + f) / w;
      const x0 = Math.floor(sx), y0 = Math.floor(sy);
      out[o] = x0 < 0 || y0 < 0 || x0 + 1 >= src.width || y0 + 1 >= src.height ? 255 : sample(sx, sy, x0, y0);
    }
  }
  return { width, height, data: out };
}

/** `src` seen through `back` (warp), sampled bilinearly. */
export function warpGray(src: Gray, back: Homography, width: number, height: number): Gray {
  const sw = src.width, s = src.data;
  return warp(src, back, width, height, (sx, sy, x0, y0) => {
    const fx = sx - x0, fy = sy - y0, i = y0 * sw + x0;
    const top = s[i] + (s[i + 1] - s[i]) * fx;
    const bottom = s[i + sw] + (s[i + sw + 1] - s[i + sw]) * fx;
    return top + (bottom - top) * fy + 0.5;
  });
}

/**
 * `src` seen through `back` (warp) with Catmull-Rom (bicubic) interpolation, its 4 × 4 neighbourhood clamped
 * at the source's edge: a page scaled up keeps its strokes' cores dark, where a bilinear blend of two pixels
 * greys them (small print photographed at a phone's resolution; rectifyPage).
 */
export function warpGrayCubic(src: Gray, back: Homography, width: number, height: number): Gray {
  const sw = src.width, sh = src.height, s = src.data;
  const wx = new Float64Array(4), wy = new Float64Array(4);
  const cols = new Int32Array(4);
  const weights = (t: number, w: Float64Array) => {
    const t2 = t * t, t3 = t2 * t;
    w[0] = (-t3 + 2 * t2 - t) / 2;
    w[1] = (3 * t3 - 5 * t2 + 2) / 2;
    w[2] = (-3 * t3 + 4 * t2 + t) / 2;
    w[3] = (t3 - t2) / 2;
  };
  return warp(src, back, width, height, (sx, sy, x0, y0) => {
    weights(sx - x0, wx);
    weights(sy - y0, wy);
    for (let k = 0; k < 4; k++) cols[k] = Math.min(sw - 1, Math.max(0, x0 - 1 + k));
    let v = 0;
    for (let j = 0; j < 4; j++) {
      const r = Math.min(sh - 1, Math.max(0, y0 - 1 + j)) * sw;
      v += wy[j] *
        (wx[0] * s[r + cols[0]] + wx[1] * s[r + cols[1]] + wx[2] * s[r + cols[2]] + wx[3] * s[r + cols[3]]);
    }
    return v < 0 ? 0 : v > 255 ? 255 : v + 0.5;
  });
}

/** The page's corners in the image: top-left, top-right, bottom-right, bottom-left. */
export type Quad = [Point, Point, Point, Point];

// The shrunk copy the page is looked for on (about this many pixels along its longer side).
const SEARCH_SIZE = 400;
const MAX_ASPECT = 2.2;

/**
 * The page's four corners when the image shows a bright page on a clearly darker background around it, else
 * undefined (a scan or a photo filling the frame: the page is the whole image). The page is the largest
 * bright region of a shrunk copy with its text wiped out (a small closing), holes filled; its corners the
 * extreme points along the diagonals, refined by a straight line fitted to each side's edge points.
 */
export function findPageQuad(g: Gray): Quad | undefined {
  // a photo's frame (3:4, 9:16, either way up); a long strip (a receipt, a stitched page) is not looked at
  if (g.height > MAX_ASPECT * g.width || g.width > MAX_ASPECT * g.height) return undefined;
  const f = Math.max(1, Math.round(Math.max(g.width, g.height) / SEARCH_SIZE));
  const small = shrink(g, f);
  const { width: w, height: h } = small;
  if (w < 40 || h < 40) return undefined;
  // text wiped out by a closing (a max filter, then a min filter: the page's edge stays where it is)
  const dilated = maxFilter(small, 2);
  for (let i = 0; i < dilated.length; i++) dilated[i] = 255 - dilated[i];
  const closed = maxFilter({ width: w, height: h, data: dilated }, 2);
  for (let i = 0; i < closed.length; i++) closed[i] = 255 - closed[i];
  const t = otsu(closed);
  const bright = new Uint8Array(w * h);
  for (let i = 0; i < bright.length; i++) bright[i] = closed[i] >= t ? 1 : 0;
  // a scan or a photo filling the frame: bright all around its border (the page's own part of the border,
  // counted below, is at most this)
  if (borderShare(bright, w, h) > 0.5) return undefined;
  const { labels, count } = labelComponents(bright, w, h);
  if (!count) return undefined;
  const size = new Int32Array(count + 1);
  for (let i = 0; i < labels.length; i++) size[labels[i]]++;
  let best = 1;
  for (let k = 2; k <= count; k++) if (size[k] > size[best]) best = k;
  const page = new Uint8Array(w * h);
  for (let i = 0; i < page.length; i++) page[i] = labels[i] === best ? 1 : 0;
  // the page's shaded part (light falling off across it, darker than the threshold) taken back in, unless the
  // page so grown is no clean quadrilateral on a darker background (then the bright part alone, as found)
  const found = pageCorners(page.slice(), closed, w, h);
  const grown = pageCorners(grownPage(page, closed, w, t), closed, w, h);
  const moved = (q: Quad) => Math.max(...q.map((p, k) => Math.hypot(p.x - found![k].x, p.y - found![k].y)));
  const corners = grown && (!found || moved(grown) > SHADE_MOVE * Math.max(w, h)) ? grown : found;
  if (!corners) return undefined;
  // back to full-size pixels (each shrunk pixel covers f × f)
  return corners.map((p) => ({ x: (p.x + 0.5) * f, y: (p.y + 0.5) * f })) as Quad;
}

/**
 * The corners of the page region `page` (1s) when it is a page on a darker background: a fifth of the image or
 * more, holes filled, most of the image's border not page, clearly darker around it, and a convex
 * quadrilateral it fills. (Shrunk pixels.)
 */
function pageCorners(page: Uint8Array, closed: Uint8Array, w: number, h: number): Quad | undefined {
  fillHoles(page, w, h);
  let area = 0;
  for (let i = 0; i < page.length; i++) area += page[i];
  if (area < 0.2 * w * h) return undefined;
  // a background around it: most of the image's border is not page
  if (borderShare(page, w, h) > 0.5) return undefined;
  // and darker than the page
  let paperSum = 0, bgSum = 0;
  for (let i = 0; i < page.length; i++) page[i] ? (paperSum += closed[i]) : (bgSum += closed[i]);
  const paper = paperSum / area, bg = bgSum / Math.max(1, w * h - area);
  if (bg > 0.85 * paper || paper - bg < 30) return undefined;
  const corners = quadCorners(page, w, h);
  if (!corners || !convex(corners)) return undefined;
  // the region is a quadrilateral: it fills the quad (a hand over a corner, a fold, leave it alone)
  const quadArea = polygonArea(corners);
  if (quadArea <= 0 || area / quadArea < 0.93 || area / quadArea > 1.06) return undefined;
  return corners;
}

// The grown page's corners are taken when one of them lies this far (of the image's longer side) from the corners
// of the bright part alone (a strip of the page was cut off), else the bright part's (the two differ by the
// page's blurred rim, and any change to a page's pixels changes which regions tesseract's page layout keeps).
const SHADE_MOVE = 0.015;
// A shaded part of the page is taken back in down to this far from the threshold towards the background's mean.
const SHADE_REACH = 0.7;
// ... and only across a gentle change from pixel to pixel (light falling off), never across the page's edge (a step).
const SHADE_STEP = 8;

/**
 * The page region grown (4-connected) into the pixels it touches that are brighter than a lower threshold,
 * SHADE_REACH of the way from `t` down to the mean of the background (the pixels under `t`): a page whose light
 * falls off towards one side (a shadow, a vignette) is darker there than Otsu's threshold of the whole image,
 * and that part of the page was cut off (its corners then lay inside the page and the rectified page lost a
 * strip of text), while the background beyond the page's edge stays well under the lower threshold.
 */
export function grownPage(page: Uint8Array, closed: Uint8Array, w: number, t: number): Uint8Array {
  let sum = 0, n = 0;
  for (let i = 0; i < closed.length; i++) if (closed[i] < t) sum += closed[i], n++;
  const out = page.slice();
  if (!n) return out;
  const low = t - SHADE_REACH * (t - sum / n);
  // every pixel is pushed at most once (the page's as seeds, the others once taken in): a stack of the image's size,
  // and the four neighbors looked at without an array a pixel (perf17: the set reached is the same in any order)
  const stack = new Int32Array(out.length);
  let top = 0;
  for (let i = 0; i < out.length; i++) if (out[i]) stack[top++] = i;
  const take = (i: number, j: number) => {
    if (!out[j] && closed[j] >= low && Math.abs(closed[j] - closed[i]) <= SHADE_STEP) {
      out[j] = 1, stack[top++] = j;
    }
  };
  while (top) {
    const i = stack[--top];
    const x = i % w;
    if (x > 0) take(i, i - 1);
    if (x < w - 1) take(i, i + 1);
    if (i >= w) take(i, i - w);
    if (i + w < out.length) take(i, i + w);
  }
  return out;
}

/** The share of the image's border pixels that are 1 in `mask`. */
function borderShare(mask: Uint8Array, w: number, h: number): number {
  let n = 0;
  for (let x = 0; x < w; x++) n += mask[x] + mask[(h - 1) * w + x];
  for (let y = 1; y < h - 1; y++) n += mask[y * w] + mask[y * w + w - 1];
  return n / (2 * w + 2 * (h - 2));
}

/** Sets the 0s of `mask` not connected to the image border (holes in the page: pictures, dark bands) to 1. */
function fillHoles(mask: Uint8Array, w: number, h: number) {
  const inv = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) inv[i] = mask[i] ? 0 : 1;
  const { labels, count } = labelComponents(inv, w, h);
  const outside = new Uint8Array(count + 1);
  for (let x = 0; x < w; x++) outside[labels[x]] = outside[labels[(h - 1) * w + x]] = 1;
  for (let y = 0; y < h; y++) outside[labels[y * w]] = outside[labels[y * w + w - 1]] = 1;
  for (let i = 0; i < mask.length; i++) if (labels[i] && !outside[labels[i]]) mask[i] = 1;
}

/** The four corners of the region (extremes along the diagonals), each side then fitted as a line. */
function quadCorners(mask: Uint8Array, w: number, h: number): Quad | undefined {
  const edge: Point[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!mask[i]) continue;
      if (
        x === 0 || y === 0 || x === w - 1 || y === h - 1 || !mask[i - 1] || !mask[i + 1] || !mask[i - w] ||
        !mask[i + w]
      ) {
        edge.push({ x, y });
      }
    }
  }
  if (edge.length < 40) return undefined;
  const ext = (score: (p: Point) => number) => edge.reduce((a, p) => (score(p) > score(a) ? p : a));
  const rough: Quad = [
    ext((p) => -p.x - p.y),
    ext((p) => p.x - p.y),
    ext((p) => p.x + p.y),
    ext((p) => -p.x + p.y),
  ];
  // each side: the edge points nearest to the segment between its two rough corners, away from the corners
  const lines: ([Point, Point] | undefined)[] = [];
  for (let s = 0; s < 4; s++) {
    const a = rough[s], b = rough[(s + 1) % 4];
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len < 10) return undefined;
    const ux = (b.x - a.x) / len, uy = (b.y - a.y) / len;
    const near = edge.filter((p) => {
      const along = (p.x - a.x) * ux + (p.y - a.y) * uy;
      const across = Math.abs((p.x - a.x) * uy - (p.y - a.y) * ux);
      return along > 0.12 * len && along < 0.88 * len && across < Math.max(3, 0.04 * len);
    });
    lines.push(near.length >= 8 ? fitLine(near) : undefined);
  }
  const out = [...rough] as Quad;
  for (let c = 0; c < 4; c++) {
    const l1 = lines[(c + 3) % 4], l2 = lines[c];
    if (!l1 || !l2) continue;
    const p = intersect(l1, l2);
    if (p && Math.hypot(p.x - rough[c].x, p.y - rough[c].y) < 0.05 * (w + h)) out[c] = p;
  }
  return out;
}

/** Total least squares line through points: a point on it and its unit direction. */
function fitLine(pts: Point[]): [Point, Point] {
  let mx = 0, my = 0;
  for (const p of pts) mx += p.x, my += p.y;
  mx /= pts.length, my /= pts.length;
  let sxx = 0, syy = 0, sxy = 0;
  for (const p of pts) {
    sxx += (p.x - mx) ** 2, syy += (p.y - my) ** 2, sxy += (p.x - mx) * (p.y - my);
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  return [{ x: mx, y: my }, { x: Math.cos(angle), y: Math.sin(angle) }];
}

function intersect([p, d]: [Point, Point], [q, e]: [Point, Point]): Point | undefined {
  const den = d.x * e.y - d.y * e.x;
  if (Math.abs(den) < 1e-6) return undefined;
  const t = ((q.x - p.x) * e.y - (q.y - p.y) * e.x) / den;
  return { x: p.x + t * d.x, y: p.y + t * d.y };
}

function polygonArea(q: Point[]): number {
  let s = 0;
  for (let i = 0; i < q.length; i++) {
    const a = q[i], b = q[(i + 1) % q.length];
    s += a.x * b.y - b.x * a.y;
  }
  return s / 2;
}

/** Corners in clockwise order (image coordinates) turning the same way at each. */
function convex(q: Quad): boolean {
  for (let i = 0; i < 4; i++) {
    const a = q[i], b = q[(i + 1) % 4], c = q[(i + 2) % 4];
    if ((b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x) <= 0) return false;
  }
  return true;
}

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

// A photographed page is often small (a phone's frame holds the page at 1000-1500 px): text is scaled up to
// about this many pixels across the page (a letter page at 200 dpi), tesseract reads small print better.
const RECTIFIED_WIDTH = 1700;
// The edge of the page is left out (a few pixels of background or the page's shadowed rim would read as a frame).
const INSET = 0.005;

/**
 * The page inside `quad` mapped onto an upright rectangle: as wide as the longer of its top and bottom
 * edges (scaled up to RECTIFIED_WIDTH, at most 2×), as high as the longer of its sides in the same ratio.
 */
export function rectifyPage(g: Gray, quad: Quad): Gray | undefined {
  const [tl, tr, br, bl] = quad;
  const w0 = Math.max(dist(tl, tr), dist(bl, br)), h0 = Math.max(dist(tl, bl), dist(tr, br));
  const s = Math.min(2, Math.max(1, RECTIFIED_WIDTH / w0));
  const width = Math.round(w0 * s), height = Math.round(h0 * s);
  const ix = INSET * width, iy = INSET * height;
  const back = homography(
    [{ x: -ix, y: -iy }, { x: width - 1 + ix, y: -iy }, { x: width - 1 + ix, y: height - 1 + iy }, {
      x: -ix,
      y: height - 1 + iy,
    }],
    quad,
  );
  return back ? warpGrayCubic(g, back, width, height) : undefined;
}
