import { DomainError, type ErrorKind } from "../../errors.ts";
import { ConfigError } from "../../config.ts";
import type { EngineFailure } from "./protocol.ts";

// What a caller sees when the document engine refuses a document or cannot take it. All are DomainErrors
// (the HTTP layer answers 422 / 400 / 503); a queued job that meets one fails like any error, after its attempts.

/** 422 document_too_complex: over a limit (pixels, inflated bytes, pages), or it crashed, hung or outgrew its worker. */
export class DocumentTooComplex extends DomainError {
  constructor(message: string) {
    super("unprocessable", "document_too_complex", message);
    this.name = "DocumentTooComplex";
  }
}

/** 400 invalid_file_type: the bytes are not a readable PDF, PNG or JPEG. */
export class UnreadableDocument extends DomainError {
  constructor(message: string) {
    super("invalid", "invalid_file_type", `Invalid file type: ${message}`);
    this.name = "UnreadableDocument";
  }
}

/** 400 password_protected: a PDF that opens only with a password (its owner can send it without one). */
export class PasswordProtected extends DomainError {
  constructor(message: string) {
    super("invalid", "password_protected", message);
    this.name = "PasswordProtected";
  }
}

/** 503 busy (with Retry-After): every worker is busy and the waiting line is full. */
export class EngineBusy extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds = 5) {
    super("unavailable", "busy", "The document engine is busy; retry shortly");
    this.name = "EngineBusy";
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** 503 not_configured: no document engine here (an edge runtime without DOCUMENT_ENGINE_URL). */
export class EngineUnavailable extends DomainError {
  constructor(message: string) {
    super("unavailable", "not_configured", message);
    this.name = "EngineUnavailable";
  }
}

/** An error thrown inside a worker, as it travels back. */
export function toFailure(e: unknown): EngineFailure {
  if (e instanceof DomainError) return { name: e.name, message: e.message, kind: e.kind, code: e.code };
  // An engine this deployment does not carry (OCR, the native canvas in an edge function): 503 not_configured.
  if (e instanceof ConfigError) {
    return { name: e.name, message: e.message, kind: "unavailable", code: "not_configured" };
  }
  if (e instanceof Error) {
    return { name: e.name === "Error" ? e.constructor.name : e.name, message: e.message };
  }
  return { name: "Error", message: String(e) };
}

/** Rebuilds a worker's error: the engine's own classes, the renderer's input errors (by name), else an Error. */
export function fromFailure(
  f: EngineFailure,
  known: Record<string, new (message: string) => Error> = {},
): Error {
  if (f.code === "document_too_complex") return new DocumentTooComplex(f.message);
  if (f.code === "invalid_file_type") {
    return new UnreadableDocument(f.message.replace(/^Invalid file type: /, ""));
  }
  if (f.code === "busy") return new EngineBusy();
  if (f.kind && f.code) return new DomainError(f.kind as ErrorKind, f.code, f.message);
  const Known = known[f.name];
  if (Known) return new Known(f.message);
  const e = new Error(f.message);
  e.name = f.name;
  return e;
}
