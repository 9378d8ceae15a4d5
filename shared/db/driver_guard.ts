import { log } from "../log.ts";

/**
 * postgres.js 3.4.9 batches a small write with setImmediate; when the server closes the connection before that
 * immediate runs (PostgreSQL stopped or restarted, a backend terminated, a pooler's reset), the callback writes
 * to the socket the driver has already dropped and throws outside any query's promise: an uncaught TypeError
 * that ended the whole process (porsager/postgres#1154 and #1208, open upstream; denoland/deno#34667). The
 * queries in flight on that connection are already rejected with CONNECTION_CLOSED by then, so the lost write
 * is moot: this listener keeps the process alive for that exact failure and lets every other error end it.
 */
export function isDriverClosedSocketWrite(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  if (
    !/of null \(reading 'write'\)|null is not an object \(evaluating 'socket\.write'\)/.test(error.message)
  ) {
    return false;
  }
  const stack = error.stack ?? "";
  return /nextWrite/.test(stack) && /postgres\S*connection\.js/.test(stack);
}

let installed = false;

/** Installs the listener once per process (idempotent; a no-op where the runtime has no global error event). */
export function guardDriverClosedSocketWrites(): void {
  if (installed || typeof globalThis.addEventListener !== "function") return;
  installed = true;
  globalThis.addEventListener("error", (event: ErrorEvent) => {
    if (!isDriverClosedSocketWrite(event.error)) return;
    event.preventDefault();
    log(
      "warn",
      "database connection closed while a write was queued; the queries on it failed with CONNECTION_CLOSED",
      {},
    );
  });
}
