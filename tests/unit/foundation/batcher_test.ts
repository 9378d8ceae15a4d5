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
