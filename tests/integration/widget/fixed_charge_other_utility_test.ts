// The fixed charge of a widget report is the home's utility's (QA pass 11): an Austin Energy home whose homeowner
// confirmed a Florida Power & Light bill got the FPL bill's $8.34 a month in every cost (QA pass 10). Another
// utility's (or state's) bill gives no fixed charge, and the report says why; the home's own utility's bill gives it.
import assert from "node:assert/strict";
import { leadReport, widgetEnv } from "./helpers.ts";
import { MONTHS } from "../../../shared/format.ts";
import type { SavingsFigures } from "../../../shared/savings/calculate.ts";

const austin = { line1: "1100 Congress Ave", city: "Austin", state: "TX", zip: "78701" };
const usage = MONTHS.map((month) => ({ month, year: 2025, value: 1_100, unit: "kWh" }));
const bill = (utility: string, state: string) => ({
  billingInformation: { utilityProviderName: utility },
  electricityUsage: { usageByMonth: usage, fixedMonthlyCharge: 8.34, marketState: state },
});

Deno.test("process-widget-savings-info: another utility's bill gives the report no fixed charge, the home's utility's does", async () => {
  const e = await widgetEnv();
  try {
    const run = async (key: string, item: unknown, confirmed: string[]) => {
      const { row, text } = await leadReport(e, key, austin, "Austin Energy", { bill: item, confirmed });
      return { figures: row.figures as SavingsFigures, text };
    };
    const fpl = await run("fixed-fpl", bill("Florida Power & Light", "FL"), ["utility", "address"]);
    assert.equal(fpl.figures.fixedChargeMonthly, null, "FPL's $8.34 is not Austin Energy's charge");
    assert.ok(fpl.figures.flags.includes("fixed_charge_other_utility"), fpl.figures.flags.join());
    assert.doesNotMatch(fpl.text, /\$8\.34/);
    assert.match(fpl.text, /your bill, from another utility, cannot tell/);
    // ... nor its export rule the home's (QA pass 13): Texas's rules, and the report says why
    assert.doesNotMatch(fpl.text, /9\.91/);
    assert.match(
      fpl.text,
      /Austin Energy, the utility chosen for your home, credits solar under its own Value of Solar/,
    );

    const own = await run("fixed-own", bill("Austin Energy", "TX"), []);
    assert.equal(own.figures.fixedChargeMonthly, 8.34, "the home's utility's bill gives its charge");
    assert.ok(!own.figures.flags.includes("fixed_charge_other_utility"));
    assert.match(own.text, /fixed charge of \$8\.34 a month/);
    assert.match(own.text, /Value of Solar rate, 9\.91 ¢\/kWh/, "the home's utility's bill: its own rule");
  } finally {
    await e.close();
  }
});
