// The console's lead page says why a report offers no system instead of "$0" savings and cost.
import assert from "node:assert/strict";
import { reportFacts } from "../../../console/src/report_facts.ts";

Deno.test("a report without a system gives the reason, not zeros; a system's figures as before", () => {
  const none = reportFacts({
    systemKw: 0,
    netAnnualSavings: 0,
    netCost: 0,
    paybackYears: null,
    annualKwh: 1200,
    noSystemReason: "below_minimum_size",
  });
  assert.deepEqual(none, [
    ["System", "none offered: the home needs less than the 2 kW minimum"],
    ["Yearly use", "1,200 kWh"],
  ]);
  assert.ok(!JSON.stringify(none).includes("$0"), "no $0 figures");
  assert.deepEqual(reportFacts({ systemKw: 0, annualKwh: 0, noSystemReason: "roof_not_owned" })[0], [
    "System",
    "none offered: the homeowner does not own the roof",
  ]);
  assert.deepEqual(
    reportFacts({
      systemKw: 6.8,
      netAnnualSavings: 1765.2,
      netCost: 17000,
      paybackYears: 9.6,
      annualKwh: 11392,
    }),
    [
      ["System", "6.8 kW"],
      ["First-year savings", "$1,765"],
      ["Net cost", "$17,000"],
      ["Payback", "9.6 years"],
      ["Yearly use", "11,392 kWh"],
    ],
  );
});
