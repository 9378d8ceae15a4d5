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

export interface SeamFailure {
  /** Worth trying again later (network failure, timeout, 429, 5xx); false for a refusal that will not change. */
  retryable?: boolean;
  /** How long the provider asked us to wait (its Retry-After), when it said. */
  retryAfterMs?: number;
  /** The provider's HTTP status, when it answered. */
  status?: number;
  /** The seam is not configured on this deployment (503), rather than its provider failing (502). */
  notConfigured?: boolean;
  cause?: unknown;
}

/**
 * A cloud seam (seam names are snake_case: geocoder, roof_data, CRM, email, bus, scheduler, inbox, storage, language model, …) could not
 * do its work: its provider was unreachable, timed out or answered with an error (kind "upstream", 502), or the
 * seam is not configured here (kind "unavailable", 503). The one error every adapter throws for this; queue
 * handlers retry it when `retryable`. The message is for logs (never a secret); `publicMessage` is for callers.
 */
export class SeamUnavailableError extends DomainError {
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly status?: number;
  readonly notConfigured: boolean;

  constructor(readonly seam: string, message: string, o: SeamFailure = {}) {
    const code = seam.toLowerCase().replace(/[^a-z0-9]+/g, "_");
    super(
      o.notConfigured ? "unavailable" : "upstream",
      o.notConfigured ? `${code}_not_configured` : `${code}_unavailable`,
      message,
    );
    this.name = "SeamUnavailableError";
    this.retryable = o.retryable ?? !o.notConfigured;
    this.retryAfterMs = o.retryAfterMs;
    this.status = o.status;
    this.notConfigured = o.notConfigured ?? false;
    if (o.cause !== undefined) this.cause = o.cause;
  }

  /** Whole seconds for a Retry-After header, when the provider asked for a wait. */
  get retryAfterSeconds(): number | undefined {
    return this.retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(this.retryAfterMs / 1000));
  }

  /** What a caller is told: which service, never the provider's answer or a URL. */
  get publicMessage(): string {
    return this.notConfigured
      ? `The ${this.seam.replace(/_/g, " ")} service is not configured on this server`
      : `The ${this.seam.replace(/_/g, " ")} service is unavailable right now; try again shortly`;
  }
}

/** Whether `e` is a seam failure (of the given seam, when named). */
export function isSeamUnavailable(e: unknown, seam?: string): e is SeamUnavailableError {
  return e instanceof SeamUnavailableError && (seam === undefined || e.seam === seam);
}
