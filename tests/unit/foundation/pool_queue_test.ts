// The vendored postgres.js's queue (vendor/postgres/src/queue.js) takes from either end: `shift` (first in, first
// out: waiting queries) and `pop` (last in, first out: the pool's idle connections, pool_reuse_test.ts).
import assert from "node:assert/strict";
import Queue from "../../../vendor/postgres/src/queue.js";

Deno.test("the driver's queue pops the last entry and shifts the first, in any order of the two", () => {
  const q = Queue();
  for (const x of ["a", "b", "c", "d"]) q.push(x);
  assert.equal(q.shift(), "a");
  assert.equal(q.pop(), "d");
  assert.equal(q.length, 2);
  q.push("e");
  assert.equal(q.pop(), "e");
  assert.equal(q.shift(), "b");
  assert.equal(q.pop(), "c");
  assert.equal(q.length, 0);
  // Emptied by pop after a shift: it starts afresh.
  q.push("f");
  q.push("g");
  assert.equal(q.shift(), "f");
  assert.equal(q.length, 1);
  assert.equal(q.remove("g"), "g");
  assert.equal(q.length, 0);
  q.push("h");
  assert.equal(q.pop(), "h");
  assert.equal(q.length, 0);
  q.push("i");
  assert.equal(q.shift(), "i");
});
