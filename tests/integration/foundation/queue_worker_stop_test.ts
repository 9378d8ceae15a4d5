// Ctrl-C must not wait on a job that never ends (a handler stuck on a peer, or on a database that is going away
// at the same moment): the worker's stop returns within its bound, and the job stays leased for a retry.
import assert from "node:assert/strict";
import { enqueue } from "../../../shared/queue/queue.ts";
import { startWorker } from "../../../shared/queue/worker.ts";
import { testPlatform } from "../../support/db.ts";

Deno.test({
  name: "queue worker: stop returns within its bound while a job hangs; the job is not lost",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const p = await testPlatform();
    try {
      let began!: () => void;
      const running = new Promise<void>((r) => began = r);
      const id = await enqueue(p.sql, "test.hangs", {});
      const stop = startWorker(p, { "test.hangs": () => (began(), new Promise<void>(() => {})) }, {
        pollMs: 50,
      });
      await running;
      const t0 = performance.now();
      await stop();
      const ms = performance.now() - t0;
      assert.ok(ms < 2500, `stop waited ${Math.round(ms)} ms for a job that never ends`);
      const [job] = await p.sql`select status from queue.jobs where id = ${id}`;
      assert.notEqual(job.status, "done", "the unfinished job is not marked done");
      assert.notEqual(job.status, "failed", "the unfinished job is not failed");
    } finally {
      await p.close();
    }
  },
});
