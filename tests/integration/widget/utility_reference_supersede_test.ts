// The utility reference's superseding migration (scripts/widget/build_utility_reference.ts, `supersede`) over a
// database migrated normally: the link tables end as a fresh load of the new data makes them, providers are
// upserted (current names kept, new ones added, gone ones kept without zips), and a second run changes nothing.
import assert from "node:assert/strict";
import { applyFiles } from "../../../shared/db/apply_files.ts";
import { bootstrapSql } from "../../../shared/db/bootstrap.ts";
import { splitBulkRows } from "../../../shared/db/bulk_rows.ts";
import type { Sql } from "../../../shared/db/client.ts";
import { displayUtilityName } from "../../../shared/providers/names.ts";
import {
  buildUtilityReference,
  readUtilitySources,
  type UtilitySources,
} from "../../../scripts/widget/build_utility_reference.ts";
import { createTestDatabase } from "../../support/db.ts";
import { emptyDatabase } from "../../support/db_compare.ts";

const LINKS = ["utility_zip_providers", "utility_zip_counties", "utility_county_providers"];
const TABLES = ["utility_providers", ...LINKS];

/** Count and md5 of the ordered rows of each table (`where` filters them). */
async function digests(sql: Sql, tables: string[], where = "true"): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of tables) {
    const [r] = await sql.unsafe(`select count(*)::int || ':' || coalesce(md5(string_agg(x::text, E'\\n'
      order by x::text collate "C")), '') as d from public.${t} x where ${where}`);
    out[t] = r.d;
  }
  return out;
}

/** The versions of the rows (xmin): unchanged when no row was written. */
const rowVersions = async (sql: Sql) =>
  (await sql`select string_agg(xmin::text, ',' order by eiaid) as v from public.utility_providers`)[0].v;

/** Applies `text` as the local runner does (row statements as COPY), as migration `version`. */
const runAsMigration = (sql: Sql, version: string, text: string) =>
  sql.begin((tx) => applyFiles(tx, [{ version, name: "utility_provider_reference", sql: text }]));

const sources = readUtilitySources();

Deno.test("the utility supersede of the same data loads its rows through COPY and changes no row", async () => {
  const { supersede } = buildUtilityReference(sources);
  const copies = splitBulkRows(supersede).flatMap((p) => "copy" in p ? [p.copy.split(" ")[1]] : []);
  assert.deepEqual(copies, ["pg_temp.utility_providers_load", ...LINKS.map((t) => `public.${t}`)]);
  const db = await createTestDatabase();
  try {
    const before = await digests(db.sql, TABLES);
    const versions = await rowVersions(db.sql);
    await runAsMigration(db.sql, "29990101000000", supersede);
    assert.deepEqual(await digests(db.sql, TABLES), before);
    assert.equal(await rowVersions(db.sql), versions);
  } finally {
    await db.drop();
  }
});

Deno.test("the utility supersede of changed data: a fresh load's links, current names kept, new and gone providers", async () => {
  const db = await createTestDatabase();
  const fresh = await emptyDatabase(1);
  try {
    // A provider utility_current_names renamed (its display name differs from the generated one), and another
    // one with zips that the new data drops.
    const [renamed] = await db
      .sql`select eiaid, name, display_name, former_names from public.utility_providers
      where former_names <> '{}' and zip_count > 0 order by eiaid limit 1`;
    const [gone] = await db.sql`select eiaid from public.utility_providers
      where zip_count > 0 and eiaid <> ${renamed.eiaid} order by zip_count, eiaid limit 1`;
    const [absent] = await db
      .sql`select count(*)::int as n from public.utility_providers where eiaid = 999999`;
    assert.equal(absent.n, 0);
    const [renamedId, goneId] = [String(renamed.eiaid), String(gone.eiaid)];
    const newName = `${renamed.name} Renamed`;
    const template = sources.zipUtilities[0];
    const firstZip = template.zip.padStart(5, "0");
    const changed: UtilitySources = {
      zipUtilities: [
        ...sources.zipUtilities.filter((r) => r.eiaid !== goneId).map((r) =>
          r.eiaid === renamedId ? { ...r, utility_name: newName } : r
        ),
        {
          ...template,
          eiaid: "999999",
          utility_name: "Test Valley Electric Coop, Inc",
          ownership: "Cooperative",
        },
        {
          ...template,
          zip: "10001",
          state: "NY",
          eiaid: "999999",
          utility_name: "Test Valley Electric Coop, Inc",
        },
      ],
      zipCounties: sources.zipCounties,
      territories: sources.territories.filter((r) => r.Utility_Number !== goneId).map((r) =>
        r.Utility_Number === renamedId ? { ...r, Utility_Name: newName } : r
      ),
    };
    const next = buildUtilityReference(changed);

    await runAsMigration(db.sql, "29990101000000", next.supersede);
    await fresh.sql.unsafe(bootstrapSql);
    await fresh.sql.unsafe(next.sql);
    // The link tables: exactly the rows a fresh load of the new data has; the providers of the fresh load too
    // (their generated columns), the gone one aside.
    assert.deepEqual(await digests(db.sql, LINKS), await digests(fresh.sql, LINKS));
    const dataColumns = async (sql: Sql, where: string) =>
      (await sql.unsafe(`select md5(string_agg(row(eiaid, name, ownership, states, zip_count)::text, E'\\n'
        order by eiaid)) as d, count(*)::int as n from public.utility_providers where ${where}`))[0];
    assert.deepEqual(await dataColumns(db.sql, `eiaid <> ${goneId}`), await dataColumns(fresh.sql, "true"));

    const [r] = await db.sql`select name, display_name, former_names from public.utility_providers
      where eiaid = ${renamed.eiaid}`;
    assert.deepEqual(r, {
      name: newName,
      display_name: renamed.display_name,
      former_names: renamed.former_names,
    });

    const [added] = await db.sql`select name, display_name, ownership, states, zip_count, retail, former_names
      from public.utility_providers where eiaid = 999999`;
    assert.deepEqual(added, {
      name: "Test Valley Electric Coop, Inc",
      display_name: displayUtilityName("Test Valley Electric Coop, Inc"),
      ownership: "Cooperative",
      states: [...new Set([template.state, "NY"])].sort(),
      zip_count: 2,
      retail: true,
      former_names: [],
    });
    const zips = await db.sql`select zip from public.utility_zip_providers where eiaid = 999999 order by zip`;
    assert.deepEqual(zips.map((z) => z.zip), [firstZip, "10001"].sort());

    // The gone provider stays (other rows may refer to it), without zips or counties.
    const [g] = await db.sql`select zip_count,
      (select count(*)::int from public.utility_zip_providers where eiaid = ${gone.eiaid}) as zips,
      (select count(*)::int from public.utility_county_providers where eiaid = ${gone.eiaid}) as counties
      from public.utility_providers where eiaid = ${gone.eiaid}`;
    assert.deepEqual(g, { zip_count: 0, zips: 0, counties: 0 });

    // Twice: as plain SQL this time (as `supabase db push` runs it), nothing changes, no provider row is written.
    const before = await digests(db.sql, TABLES);
    const versions = await rowVersions(db.sql);
    await db.sql.unsafe(next.supersede);
    assert.deepEqual(await digests(db.sql, TABLES), before);
    assert.equal(await rowVersions(db.sql), versions);
  } finally {
    await db.drop();
    await fresh.drop();
  }
});
