import type { ContentfulStatusCode } from "hono/utils/http-status";
import { DomainError, type ErrorKind } from "../errors.ts";

export {
  badRequest,
  conflict,
  DomainError,
  type ErrorBody,
  errorBody,
  forbidden,
  notFound,
  SeamUnavailableError,
  unauthorized,
} from "../errors.ts";

const statusOfKind: Record<ErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  upstream: 502, // a provider failed (SeamUnavailableError)
  unavailable: 503, // not configured here, or not reachable now (SeamUnavailableError with notConfigured)
};

const kindOfStatus = (status: number): ErrorKind =>
  (Object.entries(statusOfKind).find(([, s]) => s === status)?.[0] as ErrorKind | undefined) ??
    (status >= 500 ? "internal" : "invalid");

/** An error a route raises with an explicit HTTP status (domains raise DomainError instead). */
export class ApiError extends DomainError {
  constructor(
    readonly status: ContentfulStatusCode,
    code: string,
    message: string,
    details?: unknown,
  ) {
    super(kindOfStatus(status), code, message, details);
  }
}

/** The HTTP status of a domain error. */
export function statusOf(err: DomainError): ContentfulStatusCode {
  return err instanceof ApiError ? err.status : statusOfKind[err.kind];
}
