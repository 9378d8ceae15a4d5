// Heavy engines (OCR with worker threads and WASM, the native canvas) run in the local stack or a separately
// hosted worker, never inside an edge function. Their modules load through a computed specifier that neither
// the deploy bundler (deno_graph) nor esbuild follows, so they are not in any function's bundle; where they
// were not shipped (a deployed function) the reader answers 503 not_configured instead of crashing.
import { ConfigError } from "../config.ts";
import { errorText, log } from "../log.ts";

/** An engine this deployment does not carry. A ConfigError, so the HTTP layer answers 503 not_configured. */
export class EngineUnavailable extends ConfigError {
  constructor(readonly engine: string) {
    super(
      `BILL_MODEL / CONTRACT_MODEL (a model adapter): the ${engine} engine is not part of this deployment`,
    );
    this.message =
      `The ${engine} engine is not available in this deployment; configure a model adapter (see docs/deploy.md)`;
  }
}

/**
 * Imports `specifier` (relative to `base`, or a bare package name resolved through the import map) without
 * letting bundlers see it. `engine` names it in the 503 and the log when it cannot load here.
 */
export async function importLocalOnly<T>(specifier: string, base: string, engine: string): Promise<T> {
  const target = specifier.startsWith(".") ? new URL(specifier, base).href : specifier;
  try {
    return await import(target) as T;
  } catch (e) {
    log("warn", "engine unavailable", { engine, specifier, error: errorText(e) });
    throw new EngineUnavailable(engine);
  }
}
