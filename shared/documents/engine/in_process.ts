// The engine's operations run in this process: for runtimes that cannot start subprocesses (the Supabase Edge
// Runtime), where each request already runs in an isolate of its own with the platform's memory and CPU caps,
// so a document that blows them ends that request only. The preflight checks of ops.ts still run first.
import { toFailure } from "./errors.ts";
import { runDocumentOp } from "./registry.ts";
import type { EngineResponse } from "./protocol.ts";
import type { EngineTransport } from "./pool.ts";

export class InProcessTransport implements EngineTransport {
  async call(op: string, args: unknown[]): Promise<EngineResponse> {
    try {
      // A registered operation is known here: the module calling it imported the one that registers it.
      return { id: 0, ok: true, value: await runDocumentOp(op, args) };
    } catch (e) {
      return { id: 0, ok: false, error: toFailure(e) };
    }
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
