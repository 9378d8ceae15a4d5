// ZIP-level evidence before county-level, and before a utility's size (rates18, issue #11 §3):
// - every Raleigh ZIP lists both Duke Energy Carolinas and Duke Energy Progress (the IOU zip table lists a ZIP for
//   each IOU with a territory in its county), and the larger Carolinas went first on its size alone although
//   Progress serves Raleigh: the ZIPs around that list one of them alone decide (lookup.ts nearbyEvidence);
// - a ZIP that lists only a cooperative (given the county by EIA-861 too) offered the county's IOU first, found
//   only by county, on its size: the listed cooperative goes first, the IOU next.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { providersForZip } from "../../../shared/providers/lookup.ts";

Deno.test("two IOUs listed for a ZIP: the one the ZIPs around list alone goes first, not the larger", async () => {
  const p = await testPlatform();
  try {
    const first = async (zip: string) => {
      const list = await providersForZip(p.sql, zip);
      return `${list[0].name} (${list[0].match}) then ${list[1].name}`;
    };
    for (const zip of ["27601", "27603", "27605", "27609", "27610", "27615"]) { // Raleigh
      assert.equal(await first(zip), "Duke Energy Progress (zip) then Duke Energy Carolinas", zip);
    }
    for (const zip of ["27701", "27705", "27514"]) { // Durham, Chapel Hill: Duke Energy Carolinas' own
      assert.equal(await first(zip), "Duke Energy Carolinas (zip) then Duke Energy Progress", zip);
    }
    assert.equal((await providersForZip(p.sql, "28202"))[0].name, "Duke Energy Carolinas"); // Charlotte
  } finally {
    await p.close();
  }
});

Deno.test("a ZIP that lists only a cooperative offers it before an IOU known only by county", async () => {
  const p = await testPlatform();
  try {
    const ranked = async (zip: string) =>
      (await providersForZip(p.sql, zip)).slice(0, 2).map((u) => `${u.name} (${u.match})`);
    for (const zip of ["20105", "20120"]) { // Aldie, Centreville: NOVEC listed, Dominion by county
      assert.deepEqual(await ranked(zip), [
        "Northern Virginia Electric Cooperative (zip)",
        "Dominion Energy Virginia (Virginia Electric & Power) (county)",
      ], zip);
    }
  } finally {
    await p.close();
  }
});
