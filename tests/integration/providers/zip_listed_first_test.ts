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
    await expectFirst("98101", "City of Seattle"); // downtown Seattle: Puget Sound Energy by county only
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
