// A utility whose export rule differs from its state's (issue #11 §3, QA pass 12): Austin Energy credits all of a
// customer's solar production at its Value of Solar rate (9.91 ¢/kWh since 2023-03-01, austinenergy.com), while the
// Texas paragraph said "credited, we assume, at about 50% of the retail rate" for its customers too.
import assert from "node:assert/strict";
import { parse } from "csv-parse/sync";
import {
  UTILITY_EXPORT_RULES,
  utilityExportRule,
  withUtilityExport,
} from "../../../shared/savings/utility_export.ts";
import { validateReport } from "../../../shared/savings/report/schema.ts";
import { flatYearReport, genericProgram, texas } from "./fixtures.ts";

Deno.test("the rules in code are the rows of data/reference/utility_export_programs.csv, each dated and sourced", async () => {
  const rows = parse(
    await Deno.readTextFile(new URL("../../../data/reference/utility_export_programs.csv", import.meta.url)),
    { columns: true, skip_empty_lines: true },
  ) as Record<string, string>[];
  assert.deepEqual(
    UTILITY_EXPORT_RULES.map((r) => ({ ...r })),
    rows.map((r) => ({
      utility: r.utility,
      names: r.names.split(";"),
      eiaid: Number(r.eiaid),
      state: r.state,
      rule: r.rule,
      rateName: r.rate_name,
      creditUsdPerKwh: Number(r.credit_usd_per_kwh),
      shareOfProduction: r.share_of_production === "" ? null : Number(r.share_of_production),
      nonbypassableUsdPerKwh: Number(r.nonbypassable_usd_per_kwh),
      effective: r.effective,
      retrieved: r.retrieved,
      source: r.source,
    })),
  );
  for (const r of UTILITY_EXPORT_RULES) {
    assert.match(r.effective, /^\d{4}-\d{2}-\d{2}$/);
    assert.match(r.source, /https:\/\//, `${r.utility}: a source to cite`);
  }
});

Deno.test("the rule applies to the utility's own homes only: its name in the home's state", () => {
  assert.equal(utilityExportRule("Austin Energy", "TX")?.creditUsdPerKwh, 0.0991);
  assert.equal(utilityExportRule("  austin energy ", "tx")?.utility, "Austin Energy");
  assert.equal(utilityExportRule("Oncor Electric Delivery Company", "TX"), null);
  assert.equal(utilityExportRule("Austin Energy", "MN"), null, "another state's namesake");
  assert.equal(utilityExportRule("City of Austin", "MN"), null);
  assert.equal(utilityExportRule(null, "TX"), null);
  assert.equal(utilityExportRule("Sacramento Municipal Util Dist", "CA")?.creditUsdPerKwh, 0.074);
  assert.equal(utilityExportRule("Pacific Gas & Electric Co", "CA"), null);
});

Deno.test("an Austin Energy home's savings and report follow the Value of Solar rule, not Texas's assumed 50%", async () => {
  const rate = 0.1446;
  const austin = withUtilityExport(texas, utilityExportRule("Austin Energy", "TX"), rate);
  assert.equal(austin.netMetering, "utility_rule");
  assert.equal(austin.exportShare, 1);
  assert.ok(Math.abs(austin.exportCreditRatio - 0.0991 / rate) < 1e-9);
  assert.equal(
    withUtilityExport(texas, null, rate),
    texas,
    "another utility's home keeps the state's program",
  );
  const home = { rate, monthlyKwh: 1100, stateName: "Texas", address: "1100 Congress Ave, Austin, TX 78701" };
  const { figures: f, report, text } = await flatYearReport(austin, home);
  const { figures: t } = await flatYearReport(texas, home);
  // every kWh the system offsets is credited at 9.91 ¢ in year 1: the savings are that, not retail less half the gap
  const offsetKwh = Math.min(f.annualProductionKwh, f.annualKwh);
  assert.ok(
    Math.abs(f.netAnnualSavings - offsetKwh * 0.0991) < 1,
    `${f.netAnnualSavings} vs ${offsetKwh * 0.0991}`,
  );
  assert.notEqual(Math.round(f.netAnnualSavings), Math.round(t.netAnnualSavings));
  assert.ok(validateReport(report).ok, JSON.stringify(validateReport(report)));
  assert.ok(
    text.includes(
      "Austin Energy credits all the solar energy your panels produce at its Value of Solar rate, 9.91 ¢/kWh (about 69% of the retail rate; in effect since March 1, 2023), and bills all the electricity you use",
    ),
    text,
  );
  assert.ok(text.includes("The savings above already take Austin Energy's rules into account"), text);
  assert.ok(text.includes("Source: Austin Energy, Value of Solar Rate (austinenergy.com)."), text);
  assert.equal(text.split("9.91 ¢/kWh").length - 1, 1, "the rate said once in the paragraph");
  assert.ok(
    !/we assume|no statewide/.test(text),
    "Texas's generic paragraph is not said to Austin Energy's homes",
  );
  assert.match(
    text,
    /<strong>Solar credits:<\/strong> Austin Energy credits your solar production at its Value of Solar rate/,
  );
});

Deno.test("a SMUD home: exports bought at the Solar and Storage Rate, no CPUC non-bypassable charge", async () => {
  const rate = 0.2;
  const california = genericProgram({
    state: "CA",
    isGeneric: false,
    netMetering: "net_billing",
    exportCreditRatio: 0.25,
    nonbypassableUsdPerKwh: 0.025,
  });
  const smud = withUtilityExport(california, utilityExportRule("SMUD", "CA"), rate);
  assert.equal(smud.exportShare, undefined, "the model's exported share");
  assert.equal(smud.nonbypassableUsdPerKwh, 0);
  assert.ok(Math.abs(smud.exportCreditRatio - 0.37) < 1e-9);
  const { figures: f, text } = await flatYearReport(smud, {
    rate,
    monthlyKwh: 700,
    stateName: "California",
    address: "915 I St, Sacramento, CA 95814",
    customerName: "Lee Park",
  });
  assert.equal(f.programCharges.nonbypassable, 0);
  assert.ok(
    text.includes(
      "Sacramento Municipal Utility District buys the solar energy you export (about 50% of it, we count) at its Solar and Storage Rate, 7.40 ¢/kWh (about 37% of the retail rate; in effect since March 1, 2022), whatever the hour",
    ),
    text,
  );
  assert.ok(!text.includes("non-bypassable charges still apply"), "no CPUC charge for a SMUD home");
});

// QA pass 14: an Atlanta (Georgia Power) report said "the figures assume credits at the retail rate"; Georgia Power
// credits exports under its RNR tariff at the Solar Avoided Cost rate plus the PSC's 4 ¢ adder (7.22 ¢/kWh in 2026).
Deno.test("a Georgia Power home: exports credited at the RNR export credit, not at the retail rate", async () => {
  const rate = 0.1414;
  const rule = utilityExportRule("Georgia Power Company", "GA");
  assert.equal(rule?.creditUsdPerKwh, 0.0722);
  assert.equal(utilityExportRule("Georgia Power", "GA"), rule, "the bill's brand names the same rule");
  assert.equal(
    utilityExportRule("Cobb Electric Membership Corporation", "GA"),
    null,
    "an EMC's homes: not its rule",
  );
  const georgia = genericProgram({ state: "GA" });
  const gp = withUtilityExport(georgia, rule, rate);
  assert.equal(gp.netMetering, "utility_rule");
  assert.ok(Math.abs(gp.exportCreditRatio - 0.0722 / rate) < 1e-9);
  const home = {
    rate,
    monthlyKwh: 900,
    stateName: "Georgia",
    address: "55 Trinity Ave SW, Atlanta, GA 30303",
  };
  const { figures: f, text } = await flatYearReport(gp, home);
  const { figures: generic, text: genericText } = await flatYearReport(georgia, home);
  assert.ok(
    genericText.includes("the figures assume credits at the retail rate"),
    "the state's generic paragraph",
  );
  assert.ok(f.netAnnualSavings < generic.netAnnualSavings, "exports credited below retail save less");
  assert.ok(
    text.includes(
      "Georgia Power buys the solar energy you export (about 50% of it, we count) at its RNR export credit, 7.22 ¢/kWh (about 51% of the retail rate; in effect since January 1, 2026), whatever the hour",
    ),
    text,
  );
  assert.ok(!text.includes("the figures assume credits at the retail rate"), "no retail-credit assumption");
});
