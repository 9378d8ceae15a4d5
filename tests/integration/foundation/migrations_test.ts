import assert from "node:assert/strict";
import { createTestDatabase } from "../../support/db.ts";
import { migrate, readMigrations } from "../../../shared/db/migrate.ts";

Deno.test("migrations are recorded like the Supabase CLI and a second run applies nothing", async () => {
  const db = await createTestDatabase();
  try {
    const files = await readMigrations();
    const rows = await db
      .sql`select version, name from supabase_migrations.schema_migrations order by version`;
    assert.deepEqual(rows.map((r) => r.version), files.map((f) => f.version));
    assert.equal(rows[0].name, files[0].name);
    assert.deepEqual(await migrate(db.sql), []);
    assert.deepEqual(await migrate(db.sql), []);
  } finally {
    await db.drop();
  }
});

Deno.test("a failing migration names its file and leaves the database unchanged", async () => {
  const db = await createTestDatabase();
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/29990101000000_good.sql`, "create table public.tmp_good (id int);");
    await Deno.writeTextFile(
      `${dir}/29990101000001_bad.sql`,
      "create table public.tmp_bad (id int); select nope_not_a_function();",
    );
    await assert.rejects(
      migrate(db.sql, { dir: new URL(`file://${dir}/`) }),
      /29990101000001_bad\.sql failed/,
    );
    const t = await db.sql`select to_regclass('public.tmp_good') as good`;
    assert.equal(t[0].good, null, "the whole run rolled back");
  } finally {
    await Deno.remove(dir, { recursive: true });
    await db.drop();
  }
});

Deno.test("the history keeps each file's text, uncompressed; files read beforehand stand for the folder", async () => {
  const db = await createTestDatabase();
  const dir = await Deno.makeTempDir();
  try {
    const files = await readMigrations();
    const gazetteer = files.find((f) => f.name === "geo_gazetteer")!;
    const [row] = await db.sql`select statements, pg_column_compression(statements) as compression,
      (select attstorage from pg_attribute where attrelid = 'supabase_migrations.schema_migrations'::regclass
        and attname = 'statements') as storage
      from supabase_migrations.schema_migrations where version = ${gazetteer.version}`;
    assert.deepEqual(row.statements, [gazetteer.sql], "the file's text, as `supabase db push` records it");
    assert.equal(
      row.storage,
      "e",
      "external: 4 MB of migration text is not pglz-compressed on a first start",
    );
    assert.equal(row.compression, null);
    const extra = {
      version: "29990101000002",
      name: "given",
      sql: "create table public.tmp_given (id int);",
    };
    assert.deepEqual(await migrate(db.sql, { files: [...files, extra], dir: new URL(`file://${dir}/`) }), [
      extra.version,
    ]);
    const [t] = await db.sql`select to_regclass('public.tmp_given') is not null as made`;
    assert.equal(t.made, true);
  } finally {
    await Deno.remove(dir, { recursive: true });
    await db.drop();
  }
});
