// The gate's town check needs the gazetteer (shared/bills/plausibility_town.ts); when it does not answer (its
// reference data still loading after a first start, or failed), the review goes on without that one check, logged,
// instead of failing the homeowner's check step (QA pass 12).
import assert from "node:assert/strict";
import { reviewReadingAt } from "../../../shared/widget/reading.ts";
import { DEFAULT_LIMITS } from "../../../shared/bills/plausibility.ts";
import type { PlaceBook } from "../../../shared/geo/zip_places.ts";
import { billItem } from "../../support/bill_reading.ts";

Deno.test("the town check is skipped, not fatal, when the gazetteer does not answer", async () => {
  const down: PlaceBook = {
    placesOfZip: () => Promise.reject(new Error("reference data unavailable")),
    cityOf: () => Promise.reject(new Error("reference data unavailable")),
  };
  const r = await reviewReadingAt(down, {
    item: billItem({ name: "Jane Doe", state: "FL", city: "Tampa", zip: "33614" }),
    limits: DEFAULT_LIMITS,
    addressState: "FL",
    home: { city: "Jacksonville", zip: "32210" },
  });
  assert.deepEqual(r.checks, []);
  assert.deepEqual(r.unconfirmed, []);
});
