// A closing block kept together that overflows the foot of a page by a few points gives up some of its margins
// and stays there, rather than moving alone to a last page of its own (QA6: the Texas low-use report's
// "What happens next" was 11 pt over the foot of page 3).
import assert from "node:assert/strict";
import { flow, type Item, type PageFrame, tightenToFit } from "../../../shared/pdf/layout.ts";

const line = (h: number): Item => ({ height: h, draw() {} });
const gap = (h: number): Item => ({ height: h, spacer: true, draw() {} });
const heightOf = (items: Item[]) => items.reduce((a, it) => a + it.height, 0);

/** The block [gap, heading (kept together), lines and gaps] flowed after `used` points of a 500-point page. */
function pagesAfter(used: number, tighten: boolean): number {
  const block = [gap(10), { ...line(34), keepTogether: 5 }, gap(6), line(14), line(14), gap(6), line(40)];
  let pages = 0;
  const newPage = (): PageFrame => (pages++, { page: {} as never, left: 0, width: 500, top: 500, bottom: 0 });
  const start = { frame: newPage(), y: 500 - used };
  flow(tighten ? tightenToFit(block, start.y - start.frame.bottom) : block, newPage, start);
  return pages;
}

Deno.test("tightenToFit shrinks the margins (no less than minShare of each) to fit the room, and no more", () => {
  const block = [gap(10), line(34), gap(6), line(14), gap(4), line(40)];
  const total = heightOf(block); // 108, 20 of it margins
  assert.equal(tightenToFit(block, 200), block, "fits already: unchanged");
  const tight = tightenToFit(block, total - 11);
  assert.ok(heightOf(tight) <= total - 11 && heightOf(tight) > total - 11.1, `${heightOf(tight)}`);
  tight.forEach((it, i) => {
    if (!it.spacer) assert.equal(it, block[i], "lines keep their height");
    else assert.ok(it.height >= 0.4 * block[i].height && it.height < block[i].height);
  });
  assert.equal(tightenToFit(block, total - 13), block, "more than 60% of the margins: left to move");
  assert.equal(tightenToFit(block, total - 14, 0.2).length, block.length);
  assert.ok(heightOf(tightenToFit(block, total - 14, 0.2)) <= total - 14);
});

Deno.test("a block a few points over the page's foot stays on the page tightened; further over, it moves", () => {
  // The block is 124 pt, 22 of them margins (60% of them: 13.2 pt can give way).
  assert.equal(pagesAfter(500 - 124, false), 1, "fits as it is");
  assert.equal(pagesAfter(500 - 113, false), 2, "11 pt over: moved to a page of its own");
  assert.equal(pagesAfter(500 - 113, true), 1, "11 pt over, tightened: stays");
  assert.equal(pagesAfter(500 - 124 + 14, true), 2, "14 pt over: still moves");
});
