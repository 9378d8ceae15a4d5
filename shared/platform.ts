import { type CoreConfig, loadCoreConfig } from "./config.ts";
import { connect, databaseUrlFromEnv, type Sql } from "./db/client.ts";

/**
 * Everything a service needs from the outside world. Routes receive one Platform; each domain gets its
 * adapters from it with provide(), so tests can build a Platform on a test database and swap adapters.
 */
export interface Platform {
  config: CoreConfig;
  sql: Sql;
  /** Adapter instances (and per-platform caches), by their key in Seams. */
  seams: Map<string, unknown>;
}

/**
 * The typed registry of seams: each seam declares its own key and interface next to its provide() call,
 * by declaration merging (`declare module "../platform.ts" { interface Seams { email: EmailProvider } }`),
 * so a mistyped key or a value of the wrong type in provide()/override() fails the type check.
 */
// deno-lint-ignore no-empty-interface
export interface Seams {}
export type SeamKey = keyof Seams & string;

export function createPlatform(sql: Sql, config: CoreConfig = loadCoreConfig()): Platform {
  return { config, sql, seams: new Map<SeamKey, unknown>() };
}

/** Returns the adapter registered under `key`, creating it with `make` on first use. */
export function provide<K extends SeamKey>(p: Platform, key: K, make: (p: Platform) => Seams[K]): Seams[K] {
  if (!p.seams.has(key)) p.seams.set(key, make(p));
  return p.seams.get(key) as Seams[K];
}

/** Replaces the adapter under `key` (tests use this to point a seam at a local double). */
export function override<K extends SeamKey>(p: Platform, key: K, value: Seams[K]): void {
  p.seams.set(key, value);
}

let fromEnv: Platform | undefined;
/** The platform of a deployed function: database from SUPABASE_DB_URL / DATABASE_URL. */
export function platformFromEnv(): Platform {
  if (fromEnv) return fromEnv;
  const url = databaseUrlFromEnv();
  if (!url) throw new Error("Set SUPABASE_DB_URL or DATABASE_URL");
  fromEnv = createPlatform(connect(url));
  return fromEnv;
}
