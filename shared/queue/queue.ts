import { type Db, jsonb, type JsonInput, type Sql } from "../db/client.ts";
import { errorText, log } from "../log.ts";
import { SeamUnavailableError } from "../errors.ts";

export interface Job<T = Record<string, unknown>> {
  id: string;
  queue: string;
  payload: T;
  attempts: number;
  max_attempts: number;
}

export interface EnqueueOptions {
  /** Seconds to wait before the first run. */
  delaySeconds?: number;
  maxAttempts?: number;
  /** A job with the same key is enqueued once (later calls return the first job's id). */
  dedupeKey?: string;
}

/** Adds a job; may be called inside a transaction (pass the transaction) so the job commits with the data. */
export async function enqueue(
  sql: Db,
  queue: string,
  payload: JsonInput,
  opts: EnqueueOptions = {},
): Promise<string> {
  const rows = await sql`insert into queue.jobs (queue, payload, run_at, max_attempts, dedupe_key)
    values (${queue}, ${jsonb(sql, payload)}, now() + make_interval(secs => ${opts.delaySeconds ?? 0}),
            ${opts.maxAttempts ?? 5}, ${opts.dedupeKey ?? null})
    on conflict (dedupe_key) do update set dedupe_key = excluded.dedupe_key
    returning id`;
  return rows[0].id as string;
}

export type Handler = (job: Job) => Promise<void>;

/** Thrown by a handler to fail a job at once, without retries (bad input that will never succeed). */
export class PermanentJobError extends Error {}

/** Backoff after the n-th failed attempt: 10 s, 20 s, 40 s ... capped at 600 s. */
export function backoffSeconds(attempt: number, min = 10, max = 600): number {
  return Math.min(max, min * 2 ** Math.max(0, attempt - 1));
}

/**
 * Claims and runs ready jobs of the given queues once. Returns how many ran. Success marks a job done;
 * failure re-queues it with backoff until max_attempts, then marks it failed with the last error.
 */
export async function runReadyJobs(
  sql: Sql,
  handlers: Record<string, Handler>,
  opts: { batch?: number; leaseSeconds?: number } = {},
): Promise<number> {
  const queues = Object.keys(handlers);
  if (!queues.length) return 0;
  const jobs = await sql`select * from queue.claim(${queues}, ${opts.batch ?? 10}, ${
    opts.leaseSeconds ?? 300
  })`;
  await Promise.all(jobs.map(async (row) => {
    const job = row as unknown as Job;
    try {
      await handlers[job.queue](job);
      await sql`update queue.jobs set status = 'done', finished_at = now(), locked_until = null, last_error = null where id = ${job.id}`;
    } catch (e) {
      // A seam failure says itself whether trying again can help (a 4xx refusal cannot) and how long to wait.
      const permanent = e instanceof PermanentJobError ||
        (e instanceof SeamUnavailableError && !e.retryable) ||
        job.attempts >= job.max_attempts;
      const delay = Math.max(
        backoffSeconds(job.attempts),
        e instanceof SeamUnavailableError ? e.retryAfterSeconds ?? 0 : 0,
      );
      log(permanent ? "error" : "warn", "job failed", {
        queue: job.queue,
        job: job.id,
        attempt: job.attempts,
        permanent,
        error: errorText(e),
      });
      if (permanent) {
        await sql`update queue.jobs set status = 'failed', finished_at = now(), locked_until = null, last_error = ${
          errorText(e)
        } where id = ${job.id}`;
      } else {
        await sql`update queue.jobs set status = 'queued', locked_until = null, last_error = ${errorText(e)},
          run_at = now() + make_interval(secs => ${delay}) where id = ${job.id}`;
      }
    }
  }));
  return jobs.length;
}
