// Utilities EIA-861 names by their operating company but whose bills print the holding company's brand (QA pass 16):
// a Las Vegas home was offered "Nevada Power Company", and its NV Energy bill was then marked "This is not the
// provider you chose for your home"; Boston's "NSTAR Electric Company" is Eversource on the bill. On the migrated
// reference data, the list offers "Brand (operating company)", and the check step's comparison (sameChosenUtility)
// takes the bill's brand for it, never another brand.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { providersForState, providersForZip } from "../../../shared/providers/lookup.ts";
import { providerEiaid } from "../../../shared/savings/utility_rate.ts";
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

// One EIA id, a brand per state (rates19): PacifiCorp bills as Rocky Mountain Power in Utah, Wyoming and Idaho and as
// Pacific Power in Oregon, Washington and California; Virginia Electric & Power as Dominion Energy Virginia and
// Dominion Energy North Carolina. Utah's list offered "PacifiCorp", which no bill prints.
const STATE_BRAND_HOMES: [
  zip: string,
  state: string,
  offered: string,
  billBrand: string,
  otherBrand: string,
][] = [
  ["84101", "UT", "Rocky Mountain Power (PacifiCorp)", "Rocky Mountain Power", "Pacific Power"], // Salt Lake City
  ["82601", "WY", "Rocky Mountain Power (PacifiCorp)", "Rocky Mountain Power", "Pacific Power"], // Casper
  ["97501", "OR", "Pacific Power (PacifiCorp)", "Pacific Power", "Rocky Mountain Power"], // Medford
  [
    "23219",
    "VA",
    "Dominion Energy Virginia (Virginia Electric & Power)",
    "Dominion Energy",
    "Appalachian Power",
  ],
  [
    "27870",
    "NC",
    "Dominion Energy North Carolina (Virginia Electric & Power)",
    "Dominion Energy",
    "Duke Energy",
  ],
];

Deno.test("provider list: a utility's brand in the home's state, matched with its bill and its EIA id", async () => {
  const p = await testPlatform();
  try {
    for (const [zip, state, offered, billBrand, otherBrand] of STATE_BRAND_HOMES) {
      const names = (await providersForZip(p.sql, zip)).map((u) => u.name);
      assert.equal(names[0], offered, `${zip}: ${names.join(" | ")}`);
      const statewide = (await providersForState(p.sql, state)).map((u) => u.name);
      assert.ok(statewide.includes(offered), `${state}: ${statewide.join(" | ")}`);
      assert.ok(sameChosenUtility(offered, billBrand), `${offered} is the bill's ${billBrand}`);
      assert.ok(!sameChosenUtility(offered, otherBrand), `${offered} is not ${otherBrand}`);
      const id = await providerEiaid(p.sql, offered, state);
      assert.ok(id !== null, `${offered} is found among ${state}'s providers`);
      assert.equal(
        await providerEiaid(p.sql, billBrand === "Dominion Energy" ? offered : billBrand, state),
        id,
      );
    }
    // The brand is the state's: Utah's name is not offered in Oregon, nor anyone's brand in a state without one.
    assert.ok(!(await providersForState(p.sql, "OR")).some((u) => u.name.startsWith("Rocky Mountain Power")));
    const [pc] = await p.sql`select display_name from public.utility_providers where eiaid = 14354`;
    assert.equal(pc.display_name, "PacifiCorp", "the display name elsewhere is unchanged");
  } finally {
    await p.close();
  }
});
