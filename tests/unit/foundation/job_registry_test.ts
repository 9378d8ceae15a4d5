// The deployed queue-worker runs only shared/jobs/registry.ts's handlers: a queue the platform's own code enqueues
// must be there, not only in the local stack (the partner's lead announcement and webhooks were once local-only, so a
// deployed platform never emailed a new lead nor called a partner's webhook).
import assert from "node:assert/strict";
import { jobHandlers } from "../../../shared/jobs/registry.ts";
import { extensions } from "../../../shared/stack/extensions/index.ts";
import { LEAD_CREATED_QUEUE } from "../../../shared/partner/lead_events.ts";
import { WEBHOOK_QUEUE } from "../../../shared/partner/webhooks.ts";
import type { Platform } from "../../../shared/platform.ts";

// Handlers only bind the platform; none is called here.
const p = {} as Platform;

Deno.test("job registry: the partner's lead announcement and webhook deliveries run on the deployed queue-worker", () => {
  const queues = Object.keys(jobHandlers(p));
  assert.ok(queues.includes(LEAD_CREATED_QUEUE), LEAD_CREATED_QUEUE);
  assert.ok(queues.includes(WEBHOOK_QUEUE), WEBHOOK_QUEUE);
});

Deno.test("job registry: no stack extension runs a queue the deployed queue-worker lacks", () => {
  const deployed = new Set(Object.keys(jobHandlers(p)));
  const localOnly = extensions.flatMap((e) => Object.keys(e.jobs?.(p) ?? {})).filter((q) => !deployed.has(q));
  assert.deepEqual(localOnly, []);
});
