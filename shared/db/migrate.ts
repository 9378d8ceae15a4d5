import type { Sql } from "./client.ts";
import { bootstrapSql } from "./bootstrap.ts";
import { log } from "../log.ts";

export interface MigrationFile {
  version: string;
  name: string;
  sql: string;
}

const migrationsDir = new URL("../../supabase/migrations/", import.meta.url);

/** Reads supabase/migrations/<version>_<name>.sql in version order. */
export async function readMigrations(dir: URL = migrationsDir): Promise<MigrationFile[]> {
  const files: MigrationFile[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const m = entry.isFile && entry.name.match(/^(\d{14})_(.+)\.sql$/);
    if (!m) continue;
    files.push({ version: m[1], name: m[2], sql: await Deno.readTextFile(new URL(entry.name, dir)) });
  }
  return files.sort((a, b) => a.version.localeCompare(b.version));
}

// The Supabase CLI's history table when it is absent (a local database). Its `statements` keep each file's text
// (4 MB with the reference data): stored uncompressed, because pglz compressing them cost 0.15 s of a cold start
// (`npm run bench:start`); a table the CLI made is left as it is.
const createHistorySql = `create schema if not exists supabase_migrations;
do $$ begin
  if to_regclass('supabase_migrations.schema_migrations') is null then
    create table supabase_migrations.schema_migrations (version text primary key, statements text[], name text);
    alter table supabase_migrations.schema_migrations alter column statements set storage external;
  end if;
end $$;`;

/**
 * Applies the migrations not yet recorded, each in its own transaction, recording them in
 * supabase_migrations.schema_migrations exactly as `supabase db push` does, so a database migrated here
 * and one migrated by the Supabase CLI agree. An advisory lock serialises concurrent runners.
 * `files` (read beforehand, e.g. while the database starts) stands for reading `dir`. Returns the versions applied.
 */
export async function migrate(
  sql: Sql,
  opts: { dir?: URL; bootstrap?: boolean; files?: MigrationFile[] } = {},
): Promise<string[]> {
  const files = opts.files ?? await readMigrations(opts.dir);
  const applied: string[] = [];
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('supabase_migrations'))`;
    if (opts.bootstrap !== false) await tx.unsafe(bootstrapSql);
    await tx.unsafe(createHistorySql);
    const done = new Set(
      (await tx`select version from supabase_migrations.schema_migrations`).map((r) => r.version as string),
    );
    for (const f of files) {
      if (done.has(f.version)) continue;
      try {
        await tx.unsafe(f.sql);
      } catch (e) {
        throw new Error(`Migration ${f.version}_${f.name}.sql failed: ${(e as Error).message}`);
      }
      // array[$2::text]: the file goes as one text parameter, not as an array literal PostgreSQL must parse.
      await tx`insert into supabase_migrations.schema_migrations (version, statements, name)
        values (${f.version}, array[${f.sql}::text], ${f.name})`;
      applied.push(f.version);
      log("info", "migration applied", { version: f.version, name: f.name });
    }
  });
  return applied;
}
