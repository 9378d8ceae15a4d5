import assert from "node:assert/strict";
import { ConfigError } from "../../../shared/config.ts";
import {
  checkReading,
  DEFAULT_LIMITS,
  groupOfField,
  plausibilityLimits,
  readingOf,
} from "../../../shared/bills/plausibility.ts";

import { billItem as bill, TYPICAL as typical } from "../../support/bill_reading.ts";

const gate = (item: unknown, addressState = "FL") =>
  checkReading({
    reading: readingOf(item),
    addressState,
    limits: DEFAULT_LIMITS,
    now: new Date("2026-01-10T00:00:00Z"),
  });
const codes = (item: unknown, addressState?: string) => gate(item, addressState).checks.map((c) => c.code);

Deno.test("a sound reading passes every check", () => {
  assert.deepEqual(gate(bill()), { checks: [], needsConfirmation: [] });
});

Deno.test("the Duke Energy Florida misreading of issue 11 is caught: a meter reading taken for a month, a correspondence box for the name", () => {
  const r = gate(
    bill({ name: "Correspond With Duke Energy (not for payment)", values: [27415, ...typical.slice(1)] }),
  );
  assert.deepEqual(r.checks.map((c) => c.code), [
    "name_not_a_person",
    "month_usage_out_of_range",
    "monthly_shape",
  ]);
  assert.deepEqual(r.needsConfirmation, ["name", "usage"]);
  // 304,611 kWh a year, extrapolated from it
  assert.ok(codes(bill({ values: Array(12).fill(25384) })).includes("annual_usage_out_of_range"));
});

Deno.test("names that are a phrase of the bill's own text", () => {
  for (
    const name of [
      "Direct Payment Plan",
      "www.mvea.coop",
      "https://duke-energy.com/pay",
      "Customer Service",
      "PO BOX 1090",
      "Duke Energy",
      "Powercon Corp",
      "Acme Holdings Ltd",
      // QA pass 9: a public body's account ("Hi City," in its report email)
      "CITY OF BUFFALO",
      "County of Erie",
      "Village of Akron",
      // QA pass 11: the National Grid statement's "Town Of Halfmoon" greeted as "Hi Town,"
      "Town Of Halfmoon",
    ]
  ) {
    assert.deepEqual(codes(bill({ name, utility: "Duke Energy" })), ["name_not_a_person"], name);
  }
  for (
    const name of [
      "Grace Hopper",
      "MARIA DE LA CRUZ",
      "Sean O'Brien",
      "Kim",
      "Ana-Lucia Reyes",
      "Leo Townsend",
      "Ada Towne",
    ]
  ) {
    assert.deepEqual(codes(bill({ name })), [], name);
  }
  assert.deepEqual(
    codes(bill({ name: "" })),
    [],
    "an empty name is for the homeowner to fill in, not a failed check",
  );
});

Deno.test("usage bounds and shape", () => {
  assert.deepEqual(codes(bill({ values: Array(12).fill(50) })), ["annual_usage_out_of_range"]);
  assert.deepEqual(codes(bill({ values: Array(12).fill(4500) })), ["annual_usage_out_of_range"]);
  assert.deepEqual(codes(bill({ values: [...typical.slice(0, 11), 6000] })), ["monthly_shape"]);
  // a short history is judged by its mean month
  assert.deepEqual(codes(bill({ values: [900, 1000] })), []);
});

Deno.test("supply rate within 2–60 ¢/kWh (a sales-tax percentage is not a rate)", () => {
  assert.deepEqual(codes(bill({ rate: "7.5" })), ["supply_rate_out_of_range"]);
  assert.deepEqual(codes(bill({ rate: "0.009" })), ["supply_rate_out_of_range"]);
  assert.deepEqual(codes(bill({ rate: "0.59" })), []);
  assert.deepEqual(codes(bill({ rate: "" })), []);
  assert.ok(
    gate(bill({ rate: "7.5" })).checks[0].quality,
    "a doubt about the reading, lifted when the usage is corrected",
  );
});

Deno.test("dates: period end ≤ statement date ≤ due date, not in the future", () => {
  assert.deepEqual(codes(bill({ end: "2025-12-20", stated: "2025-12-05" })), ["dates_incoherent"]);
  assert.deepEqual(codes(bill({ stated: "2025-12-30", due: "2025-12-28" })), ["dates_incoherent"]);
  assert.deepEqual(codes(bill({ end: "2026-03-01", stated: "2026-03-03", due: "2026-03-25" })), [
    "date_in_future",
  ]);
  assert.deepEqual(codes(bill({ stated: "" })), [], "a missing date is not a contradiction");
});

Deno.test("the bill's service state must be the home's state", () => {
  const r = gate(bill({ state: "NC" }), "FL");
  assert.deepEqual(r.checks.map((c) => [c.code, c.group]), [["state_mismatch", "address"]]);
  assert.match(r.checks[0].message, /NC.*FL/);
});

