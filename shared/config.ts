// Reads configuration from the environment. Every variable read here or through env() is listed in README.md.
// Each cloud area loads its configuration once, with load<Area>Config(source) at provide() time, from an
// EnvSource (Deno.env by default; tests pass a Map), and hands it to its adapter: adapters never read the
// environment themselves.

/** Where configuration comes from: Deno.env, or a Map in tests. */
export interface EnvSource {
  get(name: string): string | undefined;
}

const get = (name: string, source: EnvSource = Deno.env): string | undefined => {
  const v = source.get(name);
  return v === undefined || v === "" ? undefined : v;
};

/**
 * A required environment variable is missing or unusable: the deployment is misconfigured (503 not_configured,
 * not a 500). Thrown by the load<Area>Config functions, so it surfaces when the area's settings are read.
 */
export class ConfigError extends Error {
  constructor(readonly variable: string, problem?: string) {
    super(
      problem
        ? `Environment variable ${variable} ${problem}`
        : `Missing required environment variable ${variable}`,
    );
  }
}

export function env(name: string, fallback?: string, source?: EnvSource): string {
  const v = get(name, source) ?? fallback;
  if (v === undefined) throw new ConfigError(name);
  return v;
}

export function envOptional(name: string, source?: EnvSource): string | undefined {
  return get(name, source);
}

export function envInt(name: string, fallback: number, source?: EnvSource): number {
  const v = get(name, source);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new ConfigError(name, `must be a number, got "${v.slice(0, 80)}"`);
  return n;
}

/** A whole number of at least 1 (a count, a size): anything else is a ConfigError naming the variable. */
export function envPositiveInt(name: string, fallback: number, source?: EnvSource): number {
  const n = envInt(name, fallback, source);
  if (!Number.isInteger(n) || n < 1) {
    throw new ConfigError(name, `must be a whole number of at least 1, got ${n}`);
  }
  return n;
}

/** Upload limits of a document intake (bills, contracts): <PREFIX>_MAX_FILES, _MAX_FILE_BYTES, _MAX_TOTAL_BYTES, _MAX_PAGES. */
export interface UploadLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
  maxPages: number;
}

export function loadUploadLimits(prefix: string, defaults: UploadLimits, source?: EnvSource): UploadLimits {
  return {
    maxFiles: envPositiveInt(`${prefix}_MAX_FILES`, defaults.maxFiles, source),
    maxFileBytes: envPositiveInt(`${prefix}_MAX_FILE_BYTES`, defaults.maxFileBytes, source),
    maxTotalBytes: envPositiveInt(`${prefix}_MAX_TOTAL_BYTES`, defaults.maxTotalBytes, source),
    maxPages: envPositiveInt(`${prefix}_MAX_PAGES`, defaults.maxPages, source),
  };
}

/** 1/true/yes/on or 0/false/no/off (any case); anything else is a ConfigError naming the variable. */
export function envBool(name: string, fallback: boolean, source?: EnvSource): boolean {
  const v = get(name, source);
  if (v === undefined) return fallback;
  const s = v.trim().toLowerCase();
  if (["1", "true", "yes", "on"].includes(s)) return true;
  if (["0", "false", "no", "off"].includes(s)) return false;
  throw new ConfigError(name, `must be true or false, got "${v.slice(0, 80)}"`);
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
