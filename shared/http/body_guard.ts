// Middleware of every service app (createServiceApp): JSON bodies are read once, inspected before they
// are parsed (shared/validation/json_guard.ts), and refused with 400 when nested too deep or carrying NUL or
// unpaired surrogates; a NUL in the query string is refused the same way. The body stays cached on the
// request, so the validators and handlers parse it without reading the body again.
import type { MiddlewareHandler } from "hono";
import { errorBody } from "./errors.ts";
import { inspectJsonText, maxJsonDepth } from "../validation/json_guard.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true });
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

export function guardBody(opts: { exceptPaths?: string[]; maxDepth?: number } = {}): MiddlewareHandler {
  const depth = opts.maxDepth ?? maxJsonDepth();
  const except = opts.exceptPaths ?? [];
  return async (c, next) => {
    const url = c.req.url;
    const q = url.indexOf("?");
    if (q >= 0 && /%00/i.test(url.slice(q))) {
      return c.json(errorBody("invalid_text", "Query string contains a NUL character"), 400);
    }
    const type = (c.req.header("content-type") ?? "").split(";")[0].trim();
    if (
      c.req.method === "GET" || c.req.method === "HEAD" || !JSON_TYPE.test(type) ||
      except.some((p) => c.req.path.endsWith(p))
    ) {
      return await next();
    }
    // JSON is UTF-8 (RFC 8259): bytes that are not (Latin-1 text, a lone continuation byte) are refused here,
    // not turned into U+FFFD and stored. The bytes stay in Hono's body cache for the validators.
    const bytes = await c.req.arrayBuffer();
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      return c.json(errorBody("invalid_text", "Request body is not valid UTF-8"), 400);
    }
    const problem = inspectJsonText(text, depth);
    if (problem) return c.json(errorBody(problem.code, problem.message), 400);
    await next();
  };
}
