// The stack's connections send without Nagle's algorithm (shared/db/client.ts, noDelaySocket): a query written
// after a COPY's rows went out at once instead of after the server's delayed ACK (≈40 ms each on Linux).
import assert from "node:assert/strict";
import { connect } from "../../../shared/db/client.ts";
import { adminUrl } from "../../support/db.ts";

Deno.test("a COPY followed by queries waits for no delayed ACK (TCP_NODELAY)", async () => {
  const sql = connect(adminUrl, { max: 1 });
  const times: number[] = [];
  try {
    await sql.begin(async (tx) => {
      await tx.unsafe("create temporary table nodelay_probe (a text, b int) on commit drop");
      for (let i = 0; i < 9; i++) {
        const t0 = performance.now();
        const stream = await tx.unsafe("copy nodelay_probe (a, b) from stdin").writable();
        const finished = new Promise((resolve, reject) => {
          stream.on("finish", resolve);
          stream.on("error", reject);
        });
        stream.write("x\t1\ny\t2\n".repeat(500));
        stream.end();
        await finished;
        await tx`select 1`;
        await tx`select 2`;
        times.push(performance.now() - t0);
      }
    });
  } finally {
    await sql.end();
  }
  // With Nagle each round waited twice for the ACK (80–100 ms here); without, a few ms even on a loaded machine.
  const median = times.sort((a, b) => a - b)[times.length >> 1];
  assert.ok(median < 30, `median COPY + two queries: ${median.toFixed(1)} ms`);
});
