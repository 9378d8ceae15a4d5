// A first start's extensions are created ahead on the migration lock's idle connection (shared/db/extensions_ahead.ts),
// in their own transaction, before the file that names them is sent; the file's own statement then skips.
import assert from "node:assert/strict";
import { emptyDatabase } from "../../support/db_compare.ts";
import { migrateStaged, type MigrationFile } from "../../../shared/db/migrate.ts";
import { extensionStatements } from "../../../shared/db/extensions_ahead.ts";

const file = (version: string, name: string, sql: string): MigrationFile => ({ version, name, sql });

Deno.test("extension statements: top-level lines only, not the conditional ones of a DO block", () => {
  const f = file(
    "29990101000000",
    "x",
    "create extension if not exists btree_gist with schema extensions;\n" +
      "do $$ begin\n  if true then\n    create extension if not exists pg_net;\n  end if;\nend $$;\n" +
      "CREATE EXTENSION IF NOT EXISTS citext;\n",
  );
  assert.deepEqual(extensionStatements(f), [
    "create extension if not exists btree_gist with schema extensions;",
    "CREATE EXTENSION IF NOT EXISTS citext;",
  ]);
});

Deno.test("migrateStaged creates a pending file's extension in a transaction of its own, before the file runs", async () => {
  const db = await emptyDatabase(4);
  try {
    const files = [
      file("29990101000000", "first", "create table public.t_first (id int primary key);"),
      file(
        "29990101000001",
        "uses_gist",
        "create extension if not exists btree_gist with schema extensions;\n" +
          "create table public.t_slots (room int, during tstzrange,\n" +
          "  exclude using gist (room with =, during with &&));",
      ),
    ];
    const staged = await migrateStaged(db.sql, { files, lanes: [] });
    assert.deepEqual(staged.applied, ["29990101000000", "29990101000001"]);
    await staged.later();
    const [ext] = await db.sql`select xmin::text as x from pg_extension where extname = 'btree_gist'`;
    const [first] = await db.sql`select xmin::text as x from pg_class where oid = 'public.t_first'::regclass`;
    const [slots] = await db.sql`select xmin::text as x from pg_class where oid = 'public.t_slots'::regclass`;
    assert.equal(first.x, slots.x, "the files share the main transaction");
    assert.notEqual(ext.x, slots.x, "the extension was created ahead, in its own transaction");
    // and it works: the exclusion constraint refuses an overlap
    await db.sql`insert into public.t_slots values (1, tstzrange(now(), now() + interval '1 hour'))`;
    await assert.rejects(
      db.sql`insert into public.t_slots values (1, tstzrange(now(), now() + interval '2 hours'))`,
      /exclu/i,
    );
  } finally {
    await db.drop();
  }
});
