// Pixel primitives on 8-bit grayscale images shared by the page preparation before OCR (ocr_preprocess.ts,
// ocr_perspective.ts): grey levels from RGBA, window means and maxima, shrinking, Otsu's threshold,
// percentiles, connected components.

/** A rectangle of pixels: x0, y0 included, x1, y1 excluded. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Gray {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Luma of RGBA pixels (canvas ImageData, or a canvas's raw premultiplied pixels when opaque), alpha over white. */
export function grayFromRgba(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Gray {
  const data = new Uint8Array(width * height);
  // one plain view whatever the caller's array (a Node Buffer, a clamped array: one element kind for the
  // JIT), and whole pixels read as 32-bit words (little-endian: R in the low byte) when aligned
  if (LITTLE_ENDIAN && rgba.byteOffset % 4 === 0) {
    // signed words: an opaque pixel's word is over 2^31, which a Uint32Array read makes a double (2 → 1.4 ns a
    // pixel); the shifts and masks below read the same bytes either way
    const px = new Int32Array(rgba.buffer, rgba.byteOffset, data.length);
    for (let j = 0; j < data.length; j++) {
      const v = px[j];
      const y = (77 * (v & 255) + 150 * ((v >> 8) & 255) + 29 * ((v >> 16) & 255)) >> 8;
      const alpha = v >>> 24;
      data[j] = alpha === 255 ? y : overWhite(y, alpha);
    }
    return { width, height, data };
  }
  const src = new Uint8Array(rgba.buffer, rgba.byteOffset, data.length * 4);
  for (let i = 0, j = 0; j < data.length; i += 4, j++) {
    const y = (77 * src[i] + 150 * src[i + 1] + 29 * src[i + 2]) >> 8;
    const alpha = src[i + 3];
    data[j] = alpha === 255 ? y : overWhite(y, alpha);
  }
  return { width, height, data };
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

const overWhite = (y: number, alpha: number) => {
  const a = alpha / 255;
  return Math.round(y * a + 255 * (1 - a));
};

/** Mean over a (2r+1)×(2ry+1) window, clamped at the borders (running sums along rows, then a running column sum: O(pixels)). */
export function boxMean(
  src: Float32Array | Uint8Array,
  width: number,
  height: number,
  r: number,
  ry = r,
): Float32Array {
  const tmp = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0, n = 0;
    for (let x = 0; x <= Math.min(r, width - 1); x++) sum += src[row + x], n++;
    for (let x = 0; x < width; x++) {
      tmp[row + x] = sum / n;
      const add = x + r + 1, drop = x - r;
      if (add < width) sum += src[row + add], n++;
      if (drop >= 0) sum -= src[row + drop], n--;
    }
  }
  const out = new Float32Array(width * height);
  const col = new Float64Array(width);
  let n = 0;
  for (let y = 0; y <= Math.min(ry, height - 1); y++, n++) {
    for (let x = 0, o = y * width; x < width; x++) col[x] += tmp[o + x];
  }
  // each row's means, then its column sums moved down a row (the row coming in added, then the row going
  // out taken off: per column the same sums in the same order as one pass for each, in one pass)
  for (let y = 0; y < height; y++) {
    const o = y * width, add = y + ry + 1, drop = y - ry, a = add * width, d = drop * width;
    if (add < height && drop >= 0) {
      for (let x = 0; x < width; x++) {
        const c = col[x];
        out[o + x] = c / n;
        col[x] = c + tmp[a + x] - tmp[d + x];
      }
    } else if (add < height) {
      for (let x = 0; x < width; x++) {
        const c = col[x];
        out[o + x] = c / n;
        col[x] = c + tmp[a + x];
      }
    } else if (drop >= 0) {
      for (let x = 0; x < width; x++) {
        const c = col[x];
        out[o + x] = c / n;
        col[x] = c - tmp[d + x];
      }
    } else for (let x = 0; x < width; x++) out[o + x] = col[x] / n;
    if (add < height) n++;
    if (drop >= 0) n--;
  }
  return out;
}

/** Running maximum over 2r+1 values of `src` at offset + i·stride, written the same way into `dst` (van Herk/Gil-Werman). */
function maxLine(
  src: Uint8Array,
  dst: Uint8Array,
  offset: number,
  stride: number,
  n: number,
  r: number,
  g: Uint8Array,
  h: Uint8Array,
) {
  const w = 2 * r + 1;
  const padded = n + 2 * r;
  // the padded line (r zeros either side) in blocks of w: g the running maximum from each block's start,
  // h from its end (the last, short block's end being the line's); no division per value
  for (let i = 0; i < padded; i++) {
    g[i] = i < r || i >= n + r ? 0 : src[offset + (i - r) * stride];
    h[i] = g[i];
  }
  for (let start = 0; start < padded; start += w) {
    const end = Math.min(start + w, padded);
    for (let i = start + 1; i < end; i++) if (g[i - 1] > g[i]) g[i] = g[i - 1];
    for (let i = end - 2; i >= start; i--) if (h[i + 1] > h[i]) h[i] = h[i + 1];
  }
  for (let i = 0; i < n; i++) {
    const a = h[i], b = g[i + 2 * r];
    dst[offset + i * stride] = a > b ? a : b;
  }
}

/** Maximum over a (2r+1)² window (grey dilation): the paper's brightness where the window holds paper. */
export function maxFilter(g: Gray, r: number): Uint8Array {
  const { width, height, data } = g;
  const tmp = new Uint8Array(width * height);
  const out = new Uint8Array(width * height);
  const len = Math.max(width, height) + 2 * r;
  const ga = new Uint8Array(len), ha = new Uint8Array(len);
  for (let y = 0; y < height; y++) maxLine(data, tmp, y * width, 1, width, r, ga, ha);
  for (let x = 0; x < width; x++) maxLine(tmp, out, x, width, height, r, ga, ha);
  return out;
}

/** The image shrunk by an integer factor (mean of each f×f block). */
export function shrink(g: Gray, f: number): Gray {
  if (f <= 1) return g;
  const width = Math.max(1, Math.floor(g.width / f)), height = Math.max(1, Math.floor(g.height / f));
  const data = new Uint8Array(width * height);
  if (f === 2 && g.height >= 2 && g.width >= 2) {
    // the band search's half size, in one pass over two rows at a time
    const src = g.data, w = g.width;
    for (let y = 0, o = 0; y < height; y++) {
      for (let x = 0, i = 2 * y * w; x < width; x++, i += 2) {
        data[o++] = (src[i] + src[i + 1] + src[i + w] + src[i + w + 1]) >> 2;
      }
    }
    return { width, height, data };
  }
  const acc = new Uint32Array(width);
  const src = g.data, area = f * f;
  for (let y = 0; y < height; y++) {
    acc.fill(0);
    for (let dy = 0; dy < f; dy++) addBlockSums(src, (y * f + dy) * g.width, f, acc);
    for (let x = 0, o = y * width; x < width; x++) data[o + x] = acc[x] / area;
  }
  return { width, height, data };
}

/**
 * Adds to `acc[x]` the sum of the `f` pixels of `src` from `row + x × f`, for each x of `acc`. The factors the OCR
 * passes shrink by (3 to 5: a phone photo's page search, the chart and band looks) summed without an inner loop
 * (perf17: a 2.1 Mpx page's shrink ≈3.9 → ≈1.9 ms CPU).
 */
export function addBlockSums(src: Uint8Array, row: number, f: number, acc: Uint32Array): void {
  const n = acc.length;
  if (f === 3) {
    for (let x = 0, i = row; x < n; x++, i += 3) acc[x] += src[i] + src[i + 1] + src[i + 2];
  } else if (f === 4) {
    for (let x = 0, i = row; x < n; x++, i += 4) acc[x] += src[i] + src[i + 1] + src[i + 2] + src[i + 3];
  } else if (f === 5) {
    for (let x = 0, i = row; x < n; x++, i += 5) {
      acc[x] += src[i] + src[i + 1] + src[i + 2] + src[i + 3] + src[i + 4];
    }
  } else {
    for (let x = 0, i = row; x < n; x++) {
      let s = 0;
      for (let dx = 0; dx < f; dx++, i++) s += src[i];
      acc[x] += s;
    }
  }
}

/** For each full-size column, its cell in a map shrunk by `f` (`n` cells). */
export function cellIndex(size: number, f: number, n: number): Int32Array {
  const out = new Int32Array(size);
  for (let i = 0; i < size; i++) out[i] = Math.min(n - 1, Math.floor(i / f));
  return out;
}

/**
 * The 256-level histogram of 8-bit pixels, counted in four tables (a pixel each in turn) added up at the end:
 * runs of one grey level (paper) no longer wait on the previous increment of the same count (3.5 → 1.4 ms on
 * a 2.1 Mpx page).
 */
export function histogram(data: Uint8Array): Uint32Array {
  const hist = new Uint32Array(256),
    b = new Uint32Array(256),
    c = new Uint32Array(256),
    d = new Uint32Array(256);
  const n = data.length - (data.length % 4);
  let i = 0;
  for (; i < n; i += 4) {
    hist[data[i]]++;
    b[data[i + 1]]++;
    c[data[i + 2]]++;
    d[data[i + 3]]++;
  }
  for (; i < data.length; i++) hist[data[i]]++;
  for (let t = 0; t < 256; t++) hist[t] += b[t] + c[t] + d[t];
  return hist;
}

/** Otsu's threshold of 256 grey levels: the darker class is the levels under it. */
export const otsu = (data: Uint8Array): number => otsuOf(histogram(data));

/** otsu() from the pixels' histogram (one count of the pixels for several statistics). */
export function otsuOf(hist: Uint32Array): number {
  let total = 0, sum = 0;
  for (let t = 0; t < 256; t++) total += hist[t], sum += t * hist[t];
  let wB = 0, sumB = 0, best = 0, threshold = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t];
    if (!wB || wB === total) continue;
    sumB += t * hist[t];
    const mB = sumB / wB, mF = (sum - sumB) / (total - wB);
    const between = wB * (total - wB) * (mB - mF) ** 2;
    if (between > best) best = between, threshold = t + 1;
  }
  return threshold;
}

