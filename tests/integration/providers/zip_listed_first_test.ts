// The utility the zip tables list for a ZIP itself (a city's or district's own utility) goes before an investor-owned
// utility found only through the ZIP's county in the EIA-861 territories (QA pass 12: Sacramento's downtown, listed
// for SMUD alone, offered Pacific Gas & Electric first). Checked on several cities' ZIPs of the migrated data.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { providersForZip } from "../../../shared/providers/lookup.ts";

Deno.test("a utility listed for the ZIP itself before an IOU known only by county, in every state", async () => {
  const p = await testPlatform();
  try {
    const ranked = async (zip: string) =>
      (await providersForZip(p.sql, zip)).map((u) => `${u.name} (${u.match})`);
    const expectFirst = async (zip: string, name: string) => {
      const names = await ranked(zip);
      assert.equal(names[0], `${name} (zip)`, `${zip}: ${names.join(" | ")}`);
    };
    await expectFirst("95819", "Sacramento Municipal Utility District"); // East Sacramento: PG&E by county only
    await expectFirst("90012", "Los Angeles Department of Water & Power"); // downtown LA: SCE by county only
    await expectFirst("98101", "Seattle City Light"); // downtown Seattle: Puget Sound Energy by county only
    await expectFirst("32202", "JEA"); // downtown Jacksonville: FPL by county only
    // the IOU found by county is still offered, next
    assert.ok(
      (await ranked("95819")).slice(1, 3).some((n) => n.startsWith("Pacific Gas")),
      "PG&E still offered",
    );
    // where the zip lists the IOU itself, it stays first (Portland, Manhattan, Long Beach's SCE zips)
    await expectFirst("97201", "Portland General Electric Company");
    await expectFirst("10001", "Consolidated Edison Company of New York");
  } finally {
    await p.close();
  }
});

// QA pass 14: the listed utility counts only where EIA-861's service territories also give it the zip's county.
// San Francisco's ZIPs are listed for the city's own utility (eiaid 16612), which EIA-861 gives no county at all,
// while it lists PG&E for San Francisco County; Casselberry's and Polaris's ZIPs are listed for Orlando's and
// Columbus's city utilities, which EIA-861 gives Orange and Franklin counties, not Seminole or Delaware.
Deno.test("a listed utility without an EIA-861 territory in the ZIP's county does not push the county's IOU down", async () => {
  const p = await testPlatform();
  try {
    const ranked = async (zip: string) =>
      (await providersForZip(p.sql, zip)).map((u) => `${u.name} (${u.match})`);
    assert.deepEqual((await ranked("94103")).slice(0, 2), [
      "Pacific Gas & Electric Company (county)",
      "City & County of San Francisco (zip)",
    ]);
    assert.equal((await ranked("94110"))[0], "Pacific Gas & Electric Company (county)");
    assert.equal((await ranked("94101"))[0], "Pacific Gas & Electric Company (area)"); // PO boxes: the zips around
    assert.equal((await ranked("32730"))[0], "Florida Power & Light Company (county)"); // Casselberry, not OUC
    assert.equal((await ranked("43240"))[0], "Ohio Power Company (county)"); // Polaris, not the City of Columbus
    // TVA, a wholesale supplier listed for the zip, stands for its distributors there: Banner Elk keeps its
    // cooperative before Duke Energy Progress, found by county (pass 13's order)
    assert.equal((await ranked("28604"))[0], "Blue Ridge Electric Membership Corporation (zip)");
    // An independent city and the county around it count as one (QA pass 15): EIA-861 lists the City of
    // Harrisonburg's utility under Rockingham County, and 22807 (James Madison University) lies in the city alone.
    assert.equal((await ranked("22807"))[0], "City of Harrisonburg (zip)");
    const h = await ranked("22801"); // in the city and the county: unchanged, the city's utility before Dominion
    assert.ok(
      h.indexOf("City of Harrisonburg (zip)") <
        h.indexOf("Dominion Energy Virginia (Virginia Electric & Power) (county)"),
    );
  } finally {
    await p.close();
  }
});
