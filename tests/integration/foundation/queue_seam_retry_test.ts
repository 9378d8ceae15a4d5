// The queue reads the seam error: a refusal (not retryable) fails the job at once; a retryable failure waits at
// least as long as the provider asked (Retry-After), not only the queue's own backoff.
import assert from "node:assert/strict";
import { SeamUnavailableError } from "../../../shared/errors.ts";
import { enqueue, runReadyJobs } from "../../../shared/queue/queue.ts";
import { testPlatform } from "../../support/db.ts";

Deno.test("queue: a seam refusal is final; a retryable seam failure waits the provider's Retry-After", async () => {
  const p = await testPlatform();
  try {
    const refused = await enqueue(p.sql, "test.seam-refused", {});
    const later = await enqueue(p.sql, "test.seam-later", {});
    await runReadyJobs(p.sql, {
      "test.seam-refused": () => {
        throw new SeamUnavailableError("crm", "HubSpot contact create failed: 400", {
          retryable: false,
          status: 400,
        });
      },
      "test.seam-later": () => {
        throw new SeamUnavailableError("crm", "HubSpot answered 429", { status: 429, retryAfterMs: 300_000 });
      },
    });
    const [a] = await p.sql`select status, attempts from queue.jobs where id = ${refused}`;
    assert.equal(a.status, "failed", "a 4xx refusal is not retried");
    const [b] = await p
      .sql`select status, extract(epoch from run_at - now())::int as wait from queue.jobs where id = ${later}`;
    assert.equal(b.status, "queued");
    assert.ok(b.wait >= 290, `waits the provider's 300 s, not the first 10 s backoff (waits ${b.wait} s)`);
  } finally {
    await p.close();
  }
});
