// ocr_pixels.ts primitives made cheaper for issue #16 (ocr10): the same values as the straightforward code
// they replace, which the page preparation's every threshold depends on (docs/documents.md "ocr10"):
// - histogram counted in four tables: the same counts as one table, any length (the remainder included);
// - otsuOf / percentileOf (one histogram for several statistics of the same pixels): otsu / percentile;
// - grayFromRgba reading pixels as signed words: the luma of the bytes, alpha over white, aligned or not;
// - boxMean's column pass in one loop a row: the same float sums in the same order (bit for bit).
import assert from "node:assert/strict";
import {
  boxMean,
  grayFromRgba,
  histogram,
  otsu,
  otsuOf,
  percentile,
  percentileOf,
} from "../../../shared/documents/ocr_pixels.ts";

let seed = 7;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pixels = (n: number, levels = 256) => Uint8Array.from({ length: n }, () => Math.floor(rnd() * levels));

Deno.test("histogram: one count per pixel and level, any length", () => {
  for (const n of [0, 1, 2, 3, 4, 5, 7, 8, 9, 1001, 4096]) {
    const data = pixels(n, n % 2 ? 256 : 3);
    const want = new Uint32Array(256);
    for (const v of data) want[v]++;
    assert.deepEqual(histogram(data), want, `length ${n}`);
  }
});

Deno.test("otsuOf / percentileOf: otsu and percentile from one histogram", () => {
  for (let t = 0; t < 50; t++) {
    const data = pixels(1 + Math.floor(rnd() * 5000), 1 + Math.floor(rnd() * 256));
    const hist = histogram(data);
    assert.equal(otsuOf(hist), otsu(data));
    for (const f of [0, 0.005, 0.05, 0.5, 0.9, 0.95, 0.98, 1]) {
      assert.equal(percentileOf(hist, f, data.length), percentile(data, f));
    }
  }
});

Deno.test("grayFromRgba: 0.30/0.59/0.11 luma of each pixel's bytes, a translucent one over white", () => {
  const width = 37, height = 5, n = width * height;
  const rgba = new Uint8Array(4 * n + 1);
  for (let i = 0; i < rgba.length; i++) rgba[i] = Math.floor(rnd() * 256);
  for (let j = 0; j < n; j += 2) rgba[4 * j + 3] = 255; // half opaque (a word over 2^31), half not
  rgba[3] = 255, rgba[4 * 5 + 3] = 0, rgba[4 * 6 + 3] = 128;
  const expect = (src: Uint8Array) =>
    Uint8Array.from({ length: n }, (_, j) => {
      const y = (77 * src[4 * j] + 150 * src[4 * j + 1] + 29 * src[4 * j + 2]) >> 8, a = src[4 * j + 3];
      return a === 255 ? y : Math.round(y * (a / 255) + 255 * (1 - a / 255));
    });
  const aligned = rgba.subarray(0, 4 * n), unaligned = rgba.subarray(1);
  assert.deepEqual(grayFromRgba(aligned, width, height).data, expect(aligned));
  assert.deepEqual(grayFromRgba(unaligned, width, height).data, expect(unaligned));
  assert.equal(grayFromRgba(new Uint8Array([255, 255, 255, 255]), 1, 1).data[0], 255);
});

/**
 * boxMean as it was: each row's window means (integer pixels: the running sums are exact, so taken directly
 * here), then the column sums moved with one pass for the row coming in and one for the row going out.
 */
function boxMeanBefore(src: Uint8Array, width: number, height: number, r: number, ry: number) {
  const tmp = new Float32Array(width * height);
  for (let i = 0; i < tmp.length; i++) {
    const x = i % width, row = i - x, a = Math.max(0, x - r), b = Math.min(width - 1, x + r);
    tmp[i] = src.subarray(row + a, row + b + 1).reduce((s, v) => s + v, 0) / (b - a + 1);
  }
  // column by column: its running sum over the window's rows, the row coming in added, then the one going out taken off
  const out = new Float32Array(width * height);
  for (let x = 0; x < width; x++) {
    let c = 0, n = 0;
    for (let y = 0; y <= Math.min(ry, height - 1); y++) c += tmp[y * width + x], n++;
    for (let y = 0; y < height; y++) {
      out[y * width + x] = c / n;
      if (y + ry + 1 < height) c += tmp[(y + ry + 1) * width + x], n++;
      if (y - ry >= 0) c -= tmp[(y - ry) * width + x], n--;
    }
  }
  return out;
}

Deno.test("boxMean: bit for bit the means of the two-pass column sums, windows wider than the image included", () => {
  for (let t = 0; t < 200; t++) {
    const width = 1 + Math.floor(rnd() * 30), height = 1 + Math.floor(rnd() * 30);
    const r = Math.floor(rnd() * 12), ry = rnd() < 0.5 ? r : Math.floor(rnd() * 12);
    const data = t % 3 ? pixels(width * height) : pixels(width * height, 2);

    assert.deepEqual(
      boxMean(data, width, height, r, ry),
      boxMeanBefore(data, width, height, r, ry),
      `${width}x${height}`,
    );
  }
});
