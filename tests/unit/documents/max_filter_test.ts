// ocr_pixels.ts maxFilter (grey dilation, van Herk/Gil-Werman without a division per value): the same pixels
// as the (2r+1)² window's maximum taken directly, on random images of every shape and window, edges and a
// window wider than the image included (the page's flattening check, page search and bands depend on it).
import assert from "node:assert/strict";
import { maxFilter } from "../../../shared/documents/ocr_pixels.ts";

function direct(data: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let m = 0;
      for (let yy = Math.max(0, y - r); yy <= Math.min(height - 1, y + r); yy++) {
        for (let xx = Math.max(0, x - r); xx <= Math.min(width - 1, x + r); xx++) {
          m = Math.max(m, data[yy * width + xx]);
        }
      }
      out[y * width + x] = m;
    }
  }
  return out;
}

Deno.test("maxFilter: the window's maximum at every pixel, any size and radius", () => {
  let seed = 11;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let t = 0; t < 200; t++) {
    const width = 1 + Math.floor(rnd() * 40), height = 1 + Math.floor(rnd() * 40), r = Math.floor(rnd() * 10);
    const data = Uint8Array.from({ length: width * height }, () => Math.floor(rnd() * 256));
    assert.deepEqual(
      maxFilter({ width, height, data }, r),
      direct(data, width, height, r),
      `${width}x${height} r=${r}`,
    );
  }
});
