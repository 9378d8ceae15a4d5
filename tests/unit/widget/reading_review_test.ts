import assert from "node:assert/strict";
import { reviewReading } from "../../../shared/widget/reading.ts";
import { DEFAULT_LIMITS } from "../../../shared/bills/plausibility.ts";

import { billItem, type ItemOptions, TYPICAL as typical, usage } from "../../support/bill_reading.ts";

const item = (o: ItemOptions = {}) =>
  billItem({
    state: "AZ",
    city: "Tempe",
    zip: "85281",
    utility: "Arizona Public Service",
    rate: "0.0912",
    ...o,
  });

Deno.test("a doubt about the reading (dates, confidence) is lifted by correcting its line; a value check is not", () => {
  const misreadRate = reviewReading({
    limits: DEFAULT_LIMITS,
    item: item({ end: "2025-12-20", stated: "2025-12-05" }),
    addressState: "AZ",
  });
  assert.deepEqual(misreadRate.unconfirmed, ["usage"]);
  const corrected = reviewReading({
    limits: DEFAULT_LIMITS,
    item: item({ end: "2025-12-20", stated: "2025-12-05" }),
    addressState: "AZ",
    values: { usage_by_month: usage(typical.map((v) => v + 10)) },
  });
  assert.deepEqual(corrected.unconfirmed, [], "the homeowner's own months replace the doubtful reading");
  assert.ok(corrected.corrections.usage);

  const unsureName = reviewReading({
    limits: DEFAULT_LIMITS,
    item: item({ confidence: { customerName: 0.2 } }),
    addressState: "AZ",
  });
  assert.deepEqual(unsureName.needsConfirmation, ["name"]);
  assert.deepEqual(
    reviewReading({
      limits: DEFAULT_LIMITS,
      item: item({ confidence: { customerName: 0.2 } }),
      addressState: "AZ",
      values: { customer_name: "Grace M. Hopper" },
    }).needsConfirmation,
    [],
  );
  assert.deepEqual(
    reviewReading({
      limits: DEFAULT_LIMITS,
      item: item({ confidence: { customerName: 0.2 } }),
      addressState: "AZ",
      confirmed: ["name"],
    }).unconfirmed,
    [],
  );

  const stillWrong = reviewReading({
    limits: DEFAULT_LIMITS,
    item: item(),
    addressState: "AZ",
    values: { usage_by_month: usage(Array(12).fill(9000)) },
  });
  assert.deepEqual(
    stillWrong.unconfirmed,
    ["usage"],
    "a correction into another implausible value must still be confirmed",
  );
});

Deno.test("no bill: the typed usage alone is checked; nothing is recorded as corrected", () => {
  const r = reviewReading({
    limits: DEFAULT_LIMITS,
    item: null,
    values: { usage_by_month: usage(Array(12).fill(900)) },
  });
  assert.equal(r.read, null);
  assert.deepEqual(r.checks, []);
  assert.deepEqual(r.corrections, {});
  assert.deepEqual(
    reviewReading({
      limits: DEFAULT_LIMITS,
      item: null,
      values: { usage_by_month: usage(Array(12).fill(20)) },
    }).unconfirmed,
    ["usage"],
  );
});

Deno.test("what was read is reported with its year's kWh, without the reader's confidence map", () => {
  const r = reviewReading({
    limits: DEFAULT_LIMITS,
    item: item({ confidence: { customerName: 0.99 } }),
    transactionId: "t-1",
    addressState: "AZ",
  });
  assert.equal(r.transactionId, "t-1");
  assert.equal(r.read?.annualKwh, typical.reduce((a, b) => a + b, 0));
  assert.equal(r.read?.customerName, "Grace Hopper");
  assert.equal("confidence" in (r.read ?? {}), false);
});

Deno.test("the check step's one street line with the unit is the bill's line1 + line2, not a correction", () => {
  // QA pass 4: the check step dropped the bill's "Apt 31C"; it now shows "9570 Cedar Ln, Apt 31C" in one line.
  const withUnit = item();
  withUnit.customerInformation.serviceAddress = {
    ...withUnit.customerInformation.serviceAddress,
    line1: "9570 Cedar Ln",
    line2: "Apt 31C",
  };
  const at = (line1: string) =>
    reviewReading({
      limits: DEFAULT_LIMITS,
      item: withUnit,
      addressState: "AZ",
      values: { service_address: { line1, city: "Tempe", state: "AZ", zip: "85281" } },
    }).corrections.address;
  assert.equal(at("9570 Cedar Ln, Apt 31C"), undefined);
  assert.equal(at("9570  cedar ln apt 31C"), undefined);
  assert.ok(at("9570 Cedar Ln"), "the unit removed is a correction");
  assert.ok(at("9570 Cedar Ln, Apt 31D"), "another unit is a correction");
});

Deno.test("months read from a bar chart keep their reason when the widget sends its months back (QA pass 8)", () => {
  const bill = item();
  const months = bill.electricityUsage.usageByMonth as { fromChart?: boolean; value: number }[];
  months.slice(0, 10).forEach((m) => m.fromChart = true);
  // what the check step sends: the months as shown (UsageMonth carries no fromChart), the first one typed over
  const shown = usage(typical.map((v, i) => (i === 0 ? v + 40 : v)));
  const review = reviewReading({
    limits: DEFAULT_LIMITS,
    item: {
      ...bill,
      monthConfidence: Object.fromEntries(
        typical.map((_, i) => [`2025-${String(i + 1).padStart(2, "0")}`, 0.57]),
      ),
    },
    addressState: "AZ",
    values: { usage_by_month: usage(typical) },
  });
  const chart = review.checks.find((c) => c.code === "chart_estimated_months");
  assert.ok(chart, JSON.stringify(review.checks.map((c) => c.code)));
  assert.equal(chart.months?.length, 10);
  assert.deepEqual(
    review.checks.find((c) => c.code === "low_confidence_months")?.months,
    ["2025-11", "2025-12"],
    "only the months read as figures are 'not sure'",
  );
  const typedOver = reviewReading({
    limits: DEFAULT_LIMITS,
    item: bill,
    addressState: "AZ",
    values: { usage_by_month: shown },
  });
  assert.equal(
    typedOver.checks.some((c) => c.code === "chart_estimated_months"),
    false,
    "a correction lifts it",
  );
});

Deno.test("a bill that names no utility: the provider chosen for the home, kept on the check step, is no correction", () => {
  // QA pass 12: National Grid's usage statement names no issuer; the check step fills the line with the provider the
  // homeowner chose, and the partner's email said "Utility: read nothing, corrected to “Niagara Mohawk Power”".
  const unnamed = item({ utility: "" });
  const kept = reviewReading({
    limits: DEFAULT_LIMITS,
    item: unnamed,
    addressState: "AZ",
    chosenUtility: "Arizona Public Service Co",
    values: { utility: "Arizona Public Service Co" },
  });
  assert.deepEqual(Object.keys(kept.corrections), []);
  // another name typed over it is the homeowner's correction
  const typed = reviewReading({
    limits: DEFAULT_LIMITS,
    item: unnamed,
    addressState: "AZ",
    chosenUtility: "Arizona Public Service Co",
    values: { utility: "Salt River Project" },
  });
  assert.deepEqual(typed.corrections.utility, { read: "", corrected: "Salt River Project" });
});
