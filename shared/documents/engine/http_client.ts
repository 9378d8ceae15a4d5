// The document engine over HTTP: the same operations, served by a separately hosted worker
// (shared/documents/worker_server.ts) for runtimes that cannot start subprocesses (Supabase Edge).
import { envOptional } from "../../config.ts";
import { decodeFrame, encodeFrame, type EngineResponse } from "./protocol.ts";
import { EngineUnavailable } from "./errors.ts";
import type { PoolLimits } from "./limits.ts";
import type { CallOptions, EngineTransport } from "./pool.ts";

export class HttpEngineClient implements EngineTransport {
  #nextId = 1;
  constructor(
    readonly baseUrl: string,
    readonly limits: PoolLimits,
    readonly token = envOptional("DOCUMENT_ENGINE_TOKEN"),
  ) {}

  async call(op: string, args: unknown[], opts: CallOptions = {}): Promise<EngineResponse> {
    const id = this.#nextId++;
    const timeoutMs = (opts.timeoutMs ?? this.limits.timeoutMs) + 5000;
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl.replace(/\/$/, "")}/v1/documents/${encodeURIComponent(op)}`, {
        method: "POST",
        headers: {
          "content-type": "application/octet-stream",
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        },
        body: encodeFrame({ id, op, args }) as BodyInit,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      throw new EngineUnavailable(
        `The document engine at DOCUMENT_ENGINE_URL did not answer (${(e as Error).name})`,
      );
    }
    if (res.headers.get("content-type") !== "application/octet-stream") {
      await res.body?.cancel();
      throw new EngineUnavailable(`The document engine at DOCUMENT_ENGINE_URL answered ${res.status}`);
    }
    const frame = new Uint8Array(await res.arrayBuffer());
    return decodeFrame(frame.subarray(8)) as EngineResponse;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
