// Internal function (not one of SPEC's services): runs the Postgres job queue on Supabase, where no long-lived
// worker process exists. A trigger on queue.jobs calls it through pg_net when a job is enqueued, and a pg_cron
// sweep calls it every few seconds for retries and stragglers (migration 20261123009100). Handlers come from
// shared/jobs/registry.ts, the same table the local stack's worker uses.
import { platformFromEnv } from "../../../shared/platform.ts";
import { configuredHandlers } from "../../../shared/jobs/registry.ts";
import { loadQueueWorkerConfig, runWorkerInvocation } from "./run.ts";

const p = platformFromEnv();
const handlers = configuredHandlers(p); // JOB_QUEUES, default every queue
const cfg = loadQueueWorkerConfig(); // INTERNAL_SERVICE_TOKEN, QUEUE_WORKER_*: read once, not per call
Deno.serve((req) => runWorkerInvocation(p, handlers, req, cfg));
