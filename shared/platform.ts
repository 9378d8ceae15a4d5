import { type CoreConfig, loadCoreConfig } from "./config.ts";
import { connect, databaseUrlFromEnv, type Sql } from "./db/client.ts";

/**
 * Everything a service needs from the outside world. Routes receive one Platform; each domain gets its
 * adapters from it with provide(), so tests can build a Platform on a test database and swap adapters.
 */
export interface Platform {
  config: CoreConfig;
  sql: Sql;
  /** Adapter instances, keyed by seam name ("email", "bus", "storage", ...). */
  seams: Map<string, unknown>;
}

export function createPlatform(sql: Sql, config: CoreConfig = loadCoreConfig()): Platform {
  return { config, sql, seams: new Map() };
}

/** Returns the adapter registered under `key`, creating it with `make` on first use. */
export function provide<T>(p: Platform, key: string, make: (p: Platform) => T): T {
  if (!p.seams.has(key)) p.seams.set(key, make(p));
  return p.seams.get(key) as T;
}

/** Replaces the adapter under `key` (tests use this to point a seam at a local double). */
export function override<T>(p: Platform, key: string, value: T): void {
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
