// A separately hosted document engine: serves the engine's operations over HTTP (POST /v1/documents/<op>,
// body and answer in the engine's frame format) for services that cannot start subprocesses
// (DOCUMENT_ENGINE_URL there). The work itself still runs in this host's pool of worker subprocesses, under
// the same limits. It serves the built-in operations and those registered in this process (registry.ts):
// the entry that registers every domain's operations is shared/stack/document_engine.ts
// (`deno run -A shared/stack/document_engine.ts`). DOCUMENT_ENGINE_TOKEN, when set, is required as a bearer
// token. PORT (default 8790), HOST (default 127.0.0.1).
import { envInt, envOptional } from "../config.ts";
import { log } from "../log.ts";
import { bearerMatches } from "../auth/safe_equal.ts";
import { decodeFrame, encodeFrame, type EngineRequest, type EngineResponse } from "./engine/protocol.ts";
import { toFailure } from "./engine/errors.ts";
import { poolLimits } from "./engine/limits.ts";
import { type EngineTransport, SubprocessPool } from "./engine/pool.ts";
import { hasDocumentOp } from "./engine/registry.ts";

/** The HTTP handler (exported for tests): one frame in, one frame out. */
export function engineHandler(
  pool: EngineTransport,
  token = envOptional("DOCUMENT_ENGINE_TOKEN"),
): (req: Request) => Promise<Response> {
  const frame = (r: EngineResponse, status = 200) =>
    new Response(encodeFrame(r) as BodyInit, {
      status,
      headers: { "content-type": "application/octet-stream" },
    });
  return async (req) => {
    const url = new URL(req.url);
    if (req.method === "GET" && url.pathname === "/health") return Response.json({ status: "ok" });
    const op = url.pathname.match(/^\/v1\/documents\/(\w+)$/)?.[1];
    if (req.method !== "POST" || !op || !hasDocumentOp(op)) {
      return Response.json({ error: { code: "not_found", message: "No such operation" } }, { status: 404 });
    }
    if (token && !bearerMatches(req.headers.get("authorization"), token)) {
      return Response.json({ error: { code: "invalid_token", message: "Bearer token required" } }, {
        status: 401,
      });
    }
    let call: EngineRequest;
    try {
      call = decodeFrame(new Uint8Array(await req.arrayBuffer()).subarray(8)) as EngineRequest;
    } catch {
      return Response.json(
        { error: { code: "invalid_request", message: "The body is not an engine frame" } },
        { status: 400 },
      );
    }
    try {
      return frame(await pool.call(op, call.args));
    } catch (e) {
      const f = toFailure(e);
      return frame({ id: call.id, ok: false, error: f }, f.code === "busy" ? 503 : 500);
    }
  };
}

/** Serves the engine until SIGINT (the composition's entry calls this after registering its operations). */
export function serveDocumentEngine(): void {
  const pool = new SubprocessPool(poolLimits());
  const port = envInt("PORT", 8790);
  const server = Deno.serve({
    port,
    hostname: envOptional("HOST") ?? "127.0.0.1",
    onListen: () => log("info", "document engine listening", { port }),
  }, engineHandler(pool));
  Deno.addSignalListener("SIGINT", async () => {
    await pool.close();
    await server.shutdown();
    Deno.exit(0);
  });
}
