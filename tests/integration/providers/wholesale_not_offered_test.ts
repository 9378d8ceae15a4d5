// A utility that sells no retail power (a federal power marketer, TVA, a generation & transmission cooperative:
// retail = false) is never offered to a home (QA pass 14: Bonneville Power Administration, last before "Other", to
// a Seattle home), while TVA still stands for its distributors in the ranking (Banner Elk's cooperative first).
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { providersForState, providersForZip } from "../../../shared/providers/lookup.ts";

Deno.test("wholesale-only utilities are not offered; TVA's distributors keep their place", async () => {
  const p = await testPlatform();
  try {
    const wholesale = new Set(
      (await p.sql`select eiaid from public.utility_providers where not retail`).map((r) => Number(r.eiaid)),
    );
    assert.ok(wholesale.has(1738) && wholesale.has(18642), "BPA and TVA are marked wholesale");
    for (const zip of ["98115", "98101", "81003", "37203", "28604", "35203", "38103"]) {
      const list = await providersForZip(p.sql, zip);
      const offered = list.filter((u) => u.eiaId !== null && wholesale.has(u.eiaId)).map((u) => u.name);
      assert.deepEqual(offered, [], `${zip}: ${list.map((u) => u.name).join(" | ")}`);
      assert.ok(list.length > 1, `${zip}: a retail utility is offered`);
    }
    for (const state of ["WA", "TN", "CO"]) {
      const list = await providersForState(p.sql, state);
      assert.deepEqual(
        list.filter((u) => u.eiaId !== null && wholesale.has(u.eiaId)).map((u) => u.name),
        [],
        state,
      );
    }
    assert.equal(
      (await providersForZip(p.sql, "28604"))[0].name,
      "Blue Ridge Electric Membership Corporation",
    );
  } finally {
    await p.close();
  }
});
