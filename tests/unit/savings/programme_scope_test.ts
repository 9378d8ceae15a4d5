// withProgrammeScope (rates18): a row of a state's investor-owned utilities is set aside for a cooperative or a
// municipal utility only; an investor-owned or unknown utility, and a row of every utility, keep the state's rule.
import assert from "node:assert/strict";
import { parse } from "csv-parse/sync";
import { genericProgram } from "./fixtures.ts";
import { ownershipWords, withProgrammeScope } from "../../../shared/savings/programme_scope.ts";

const ky = genericProgram({
  state: "KY",
  isGeneric: false,
  netMetering: "net_billing",
  exportCreditRatio: 0.55,
  netting: "monthly",
  scope: "investor_owned",
});

Deno.test("a cooperative or city utility is not given its state's investor-owned utilities' rule", () => {
  for (const o of ["Cooperative", "Municipal", "Political Subdivision", "State"]) {
    const p = withProgrammeScope(ky, "Some Utility", o);
    assert.equal(p.netMetering, "generic", o);
    assert.equal(p.exportCreditRatio, 1, o);
    assert.equal(p.netting, "instant", o);
    assert.equal(p.isGeneric, true, o);
    assert.deepEqual(p.stateRuleSetAside, {
      utility: "Some Utility",
      ownership: ownershipWords(o),
      netMetering: "net_billing",
    });
  }
  for (const o of ["Investor Owned", null, undefined, "Retail Power Marketer"]) {
    assert.equal(withProgrammeScope(ky, "Some Utility", o), ky, String(o));
  }
  assert.equal(withProgrammeScope(ky, null, "Cooperative"), ky, "no utility chosen");
  assert.equal(withProgrammeScope({ ...ky, scope: "all" }, "X", "Cooperative").netMetering, "net_billing");
});

Deno.test("every row says whose rule it is; a below-retail row scoped to IOUs names the cooperatives' own rules", () => {
  const rows = parse(
    Deno.readTextFileSync(new URL("../../../data/reference/state_programs.csv", import.meta.url)),
    { columns: true, skip_empty_lines: true },
  ) as Record<string, string>[];
  for (const r of rows) {
    assert.match(r.scope, /^(all|investor_owned)$/, r.state);
    if (r.scope === "investor_owned") assert.match(r.source, /cooperatives/, r.state);
  }
  assert.deepEqual(
    rows.filter((r) => r.scope === "investor_owned").map((r) => r.state),
    ["AL", "CA", "IN", "KY", "NC", "OH", "PA", "UT"],
  );
});
