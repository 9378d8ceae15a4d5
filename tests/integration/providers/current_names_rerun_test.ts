// The current-names migration's SQL applied again over the migrated database changes nothing (QA pass 14: applied
// again, it rewrote Evergy Kansas Central's former names to {Evergy Kansas Central, Westar Energy} and Xcel's
// stored name back to "… Public Service Co of Colorado"), and the municipal utilities carry their bills' brands.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { currentNamesSql, readEia2018Names } from "../../../scripts/providers/current_names_sql.ts";
import { providersForZip } from "../../../shared/providers/lookup.ts";

const root = new URL("../../../", import.meta.url);

Deno.test("the current-names SQL applied again over a migrated database changes no row", async () => {
  const p = await testPlatform();
  try {
    const snapshot = async () =>
      (await p
        .sql`select eiaid, display_name, former_names, retail from public.utility_providers order by eiaid`)
        .map((r) => JSON.stringify(r));
    const before = await snapshot();
    const sql = currentNamesSql(readEia2018Names(root));
    await p.sql.unsafe(sql);
    const once = await snapshot();
    const changed = once.filter((r, i) => r !== before[i]);
    assert.deepEqual(changed.slice(0, 5), [], `${changed.length} rows changed`);
    await p.sql.unsafe(sql);
    assert.deepEqual(await snapshot(), once, "a second application changes nothing either");

    const row = async (id: number) =>
      (await p.sql`select display_name, former_names from public.utility_providers where eiaid = ${id}`)[0];
    assert.deepEqual(await row(22500), {
      display_name: "Evergy Kansas Central",
      former_names: ["Westar Energy"],
    });
    assert.equal((await row(15466)).display_name, "Xcel Energy (Public Service Company of Colorado)");
    // never a current name among the row's former ones
    const [{ n }] = await p.sql`select count(*)::int as n from public.utility_providers
      where display_name = any(former_names)`;
    assert.equal(n, 0);
  } finally {
    await p.close();
  }
});

Deno.test("municipal utilities are offered by the brand their bills print", async () => {
  const p = await testPlatform();
  try {
    const first = async (zip: string) => (await providersForZip(p.sql, zip))[0].name;
    assert.equal(await first("98101"), "Seattle City Light"); // was "City of Seattle"
    assert.equal(await first("98402"), "Tacoma Power"); // was "City of Tacoma"
    assert.equal(await first("78205"), "CPS Energy"); // was "City of San Antonio"
    assert.equal(await first("94301"), "City of Palo Alto Utilities"); // was "City of Palo Alto"
    const [seattle] = await p.sql`select former_names from public.utility_providers where eiaid = 16868`;
    assert.deepEqual(seattle.former_names, ["City of Seattle"], "EIA's name is kept as a former name");
  } finally {
    await p.close();
  }
});
