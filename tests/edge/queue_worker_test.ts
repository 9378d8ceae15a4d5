// The queue-worker function's invocation: internal token only, bounded work per call, health open.
import assert from "node:assert/strict";
import { testPlatform } from "../support/db.ts";
import { enqueue, type Handler } from "../../shared/queue/queue.ts";
import { runWorkerInvocation } from "../../supabase/functions/queue-worker/run.ts";

function withEnv(vars: Record<string, string>) {
  const old = Object.fromEntries(Object.keys(vars).map((k) => [k, Deno.env.get(k)]));
  for (const [k, v] of Object.entries(vars)) Deno.env.set(k, v);
  return () => {
    for (const [k, v] of Object.entries(old)) v === undefined ? Deno.env.delete(k) : Deno.env.set(k, v);
  };
}

Deno.test("queue-worker: 401 without the internal token; one call runs at most QUEUE_WORKER_MAX_JOBS and reports what is left", async () => {
  const t = await testPlatform();
  const restore = withEnv({
    INTERNAL_SERVICE_TOKEN: "tok-queue",
    QUEUE_WORKER_MAX_JOBS: "2",
    QUEUE_WORKER_BUDGET_MS: "10000",
  });
  try {
    const ran: number[] = [];
    const handlers: Record<string, Handler> = {
      "edge.test": (job) => Promise.resolve(void ran.push(Number(job.payload.n))),
    };
    for (const n of [1, 2, 3]) await enqueue(t.sql, "edge.test", { n });
    const url = "http://edge.test/queue-worker";

    const health = await runWorkerInvocation(t, handlers, new Request(`${url}/health`));
    assert.equal(health.status, 200);
    for (const auth of [undefined, "Bearer wrong", "tok-queue"]) {
      const r = await runWorkerInvocation(
        t,
        handlers,
        new Request(url, { method: "POST", headers: auth ? { Authorization: auth } : {} }),
      );
      assert.equal(r.status, 401);
      assert.equal((await r.json()).error.code, "unauthorized");
    }
    assert.deepEqual(ran, [], "nothing ran for unauthorised calls");

    const call = () =>
      runWorkerInvocation(
        t,
        handlers,
        new Request(url, { method: "POST", headers: { Authorization: "Bearer tok-queue" } }),
      );
    assert.deepEqual(await (await call()).json(), { status: "ok", ran: 2, ready: 1 });
    assert.deepEqual(await (await call()).json(), { status: "ok", ran: 1, ready: 0 });
    assert.deepEqual(ran.sort(), [1, 2, 3]);
  } finally {
    restore();
    await t.close();
  }
});
