import type { Platform } from "../platform.ts";
import { errorText, log } from "../log.ts";
import { type Handler, runReadyJobs } from "./queue.ts";

const STOP_WAIT_MS = 1000;
const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Runs the queue until stopped: wakes on NOTIFY queue_jobs and polls every `pollMs` (for delayed jobs and
 * leases that ran out). Returns a stop function that waits (at most a second) for the loop to finish its current batch.
 */
export function startWorker(
  p: Platform,
  handlers: Record<string, Handler>,
  opts: { pollMs?: number } = {},
): () => Promise<void> {
  let stopped = false;
  let wake: (() => void) | undefined;
  const nap = (ms: number) =>
    new Promise<void>((r) => {
      const t = setTimeout(r, ms);
      wake = () => {
        clearTimeout(t);
        r();
      };
    });
  const listening = p.sql.listen("queue_jobs", () => wake?.()).catch((e) => {
    log("warn", "queue LISTEN unavailable; polling only", { error: errorText(e) });
    return undefined;
  });
  const loop = (async () => {
    while (!stopped) {
      try {
        const n = await runReadyJobs(p.sql, handlers);
        if (n > 0) continue;
      } catch (e) {
        log("error", "queue worker error", { error: errorText(e) });
      }
      if (!stopped) await nap(opts.pollMs ?? 1000);
    }
  })();
  return async () => {
    stopped = true;
    wake?.();
    // A batch in flight finishes (or fails) on its own: an unfinished job's lease runs out and it is retried.
    // When the database is going away too (Ctrl-C reaches PostgreSQL as well), its queries can wait on a
    // connection that never answers, so the stop waits at most STOP_WAIT_MS for them.
    await Promise.race([loop, delay(STOP_WAIT_MS)]);
    const l = await Promise.race([listening, delay(STOP_WAIT_MS).then(() => undefined)]);
    l?.unlisten().catch(() => {});
  };
}
