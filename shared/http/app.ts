import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { ulid } from "../ids.ts";
import { ApiError, DomainError, errorBody, SeamUnavailableError, statusOf } from "./errors.ts";
import { describeZodError } from "./validation.ts";
import { errorText, log } from "../log.ts";
import type { Platform } from "../platform.ts";
import { ConfigError } from "../config.ts";
import { requireAuth } from "../auth/gateway.ts";
import type { AuthContext } from "../db/scoped.ts";
import { guardBody } from "./body_guard.ts";
import { bodyReader } from "./body_reader.ts";
import { readiness } from "./health.ts";
import { rateLimit } from "./rate_limit.ts";
import { corsMiddleware } from "./cors.ts";
import { httpConfig } from "./config.ts";
import { requestIdOf, setAnswerHeader } from "./headers.ts";
import type { ClientIpSource } from "./client_ip.ts";
import { referenceRefused } from "./reference_refused.ts";

export type AppEnv = { Variables: { requestId: string; auth: AuthContext; clientIpSource: ClientIpSource } };
export type ServiceApp = OpenAPIHono<AppEnv>;

export interface ServiceAppOptions {
  /** Apply the gateway rule (Bearer ID token) to every route but /health and /openapi.json. Default true. */
  gatewayAuth?: boolean;
  /** Extra paths (after the base path, e.g. "/get-token") that need no token. */
  publicPaths?: string[];
  /** Body limit in bytes of this service's JSON (and other non-multipart) bodies; default MAX_BODY_BYTES. */
  maxBodyBytes?: number;
  /**
   * Body limit of its `multipart/form-data` bodies (the upload routes), when larger than `maxBodyBytes`. Only uploads
   * get it: a JSON body as large as an upload (≈100 MB on the widget's service, with the public token) was read,
   * parsed on the event loop and stored whole (security pass 6).
   */
  maxUploadBytes?: number;
  /** Paths whose JSON bodies the route inspects itself (the bus push answers `failed`, never 400). */
  rawJsonPaths?: string[];
  description?: string;
}

/**
 * The app every service is built on: basePath "/<service>", health, one error shape, zod validation
 * answering 400 with the field named, a request id and a JSON log line per request, body limits, CORS,
 * the gateway auth rule, and the OpenAPI document at /<service>/openapi.json.
 */
export function createServiceApp(p: Platform, service: string, opts: ServiceAppOptions = {}): ServiceApp {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const where = (result as { target?: string }).target ?? "";
        const target = where === "json" || where === "form" ? "body" : where;
        return c.json(errorBody("invalid_request", describeZodError(result.error, target)), 400);
      }
    },
  }).basePath(`/${service}`) as unknown as ServiceApp;

  // Settings are read once here (shared/http/config.ts) and handed to the middleware: no request reads the env.
  const http = httpConfig(p);
  const ipSource: ClientIpSource = { header: http.clientIpHeader, hops: http.clientIpProxyHops };
  app.use("*", requestContext(service, ipSource));
  app.use(
    "*",
    corsMiddleware({
      origins: p.config.corsOrigins,
      // supabase-js functions.invoke sends apikey and x-client-info: a preflight that refuses them fails in browsers
      allowHeaders: [
        "Authorization",
        "apikey",
        "X-Client-Info",
        "Content-Type",
        "Idempotency-Key",
        "X-Request-Id",
      ],
      exposeHeaders: ["X-Request-Id", "Retry-After"],
      maxAgeSeconds: 600,
    }),
  );
  const open = new Set(
    ["/health", "/health/ready", "/openapi.json", ...(opts.publicPaths ?? [])].map((s) => `/${service}${s}`),
  );
  if (opts.gatewayAuth !== false) {
    const auth = requireAuth(p);
    app.use("*", async (c, next) => {
      if (
        c.req.method === "OPTIONS" ||
        open.has(c.req.path.replace(/^\/(functions\/)?v1/, "").replace(/\/$/, ""))
      ) return await next();
      return await auth(c, next);
    });
  }

  app.use("*", rateLimit(p, service, ipSource));

  // Bodies are read whole here, bounded in size (413) and time (408: a slow upload; body_reader.ts), only once the
  // caller is authenticated and within its rate limits: a stranger's upload is refused before it is read.
  const within = { idleMs: http.bodyIdleTimeoutMs, totalMs: http.bodyTimeoutMs };
  const plainBody = bodyReader({ maxBytes: opts.maxBodyBytes ?? p.config.maxBodyBytes, ...within });
  const uploadBody = opts.maxUploadBytes === undefined
    ? plainBody
    : bodyReader({ maxBytes: opts.maxUploadBytes, ...within });
  app.use(
    "*",
    (c, next) => (isMultipartRequest(c.req.header("content-type")) ? uploadBody : plainBody)(c, next),
  );

  app.use(
    "*",
    guardBody({
      exceptPaths: opts.rawJsonPaths,
      maxDepth: http.maxJsonDepth,
      maxParts: http.maxMultipartParts,
    }),
  );

  app.get("/health", (c) => c.json({ status: "ok" }));
  app.get("/health/ready", (c) => readiness(p, c, http.readinessTimeoutMs));
  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title: service, version: "v1", description: opts.description },
    servers: [{ url: `${p.config.publicUrl}/v1` }, { url: `${p.config.publicUrl}/functions/v1` }],
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
  });

  app.notFound((c) => c.json(errorBody("not_found", `No route ${c.req.method} ${c.req.path}`), 404));
  app.onError((err, c) => errorResponse(err, c, service));
  return app;
}

