// A fresh, migrated database per test: cloned from a template migrated once per migration set.
import { connect, type Sql } from "../../shared/db/client.ts";
import { migrate, readMigrations } from "../../shared/db/migrate.ts";
import { bootstrapSql } from "../../shared/db/bootstrap.ts";
import { createPlatform, type Platform } from "../../shared/platform.ts";
import { loadCoreConfig } from "../../shared/config.ts";

export const adminUrl = Deno.env.get("TEST_DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/postgres";

function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/** The template database of the current migration set (its name changes when a migration does). */
export async function templateName(): Promise<string> {
  const files = await readMigrations();
  const text = bootstrapSql + files.map((f) => f.version + f.sql).join("\n");
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return "solar_tpl_" +
    Array.from(new Uint8Array(digest).slice(0, 6), (b) => b.toString(16).padStart(2, "0")).join("");
}

let templateReady: Promise<string> | undefined;

async function ensureTemplate(): Promise<string> {
  const name = await templateName();
  const admin = connect(adminUrl, { max: 1 });
  try {
    await admin`select pg_advisory_lock(hashtext('solar_test_template'))`;
    const exists = await admin`select 1 from pg_database where datname = ${name}`;
    if (exists.length === 0) {
      await admin.unsafe(`create database "${name}_build"`).catch(async () => {
        await admin.unsafe(`drop database if exists "${name}_build"`);
        await admin.unsafe(`create database "${name}_build"`);
      });
      const db = connect(withDb(adminUrl, `${name}_build`), { max: 1 });
      try {
        await migrate(db);
      } finally {
        await db.end();
      }
      await admin.unsafe(`alter database "${name}_build" rename to "${name}"`);
    }
    await admin`select pg_advisory_unlock(hashtext('solar_test_template'))`;
  } finally {
    await admin.end();
  }
  return name;
}

export interface TestDb {
  url: string;
  name: string;
  sql: Sql;
  drop(): Promise<void>;
}

/** A new database with every migration applied. */
export async function createTestDatabase(): Promise<TestDb> {
  templateReady ??= ensureTemplate();
  const template = await templateReady;
  const name = `solar_t_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = connect(adminUrl, { max: 1 });
  try {
    await admin.unsafe(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const url = withDb(adminUrl, name);
  const sql = connect(url, { max: 10 });
  return {
    url,
    name,
    sql,
    async drop() {
      await sql.end({ timeout: 1 });
      const a = connect(adminUrl, { max: 1 });
      try {
        await a.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await a.end();
      }
    },
  };
}

export interface TestPlatform extends Platform {
  db: TestDb;
  close(): Promise<void>;
}

/** A Platform on a fresh test database. Call close() at the end of the test. */
export async function testPlatform(env: Record<string, string> = {}): Promise<TestPlatform> {
  const db = await createTestDatabase();
  for (const [k, v] of Object.entries(env)) Deno.env.set(k, v);
  const p = createPlatform(db.sql, {
    ...loadCoreConfig(),
    dataDir: await Deno.makeTempDir({ prefix: "solar-test-" }),
  });
  return Object.assign(p, {
    db,
    async close() {
      await db.drop();
      await Deno.remove(p.config.dataDir, { recursive: true }).catch(() => {});
    },
  });
}

/** A `Sql` for a test that must not reach the database: calling it or reading any of its members throws. */
export function noDatabase(): Sql {
  const refuse = (): never => {
    throw new Error("this test must not use the database");
  };
  const target = Object.assign(refuse, {});
  return new Proxy(target, {
    get: (_t, key) => (typeof key === "symbol" ? undefined : refuse()),
    apply: refuse,
  }) as unknown as Sql;
}
