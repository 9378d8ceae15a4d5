// Middleware of every service app (createServiceApp): JSON bodies are read once, inspected before they
// are parsed (shared/validation/json_guard.ts), and refused with 400 when nested too deep or carrying NUL or
// unpaired surrogates; a NUL in the query string is refused the same way. A multipart body's parts are counted
// before it is parsed: over `maxParts`, 400 too_many_parts (parsing a 25 MB upload of 400,000 empty fields held the
// event loop for seconds, every other request of the process waiting; docs/security.md, fourth pass). The body stays
// cached on the request, so the validators and handlers parse it without reading the body again.
import type { MiddlewareHandler } from "hono";
import { errorBody } from "./errors.ts";
import { inspectJsonText, maxJsonDepth } from "../validation/json_guard.ts";
import { bodyBytes } from "./body_reader.ts";
import { mimeParameters } from "./mime_params.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true });
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** Whether `body` holds more than `max` parts delimited by `boundary` (counting stops past the limit). */
export function tooManyParts(body: Uint8Array, boundary: string, max: number): boolean {
  // Every delimiter but a leading one follows a CRLF: look for CR with the native Uint8Array.indexOf (≈40 ms over
  // 25 MB of one file, a fifth of what parsing it costs), then compare the bytes after it. No text is decoded.
  const delimiter = Uint8Array.from(`\r\n--${boundary}`, (ch) => ch.charCodeAt(0) & 0xff);
  const at = (i: number, from = 1) => {
    for (let j = from; j < delimiter.length; j++) if (body[i + j] !== delimiter[j]) return false;
    return true;
  };
  // Each part opens with a delimiter and the body closes with one more ("--boundary--").
  let seen = at(-2, 2) ? 1 : 0;
  for (let i = body.indexOf(13); i >= 0; i = body.indexOf(13, i + 1)) {
    if (at(i) && ++seen > max + 1) return true;
  }
  return false;
}

export function guardBody(
  opts: { exceptPaths?: string[]; maxDepth?: number; maxParts?: number } = {},
): MiddlewareHandler {
  const depth = opts.maxDepth ?? maxJsonDepth();
  const maxParts = opts.maxParts ?? 64;
  const except = opts.exceptPaths ?? [];
  return async (c, next) => {
    const url = c.req.url;
    const q = url.indexOf("?");
    if (q >= 0 && /%00/i.test(url.slice(q))) {
      return c.json(errorBody("invalid_text", "Query string contains a NUL character"), 400);
    }
    const contentType = c.req.header("content-type") ?? "";
    const type = contentType.split(";")[0].trim();
    if (c.req.method === "GET" || c.req.method === "HEAD" || except.some((p) => c.req.path.endsWith(p))) {
      return await next();
    }
    if (/^multipart\/form-data$/i.test(type)) {
      // The boundary the parser will use (a regex named another one for an escaped or spaced value; pass 7).
      const b = mimeParameters(contentType).get("boundary");
      // The bytes the body reader kept (else a clone: Hono's body cache cannot turn cached bytes back into form data).
      const bytes = bodyBytes.get(c.req.raw) ?? new Uint8Array(await c.req.raw.clone().arrayBuffer());
      if (b && tooManyParts(bytes, b, maxParts)) {
        return c.json(
          errorBody("too_many_parts", `A multipart body may have at most ${maxParts} parts`),
          400,
        );
      }
      return await next();
    }
    if (!JSON_TYPE.test(type)) return await next();
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