/** The grey level below which `fraction` of the pixels lie. */
export const percentile = (data: Uint8Array, fraction: number): number =>
  percentileOf(histogram(data), fraction, data.length);

/** percentile() from the histogram of `count` pixels. */
export function percentileOf(hist: Uint32Array, fraction: number, count: number): number {
  const want = count * fraction;
  let n = 0;
  for (let t = 0; t < 256; t++) if ((n += hist[t]) >= want) return t;
  return 255;
}

/** 4-connected components of the 1s of a mask, numbered from 1 (0: background). */
export function labelComponents(
  mask: Uint8Array,
  width: number,
  height: number,
): { labels: Int32Array; count: number } {
  const n = Math.min(mask.length, width * height);
  const labels = new Int32Array(mask.length);
  const stack = new Int32Array(mask.length);
  let count = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    count++;
    let top = 0;
    stack[top++] = start;
    labels[start] = count;
    while (top) {
      const i = stack[--top];
      const x = i % width;
      let j = i - 1;
      if (x > 0 && mask[j] && !labels[j]) labels[j] = count, stack[top++] = j;
      j = i + 1;
      if (x < width - 1 && mask[j] && !labels[j]) labels[j] = count, stack[top++] = j;
      j = i - width;
      if (j >= 0 && mask[j] && !labels[j]) labels[j] = count, stack[top++] = j;
      j = i + width;
      if (j < n && mask[j] && !labels[j]) labels[j] = count, stack[top++] = j;
    }
  }
  return { labels, count };
}
