// Utilities EIA-861 names by their operating company but whose bills print the holding company's brand (QA pass 16):
// a Las Vegas home was offered "Nevada Power Company", and its NV Energy bill was then marked "This is not the
// provider you chose for your home"; Boston's "NSTAR Electric Company" is Eversource on the bill. On the migrated
// reference data, the list offers "Brand (operating company)", and the check step's comparison (sameChosenUtility)
// takes the bill's brand for it, never another brand.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { providersForZip } from "../../../shared/providers/lookup.ts";
import { sameChosenUtility } from "../../../shared/bills/utility_names.ts";

const HOMES: [zip: string, offered: string, billBrand: string, otherBrand: string][] = [
  ["89117", "NV Energy (Nevada Power)", "NV Energy", "Pacific Power"], // Las Vegas
  ["89502", "NV Energy (Sierra Pacific Power)", "NV Energy", "Pacific Power"], // Reno
  ["02116", "Eversource (NSTAR Electric)", "Eversource", "National Grid"], // Boston
  ["03060", "Eversource (Public Service Company of New Hampshire)", "Eversource", "Unitil"], // Nashua
  ["06103", "Eversource (Connecticut Light & Power)", "Eversource", "United Illuminating"], // Hartford
  ["01608", "National Grid (Massachusetts Electric)", "National Grid", "Eversource"], // Worcester
  ["14201", "National Grid (Niagara Mohawk)", "National Grid", "NYSEG"], // Buffalo
  ["02903", "Rhode Island Energy (Narragansett Electric)", "Rhode Island Energy", "National Grid"], // Providence
];

Deno.test("provider list: holding companies' brands, which the bill prints, name their operating companies", async () => {
  const p = await testPlatform();
  try {
    for (const [zip, offered, billBrand, otherBrand] of HOMES) {
      const list = await providersForZip(p.sql, zip);
      const names = list.map((u) => u.name);
      assert.ok(names.includes(offered), `${zip}: ${names.join(" | ")}`);
      assert.equal(names[0], offered, `${zip} offers its utility first: ${names.join(" | ")}`);
      assert.ok(sameChosenUtility(offered, billBrand), `${offered} is the bill's ${billBrand}`);
      assert.ok(!sameChosenUtility(offered, otherBrand), `${offered} is not ${otherBrand}`);
    }
    const [nv] = await p.sql`select former_names from public.utility_providers where eiaid = 13407`;
    assert.deepEqual(nv.former_names, ["Nevada Power Company"], "EIA's name is kept as a former one");
  } finally {
    await p.close();
  }
});
