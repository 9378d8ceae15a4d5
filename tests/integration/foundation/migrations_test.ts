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
