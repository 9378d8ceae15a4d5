// The document engine over HTTP: the same operations, served by a separately hosted worker
// (shared/documents/worker_server.ts) for runtimes that cannot start subprocesses (Supabase Edge). It talks
// through the one HTTP client of every seam adapter (shared/runtime/http_json.ts): an engine that cannot be
// reached, times out or answers something that is not one of its frames is the one seam error,
// SeamUnavailableError("document_engine", …) (502 document_engine_unavailable).
import { envOptional } from "../../config.ts";
import { SeamUnavailableError } from "../../errors.ts";
import { HttpJsonClient } from "../../runtime/http_json.ts";
import { decodeFrame, encodeFrame, type EngineResponse } from "./protocol.ts";
import type { PoolLimits } from "./limits.ts";
import type { CallOptions, EngineTransport } from "./pool.ts";

const FRAME_TYPE = "application/octet-stream";

export class HttpEngineClient implements EngineTransport {
  #nextId = 1;
  readonly #http: HttpJsonClient;

  constructor(
    readonly baseUrl: string,
    readonly limits: PoolLimits,
    readonly token = envOptional("DOCUMENT_ENGINE_TOKEN"),
  ) {
    this.#http = new HttpJsonClient({
      seam: "document_engine",
      provider: "document engine at DOCUMENT_ENGINE_URL",
      baseUrl,
      // One attempt: an operation may take its worker's whole time budget; the caller's job retries later.
      attempts: 1,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      // A worker cannot answer more than its memory.
      maxResponseBytes: limits.workerMaxMb * 1024 * 1024,
      secrets: [token],
    });
  }

  async call(op: string, args: unknown[], opts: CallOptions = {}): Promise<EngineResponse> {
    const id = this.#nextId++;
    const res = await this.#http.request<Uint8Array>(`/v1/documents/${encodeURIComponent(op)}`, {
      method: "POST",
      headers: { "content-type": FRAME_TYPE, accept: FRAME_TYPE },
      body: encodeFrame({ id, op, args }) as BodyInit,
      timeoutMs: (opts.timeoutMs ?? this.limits.timeoutMs) + 5000,
      // The engine answers its refusals (busy, too complex) as frames with an error status: read them all.
      accept: () => true,
      as: "bytes",
    });
    if (res.headers.get("content-type") !== FRAME_TYPE) {
      throw new SeamUnavailableError(
        "document_engine",
        `document engine at DOCUMENT_ENGINE_URL answered HTTP ${res.status} without a frame`,
        { status: res.status, retryable: res.status >= 500 },
      );
    }
    return decodeFrame(res.data.subarray(8)) as EngineResponse;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
