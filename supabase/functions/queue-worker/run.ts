import type { Platform } from "../../../shared/platform.ts";
import { type Handler, runReadyJobs } from "../../../shared/queue/queue.ts";
import { envInt, envOptional, envPositiveInt, type EnvSource } from "../../../shared/config.ts";
import { errorBody } from "../../../shared/http/errors.ts";
import { bearerMatches } from "../../../shared/auth/safe_equal.ts";

export interface QueueWorkerConfig {
  /** INTERNAL_SERVICE_TOKEN; null when unset (every call is 401). */
  token: string | null;
  maxJobs: number;
  batch: number;
  budgetMs: number;
}

/** Read once when the function starts (index.ts), never per invocation. */
export function loadQueueWorkerConfig(source: EnvSource = Deno.env): QueueWorkerConfig {
  const token = envOptional("INTERNAL_SERVICE_TOKEN", source);
  return {
    token: token || null,
    maxJobs: envPositiveInt("QUEUE_WORKER_MAX_JOBS", 10, source),
    batch: envPositiveInt("QUEUE_WORKER_BATCH", 1, source),
    budgetMs: Math.max(0, envInt("QUEUE_WORKER_BUDGET_MS", 500, source)),
  };
}

function authorised(req: Request, token: string | null): boolean {
  return bearerMatches(req.headers.get("authorization"), token);
}

/**
 * One invocation does a bounded amount of work, within an edge function's CPU and memory budget: jobs one at a
 * time (QUEUE_WORKER_BATCH, default 1), no new claim once QUEUE_WORKER_BUDGET_MS (default 500 ms) have passed
 * or QUEUE_WORKER_MAX_JOBS (default 10) ran, so one call costs at most the budget plus one job. When ready jobs
 * remain it asks for the next call at once (queue.kick_worker(), through pg_net; a no-op locally); the pg_cron
 * sweep is the safety net.
 */
export async function runWorkerInvocation(
  p: Platform,
  handlers: Record<string, Handler>,
  req: Request,
  cfg: QueueWorkerConfig,
): Promise<Response> {
  const path = new URL(req.url).pathname;
  if (req.method === "GET" && path.endsWith("/health")) {
    return Response.json({ status: "ok", service: "queue-worker" });
  }
  if (req.method !== "POST" || !authorised(req, cfg.token)) {
    return Response.json(errorBody("unauthorized", "Internal service token required"), { status: 401 });
  }
  const { maxJobs, batch } = cfg;
  const deadline = Date.now() + cfg.budgetMs;
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
