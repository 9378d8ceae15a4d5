// The image shrunk by an integer factor (shared/documents/ocr_pixels.ts shrink), each block's row summed without an
// inner loop for the factors the OCR passes use (issue #16, perf17): the same means as summed pixel by pixel.
import assert from "node:assert/strict";
import { addBlockSums, shrink } from "../../../shared/documents/ocr_pixels.ts";

/** A fixed linear congruential sequence in [0, 1). */
function sequence(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

Deno.test("addBlockSums, shrink: each f × f block's mean, as summed pixel by pixel, for every factor", () => {
  const next = sequence(9);
  const g = {
    width: 203,
    height: 61,
    data: Uint8Array.from({ length: 203 * 61 }, () => Math.floor(next() * 256)),
  };
  for (const f of [2, 3, 4, 5, 6, 7]) {
    const acc = new Uint32Array(Math.floor(g.width / f));
    addBlockSums(g.data, 5 * g.width, f, acc);
    acc.forEach((sum, x) => {
      let plain = 0;
      for (let dx = 0; dx < f; dx++) plain += g.data[5 * g.width + x * f + dx];
      assert.equal(sum, plain, `f ${f}, x ${x}`);
    });
    const small = shrink(g, f);
    assert.equal(small.width, Math.floor(g.width / f));
    for (let y = 0; y < small.height; y++) {
      for (let x = 0; x < small.width; x++) {
        let s = 0;
        for (let dy = 0; dy < f; dy++) {
          for (let dx = 0; dx < f; dx++) s += g.data[(y * f + dy) * g.width + x * f + dx];
        }
        if (small.data[y * small.width + x] !== Math.floor(s / (f * f))) assert.fail(`f ${f}: (${x}, ${y})`);
      }
    }
  }
});
