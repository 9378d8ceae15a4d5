// The gate's town check (shared/bills/plausibility_town.ts) on a real migrated Postgres with the real gazetteer
// (public.geo_zips, public.geo_cities): a service address in another town of the home's state is marked for the
// homeowner to confirm; one home's other spellings (its ZIP's other places, a neighboring place) are not.
import assert from "node:assert/strict";
import { createTestDatabase } from "../../support/db.ts";
import { gazetteerPlaces } from "../../../shared/geo/zip_places.ts";
import { townCheck } from "../../../shared/bills/plausibility_town.ts";
import { reviewReadingAt } from "../../../shared/widget/reading.ts";
import { DEFAULT_LIMITS } from "../../../shared/bills/plausibility.ts";
import { billItem } from "../../support/bill_reading.ts";

const bill = (city: string, state: string, zip: string) => ({ line1: "12 Elm St", city, state, zip });

Deno.test("town check: another town of the state is marked; the same town, its ZIP's places and its neighbors are not", async () => {
  const db = await createTestDatabase();
  try {
    const places = gazetteerPlaces(db.sql);
    const buffalo = { city: "Buffalo", state: "NY", zip: "14220" };
    // QA pass 11: the National Grid statement's Clifton Park service address for a Buffalo home passed
    const far = await townCheck(places, buffalo, bill("CLIFTON PARK", "NY", "12065"));
    assert.equal(far?.code, "town_mismatch");
    assert.equal(far?.group, "address");
    assert.match(far!.message, /CLIFTON PARK 12065, about \d{3} km from the home in Buffalo/);
    // the ZIP alone, or the city alone, is enough to tell
    assert.equal((await townCheck(places, buffalo, bill("", "NY", "12065")))?.code, "town_mismatch");
    assert.equal(
      (await townCheck(places, { city: "Buffalo", state: "NY" }, bill("Albany", "NY", "")))?.code,
      "town_mismatch",
    );
    // the same town: its ZIP, its name in another case or spelling, another ZIP of the city
    assert.equal(await townCheck(places, buffalo, bill("BUFFALO", "NY", "14220")), null);
    assert.equal(await townCheck(places, buffalo, bill("Buffalo", "NY", "14201")), null);
    assert.equal(
      await townCheck(
        places,
        { city: "St. Louis", state: "MO", zip: "63110" },
        bill("SAINT LOUIS", "MO", "63103"),
      ),
      null,
    );
    // a neighboring place (Lackawanna borders Buffalo; Cheektowaga is its suburb) is not another property's town
    assert.equal(await townCheck(places, buffalo, bill("LACKAWANNA", "NY", "14218")), null);
    assert.equal(await townCheck(places, buffalo, bill("CHEEKTOWAGA", "NY", "14225")), null);
    // another state is the state check's; an unknown place (no ZIP the gazetteer knows, no known city) is no error
    assert.equal(await townCheck(places, buffalo, bill("NEWARK", "NJ", "07102")), null);
    assert.equal(await townCheck(places, buffalo, bill("Nowhereville", "NY", "00000")), null);
    assert.equal(await townCheck(places, buffalo, bill("", "NY", "")), null);
  } finally {
    await db.drop();
  }
});

Deno.test("the review marks the address line for a bill from another town, and a correction to the home's town lifts it", async () => {
  const db = await createTestDatabase();
  try {
    const places = gazetteerPlaces(db.sql);
    const item = billItem({ name: "Jane Doe", state: "FL", city: "Tampa", zip: "33614" });
    const home = { city: "Jacksonville", zip: "32210" };
    const base = { item, limits: DEFAULT_LIMITS, addressState: "FL" };
    const r = await reviewReadingAt(places, { ...base, home });
    assert.deepEqual(r.checks.map((c) => c.code), ["town_mismatch"]);
    assert.deepEqual(r.unconfirmed, ["address"]);
    // confirmed (the homeowner's other property, or a bill mailed from there): a report may rest on it
    assert.deepEqual(
      (await reviewReadingAt(places, { ...base, home, confirmed: ["address"] })).unconfirmed,
      [],
    );
    // corrected to the home's address: nothing left to confirm
    const corrected = await reviewReadingAt(places, {
      ...base,
      home,
      values: {
        service_address: { line1: "4521 Oak Hollow Dr", city: "Jacksonville", state: "FL", zip: "32210" },
      },
    });
    assert.deepEqual(corrected.needsConfirmation, []);
    // the home in Tampa itself: nothing
    assert.deepEqual(
      (await reviewReadingAt(places, { ...base, home: { city: "Tampa", zip: "33602" } })).checks,
      [],
    );
  } finally {
    await db.drop();
  }
});
