// The stored display names are the clean ones (QA6): a fresh database's utility_providers.display_name reads as
// displayUtilityName makes it, not as the display rules of the reference migrations made it ("Electrical District
// No8 Maricopa"); the raw names, ids and former names are untouched.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { displayUtilityName } from "../../../shared/providers/names.ts";

Deno.test("utility_providers.display_name holds the clean names on a fresh database", async () => {
  const p = await testPlatform();
  try {
    const rows = await p.sql<{ eiaid: number; name: string; display_name: string; former_names: string[] }[]>`
      select eiaid, name, display_name, former_names from public.utility_providers order by eiaid`;
    assert.ok(rows.length > 2500, `${rows.length} providers`);
    const unclean = rows.filter((r) => displayUtilityName(r.display_name) !== r.display_name);
    assert.deepEqual(unclean.map((r) => `${r.eiaid} ${r.display_name}`).slice(0, 10), []);
    const byId = new Map(rows.map((r) => [r.eiaid, r]));
    // Tempe, AZ (QA5) and a Georgia cooperative.
    assert.equal(byId.get(5729)?.display_name, "Electrical District No. 8 Maricopa");
    assert.equal(byId.get(19604)?.display_name, "San Carlos Project (U.S. Bureau of Indian Affairs)");
    assert.equal(byId.get(40355)?.display_name, "Maricopa County MWC District No. 1");
    assert.equal(byId.get(562)?.display_name, "Amicalola Electric Membership Corporation");
    // a name an earlier rule cut after "Membership" (20261201090502)
    assert.equal(byId.get(3916)?.display_name, "Cobb Electric Membership Corporation");
    // The raw name and the record of renames stay as they were.
    assert.match(byId.get(5729)!.name, /No ?8/);
    assert.deepEqual(
      (await p.sql`select former_names from public.utility_providers where eiaid = 6455`)[0].former_names,
      ["Progress Energy Florida"],
    );
  } finally {
    await p.close();
  }
});
