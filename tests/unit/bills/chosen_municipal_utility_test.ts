// QA pass 14: a Seattle City Light bill was marked "This is not the provider you chose for your home" for a home
// whose provider was chosen on the provider step as "City of Seattle", EIA-861's name of Seattle City Light.
import assert from "node:assert/strict";
import { checkReading, DEFAULT_LIMITS, readingOf } from "../../../shared/bills/plausibility.ts";
import { sameChosenUtility } from "../../../shared/bills/utility_names.ts";
import { billItem as bill } from "../../support/bill_reading.ts";

const checked = (utility: string, chosenUtility: string) =>
  checkReading({
    reading: readingOf(bill({ utility, state: "WA", city: "Seattle", zip: "98115" })),
    addressState: "WA",
    chosenUtility,
    limits: DEFAULT_LIMITS,
    now: new Date("2026-01-10T00:00:00Z"),
  }).checks.map((c) => c.code);

Deno.test("a city's utility chosen by EIA's name ('City of Seattle') is the brand on its bill ('Seattle City Light')", () => {
  assert.deepEqual(checked("Seattle City Light", "City of Seattle"), []);
  assert.deepEqual(checked("Puget Sound Energy", "City of Seattle"), ["utility_mismatch"]);
  assert.deepEqual(checked("Tacoma Power", "City of Seattle"), ["utility_mismatch"]);
  assert.equal(sameChosenUtility("City of Tacoma", "Tacoma Public Utilities"), true);
  assert.equal(sameChosenUtility("Town of Wakefield", "Wakefield Municipal Light Department"), true);
  // the city's name followed by other words is another company (an IOU named after the city)
  assert.equal(sameChosenUtility("City of Cleveland", "Cleveland Electric Illuminating Company"), false);
  assert.equal(sameChosenUtility("City of Madison", "Madison Gas and Electric"), false);
  // only a municipal name chosen: a brand chosen does not take the city's name on a bill for its utility
  assert.equal(sameChosenUtility("Seattle City Light", "City of Seattle"), false);
  assert.equal(sameChosenUtility("City of Seattle", ""), false);
});
