import { timingSafeEqual } from "node:crypto";
import type { Platform } from "../../../shared/platform.ts";
import { type Handler, runReadyJobs } from "../../../shared/queue/queue.ts";
import { envInt, envOptional } from "../../../shared/config.ts";
import { errorBody } from "../../../shared/http/errors.ts";

function authorised(req: Request): boolean {
  const token = envOptional("INTERNAL_SERVICE_TOKEN");
  if (!token) return false;
  const given = new TextEncoder().encode(req.headers.get("authorization") ?? "");
  const expected = new TextEncoder().encode(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * One invocation does a bounded amount of work: at most QUEUE_WORKER_MAX_JOBS jobs (default 10) in batches of
 * QUEUE_WORKER_BATCH (default 2), and it stops claiming once QUEUE_WORKER_BUDGET_MS (default 20 s wall time)
 * has passed. What is left is picked up by the next trigger call or the pg_cron sweep.
 */
export async function runWorkerInvocation(
  p: Platform,
  handlers: Record<string, Handler>,
  req: Request,
): Promise<Response> {
  const path = new URL(req.url).pathname;
  if (req.method === "GET" && path.endsWith("/health")) {
    return Response.json({ status: "ok", service: "queue-worker" });
  }
  if (req.method !== "POST" || !authorised(req)) {
    return Response.json(errorBody("unauthorized", "Internal service token required"), { status: 401 });
  }
  const maxJobs = envInt("QUEUE_WORKER_MAX_JOBS", 10);
  const batch = envInt("QUEUE_WORKER_BATCH", 2);
  const deadline = Date.now() + envInt("QUEUE_WORKER_BUDGET_MS", 20_000);
  let ran = 0;
  while (ran < maxJobs && Date.now() < deadline) {
    const n = await runReadyJobs(p.sql, handlers, { batch: Math.min(batch, maxJobs - ran) });
    if (n === 0) break;
    ran += n;
  }
  const [{ ready }] = await p
    .sql`select count(*)::int as ready from queue.jobs where status = 'queued' and run_at <= now()`;
  return Response.json({ status: "ok", ran, ready });
}
