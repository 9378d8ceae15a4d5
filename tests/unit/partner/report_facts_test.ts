// The console's lead page says why a report offers no system instead of "$0" savings and cost.
import assert from "node:assert/strict";
import { reportCell, reportFacts } from "../../../console/src/report_facts.ts";

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

Deno.test("the console's report facts say the size and the credit as the widget and the email do (QA5)", () => {
  const facts = (federalCredit?: number) =>
    Object.fromEntries(
      reportFacts({ systemKw: 8, netAnnualSavings: 1504, netCost: 15920, paybackYears: 9.4, federalCredit }),
    );
  assert.equal(facts(0).System, "8.0 kW");
  assert.equal(facts(0)["Net cost (no federal credit)"], "$15,920");
  assert.equal(facts(6822)["Net cost after the federal tax credit"], "$15,920");
  assert.equal(facts()["Net cost"], "$15,920", "an older report without the credit figure");
});

// QA pass 18: the leads list's Report column said "Yes"; which homes are worth a call first was a click away.
Deno.test("the leads list gives each report's system and first-year savings", () => {
  assert.equal(
    reportCell({ has_report: true, system_kw: 10.4, annual_savings: 2179.24 }),
    "10.4 kW · $2,179 first year",
  );
  assert.equal(reportCell({ has_report: true, system_kw: 8, annual_savings: null }), "8.0 kW");
  assert.equal(reportCell({ has_report: true, system_kw: 0, annual_savings: 0 }), "No system offered");
  assert.equal(reportCell({ has_report: true, system_kw: null, annual_savings: null }), "No system offered");
  assert.equal(reportCell({ has_report: false, system_kw: 7.6, annual_savings: 1994 }), "—");
});
