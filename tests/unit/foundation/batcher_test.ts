// The group-commit batcher (shared/db/batcher.ts): a lone call is flushed at once, the calls made during a
// flush share the next one (bounded), each call gets its own item's outcome, and a flush that throws fails
// exactly the calls of its batch.
import assert from "node:assert/strict";
import { Batcher, type ItemOutcome } from "../../../shared/db/batcher.ts";

function recorder(answer: (items: number[]) => Promise<ItemOutcome<number>[]>) {
  const batches: number[][] = [];
  let release: () => void = () => {};
  let gate = Promise.resolve();
  const b = new Batcher<number, number>({
    maxBatch: 3,
    flush: async (items) => {
      batches.push(items);
      await gate;
      return await answer(items);
    },
  });
  return {
    b,
    batches,
    hold() {
      gate = new Promise((r) => release = r);
    },
    release: () => release(),
  };
}
const doubled = (items: number[]) => Promise.resolve(items.map((i) => ({ ok: true as const, value: i * 2 })));

Deno.test("batcher: a lone call goes at once, alone", async () => {
  const r = recorder(doubled);
  assert.equal(await r.b.run(1), 2);
  assert.deepEqual(r.batches, [[1]]);
  assert.equal(await r.b.run(5), 10);
  assert.deepEqual(r.batches, [[1], [5]]);
});

Deno.test("batcher: calls made during a flush share the next one, at most maxBatch each", async () => {
  const r = recorder(doubled);
  r.hold();
  const first = r.b.run(1);
  await new Promise((res) => setTimeout(res, 0)); // the first flush is under way
  const later = [2, 3, 4, 5, 6].map((i) => r.b.run(i));
  r.release();
  assert.deepEqual(await Promise.all([first, ...later]), [2, 4, 6, 8, 10, 12]);
  assert.deepEqual(r.batches, [[1], [2, 3, 4], [5, 6]]);
});

Deno.test("batcher: each call settles with its own item's outcome", async () => {
  const r = recorder((items) =>
    Promise.resolve(
      items.map((i) =>
        i === 2 ? { ok: false as const, error: new Error("bad 2") } : { ok: true as const, value: i }
      ),
    )
  );
  const settled = await Promise.allSettled([1, 2, 3].map((i) => r.b.run(i)));
  assert.deepEqual(r.batches, [[1, 2, 3]]);
  assert.deepEqual(settled.map((s) => s.status), ["fulfilled", "rejected", "fulfilled"]);
  assert.match(String((settled[1] as PromiseRejectedResult).reason), /bad 2/);
});

Deno.test("batcher: a flush that throws fails exactly its batch; the next batch goes on", async () => {
  let calls = 0;
  const r = recorder((items) => {
    if (calls++ === 0) return Promise.reject(new Error("database down"));
    return doubled(items);
  });
  r.hold();
  const failing = [1, 2].map((i) => r.b.run(i));
  await new Promise((res) => setTimeout(res, 0));
  const next = [3, 4].map((i) => r.b.run(i));
  r.release();
  const settled = await Promise.allSettled([...failing, ...next]);
  assert.deepEqual(r.batches, [[1, 2], [3, 4]]);
  assert.deepEqual(settled.map((s) => s.status), ["rejected", "rejected", "fulfilled", "fulfilled"]);
  assert.deepEqual(await Promise.all(next), [6, 8]);
});

Deno.test("batcher: a bound of one flushes every call alone and at once, without waiting for the others", async () => {
  const batches: number[][] = [];
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => release = r);
  const b = new Batcher<number, number>({
    maxBatch: () => 1,
    flush: async (items) => {
      batches.push(items);
      if (items[0] === 1) await gate;
      return items.map((i) => ({ ok: true as const, value: i }));
    },
  });
  const first = b.run(1);
  assert.equal(await b.run(2), 2, "the second call is not held behind the first one's flush");
  release();
  assert.equal(await first, 1);
  assert.deepEqual(batches, [[1], [2]]);
});

