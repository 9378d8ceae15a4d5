// Setting a header on an answer after the handler ran. Hono's c.header() copies the whole Response once the
// context is finalized (new Response(body, res)), a copy per request per middleware; the answer's own headers
// are mutable for every Response the apps build, so they are set in place, with the copy kept only for the
// rare immutable ones (e.g. a fetch() Response passed through).
import type { Context } from "hono";

export function setAnswerHeader(c: Context, name: string, value: string, append = false): void {
  try {
    if (append) c.res.headers.append(name, value);
    else c.res.headers.set(name, value);
  } catch {
    c.header(name, value, { append });
  }
}
