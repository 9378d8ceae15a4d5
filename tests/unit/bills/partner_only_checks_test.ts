// A check on a value the confirm step does not show and the report does not use marks no line (QA pass 14, Denver:
// the bill's supply rate, 0.011170 $/kWh, outside 2–60 ¢/kWh, marked the usage line "Parts of this bill did not
// read cleanly"; the report uses the state's rate). The check stays in the result, for the partner.
import assert from "node:assert/strict";
import { checkReading, DEFAULT_LIMITS, readingOf } from "../../../shared/bills/plausibility.ts";
import { reviewReading } from "../../../shared/widget/reading.ts";
import { billItem as bill } from "../../support/bill_reading.ts";

const gate = (item: unknown) =>
  checkReading({
    reading: readingOf(item),
    addressState: "FL",
    limits: DEFAULT_LIMITS,
    now: new Date("2026-01-10"),
  });

Deno.test("a supply rate out of range is the partner's: kept, but no line to confirm", () => {
  const r = gate(bill({ rate: "0.011170" }));
  assert.deepEqual(r.checks.map((c) => [c.code, c.partnerOnly]), [["supply_rate_out_of_range", true]]);
  assert.deepEqual(r.needsConfirmation, []);
  // the reader's low confidence in the rate alone asks nothing either; in the usage it still does
  assert.deepEqual(gate(bill({ confidence: { supplyRatePerKwh: 0.2 } })).needsConfirmation, []);
  assert.deepEqual(gate(bill({ confidence: { usageByMonth: 0.2 } })).needsConfirmation, ["usage"]);
  // a rate check beside a shown doubt: the line is marked for the shown one
  const both = gate(bill({ rate: "7.5", end: "2025-12-20", stated: "2025-12-05" }));
  assert.deepEqual(both.needsConfirmation, ["usage"]);
});

Deno.test("the widget's review: nothing unconfirmed for the rate, the check still recorded", () => {
  const review = reviewReading({
    limits: DEFAULT_LIMITS,
    item: bill({ rate: "0.011170" }),
    addressState: "FL",
  });
  assert.deepEqual(review.unconfirmed, []);
  assert.deepEqual(review.needsConfirmation, []);
  assert.deepEqual(review.checks.map((c) => c.code), ["supply_rate_out_of_range"]);
});
