// The document engine in tests: small pool limits, and the process's engine forced to one transport.
import type { PoolLimits } from "../../shared/documents/engine/limits.ts";
import { closeDocumentEngine } from "../../shared/documents/engine/index.ts";

/** One worker, a short line, a minute per call. */
export const testPoolLimits: PoolLimits = {
  workers: 1,
  queueMax: 2,
  workerMaxMb: 512,
  timeoutMs: 60_000,
  textTimeoutMs: 60_000,
  idleMs: 5_000,
};

/** Runs `fn` with documentEngine() on the given transport (DOCUMENT_ENGINE), started afresh and closed after. */
export async function withDocumentEngine(
  mode: "subprocess" | "in-process",
  fn: () => Promise<void>,
): Promise<void> {
  const saved = Deno.env.get("DOCUMENT_ENGINE");
  Deno.env.set("DOCUMENT_ENGINE", mode);
  await closeDocumentEngine();
  try {
    await fn();
  } finally {
    if (saved === undefined) Deno.env.delete("DOCUMENT_ENGINE");
    else Deno.env.set("DOCUMENT_ENGINE", saved);
    await closeDocumentEngine();
  }
}
