// `npm run worker` (scripts/worker.ts): the queue alone as a separate process on a deployment's database, limited
// to JOB_QUEUES; the other queues are left for the edge queue-worker.
import assert from "node:assert/strict";
import { testPlatform } from "../support/db.ts";
import { enqueue } from "../../shared/queue/queue.ts";
import { configuredHandlers } from "../../shared/jobs/registry.ts";

Deno.test("configuredHandlers: every queue by default, only JOB_QUEUES when set, unknown names refused", async () => {
  const t = await testPlatform();
  try {
    assert.ok(Object.keys(configuredHandlers(t, "")).includes("bills.extract"));
    assert.deepEqual(Object.keys(configuredHandlers(t, "bills.extract, contracts.analyze")), [
      "bills.extract",
      "contracts.analyze",
    ]);
    assert.throws(
      () => configuredHandlers(t, "bills.extrakt"),
      /no handler registered for queue bills\.extrakt/,
    );
  } finally {
    await t.close();
  }
});

Deno.test("npm run worker runs its JOB_QUEUES from the database and leaves the others; SIGTERM stops it", async () => {
  const t = await testPlatform();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("../../scripts/worker.ts", import.meta.url).pathname],
    env: { DATABASE_URL: t.db.url, JOB_QUEUES: "contracts.analyze", LOG_LEVEL: "error" },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const out = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  try {
    assert.match((await out.read()).value ?? "", /worker: running contracts\.analyze/);
    // a contract job whose analysis row does not exist fails at once; a CRM job is not this worker's
    const mine = await enqueue(t.sql, "contracts.analyze", { analysisId: crypto.randomUUID() }, {
      maxAttempts: 1,
    });
    const other = await enqueue(t.sql, "crm.add-note", { leadId: crypto.randomUUID(), text: "x" });
    const deadline = Date.now() + 20_000;
    let status = "queued";
    while (Date.now() < deadline && status === "queued") {
      await new Promise((r) => setTimeout(r, 200));
      [{ status }] = await t.sql`select status from queue.jobs where id = ${mine}`;
    }
    assert.notEqual(status, "queued", "the worker claimed its job");
    const [o] = await t.sql`select status, attempts from queue.jobs where id = ${other}`;
    assert.deepEqual([o.status, o.attempts], ["queued", 0], "the other queue is left alone");
  } finally {
    child.kill("SIGTERM");
    assert.equal((await child.status).code, 0);
    await out.cancel();
    await child.stderr.cancel();
    await t.close();
  }
});
