// The electricity provider list on the migrated reference data: current names, wholesale entities last, no duplicates.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { providersForState, providersForZip, sameUtilityKey } from "../../../shared/providers/lookup.ts";

const names = (xs: { name: string }[]) => xs.map((x) => x.name);

Deno.test("provider list: current names first, wholesale-only entities never lead, duplicates merged", async () => {
  const p = await testPlatform();
  try {
    // St. Petersburg, FL: Duke Energy Florida (Progress Energy Florida until 2015).
    const fl = await providersForZip(p.sql, "33701");
    assert.equal(fl[0].name, "Duke Energy Florida", names(fl).join(" | "));
    assert.ok(!names(fl).some((n) => /Progress Energy/.test(n)), names(fl).join(" | "));
    const [duke] = await p.sql`select former_names from public.utility_providers where eiaid = 6455`;
    assert.deepEqual(duke.former_names, ["Progress Energy Florida"], "the old name is kept for reference");

    // Pueblo, CO: WAPA (a federal wholesale marketer) is never ahead of a utility that bills homes.
    for (const zip of ["81003", "80931", "80521"]) {
      const co = await providersForZip(p.sql, zip);
      const wapa = co.findIndex((u) => /Western Area Power/.test(u.name));
      const retail = co.filter((u) => u.id !== "other" && !/Western Area Power/.test(u.name)).length;
      assert.ok(wapa === -1 || wapa >= retail, `${zip}: ${names(co).join(" | ")}`);
      assert.notEqual(co[0].name, "WAPA-- Western Area Power Administration");
    }
    const denver = await providersForZip(p.sql, "80202");
    assert.equal(denver[0].name, "Xcel Energy (Public Service Company of Colorado)");
    const coState = await providersForState(p.sql, "CO");
    assert.ok(!/Western Area Power/.test(coState[0].name));
    const tn = await providersForState(p.sql, "TN");
    assert.notEqual(
      tn[0].name,
      "Tennessee Valley Authority",
      "TVA sells to the local power companies, not to homes",
    );

    // Renamed since 2018.
    assert.equal((await providersForZip(p.sql, "66603"))[0].name, "Evergy Kansas Central"); // Topeka, was Westar Energy

    // No list shows one utility twice.
    for (const zip of ["33701", "32801", "10019", "94103", "80521", "30301", "60601", "75201", "98101"]) {
      const list = await providersForZip(p.sql, zip);
      const keys = list.map((u) => sameUtilityKey(u.name));
      assert.equal(new Set(keys).size, keys.length, `${zip}: ${names(list).join(" | ")}`);
      assert.equal(list.at(-1)!.id, "other");
    }
  } finally {
    await p.close();
  }
});