/** A multipart/form-data body (an upload), by its declared type. */
const isMultipartRequest = (type: string | undefined) =>
  (type ?? "").trimStart().toLowerCase().startsWith("multipart/form-data");

/** The policy of an HTML page a service answers: inline style only, forms to itself, never in a frame. */
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function requestContext(service: string, ipSource: ClientIpSource): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = requestIdOf(c.req.header("x-request-id"), ulid);
    c.set("requestId", requestId);
    c.set("clientIpSource", ipSource);
    const started = performance.now();
    await next();
    setAnswerHeader(c, "X-Request-Id", requestId);
    // Answers carry homeowners' personal data (leads, the CSV export, bills): no cache (a browser's disk, a proxy)
    // keeps them unless a route says otherwise (the public JWKS), and no answer is sniffed into HTML.
    const h = c.res.headers;
    if (!h.has("cache-control")) setAnswerHeader(c, "Cache-Control", "no-store");
    if (!h.has("x-content-type-options")) setAnswerHeader(c, "X-Content-Type-Options", "nosniff");
    // The services' own pages (a booking's confirmation with its button, unsubscribe) run nothing and load nothing,
    // and no other site may frame them (clickjacking: security pass 9). A route's own policy is kept.
    if (/^\s*text\/html/i.test(h.get("content-type") ?? "")) {
      if (!h.has("content-security-policy")) setAnswerHeader(c, "Content-Security-Policy", PAGE_CSP);
      if (!h.has("x-frame-options")) setAnswerHeader(c, "X-Frame-Options", "DENY");
    }
    if (c.req.path.endsWith("/health") || c.req.path.endsWith("/health/ready")) return;
    log(c.res.status >= 500 ? "error" : "info", "request", {
      service,
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
      user: c.get("auth")?.userId,
    });
  };
}

