// The export rule follows the utility whose usage the report rests on (QA pass 12: an Austin home whose confirmed
// bill was Florida Power & Light's got Austin Energy's Value of Solar rule). With another utility's bill, neither
// utility's own rule is applied: the state's is, and the report says why.
import assert from "node:assert/strict";
import { exportRuleFor, withUtilityExport } from "../../../shared/savings/utility_export.ts";
import { validateReport } from "../../../shared/savings/report/schema.ts";
import { otherBillUtility } from "../../../shared/widget/fixed_charge.ts";
import type { ReadingReview } from "../../../shared/widget/reading.ts";
import { flatYearReport, texas } from "./fixtures.ts";
import { reportPrompt } from "../../../shared/savings/report/gemini.ts";

Deno.test("exportRuleFor: the chosen utility's rule unless the bill is another utility's", () => {
  assert.equal(
    exportRuleFor("Austin Energy", undefined, "TX").rule?.utility,
    "Austin Energy",
    "no other bill",
  );
  const fpl = exportRuleFor("Austin Energy", "FLORIDA POWER & LIGHT COMPANY", "TX");
  assert.equal(fpl.rule, null, "another utility's bill: the state's rule");
  assert.equal(fpl.setAside?.rule.utility, "Austin Energy");
  assert.equal(fpl.setAside?.ofChosen, true);
  // the bill's utility has the rule, the home's chosen one has not: not applied either, said
  const smudBill = exportRuleFor("Pacific Gas & Electric Co", "SMUD", "CA");
  assert.equal(smudBill.rule, null);
  assert.deepEqual([smudBill.setAside?.rule.utility, smudBill.setAside?.ofChosen], [
    "Sacramento Municipal Utility District",
    false,
  ]);
  // two names of one rule's utility agree
  assert.equal(exportRuleFor("SMUD", "Sacramento Municipal Util Dist", "CA").rule?.eiaid, 16534);
  // neither has a rule of its own: nothing to set aside
  assert.deepEqual(exportRuleFor("Oncor", "CenterPoint Energy", "TX"), { rule: null, setAside: null });
});

Deno.test("an Austin home on an FPL bill: Texas's rules, and a sentence saying why Austin Energy's is not applied", async () => {
  const rate = 0.1446;
  const { rule, setAside } = exportRuleFor("Austin Energy", "Florida Power & Light", "TX");
  const program = { ...withUtilityExport(texas, rule, rate), utilityRuleSetAside: setAside! };
  assert.equal(program.netMetering, "none");
  const { report, text } = await flatYearReport(program, {
    rate,
    monthlyKwh: 1100,
    stateName: "Texas",
    address: "1100 Congress Ave, Austin, TX 78701",
  });
  assert.ok(validateReport(report).ok, JSON.stringify(validateReport(report)));
  assert.ok(!text.includes("9.91"), "Austin Energy's rate is not applied");
  assert.ok(
    text.includes(
      "Austin Energy, the utility chosen for your home, credits solar under its own Value of Solar rate, but the usage here comes from a bill of Florida Power &amp; Light, another utility: this estimate applies Texas's general rules instead.",
    ),
    text,
  );
});

Deno.test("otherBillUtility: the bill's utility only when the gate found it another than the home's", () => {
  const review = (checks: string[], corrected?: string) =>
    ({
      transactionId: "t",
      read: { utilityProviderName: "FLORIDA POWER & LIGHT" },
      checks: checks.map((code) => ({ code, group: "utility", field: "utilityProviderName", message: "" })),
      needsConfirmation: [],
      unconfirmed: [],
      corrections: corrected ? { utility: { read: "FLORIDA POWER & LIGHT", corrected } } : {},
      confirmed: ["utility"],
    }) as unknown as ReadingReview;
  assert.equal(otherBillUtility(review(["utility_mismatch"])), "FLORIDA POWER & LIGHT");
  assert.equal(otherBillUtility(review(["utility_mismatch"], "Duke Energy")), "Duke Energy");
  assert.equal(otherBillUtility(review(["state_mismatch"])), undefined, "the same utility");
  assert.equal(otherBillUtility(review([])), undefined);
});

Deno.test("the model writer is told which utility's rule is not applied, and why", async () => {
  const { rule, setAside } = exportRuleFor("Austin Energy", "Florida Power & Light", "TX");
  const program = { ...withUtilityExport(texas, rule, 0.1446), utilityRuleSetAside: setAside! };
  const address = "1100 Congress Ave, Austin, TX 78701";
  const { figures } = await flatYearReport(program, {
    rate: 0.1446,
    monthlyKwh: 1100,
    stateName: "Texas",
    address,
  });
  const { text } = reportPrompt({
    customerName: "Ana Ruiz",
    state: "TX",
    stateName: "Texas",
    address,
    figures,
    program,
    rateSource: "EIA",
    costSource: "ES",
    costIsNationalFallback: true,
  });
  const data = JSON.parse(text.slice(text.indexOf("{")));
  assert.equal(data.stateProgrammes.utilityExportRule, undefined);
  assert.deepEqual(
    [
      data.stateProgrammes.utilityExportRuleNotApplied.utility,
      data.stateProgrammes.utilityExportRuleNotApplied.utilityOfBill,
    ],
    ["Austin Energy", "Florida Power & Light"],
  );
});
