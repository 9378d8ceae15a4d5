// Copied next to a staged function's index.ts by scripts/edge/measure.ts as its entry point: binds the
// function's Deno.serve to the check's port (the Edge Runtime also takes over Deno.serve) and samples V8 heap +
// external memory, what the Edge Runtime's memory check counts, every 5 ms; GET /__edge_check/heap answers the
// peak since the previous call. Then it loads the function.
import { getHeapStatistics } from "node:v8";

const port = Number(Deno.env.get("EDGE_CHECK_PORT"));
const used = () => {
  const h = getHeapStatistics();
  return h.total_heap_size + h.external_memory;
};
let peak = used();
Deno.unrefTimer(setInterval(() => peak = Math.max(peak, used()), 5));

type Handler = (req: Request, info: unknown) => Response | Promise<Response>;
const serve = Deno.serve.bind(Deno) as (opts: Record<string, unknown>, handler: Handler) => unknown;
// deno-lint-ignore no-explicit-any
(Deno as any).serve = (a: any, b?: any) => {
  const [opts, handler]: [Record<string, unknown>, Handler] = typeof a === "function"
    ? [{}, a]
    : b
    ? [a, b]
    : [a, a.handler];
  const wrapped: Handler = async (req, info) => {
    if (new URL(req.url).pathname === "/__edge_check/heap") {
      const now = used();
      const body = { peak: Math.max(peak, now), current: now };
      peak = now;
      return Response.json(body);
    }
    const res = await handler(req, info);
    peak = Math.max(peak, used());
    return res;
  };
  return serve({ ...opts, handler: undefined, port, hostname: "127.0.0.1", onListen: () => {} }, wrapped);
};

await import(new URL("./index.ts", import.meta.url).href);
