import { strict as assert } from "node:assert";
import { retailBillRate } from "../../../shared/widget/bill_rate.ts";
import type { ReadingReview } from "../../../shared/widget/reading.ts";

const LIMITS = { rateMinCents: 2, rateMaxCents: 60 };

// The figures of a Reliant bill for a Houston home (tests/fixtures/bills/synthetic/reliant-03.pdf): $129.63 due, no
// previous balance, a $10.95 base charge, 736 kWh at an energy charge of 7.38 ¢ plus CenterPoint's delivery.
function bill(
  over: { due?: string; past?: string; base?: number | null; kwh?: string[]; energy?: string } = {},
) {
  return {
    billingInformation: {
      utilityProviderName: "Reliant Energy",
      amountDue: over.due ?? "129.63",
      pastDue: over.past ?? "0.00",
    },
    electricityUsage: {
      meters: (over.kwh ?? ["736"]).map((usageKwh) => ({ usageKwh })),
      supplyRatePerKwh: over.energy ?? "0.0738",
      fixedMonthlyCharge: over.base === undefined ? 10.95 : over.base,
    },
  };
}

function review(state = "TX", checks: string[] = []): ReadingReview {
  return {
    transactionId: null,
    read: {
      customerName: "",
      serviceAddress: { line1: "", line2: "", city: "HOUSTON", state, zip: "" },
      utilityProviderName: "Reliant Energy",
      usageByMonth: [],
      supplyRatePerKwh: "0.0738",
      marketState: state,
      billingPeriodEnd: "",
      invoiceDate: "",
      dueDate: "",
      annualKwh: 10_000,
    },
    checks: checks.map((code) => ({ code, field: "x", group: "utility", message: code })),
    needsConfirmation: [],
    unconfirmed: [],
    corrections: {},
    confirmed: [],
  } as unknown as ReadingReview;
}

const HOUSTON = { state: "TX", chosenUtility: "CenterPoint Energy" };

Deno.test("retailBillRate: a retail provider's bill in a retail-choice area gives the home's own rate", () => {
  // (129.63 - 10.95) / 736 kWh: energy, delivery, fees and taxes, not the base charge
  assert.equal(retailBillRate(bill(), review(), HOUSTON, LIMITS), 0.16125);
  // an Oncor home, the same way; the amount as money
  assert.equal(
    retailBillRate(bill({ due: "$1,129.63", past: "1,000.00" }), review(), {
      state: "tx",
      chosenUtility: "Oncor Electric Delivery Company",
    }, LIMITS),
    0.16125,
  );
  // two meters: the kWh of both
  assert.equal(retailBillRate(bill({ kwh: ["368", "368"] }), review(), HOUSTON, LIMITS), 0.16125);
});

Deno.test("retailBillRate: elsewhere, and for figures that do not hold together, none (the average stays)", () => {
  // not a retail-choice home: a Texas city utility, another state's utility, no utility chosen
  assert.equal(
    retailBillRate(bill(), review(), { state: "TX", chosenUtility: "Austin Energy" }, LIMITS),
    undefined,
  );
  assert.equal(
    retailBillRate(bill(), review("AZ"), { state: "AZ", chosenUtility: "APS" }, LIMITS),
    undefined,
  );
  assert.equal(retailBillRate(bill(), review(), { state: "TX", chosenUtility: null }, LIMITS), undefined);
  // another state's bill, or one the gate found to be another utility's
  assert.equal(retailBillRate(bill(), review("OK"), HOUSTON, LIMITS), undefined);
  assert.equal(retailBillRate(bill(), review("TX", ["utility_mismatch"]), HOUSTON, LIMITS), undefined);
  // no bill, no base charge read (the rate would carry it), no kWh, no amount, a credit
  assert.equal(retailBillRate(null, review(), HOUSTON, LIMITS), undefined);
  assert.equal(retailBillRate(bill({ base: null }), review(), HOUSTON, LIMITS), undefined);
  assert.equal(retailBillRate(bill({ kwh: [] }), review(), HOUSTON, LIMITS), undefined);
  assert.equal(retailBillRate(bill({ kwh: [""] }), review(), HOUSTON, LIMITS), undefined);
  assert.equal(retailBillRate(bill({ due: "" }), review(), HOUSTON, LIMITS), undefined);
  assert.equal(retailBillRate(bill({ due: "-58.79" }), review(), HOUSTON, LIMITS), undefined);
  // the previous balance is not this bill's charges: TXU's $42.58 due with $35.66 of it carried over, 1,196 kWh
  assert.equal(
    retailBillRate(
      bill({ due: "42.58", past: "35.66", base: 5.95, kwh: ["1196"], energy: "0.0115" }),
      review(),
      HOUSTON,
      LIMITS,
    ),
    undefined,
  );
  // below the plan's own energy charge (the rate includes it), or outside the gate's band
  assert.equal(retailBillRate(bill({ energy: "0.18" }), review(), HOUSTON, LIMITS), undefined);
  assert.equal(retailBillRate(bill({ due: "600" }), review(), HOUSTON, LIMITS), undefined);
});
