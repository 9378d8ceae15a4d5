import type { Platform } from "../platform.ts";
import { errorText, log } from "../log.ts";
import { type Handler, runReadyJobs } from "./queue.ts";

/**
 * Runs the queue until stopped: wakes on NOTIFY queue_jobs and polls every `pollMs` (for delayed jobs and
 * leases that ran out). Returns a stop function that waits for the loop to finish its current batch.
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
    await loop;
    const l = await listening;
    await l?.unlisten().catch(() => {});
  };
}
