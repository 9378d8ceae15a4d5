// A phone photo's page grown into its shaded part (shared/documents/ocr_perspective.ts grownPage; issue #16, perf17:
// the neighbors looked at without an array a pixel, the stack a typed array): the pixels reached are those a plain
// breadth-first walk reaches from the page over gentle steps above the lower threshold, whatever the order.
import assert from "node:assert/strict";
import { grownPage } from "../../../shared/documents/ocr_perspective.ts";

/** A fixed linear congruential sequence in [0, 1). */
function sequence(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

/** The region reached breadth-first from `page` over steps of at most 8 levels onto pixels at least `low`. */
function reachedPlainly(page: Uint8Array, closed: Uint8Array, w: number, low: number): Uint8Array {
  const out = page.slice(), h = closed.length / w;
  const queue = [...page.keys()].filter((i) => page[i]);
  for (let q = 0; q < queue.length; q++) {
    const i = queue[q], x = i % w, y = Math.floor(i / w);
    const near = [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]].filter(([a, b]) =>
      a >= 0 && a < w && b >= 0 && b < h
    );
    for (const [a, b] of near) {
      const j = b * w + a;
      if (!out[j] && closed[j] >= low && Math.abs(closed[j] - closed[i]) <= 8) out[j] = 1, queue.push(j);
    }
  }
  return out;
}

Deno.test("grownPage: the shaded part reached over gentle steps, never across the page's edge", () => {
  for (const seed of [1, 2, 3, 4]) {
    const next = sequence(seed), w = 90, h = 70;
    // a page (bright, its light falling off to the right, with noise) on a dark background
    const closed = new Uint8Array(w * h), page = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const inPage = x >= 10 && x < 80 && y >= 8 && y < 62;
        const v = inPage ? 235 - 1.6 * Math.max(0, x - 40) + next() * 10 : 40 + next() * 30;
        closed[y * w + x] = Math.round(v);
        if (inPage && closed[y * w + x] >= 200) page[y * w + x] = 1;
      }
    }
    let sum = 0, n = 0;
    for (const v of closed) if (v < 200) sum += v, n++;
    const low = 200 - 0.7 * (200 - sum / n);
    const grown = grownPage(page, closed, w, 200);
    assert.deepEqual(grown, reachedPlainly(page, closed, w, low), `seed ${seed}`);
    const added = grown.reduce((a, v, i) => a + v - page[i], 0);
    assert.ok(added > 100, `seed ${seed}: the shaded part taken in (${added} pixels)`);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        if (!(x >= 10 && x < 80 && y >= 8 && y < 62)) {
          assert.equal(grown[y * w + x], 0, `seed ${seed}: (${x}, ${y})`);
        }
      }
    }
  }
});
