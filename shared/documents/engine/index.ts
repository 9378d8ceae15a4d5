// Which document engine this process uses: DOCUMENT_ENGINE_URL set → the HTTP client of a separately
// hosted worker (worker_server.ts); otherwise the local pool of worker subprocesses. Where neither can
// run (an edge runtime without the URL) every call answers 503 not_configured.
import { envOptional } from "../../config.ts";
import { DocumentEngine } from "./engine.ts";
import { HttpEngineClient } from "./http_client.ts";
import { poolLimits } from "./limits.ts";
import { SubprocessPool } from "./pool.ts";

let engine: DocumentEngine | undefined;

export function documentEngine(): DocumentEngine {
  if (engine) return engine;
  const limits = poolLimits();
  const url = envOptional("DOCUMENT_ENGINE_URL");
  engine = new DocumentEngine(
    url ? new HttpEngineClient(url, limits) : new SubprocessPool(limits),
    limits.textTimeoutMs,
  );
  return engine;
}

/** Stops the engine's workers (tests, CLI scripts and the stack's shutdown); the next call starts afresh. */
export async function closeDocumentEngine(): Promise<void> {
  const e = engine;
  engine = undefined;
  await e?.close();
}

export { DocumentEngine };
export * from "./errors.ts";
