// The first step of every service app (createServiceApp): a request body is read here, whole, within bounds of
// size and time, before auth and validation. Over the size (declared or streamed): 413 payload_too_large. A body
// that stops arriving for `idleMs`, or is not complete after `totalMs` (a slow upload holding a connection and a
// handler forever, before the caller was even authenticated): 408 request_timeout. The bytes are put back on the
// request, so the JSON guard, the validators and the handlers read them as before.
import type { MiddlewareHandler } from "hono";
import { errorBody } from "./errors.ts";

export interface BodyLimits {
  maxBytes: number;
  /** Longest pause between two pieces of the body (BODY_IDLE_TIMEOUT_MS). */
  idleMs: number;
  /** Longest time for the whole body (BODY_TIMEOUT_MS). */
  totalMs: number;
}

export type BodyRead = { bytes: Uint8Array<ArrayBuffer> } | { refused: 408 | 413 };

/** Reads `body` whole within `limits`; `declared` is the Content-Length, when one was sent. */
export async function readBodyWithin(
  body: ReadableStream<Uint8Array>,
  declared: number | null,
  limits: BodyLimits,
): Promise<BodyRead> {
  if (declared !== null && declared > limits.maxBytes) return { refused: 413 };
  const reader = body.getReader();
  const started = performance.now();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let done = false;
  try {
    while (true) {
      const wait = Math.min(limits.idleMs, limits.totalMs - (performance.now() - started));
      if (wait <= 0) return { refused: 408 };
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), wait)));
      const r = await Promise.race([reader.read(), late]).finally(() => clearTimeout(timer));
      if (r === "late") return { refused: 408 };
      if (r.done) {
        done = true;
        break;
      }
      size += r.value.byteLength;
      if (size > limits.maxBytes) return { refused: 413 };
      chunks.push(r.value);
    }
  } finally {
    if (!done) reader.cancel().catch(() => {});
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return { bytes };
}

/** The bytes read for a request (the request the reader put in place), for checks that need them without a copy. */
export const bodyBytes = new WeakMap<Request, Uint8Array>();

export function bodyReader(limits: BodyLimits): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return await next();
    const length = c.req.header("content-length");
    const declared = length !== undefined && /^\d+$/.test(length) ? Number(length) : null;
    const read = await readBodyWithin(body, declared, limits);
    if ("refused" in read) {
      return read.refused === 413
        ? c.json(errorBody("payload_too_large", `Request body is larger than ${limits.maxBytes} bytes`), 413)
        : c.json(
          errorBody(
            "request_timeout",
            `The request body did not arrive in time (a pause over ${limits.idleMs} ms, or over ${limits.totalMs} ms in all)`,
          ),
          408,
          { Connection: "close" },
        );
    }
    c.req.raw = new Request(c.req.raw, { body: read.bytes });
    bodyBytes.set(c.req.raw, read.bytes);
    await next();
  };
}
