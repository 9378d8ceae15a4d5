// A new database migrated as npm start does (migrateStaged, then its lanes), where the files of a generated lineage
// that a later one supersedes are recorded without running (shared/db/lineage.ts), ends exactly as one migrated the
// old way, every file in order: every table's rows, every column, and the migration history (versions, names, the
// statements recorded).
import assert from "node:assert/strict";
import { connect, type Sql } from "../../../shared/db/client.ts";
import { migrate, migrateStaged, readMigrations } from "../../../shared/db/migrate.ts";
import { lineages } from "../../../shared/db/lineage.ts";
import { adminUrl } from "../../support/db.ts";

async function withDatabases(run: (a: Sql, b: Sql) => Promise<void>) {
  const names = ["a", "b"].map((x) =>
    `solar_lineage_${x}_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`
  );
  const admin = connect(adminUrl, { max: 1 });
  const dbs: Sql[] = [];
  try {
    for (const n of names) {
      await admin.unsafe(`create database "${n}"`);
      const u = new URL(adminUrl);
      u.pathname = `/${n}`;
      dbs.push(connect(u.toString(), { max: 10 }));
    }
    await run(dbs[0], dbs[1]);
  } finally {
    for (const db of dbs) await db.end({ timeout: 1 });
    for (const n of names) await admin.unsafe(`drop database if exists "${n}" with (force)`);
    await admin.end();
  }
}

/** Every table's rows (count and md5 in a fixed order, without their timestamps: the time each database was
 * migrated), every column, the history. */
async function contents(db: Sql) {
  const tables = await db<{ name: string; times: string[] }[]>`
    select format('%I.%I', t.table_schema, t.table_name) as name,
      array(select c.column_name::text from information_schema.columns c
        where c.table_schema = t.table_schema and c.table_name = t.table_name and c.data_type like 'timestamp%') as times
    from information_schema.tables t
    where t.table_type = 'BASE TABLE' and t.table_schema not in ('pg_catalog', 'information_schema')
      and not (t.table_schema = 'supabase_migrations' and t.table_name = 'schema_migrations')
    order by 1`;
  const rows: Record<string, string> = {};
  for (const { name, times } of tables) {
    const row = `(to_jsonb(t) - array[${times.map((c) => `'${c}'`).join(", ")}]::text[])::text`;
    const [r] = await db.unsafe(
      `select count(*) || ' ' || coalesce(md5(string_agg(${row}, E'\\n' order by ${row} collate "C")), '-') as x
       from ${name} t`,
    );
    rows[name] = r.x;
  }
  const columns = await db`
    select table_schema, table_name, column_name, data_type, column_default, is_nullable
    from information_schema.columns where table_schema not in ('pg_catalog', 'information_schema')
    order by 1, 2, 3`;
  const history = await db`
    select version, name, md5(array_to_string(statements, E'\\n')) as statements
    from supabase_migrations.schema_migrations order by version`;
  return { rows, columns: columns.map((c) => ({ ...c })), history: history.map((h) => ({ ...h })) };
}

Deno.test("a new database skips the superseded files of each generated lineage and ends as one that applied every file", async () => {
  const files = await readMigrations();
  await withDatabases(async (skipping, every) => {
    const staged = await migrateStaged(skipping, { files });
    await staged.later();
    await migrate(every, { files, supersede: false });

    // Something was skipped, and only files of a lineage that a later file of it follows.
    const newest = new Map(lineages(files).flatMap((l) => l.map((f) => [f.version, l.at(-1)!.version])));
    assert.ok(staged.superseded.size > 0, "no file was superseded");
    for (const v of staged.superseded) {
      assert.ok(newest.has(v) && newest.get(v)! > v, `${v} is not an earlier file of a lineage`);
    }

    const [got, want] = [await contents(skipping), await contents(every)];
    assert.equal(got.history.length, files.length, "every file recorded");
    assert.deepEqual(got.history, want.history);
    assert.deepEqual(got.columns, want.columns);
    assert.deepEqual(got.rows, want.rows);
  });
});

Deno.test("a database that applied a file of a lineage applies the rest of it in order, none skipped", async () => {
  const files = await readMigrations();
  const lineage = lineages(files).find((l) => l.length > 2)!;
  // Migrated up to the lineage's first file, then the rest: every later file of it runs.
  const upTo = files.filter((f) => f.version <= lineage[0].version);
  await withDatabases(async (partly, every) => {
    await migrate(partly, { files: upTo });
    const staged = await migrateStaged(partly, { files });
    await staged.later();
    assert.deepEqual(
      [...staged.superseded].filter((v) => lineage.some((f) => f.version === v)),
      [],
      "a lineage already begun is applied in full",
    );
    await migrate(every, { files, supersede: false });
    const [got, want] = [await contents(partly), await contents(every)];
    assert.deepEqual(got.history, want.history);
    assert.deepEqual(got.rows, want.rows);
  });
});
