// The queue-worker function's invocation: internal token only, bounded work per call, health open.
import assert from "node:assert/strict";
import { noDatabase, testPlatform } from "../support/db.ts";
import { createPlatform } from "../../shared/platform.ts";
import { enqueue, type Handler } from "../../shared/queue/queue.ts";
import { loadQueueWorkerConfig, runWorkerInvocation } from "../../supabase/functions/queue-worker/run.ts";
import { ConfigError } from "../../shared/config.ts";

Deno.test("queue-worker: 401 without the internal token; one call runs at most QUEUE_WORKER_MAX_JOBS and reports what is left", async () => {
  const t = await testPlatform();
  const cfg = loadQueueWorkerConfig(
    new Map([["INTERNAL_SERVICE_TOKEN", "tok-queue"], ["QUEUE_WORKER_MAX_JOBS", "2"], [
      "QUEUE_WORKER_BUDGET_MS",
      "10000",
    ]]),
  );
  try {
    const ran: number[] = [];
    const handlers: Record<string, Handler> = {
      "edge.test": (job) => Promise.resolve(void ran.push(Number(job.payload.n))),
    };
    for (const n of [1, 2, 3]) await enqueue(t.sql, "edge.test", { n });
    const url = "http://edge.test/queue-worker";

    const health = await runWorkerInvocation(t, handlers, new Request(`${url}/health`), cfg);
    assert.equal(health.status, 200);
    for (const auth of [undefined, "Bearer wrong", "tok-queue"]) {
      const r = await runWorkerInvocation(
        t,
        handlers,
        new Request(url, { method: "POST", headers: auth ? { Authorization: auth } : {} }),
        cfg,
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
        cfg,
      );
    assert.deepEqual(await (await call()).json(), { status: "ok", ran: 2, ready: 1 });
    assert.deepEqual(await (await call()).json(), { status: "ok", ran: 1, ready: 0 });
    assert.deepEqual(ran.sort(), [1, 2, 3]);
  } finally {
    await t.close();
  }
});

Deno.test("queue-worker: settings are read at start; an unset token refuses every call; a bad count is a ConfigError", async () => {
  const none = loadQueueWorkerConfig(new Map());
  assert.equal(none.token, null);
  const r = await runWorkerInvocation(
    createPlatform(noDatabase()),
    {},
    new Request("http://edge.test/queue-worker", { method: "POST", headers: { Authorization: "Bearer " } }),
    none,
  );
  assert.equal(r.status, 401);
  await r.body?.cancel();
  assert.throws(
    () => loadQueueWorkerConfig(new Map([["QUEUE_WORKER_MAX_JOBS", "0"]])),
    (e: unknown) => e instanceof ConfigError && e.variable === "QUEUE_WORKER_MAX_JOBS",
  );
});
