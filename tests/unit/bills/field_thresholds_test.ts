// The thresholds below which the reader leaves a field empty: one for every field by default (MIN_CONFIDENCE),
// overridable per field or for all (ParseOptions.minConfidence; scripts/bills/calibrate.ts reads with a
// near-zero one to see every value and its confidence).
import assert from "node:assert/strict";
import { MIN_CONFIDENCE, minConfidenceFor } from "../../../shared/bills/embedded/confidence.ts";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";

const base = [
  "Account Number: 3001-0320-353",
  "Amount Due $393.39",
  "Delivery Charges: SGS ( 12/21/2021 - 01/19/2022 )",
];

Deno.test("a field below its threshold is left empty; the threshold can be set for all fields or per field", () => {
  // a billing period inferred from an unlabelled date range (confidence 0.4): empty at the default threshold
  const alone = parseBill(base);
  assert.equal(alone.billingInformation.billingPeriodEnd, "");
  // ... kept when every field's threshold is lower, with its confidence
  const low = parseBill(base, [], { minConfidence: 0.01 });
  assert.equal(low.billingInformation.billingPeriodEnd, "2022-01-19");
  assert.ok(low.confidence.billingPeriodEnd < MIN_CONFIDENCE);
  // a confirmed period is kept by default, and left empty by a per-field threshold above its confidence,
  // which leaves the other fields as they were
  const lines = [
    ...base,
    "Meter Number   Read Date   Prior Read Date   Total kWh",
    "L108605388   01/19/2022   12/20/2021   4,522 kWh",
  ];
  const confirmed = parseBill(lines);
  assert.equal(confirmed.billingInformation.billingPeriodEnd, "2022-01-19");
  const strict = parseBill(lines, [], {
    minConfidence: { billingPeriodEnd: 0.99, billingPeriodStart: 0.99 },
  });
  assert.equal(strict.billingInformation.billingPeriodEnd, "");
  assert.equal(strict.billingInformation.billingPeriodStart, "");
  assert.equal(strict.confidence.billingPeriodEnd, undefined);
  assert.equal(strict.customerInformation.accountNumber, confirmed.customerInformation.accountNumber);
  assert.equal(strict.billingInformation.amountDue, "393.39");
});

Deno.test("minConfidenceFor: an override for all fields, then per field, then the table's default", () => {
  assert.equal(minConfidenceFor("dueDate"), MIN_CONFIDENCE);
  assert.equal(minConfidenceFor("dueDate", 0.2), 0.2);
  assert.equal(minConfidenceFor("dueDate", { dueDate: 0.8 }), 0.8);
  assert.equal(minConfidenceFor("amountDue", { dueDate: 0.8 }), MIN_CONFIDENCE);
});
