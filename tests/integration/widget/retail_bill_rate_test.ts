// A Texas home on a wires company (CenterPoint) with its retail provider's bill (Reliant): the bill is the home's own,
// so the report uses its rate and base charge and calls them the electricity provider's (QA pass 16: the Texas
// average of 14.46 ¢ and "your utility's fixed charge"). An Austin Energy home keeps its utility's estimated rate.
import assert from "node:assert/strict";
import { leadReport, widgetEnv } from "./helpers.ts";
import { MONTHS } from "../../../shared/format.ts";
import type { SavingsFigures } from "../../../shared/savings/calculate.ts";

const usage = MONTHS.map((month) => ({ month, year: 2025, value: 900, unit: "kWh" }));
// tests/fixtures/bills/synthetic/reliant-03.pdf's figures: $129.63 due, $10.95 base charge, 736 kWh at 7.38 ¢ energy
const bill = (utility: string) => ({
  billingInformation: { utilityProviderName: utility, amountDue: "129.63", pastDue: "0.00" },
  electricityUsage: {
    usageByMonth: usage,
    meters: [{ meterNumber: "M958437811", usageKwh: "736" }],
    supplyRatePerKwh: "0.0738",
    fixedMonthlyCharge: 10.95,
    marketState: "TX",
  },
});

Deno.test("process-widget-savings-info: a retail provider's bill in a retail-choice area gives the home's rate", async () => {
  const e = await widgetEnv();
  try {
    const run = async (key: string, home: Record<string, string>, utility: string, item: unknown) => {
      const { row, text } = await leadReport(e, key, home, utility, { bill: item });
      return { figures: row.figures as SavingsFigures, text };
    };
    const houston = { line1: "9680 Elm St", city: "Houston", state: "TX", zip: "77019" };
    const reliant = await run("retail-reliant", houston, "CenterPoint Energy", bill("Reliant Energy"));
    assert.equal(reliant.figures.ratePerKwh, 0.16125, "(129.63 - 10.95) / 736 kWh");
    assert.equal(reliant.figures.fixedChargeMonthly, 10.95);
    assert.ok(reliant.figures.flags.includes("retail_choice"), reliant.figures.flags.join());
    assert.match(reliant.text, /At your electricity rate of 16\.13 ¢\/kWh/);
    assert.match(
      reliant.text,
      /These costs include your electricity provider's fixed charge of \$10\.95 a month/,
    );
    assert.doesNotMatch(reliant.text, /utility's fixed/);

    const austin = { line1: "1100 Congress Ave", city: "Austin", state: "TX", zip: "78701" };
    const own = await run("retail-austin", austin, "Austin Energy", bill("Austin Energy"));
    assert.notEqual(own.figures.ratePerKwh, 0.16125, "not a retail-choice home: its utility's rate");
    assert.ok(!own.figures.flags.includes("retail_choice"));
    assert.match(own.text, /your utility's fixed charge of \$10\.95 a month/);
  } finally {
    await e.close();
  }
});
