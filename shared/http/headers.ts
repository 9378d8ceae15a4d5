// Setting a header on an answer after the handler ran. Hono's c.header() copies the whole Response once the
// context is finalized (new Response(body, res)), a copy per request per middleware; the answer's own headers
// are mutable for every Response the apps build, so they are set in place, with the copy kept only for the
// rare immutable ones (e.g. a fetch() Response passed through).
import type { Context } from "hono";
import { shownFileName } from "../validation/one_line.ts";

export function setAnswerHeader(c: Context, name: string, value: string, append = false): void {
  try {
    if (append) c.res.headers.append(name, value);
    else c.res.headers.set(name, value);
  } catch {
    c.header(name, value, { append });
  }
}

/**
 * A Content-Disposition value for a caller-chosen file name (an uploaded bill's, a document's). A header value
 * is a byte string: a name with characters beyond Latin-1 ("請求書.pdf") made the Response constructor throw
 * (a 500 on download). The quoted `filename` keeps printable ASCII only (quotes, backslashes, controls and the
 * rest become "_"); the full name goes in `filename*` (RFC 6266 / 8187, UTF-8, percent-encoded).
 */
export function contentDisposition(disposition: "inline" | "attachment", filename: string): string {
  // Invisible characters go too (pass 7): a right-to-left override made "invoice\u202Efdp.exe" read "invoiceexe.pdf".
  const name = shownFileName(filename.slice(0, 200).toWellFormed()) || "file";
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  if (ascii === name) return `${disposition}; filename="${ascii}"`;
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The stored file types a browser shows without running anything: PDFs and raster images. */
const VIEWABLE = new Set(["application/pdf", "image/png", "image/jpeg", "image/gif", "image/webp"]);

/**
 * The Content-Type to serve a stored file with (an uploaded bill, an inbox attachment, a property document, whose type
 * a sender or a Data API writer chose): one of the viewable types (without parameters), else
 * `application/octet-stream`. HTML, SVG or XML served as themselves ran as the serving origin wherever the
 * answer's `sandbox` policy was lost: the console opens files as `blob:` URLs of its own origin (security pass 9).
 */
export function servedFileType(stored: string | null | undefined): string {
  const essence = (stored ?? "").split(";")[0].trim().toLowerCase();
  return VIEWABLE.has(essence) ? essence : "application/octet-stream";
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The request id a caller sent (`X-Request-Id`) when it is a plain token (letters, digits, `._:-`, at most 64), else
 * a fresh one from `fresh`. It is echoed in the answer and written to every log line of the request: before pass 6 any
 * text (spaces, quotes, Latin-1, another request's id with a suffix) reached the logs as the request's identity.
 */
export function requestIdOf(given: string | null | undefined, fresh: () => string): string {
  return given && REQUEST_ID.test(given) ? given : fresh();
}