Deno.test("the reader's confidence: low means confirm, absent means unknown (not low)", () => {
  const r = gate(
    bill({
      confidence: {
        customerName: 0.3,
        "customerInformation.serviceAddress.zip": 0.9,
        utilityProviderName: 0.2,
        usageByMonth: 0.95,
      },
    }),
  );
  assert.deepEqual(r.checks.map((c) => [c.code, c.field, c.group]), [[
    "low_confidence",
    "customerName",
    "name",
  ], ["low_confidence", "utilityProviderName", "utility"]]);
  // QA pass 9: the partner's "New lead" email read "the reader is unsure of marketState (confidence 0.55)"
  assert.deepEqual(r.checks.map((c) => c.message), [
    "the reader is unsure of the name on the bill (confidence 30%)",
    "the reader is unsure of the utility's name (confidence 20%)",
  ]);
  assert.deepEqual(
    gate(bill({ confidence: { marketState: 0.55, "customerInformation.serviceAddress.zip": 0.4 } })).checks
      .map((
        c,
      ) => c.message),
    [
      "the reader is unsure of the state (confidence 55%)",
      "the reader is unsure of the ZIP code of the service address (confidence 40%)",
    ],
  );
  assert.deepEqual(gate(bill({ confidence: {} })).checks, []);
  assert.equal(groupOfField("billingInformation.utilityProviderName"), "utility");
  assert.equal(groupOfField("electricityUsage.marketState"), "address");
  assert.equal(groupOfField("accountNumber"), null);
});

Deno.test("limits come from the environment (an EnvSource), and an unusable value is a ConfigError", () => {
  const l = plausibilityLimits(
    new Map([["READING_ANNUAL_KWH_MAX", "80000"], ["READING_MIN_CONFIDENCE", "0.8"]]),
  );
  assert.equal(l.annualKwhMax, 80000);
  assert.equal(l.minConfidence, 0.8);
  assert.equal(l.rateMaxCents, 60);
  assert.deepEqual(
    checkReading({ reading: readingOf(bill({ values: Array(12).fill(5500) })), limits: l }).checks.map((
      c,
    ) => c.code),
    [],
  );
  for (const [name, value] of [["READING_RATE_MAX_CENTS", "lots"], ["READING_ANNUAL_KWH_MIN", "90000"]]) {
    assert.throws(
      () => plausibilityLimits(new Map([[name, value]])),
      (e: unknown) => e instanceof ConfigError && e.variable === name,
    );
  }
});

Deno.test("the bill's utility is the one chosen for the home: another utility must be confirmed, another spelling of it need not", () => {
  const withChoice = (utility: string, chosenUtility?: string) =>
    checkReading({
      reading: readingOf(bill({ utility, state: "MD", city: "Baltimore", zip: "21201" })),
      addressState: "MD",
      chosenUtility,
      limits: DEFAULT_LIMITS,
      now: new Date("2026-01-10T00:00:00Z"),
    });
  const other = withChoice("Potomac Edison", "Baltimore Gas and Electric Company");
  assert.deepEqual(other.checks.map((c) => [c.code, c.group]), [["utility_mismatch", "utility"]]);
  assert.match(other.checks[0].message, /Potomac Edison.*Baltimore Gas and Electric Company/);
  assert.deepEqual(other.needsConfirmation, ["utility"]);
  for (
    const [read, chosen] of [
      ["BGE", "Baltimore Gas and Electric Company"],
      ["Baltimore Gas & Electric Co.", "Baltimore Gas and Electric"],
      ["THE POTOMAC EDISON COMPANY", "Potomac Edison"],
    ]
  ) {
    assert.deepEqual(withChoice(read, chosen).checks, [], `${read} = ${chosen}`);
  }
  // Texas: the bill is the retail provider's, the list names the wires company
  const inTexas = (utility: string, city: string, zip: string, chosenUtility: string) =>
    checkReading({
      reading: readingOf(bill({ utility, state: "TX", city, zip })),
      addressState: "TX",
      chosenUtility,
      limits: DEFAULT_LIMITS,
      now: new Date("2026-01-10T00:00:00Z"),
    });
  assert.deepEqual(inTexas("TXU Energy", "Dallas", "75201", "Oncor Electric Delivery").checks, []);
  // QA pass 9: a Texas city's or co-op's homes get the utility's own bill: another utility's bill is a mismatch there
  const austin = inTexas("Florida Power & Light", "Austin", "78701", "Austin Energy");
  assert.deepEqual(austin.checks.map((c) => c.code), ["utility_mismatch"]);
  for (
    const wires of [
      "CenterPoint Energy Houston Electric",
      "AEP Texas Central Company",
      "Texas-New Mexico Power Company",
    ]
  ) {
    assert.deepEqual(inTexas("Reliant Energy", "Houston", "77002", wires).checks, [], wires);
  }
  // nothing chosen (an API caller without a provider) or nothing read: nothing to compare
  assert.deepEqual(withChoice("Potomac Edison").checks, []);
  assert.deepEqual(withChoice("", "Potomac Edison").checks, []);
});

Deno.test("the month checks name the largest month the bill gave, not an estimate (QA pass 11)", () => {
  // BGE 2021-02 (a business account): July 2020 filled from the seasonal pattern is the largest month; the bill's own
  // largest is October's 500,000 kWh, the one the homeowner can check.
  const usageByMonth = [528_431, 400_000, 500_000, 415_000, 425_000, 425_000, 403_601].map((value, i) => ({
    month: i + 1,
    year: 2020,
    value,
    ...(i === 0 ? { estimated: true } : {}),
  }));
  const r = checkReading({
    reading: readingOf({ electricityUsage: { usageByMonth } }),
    limits: DEFAULT_LIMITS,
  });
  const month = r.checks.find((c) => c.code === "month_usage_out_of_range");
  assert.match(month?.message ?? "", /^a month of 500,000 kWh is more than a home uses/);
  // Every month estimated: the largest of them.
  const all = checkReading({
    reading: readingOf({
      electricityUsage: { usageByMonth: usageByMonth.map((m) => ({ ...m, estimated: true })) },
    }),
    limits: DEFAULT_LIMITS,
  });
  assert.match(all.checks.find((c) => c.code === "month_usage_out_of_range")?.message ?? "", /528,431 kWh/);
});
