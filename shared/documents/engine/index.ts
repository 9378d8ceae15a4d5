// Which document engine this process uses: DOCUMENT_ENGINE_URL set → the HTTP client of a separately
// hosted worker (worker_server.ts); otherwise the local pool of worker subprocesses; where this process may
// not start subprocesses (an edge function) the operations run in its own isolate (in_process.ts), without
// OCR or page rasterising (503 not_configured). DOCUMENT_ENGINE=subprocess|in-process forces a choice.
import { envOptional } from "../../config.ts";
import { DocumentEngine } from "./engine.ts";
import { HttpEngineClient } from "./http_client.ts";
import { poolLimits, resetDocumentLimits } from "./limits.ts";
import { SubprocessPool } from "./pool.ts";
import { InProcessTransport } from "./in_process.ts";
import { log } from "../../log.ts";

let engine: DocumentEngine | undefined;

export function documentEngine(): DocumentEngine {
  if (engine) return engine;
  const limits = poolLimits();
  const url = envOptional("DOCUMENT_ENGINE_URL");
  const transport = url
    ? new HttpEngineClient(url, limits)
    : mayStartSubprocesses()
    ? new SubprocessPool(limits)
    : new InProcessTransport();
  if (transport instanceof InProcessTransport) {
    log(
      "info",
      "document engine: in-process (no subprocesses in this runtime; the request's isolate is the sandbox)",
    );
  }
  engine = new DocumentEngine(transport, limits.textTimeoutMs);
  return engine;
}

function mayStartSubprocesses(): boolean {
  const forced = envOptional("DOCUMENT_ENGINE");
  if (forced === "subprocess" || forced === "in-process") return forced === "subprocess";
  try {
    return typeof Deno.Command === "function" &&
      Deno.permissions.querySync({ name: "run" }).state === "granted";
  } catch {
    return false;
  }
}

/** Stops the engine's workers (tests, CLI scripts and the stack's shutdown); the next call starts afresh. */
export async function closeDocumentEngine(): Promise<void> {
  const e = engine;
  engine = undefined;
  resetDocumentLimits();
  await e?.close();
}

export { DocumentEngine };
export * from "./errors.ts";
