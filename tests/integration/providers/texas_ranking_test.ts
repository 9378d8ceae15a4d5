// Texas provider ranking on the migrated reference data (issue 11 follow-up): Plano's homes are on Oncor's wires,
// though the zip table lists the cooperatives it lists for nearly every zip of Collin and Denton counties; a city's
// own utility stays first in its city; the fixed cities keep their answers; outside Texas nothing moves.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { providersForZip } from "../../../shared/providers/lookup.ts";

const ONCOR = "Oncor Electric Delivery Company";
const COSERV = "Denton County Electric Cooperative";

Deno.test("Texas: the wires company before county-wide co-op listings; a city's own utility first in its city", async () => {
  const p = await testPlatform();
  try {
    const ranked = async (zip: string) => (await providersForZip(p.sql, zip)).map((u) => u.name);
    const first = async (zip: string) => (await ranked(zip))[0];
    // Plano (75024 spans Collin and Denton, 75025 and 75074 Collin only), Frisco, McKinney, Allen: Oncor first;
    // the cooperatives stay offered below it (CoServ serves parts of Frisco).
    for (
      const zip of ["75024", "75025", "75074", "75093", "75034", "75035", "75070", "75071", "75002", "75013"]
    ) {
      const names = await ranked(zip);
      assert.equal(names[0], ONCOR, `${zip}: ${names.join(" | ")}`);
    }
    assert.ok((await ranked("75034")).includes(COSERV), "CoServ is still offered in Frisco");
    const plano = await providersForZip(p.sql, "75024");
    assert.equal(plano.find((u) => u.name === "Grayson-Collin Electric Cooperative")?.match, "county");

    // A city's own utility listed for its zip stays first, the wires company next (Denton, Garland, Austin).
    assert.deepEqual((await ranked("76201")).slice(0, 2), ["City of Denton", ONCOR]);
    assert.deepEqual((await ranked("75040")).slice(0, 2), ["City of Garland", ONCOR]);
    assert.deepEqual((await ranked("78701")).slice(0, 2), ["Austin Energy", ONCOR]);
    // ... and before a bundled IOU the zip tables do not list there (Lubbock Power & Light, Bryan Texas Utilities).
    assert.equal(await first("79401"), "City of Lubbock");
    assert.equal(await first("77801"), "City of Bryan");

    // Unchanged: Houston, Dallas, Fort Worth, Corpus Christi, San Antonio, El Paso.
    assert.equal(await first("77019"), "CenterPoint Energy");
    assert.equal(await first("75201"), ONCOR);
    assert.equal(await first("76107"), ONCOR);
    assert.equal(await first("78411"), "AEP Texas Central Company");
    assert.equal(await first("78205"), "CPS Energy");
    assert.equal(await first("79901"), "El Paso Electric Company");

    // Outside Texas a cooperative listed county-wide keeps its place (Fairbanks: Golden Valley); San Francisco's
    // municipal utility, the one the zip tables list for 94103, has no EIA-861 territory: PG&E, found by county,
    // goes first (zip_listed_first_test.ts).
    assert.equal(await first("99712"), "Golden Valley Electric Association");
    assert.deepEqual((await ranked("94103")).slice(0, 2), [
      "Pacific Gas & Electric Company",
      "City & County of San Francisco",
    ]);
  } finally {
    await p.close();
  }
});
