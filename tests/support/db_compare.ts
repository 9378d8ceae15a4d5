// Two ways of migrating a database compared: an empty database to migrate, and the shape and rows of one.
import { connect, type Sql } from "../../shared/db/client.ts";
import { adminUrl } from "./db.ts";
import { bootstrapSql } from "../../shared/db/bootstrap.ts";
import type { MigrationFile } from "../../shared/db/migrate.ts";

/** An empty database (no migration), dropped by the returned function. */
export async function emptyDatabase(
  max: number,
): Promise<{ sql: Sql; url: string; drop: () => Promise<void> }> {
  const name = `solar_m_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = connect(adminUrl, { max: 1 });
  await admin.unsafe(`create database "${name}"`).finally(() => admin.end());
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const sql = connect(u.toString(), { max });
  return {
    sql,
    url: u.toString(),
    drop: async () => {
      await sql.end({ timeout: 1 });
      const a = connect(adminUrl, { max: 1 });
      await a.unsafe(`drop database if exists "${name}" with (force)`).finally(() => a.end());
    },
  };
}

/** The files run as plain SQL, one after the other in one transaction, as the Supabase CLI runs them (after the
 * bootstrap), each recorded in the history as `supabase db push` records it. */
export async function applyPlain(sql: Sql, files: MigrationFile[]): Promise<void> {
  await sql.begin(async (tx) => {
    await tx.unsafe(bootstrapSql);
    await tx.unsafe(`create schema supabase_migrations;
      create table supabase_migrations.schema_migrations (version text primary key, statements text[], name text)`);
    for (const f of files) {
      await tx.unsafe(f.sql);
      await tx`insert into supabase_migrations.schema_migrations values (${f.version}, ${[
        f.sql,
      ]}, ${f.name})`;
    }
  });
}

/** The database's shape and reference rows, to compare two ways of migrating it. */
export async function fingerprint(sql: Sql): Promise<Record<string, unknown>> {
  const q = (text: string) => sql.unsafe(text).then((rows) => rows.map((r) => Object.values(r).join("|")));
  const tables = await q(`select table_schema || '.' || table_name from information_schema.tables
    where table_schema in ('public', 'identity', 'queue', 'bus', 'app', 'storage') order by 1`);
  // Rows compared without their time columns (created_at = now() differs between two runs).
  const counts: Record<string, string> = {};
  for (const t of tables) {
    const [schema, table] = t.split(".");
    const cols = await sql`select column_name from information_schema.columns where table_schema = ${schema}
      and table_name = ${table} and data_type not like 'timestamp%' and data_type <> 'date' order by ordinal_position`;
    const row = `row(${cols.map((c) => `x."${c.column_name}"`).join(", ")})::text`;
    const [r] = await sql.unsafe(
      `select count(*)::text || ':' || coalesce(md5(string_agg(${row}, ',' order by ${row})), '') as c
      from "${schema}"."${table}" x`,
    );
    counts[t] = r.c as string;
  }
  return {
    tables,
    counts,
    columns: await q(`select table_schema, table_name, column_name, data_type, column_default, is_nullable
      from information_schema.columns where table_schema not in ('pg_catalog', 'information_schema') order by 1, 2, 3`),
    indexes: await q(`select schemaname, tablename, indexname, indexdef from pg_indexes
      where schemaname not in ('pg_catalog') order by 1, 2, 3`),
    constraints: await q(
      `select conrelid::regclass::text, conname, pg_get_constraintdef(oid) from pg_constraint
      where connamespace::regnamespace::text not in ('pg_catalog', 'information_schema') order by 1, 2`,
    ),
    policies: await q(
      `select schemaname, tablename, policyname, cmd, roles::text, qual, with_check from pg_policies order by 1, 2, 3`,
    ),
    grants: await q(
      `select table_schema, table_name, grantee, privilege_type from information_schema.role_table_grants
      where table_schema not in ('pg_catalog', 'information_schema') order by 1, 2, 3, 4`,
    ),
    functions: await q(`select p.oid::regprocedure::text, md5(pg_get_functiondef(p.oid)) from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace where n.nspname not in ('pg_catalog', 'information_schema')
      and p.prokind in ('f', 'p') order by 1`),
    history: await q(
      `select version, name, md5(array_to_string(statements, '')) from supabase_migrations.schema_migrations order by 1`,
    ),
  };
}
