// Settings of the HTTP layer every service app shares, read once per platform (at createServiceApp) and
// handed to the middleware, so no request reads the environment. Variables are listed in README.md.
import { ConfigError, envInt, envOptional, type EnvSource } from "../config.ts";
import { type Platform, provide } from "../platform.ts";
import { DEFAULT_MAX_JSON_DEPTH } from "../validation/json_guard.ts";

export interface HttpConfig {
  /** Header carrying the client's address (CLIENT_IP_HEADER; default x-forwarded-for), lower case. */
  clientIpHeader: string;
  /**
   * Trusted proxies that append to that header (CLIENT_IP_PROXY_HOPS, default 0: the first entry, for a proxy
   * that overwrites it); the client is the n-th entry from the right (shared/http/client_ip.ts).
   */
  clientIpProxyHops: number;
  /** Bound of the database check of GET /health/ready (READINESS_TIMEOUT_MS). */
  readinessTimeoutMs: number;
  /** Longest pause while a request body arrives (BODY_IDLE_TIMEOUT_MS, default 15 s): else 408. */
  bodyIdleTimeoutMs: number;
  /** Longest time for a whole request body (BODY_TIMEOUT_MS, default 120 s): else 408. */
  bodyTimeoutMs: number;
  /** Deepest JSON body nesting accepted (MAX_JSON_DEPTH). */
  maxJsonDepth: number;
  /** Most parts (files and fields) a multipart body may have (MAX_MULTIPART_PARTS, default 64): else 400. */
  maxMultipartParts: number;
}

export function loadHttpConfig(source: EnvSource = Deno.env): HttpConfig {
  const readinessTimeoutMs = envInt("READINESS_TIMEOUT_MS", 2000, source);
  if (readinessTimeoutMs <= 0) {
    throw new ConfigError("READINESS_TIMEOUT_MS", `must be positive, got ${readinessTimeoutMs}`);
  }
  const header = (envOptional("CLIENT_IP_HEADER", source) ?? "x-forwarded-for").trim().toLowerCase();
  if (!/^[a-z0-9-]+$/.test(header)) throw new ConfigError("CLIENT_IP_HEADER", "must be a header name");
  const hops = envInt("CLIENT_IP_PROXY_HOPS", 0, source);
  if (hops < 0 || hops > 16) throw new ConfigError("CLIENT_IP_PROXY_HOPS", `must be 0 to 16, got ${hops}`);
  const bodyIdleTimeoutMs = envInt("BODY_IDLE_TIMEOUT_MS", 15_000, source);
  const bodyTimeoutMs = envInt("BODY_TIMEOUT_MS", 120_000, source);
  if (bodyIdleTimeoutMs <= 0) throw new ConfigError("BODY_IDLE_TIMEOUT_MS", "must be positive");
  if (bodyTimeoutMs <= 0) throw new ConfigError("BODY_TIMEOUT_MS", "must be positive");
  const maxMultipartParts = envInt("MAX_MULTIPART_PARTS", 64, source);
  if (maxMultipartParts < 1) throw new ConfigError("MAX_MULTIPART_PARTS", "must be positive");
  return {
    clientIpHeader: header,
    clientIpProxyHops: hops,
    readinessTimeoutMs,
    bodyIdleTimeoutMs,
    bodyTimeoutMs,
    maxJsonDepth: envInt("MAX_JSON_DEPTH", DEFAULT_MAX_JSON_DEPTH, source),
    maxMultipartParts,
  };
}

/** The platform's HTTP settings (tests replace them with override(p, "httpConfig", …) before creating an app). */
export function httpConfig(p: Platform): HttpConfig {
  return provide(p, "httpConfig", () => loadHttpConfig());
}

declare module "../platform.ts" {
  interface Seams {
    httpConfig: HttpConfig;
  }
}