export function errorResponse(err: unknown, c: Context, service: string) {
  const retryAfter = (err as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  if (err instanceof DomainError && typeof retryAfter === "number") {
    c.header("Retry-After", String(retryAfter));
  }
  if (err instanceof SeamUnavailableError) {
    // The provider's answer goes to the log; the caller learns which service failed (502) or is not set up (503).
    log("warn", "seam unavailable", {
      service,
      requestId: c.get("requestId"),
      seam: err.seam,
      status: err.status,
      error: err.message,
    });
    return c.json(errorBody(err.code, err.publicMessage), statusOf(err));
  }
  if (err instanceof DomainError) return c.json(errorBody(err.code, err.message, err.details), statusOf(err));
  if (err instanceof HTTPException) {
    const status = err.status;
    if (status === 415) {
      const type = c.req.header("content-type")?.split(";")[0].trim() || "none";
      return c.json(
        errorBody(
          "unsupported_media_type",
          `Content-Type ${type} is not accepted by this endpoint (JSON bodies need Content-Type: application/json; see its OpenAPI document)`,
        ),
        415,
      );
    }
    const code = status === 401
      ? "unauthorized"
      : status === 413
      ? "payload_too_large"
      : status === 400
      ? "invalid_request"
      : "http_error";
    return c.json(errorBody(code, err.message || "Request rejected"), status);
  }
  if (err instanceof SyntaxError) {
    return c.json(errorBody("invalid_json", "Request body is not valid JSON"), 400);
  }
  if (isDataException(err)) {
    // PostgreSQL refused a value (SQLSTATE class 22: a date out of range, an invalid number or text): the
    // request carried it, so it is the caller's 400, not a 500; the code is logged to spot a server-side cause.
    log("warn", "value refused by the database", {
      service,
      requestId: c.get("requestId"),
      sqlstate: (err as { code: string }).code,
    });
    return c.json(errorBody("invalid_value", "A value in the request is malformed or out of range"), 400);
  }
  const refused = referenceRefused(err);
  if (refused) {
    log("warn", "reference refused by the database", {
      service,
      requestId: c.get("requestId"),
      constraint: (err as { constraint_name?: string }).constraint_name,
    });
    return c.json(errorBody(refused.code, refused.message), 409);
  }
  const race = concurrencyConflict(err);
  if (race) {
    // Two requests raced for the same record past the domain's own check (two invitations of one email, two users
    // with one address at once): the loser is told to retry, not that the server failed. Logged to find the race.
    log("warn", "concurrent request conflict", {
      service,
      requestId: c.get("requestId"),
      sqlstate: (err as { code: string }).code,
      constraint: (err as { constraint_name?: string }).constraint_name,
    });
    if (race.retryAfter) c.header("Retry-After", "1");
    return c.json(errorBody(race.code, race.message), 409);
  }
  if (err instanceof ConfigError) {
    // The operator's mistake, not the caller's: name the variable in the log only.
    log("error", "service not configured", {
      service,
      requestId: c.get("requestId"),
      variable: err.variable,
    });
    return c.json(
      errorBody("not_configured", "This service is not fully configured on the server (see the server log)"),
      503,
    );
  }
  log("error", "unhandled error", {
    service,
    requestId: c.get("requestId"),
    error: errorText(err),
    stack: (err as Error)?.stack,
  });
  return c.json(errorBody("internal_error", "Unexpected processing failure"), 500);
}

/**
 * A PostgreSQL error that only a concurrent request causes: a unique violation (23505) that the domain's "does it
 * exist?" check could not see yet, a serialization failure (40001) or a deadlock (40P01).
 */
function concurrencyConflict(err: unknown): { code: string; message: string; retryAfter: boolean } | null {
  const e = err as { name?: string; code?: unknown };
  if (e?.name !== "PostgresError") return null;
  if (e.code === "23505") {
    return {
      code: "already_exists",
      message: "The record already exists (another request created it at the same time)",
      retryAfter: false,
    };
  }
  if (e.code === "40001" || e.code === "40P01") {
    return {
      code: "concurrent_update",
      message: "Another request changed the same records at the same time; retry",
      retryAfter: true,
    };
  }
  return null;
}

/** A PostgreSQL data exception (SQLSTATE class 22): an out-of-range date, invalid text or number. */
function isDataException(err: unknown): boolean {
  const e = err as { name?: string; code?: unknown };
  return e?.name === "PostgresError" && typeof e.code === "string" && e.code.startsWith("22");
}

/** Reads a JSON body, answering 400 invalid_json (never 500) when it does not parse. */
export async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ApiError(400, "invalid_json", "Request body is not valid JSON");
  }
}
