/**
 * How a request fails in a domain's own terms. Domains throw these; the HTTP layer (shared/http/errors.ts)
 * maps each kind to a status, so no domain code depends on HTTP.
 */
export type ErrorKind =
  | "invalid" // the caller's input is wrong
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "too_large"
  | "unprocessable" // well-formed, but this document/request cannot be processed
  | "rate_limited"
  | "internal"
  | "upstream" // a provider answered with something unusable
  | "unavailable"; // a provider or resource cannot be reached now, or is not configured

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string, details?: unknown) =>
  new DomainError("invalid", code, message, details);
export const unauthorized = (code: string, message: string) =>
  new DomainError("unauthenticated", code, message);
export const forbidden = (code: string, message: string) => new DomainError("forbidden", code, message);
export const notFound = (code: string, message: string) => new DomainError("not_found", code, message);
export const conflict = (code: string, message: string) => new DomainError("conflict", code, message);

/** The wire shape of every error body: {"error":{"code","message"}}. */
export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

export function errorBody(code: string, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** Whether the caller's input (not the platform or a provider) caused the error: logged as info, not error. */
export function isCallerError(e: DomainError): boolean {
  return !["internal", "upstream", "unavailable"].includes(e.kind);
}
