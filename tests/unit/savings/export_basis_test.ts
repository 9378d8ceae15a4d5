// The export rule named in the basis stored with a report, which the partner's "New lead" email repeats (rates19):
// before, only a utility's own rule was named; a state's row, the generic row and a state rule set aside for a
// cooperative said nothing, and a utility's rule set aside for another utility's bill said "Texas's rules used"
// without saying what they are.
import assert from "node:assert/strict";
import { genericProgram, texas } from "./fixtures.ts";
import { exportBasisWords } from "../../../shared/savings/export_basis.ts";
import { withProgrammeScope } from "../../../shared/savings/programme_scope.ts";
import { exportRuleFor, withUtilityExport } from "../../../shared/savings/utility_export.ts";

const ky = genericProgram({
  state: "KY",
  isGeneric: false,
  netMetering: "net_billing",
  exportCreditRatio: 0.55,
  netting: "monthly",
  scope: "investor_owned",
});
const ut = genericProgram({
  state: "UT",
  isGeneric: false,
  netMetering: "net_billing",
  exportCreditRatio: 0.45,
});
const pa = genericProgram({ state: "PA", isGeneric: false, netMetering: "retail", exportCreditRatio: 1 });

Deno.test("export basis: the state's row, the generic row, and a rule set aside each say whose rule and how it credits", () => {
  assert.equal(
    exportBasisWords(ky, "Kentucky"),
    "Kentucky's export rule: use and production netted within each billing month at the retail rate, a month's excess credited at about 55% of it",
  );
  assert.equal(
    exportBasisWords(ut, "Utah"),
    "Utah's export rule: exports credited at about 45% of the retail rate",
  );
  assert.equal(
    exportBasisWords(pa, "Pennsylvania"),
    "Pennsylvania's export rule: exports credited at the full retail rate",
  );
  assert.equal(
    exportBasisWords(genericProgram({ state: "MO" }), "Missouri"),
    "no export rule of Missouri on file; exports credited at the full retail rate, assumed",
  );
  assert.equal(
    exportBasisWords(texas, "Texas"),
    "no statewide export rule in Texas; exports credited at about 50% of the retail rate, assumed",
  );
  assert.equal(
    exportBasisWords(withProgrammeScope(ky, "Blue Grass Energy Cooperative", "Cooperative"), "Kentucky"),
    "Kentucky's export rule not applied: it is its investor-owned utilities', and Blue Grass Energy Cooperative is a cooperative that sets its own, not on file; exports credited at the full retail rate, assumed",
  );
});

Deno.test("export basis: a utility's own rule, and the state's rule named when that rule is set aside", () => {
  const own = exportRuleFor("Austin Energy", undefined, "TX");
  assert.equal(
    exportBasisWords(withUtilityExport(texas, own.rule, 0.1446), "Texas"),
    "all solar production credited at Austin Energy's Value of Solar rate, 9.91 ¢/kWh (since 2023-03-01)",
  );
  const fpl = exportRuleFor("Austin Energy", "Florida Power & Light", "TX");
  assert.ok(fpl.setAside);
  assert.equal(
    exportBasisWords({ ...texas, utilityRuleSetAside: fpl.setAside }, "Texas"),
    `Austin Energy's Value of Solar rate not applied: the bill is from ${fpl.setAside.bill}, the home's utility is Austin Energy; no statewide export rule in Texas; exports credited at about 50% of the retail rate, assumed`,
  );
});
