// Reads configuration from the environment. Every variable read here or through env() is listed in README.md.
const get = (name: string): string | undefined => {
  const v = Deno.env.get(name);
  return v === undefined || v === "" ? undefined : v;
};

/** A required environment variable is missing: the deployment is misconfigured (503 not_configured, not a 500). */
export class ConfigError extends Error {
  constructor(readonly variable: string) {
    super(`Missing required environment variable ${variable}`);
  }
}

export function env(name: string, fallback?: string): string {
  const v = get(name) ?? fallback;
  if (v === undefined) throw new ConfigError(name);
  return v;
}

export function envOptional(name: string): string | undefined {
  return get(name);
}

export function envInt(name: string, fallback: number): number {
  const v = get(name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new Error(`Environment variable ${name} must be a number, got "${v}"`);
  return n;
}

export function envBool(name: string, fallback: boolean): boolean {
  const v = get(name);
  if (v === undefined) return fallback;
  return ["1", "true", "yes", "on"].includes(v.toLowerCase());
}

export interface CoreConfig {
  /** Public base URL of the platform, e.g. http://localhost:54321 (used in links, OIDC audiences). */
  publicUrl: string;
  /** Where the data folder lives (embedded Postgres, object store, keys). */
  dataDir: string;
  /** Issuer and audience of the ID tokens the gateway accepts. */
  jwtIssuer: string;
  jwtAudience: string;
  /** JWKS URL to verify ID tokens; unset means the embedded identity's keys in the database. */
  jwksUrl?: string;
  /** ID token lifetime in seconds. */
  idTokenTtl: number;
  /** Largest request body accepted by default, bytes. */
  maxBodyBytes: number;
  /** Allowed CORS origins, comma separated, or "*". */
  corsOrigins: string;
  logLevel: string;
}

export function loadCoreConfig(): CoreConfig {
  const publicUrl = env("PUBLIC_URL", `http://localhost:${envInt("PORT", 54321)}`).replace(/\/$/, "");
  return {
    publicUrl,
    dataDir: env("DATA_DIR", ".data"),
    jwtIssuer: env("JWT_ISSUER", `${publicUrl}/auth/v1`),
    jwtAudience: env("JWT_AUDIENCE", "authenticated"),
    jwksUrl: envOptional("JWKS_URL"),
    idTokenTtl: envInt("ID_TOKEN_TTL_SECONDS", 3600),
    maxBodyBytes: envInt("MAX_BODY_BYTES", 1024 * 1024),
    corsOrigins: env("CORS_ORIGINS", "*"),
    logLevel: env("LOG_LEVEL", "info"),
  };
}
