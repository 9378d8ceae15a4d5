// CORS of every service app, with every header value computed once per app. Hono's cors() touches c.res
// before the handler runs, so each answer's headers were copied into the handler's response; here the
// headers are set once on the final response, and a preflight is answered from prebuilt values.
import type { MiddlewareHandler } from "hono";
import { setAnswerHeader } from "./headers.ts";

export interface CorsOptions {
  /** "*" or a comma-separated list of allowed origins (CoreConfig.corsOrigins). */
  origins: string;
  allowHeaders: string[];
  exposeHeaders: string[];
  maxAgeSeconds: number;
}

const METHODS = "GET,HEAD,PUT,POST,DELETE,PATCH";

export function corsMiddleware(opts: CorsOptions): MiddlewareHandler {
  const any = opts.origins.trim() === "*";
  const allowed = new Set(opts.origins.split(",").map((s) => s.trim()).filter(Boolean));
  const originFor = (origin: string | undefined): string | null =>
    any ? "*" : origin && allowed.has(origin) ? origin : null;
  const expose = opts.exposeHeaders.join(",");
  const allowHeaders = opts.allowHeaders.join(",");
  const maxAge = String(opts.maxAgeSeconds);

  return async (c, next) => {
    const origin = originFor(c.req.header("origin"));
    if (c.req.method === "OPTIONS") {
      const h = new Headers();
      if (origin) h.set("Access-Control-Allow-Origin", origin);
      if (expose) h.set("Access-Control-Expose-Headers", expose);
      h.set("Access-Control-Max-Age", maxAge);
      h.set("Access-Control-Allow-Methods", METHODS);
      if (allowHeaders) h.set("Access-Control-Allow-Headers", allowHeaders);
      h.set("Vary", any ? "Access-Control-Request-Headers" : "Origin, Access-Control-Request-Headers");
      return new Response(null, { status: 204, headers: h });
    }
    await next();
    if (origin) setAnswerHeader(c, "Access-Control-Allow-Origin", origin);
    if (expose) setAnswerHeader(c, "Access-Control-Expose-Headers", expose);
    if (!any) setAnswerHeader(c, "Vary", "Origin", true);
  };
}