// A stalled flush (push19): with `hedgeAfterMs`, the calls waiting behind a flush that has taken that long go in
// a second flush at once instead of waiting for all of it; once flushes are quick again, one at a time.
function gated(hedgeAfterMs: number, maxFlushes?: number) {
  const batches: number[][] = [];
  const gates = new Map<number, () => void>();
  let inFlight = 0, most = 0;
  const b = new Batcher<number, number>({
    maxBatch: 8,
    hedgeAfterMs,
    maxFlushes,
    flush: async (items) => {
      batches.push(items);
      most = Math.max(most, ++inFlight);
      // An item below 0 holds its flush until released (a stalled database call).
      if (items.some((i) => i < 0)) await new Promise<void>((r) => gates.set(items.find((i) => i < 0)!, r));
      inFlight--;
      return items.map((i) => ({ ok: true as const, value: i * 2 }));
    },
  });
  return { b, batches, release: (i: number) => gates.get(i)?.(), most: () => most };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

Deno.test("batcher: the calls waiting behind a stalled flush go in a second flush once it has taken hedgeAfterMs", async () => {
  const r = gated(20);
  const stalled = r.b.run(-1);
  await sleep(1); // the first flush is under way
  const waiting = [2, 3].map((i) => r.b.run(i));
  // Without the hedge they would wait for the stalled flush (released only after they settled).
  assert.deepEqual(await Promise.all(waiting), [4, 6]);
  assert.deepEqual(r.batches, [[-1], [2, 3]]);
  await sleep(1);
  assert.equal(r.b.flushing, 1, "the stalled flush is still under way");
  r.release(-1);
  assert.equal(await stalled, -2);
  assert.equal(r.most(), 2);
});

Deno.test("batcher: no second flush while flushes take less than hedgeAfterMs; one at a time after a stall", async () => {
  const r = gated(50);
  // Quick flushes: the calls made during one share the next, never two flushes at once.
  const first = r.b.run(1);
  await sleep(0);
  const quick = [2, 3, 4].map((i) => r.b.run(i));
  assert.deepEqual(await Promise.all([first, ...quick]), [2, 4, 6, 8]);
  assert.equal(r.most(), 1);
  // A stall hedged, then released: the flushes after it go one at a time again, in full batches.
  const stalled = r.b.run(-1);
  await sleep(1);
  assert.deepEqual(await Promise.all([5, 6].map((i) => r.b.run(i))), [10, 12]);
  r.release(-1);
  await stalled;
  const before = r.batches.length;
  const lead = r.b.run(7);
  await sleep(0);
  const rest = [8, 9, 10].map((i) => r.b.run(i));
  await Promise.all([lead, ...rest]);
  assert.deepEqual(r.batches.slice(before), [[7], [8, 9, 10]]);
  await sleep(1);
  assert.equal(r.b.flushing, 0);
});

Deno.test("batcher: at most maxFlushes at once, and hedgeAfterMs 0 never hedges", async () => {
  const r = gated(10, 2);
  const a = r.b.run(-1);
  await sleep(1);
  const b = r.b.run(-2); // hedged after 10 ms, and stalls too
  await sleep(40);
  const c = r.b.run(3); // two flushes under way, both stalled: it waits for one of them
  await sleep(40);
  assert.deepEqual(r.batches, [[-1], [-2]]);
  r.release(-2);
  assert.equal(await b, -4);
  assert.equal(await c, 6, "the hedge flush that ended takes what waits, its peer still stalled");
  r.release(-1);
  assert.equal(await a, -2);
  assert.equal(r.most(), 2);

  const off = gated(0);
  const held = off.b.run(-1);
  await sleep(1);
  const behind = off.b.run(2);
  await sleep(30);
  assert.deepEqual(off.batches, [[-1]], "without hedgeAfterMs the call waits for the flush under way");
  off.release(-1);
  assert.deepEqual(await Promise.all([held, behind]), [-2, 4]);
});
