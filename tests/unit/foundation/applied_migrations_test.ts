import assert from "node:assert/strict";
import {
  checkAppliedMigrations,
  LIST_PATH,
  recordNewMigrations,
  sha256,
} from "../../../scripts/check/migrations.ts";
import { nextVersion, writeGeneratedMigration } from "../../../scripts/reference/new_migration.ts";

const repo = new URL("../../../", import.meta.url);

Deno.test("every migration of the repository is recorded, and none changed since (supabase/applied_migrations.sha256)", async () => {
  assert.deepEqual(await checkAppliedMigrations(repo), []);
});

/** A repository root with a migrations folder and the list, in a temp dir. */
async function tempRoot(files: Record<string, string>): Promise<URL> {
  const dir = await Deno.makeTempDir();
  await Deno.mkdir(`${dir}/supabase/migrations`, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    await Deno.writeTextFile(`${dir}/supabase/migrations/${name}`, text);
  }
  return new URL(`file://${dir}/`);
}

const read = (root: URL, name: string) => Deno.readTextFile(new URL(`supabase/migrations/${name}`, root));

Deno.test("the check names a changed, a removed and an unrecorded migration", async () => {
  const root = await tempRoot({
    "20260101000000_a.sql": "select 1;\n",
    "20260101000001_b.sql": "select 2;\n",
  });
  try {
    assert.deepEqual(await recordNewMigrations(root), ["20260101000000_a.sql", "20260101000001_b.sql"]);
    assert.deepEqual(await checkAppliedMigrations(root), []);
    await Deno.writeTextFile(new URL("supabase/migrations/20260101000000_a.sql", root), "select 10;\n");
    await Deno.remove(new URL("supabase/migrations/20260101000001_b.sql", root));
    await Deno.writeTextFile(new URL("supabase/migrations/20260101000002_c.sql", root), "select 3;\n");
    assert.deepEqual(await checkAppliedMigrations(root), [
      { file: "20260101000000_a.sql", problem: "changed" },
      { file: "20260101000001_b.sql", problem: "removed" },
      { file: "20260101000002_c.sql", problem: "unrecorded" },
    ]);
    // Recording appends the new file only: the changed one stays a problem.
    assert.deepEqual(await recordNewMigrations(root), ["20260101000002_c.sql"]);
    const list = await Deno.readTextFile(new URL(LIST_PATH, root));
    assert.ok(list.includes(`${sha256("select 1;\n")}  20260101000000_a.sql`));
    assert.deepEqual((await checkAppliedMigrations(root)).map((p) => p.problem), ["changed", "removed"]);
  } finally {
    await Deno.remove(new URL(".", root), { recursive: true });
  }
});

Deno.test("a generator never rewrites an applied migration: changed data goes into a new one", async () => {
  const first = "create table public.t (v int);\ninsert into public.t values (1);\n";
  const root = await tempRoot({
    "20260101000000_t_data.sql": first,
    "20260102000000_other.sql": "select 1;\n",
  });
  try {
    await recordNewMigrations(root);
    const now = new Date("2026-01-01T12:00:00Z");
    const base = { root, name: "t_data", now };
    // Same output: nothing written.
    assert.deepEqual(await writeGeneratedMigration({ ...base, sql: first }), {
      file: "20260101000000_t_data.sql",
      action: "unchanged",
    });
    // Changed output without a superseding form: refused, nothing written.
    await assert.rejects(
      writeGeneratedMigration({ ...base, sql: first.replace("(1)", "(2)") }),
      /20260101000000_t_data\.sql is applied .* never rewritten/,
    );
    // Changed output: a new migration after the newest one; the applied file is untouched.
    const supersede = "truncate public.t;\ninsert into public.t values (2);\n";
    const made = await writeGeneratedMigration({ ...base, sql: first.replace("(1)", "(2)"), supersede });
    assert.deepEqual(made, { file: "20260102000001_t_data.sql", action: "created" });
    assert.equal(await read(root, "20260101000000_t_data.sql"), first);
    assert.equal(await read(root, made.file), supersede);
    // Run again: the newest file of the data is what it generates now.
    assert.equal((await writeGeneratedMigration({ ...base, sql: first, supersede })).action, "unchanged");
    // Not recorded yet (applied nowhere): a second change rewrites that new file instead of adding a third.
    const again = "truncate public.t;\ninsert into public.t values (3);\n";
    assert.deepEqual(await writeGeneratedMigration({ ...base, sql: first, supersede: again }), {
      file: "20260102000001_t_data.sql",
      action: "rewritten",
    });
    assert.equal(await read(root, made.file), again);
    assert.deepEqual(await checkAppliedMigrations(root), [{ file: made.file, problem: "unrecorded" }]);
  } finally {
    await Deno.remove(new URL(".", root), { recursive: true });
  }
});

Deno.test("a new migration's version: now, or after the newest one", () => {
  const now = new Date("2026-11-24T05:06:07Z");
  assert.equal(nextVersion(["20261101000000_a.sql"], now), "20261124050607");
  assert.equal(nextVersion(["20261126100000_a.sql"], now), "20261126100001");
});
