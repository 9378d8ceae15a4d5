// The vendored postgres.js hands a query the pool's connection that went idle last (vendor/postgres/README.md):
// queries that come one or a few at a time stay on the same backends (warm caches: the push's PostgreSQL CPU,
// docs/notifications.md, Push10 pass) instead of cycling through every open connection.
import assert from "node:assert/strict";
import { connect } from "../../../shared/db/client.ts";
import { adminUrl } from "../../support/db.ts";

const pidOf = async (q: Promise<Record<string, unknown>[]>) => (await q)[0].pid as number;

Deno.test("the pool gives each query the connection idle the shortest time, not the one idle the longest", async () => {
  const sql = connect(adminUrl, { max: 4 });
  try {
    // Four connections, open at once.
    const opened = await Promise.all(
      [0, 1, 2, 3].map(() => pidOf(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`)),
    );
    assert.equal(new Set(opened).size, 4);
    // One query at a time: all of them on one backend (first in, first out went round all four).
    const one: number[] = [];
    for (let i = 0; i < 8; i++) one.push(await pidOf(sql`select pg_backend_pid() as pid`));
    assert.deepEqual(new Set(one), new Set([one[0]]));
    // Two at a time: two backends, the same two every time.
    const two = new Set<number>();
    for (let i = 0; i < 6; i++) {
      for (const pid of await Promise.all([0, 1].map(() => pidOf(sql`select pg_backend_pid() as pid`)))) {
        two.add(pid);
      }
    }
    assert.equal(two.size, 2);
    // A transaction and a reserved connection take the last idle one too, and work as before.
    const last = await pidOf(sql`select pg_backend_pid() as pid`);
    const [inTx] = await sql.begin(async (tx) => await tx`select pg_backend_pid() as pid, 1 + 1 as two`);
    assert.deepEqual([inTx.pid, inTx.two], [last, 2]);
    const reserved = await sql.reserve();
    try {
      assert.equal(await pidOf(reserved`select pg_backend_pid() as pid`), last);
    } finally {
      reserved.release();
    }
    // Concurrent queries still spread over every connection.
    const spread = await Promise.all(
      [0, 1, 2, 3].map(() => pidOf(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`)),
    );
    assert.deepEqual(new Set(spread), new Set(opened));
  } finally {
    await sql.end();
  }
});
