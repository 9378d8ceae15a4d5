// scripts/widget/build_utility_reference.ts through writeGeneratedMigration: its applied first migration is never
// rewritten; changed data gives a NEW migration with the generator's superseding SQL (it used to throw).
import assert from "node:assert/strict";
import { checkAppliedMigrations, recordNewMigrations } from "../../../scripts/check/migrations.ts";
import { writeGeneratedMigration } from "../../../scripts/reference/new_migration.ts";
import {
  buildUtilityReference,
  readUtilitySources,
} from "../../../scripts/widget/build_utility_reference.ts";

const repo = new URL("../../../", import.meta.url);
const FIRST = "20261122004100_utility_provider_reference.sql";

Deno.test("changed utility data goes into a new utility_provider_reference migration, the applied one untouched", async () => {
  const applied = await Deno.readTextFile(new URL(`supabase/migrations/${FIRST}`, repo));
  const dir = await Deno.makeTempDir();
  const root = new URL(`file://${dir}/`);
  try {
    await Deno.mkdir(`${dir}/supabase/migrations`, { recursive: true });
    await Deno.writeTextFile(`${dir}/supabase/migrations/${FIRST}`, applied);
    await Deno.writeTextFile(
      `${dir}/supabase/migrations/20261124005000_utility_reference_trim.sql`,
      "select 1;\n",
    );
    await recordNewMigrations(root);
    const sources = readUtilitySources(repo);
    const base = { root, name: "utility_provider_reference", now: new Date("2026-11-24T00:00:00Z") };

    // The data of the repository: the applied file is what it generates.
    const same = buildUtilityReference(sources);
    assert.deepEqual(await writeGeneratedMigration({ ...base, ...same }), {
      file: FIRST,
      action: "unchanged",
    });

    // Display names are another lane's (utility_display_names): a rule change alone is no data change; a
    // changed ownership is.
    const alabama = /^(\d+\tAlabama Power Co)\tAlabama Power Company\t([^\t]+)\t/m;
    assert.match(same.sql, alabama);
    assert.ok(same.same(same.sql.replace(alabama, "$1\tAlabama Power Co\t$2\t"), same.sql));
    assert.ok(!same.same(same.sql.replace(alabama, "$1\tAlabama Power Company\tCooperative\t"), same.sql));

    // One more utility in one zip: a new migration after the newest, holding the superseding SQL.
    const row = { ...sources.zipUtilities[0], eiaid: "999999", utility_name: "Test Valley Electric Coop" };
    const changed = buildUtilityReference({ ...sources, zipUtilities: [...sources.zipUtilities, row] });
    assert.notEqual(changed.sql, same.sql);
    const made = await writeGeneratedMigration({ ...base, ...changed });
    assert.deepEqual(made, { file: "20261124005001_utility_provider_reference.sql", action: "created" });
    assert.equal(await Deno.readTextFile(`${dir}/supabase/migrations/${made.file}`), changed.supersede);
    assert.match(changed.supersede, /^truncate public\.utility_zip_providers/m);
    assert.match(changed.supersede, /\n999999\tTest Valley Electric Coop\t/);
    assert.equal(await Deno.readTextFile(`${dir}/supabase/migrations/${FIRST}`), applied);
    assert.deepEqual(await checkAppliedMigrations(root), [{ file: made.file, problem: "unrecorded" }]);
    // Run again with the same data: nothing more.
    assert.equal((await writeGeneratedMigration({ ...base, ...changed })).action, "unchanged");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
