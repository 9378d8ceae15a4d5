import assert from "node:assert/strict";
import { htmlProblems, validateReport } from "../../../shared/report/schema.ts";
import { EmbeddedReportWriter } from "../../../shared/report/embedded.ts";
import { calculateSavings } from "../../../shared/savings/calculate.ts";
import { normaliseUsage } from "../../../shared/savings/usage.ts";
import type { StateProgram } from "../../../shared/report/types.ts";

const good = () => ({
  sections: [
    { sequence: "I", title: "Executive Summary", text: "<p>Hi <strong>there</strong></p>" },
    { sequence: "II", title: "Usage Analysis", text: "<table><tr><td>Jan</td><td>1</td></tr></table><br>" },
    { sequence: "III", title: "Solar Recommendation and Financial Analysis", text: "<ul><li><em>x</em></li></ul>" },
  ],
});

Deno.test("report validation: sequence I-II-III, the spec's titles, only the allowed HTML", () => {
  assert.ok(validateReport(good()).ok);
  const cases: [(r: ReturnType<typeof good>) => void, RegExp][] = [
    [(r) => { r.sections[1].sequence = "III"; }, /sections\.1\.sequence: expected II/],
    [(r) => { r.sections[0].title = "Summary"; }, /expected "Executive Summary"/],
    [(r) => { r.sections.pop(); }, /sections/],
    [(r) => { r.sections[0].text = "<p>ok</p><script>alert(1)</script>"; }, /<script> is not allowed/],
    [(r) => { r.sections[0].text = '<p onclick="x()">hi</p>'; }, /attributes are not allowed on <p>/],
    [(r) => { r.sections[0].text = "<p>unclosed"; }, /unclosed <p>/],
    [(r) => { r.sections[0].text = '<a href="https://evil">x</a>'; }, /<a> is not allowed/],
    [(r) => { r.sections[0].text = ""; }, /sections\.0\.text/],
  ];
  for (const [mutate, msg] of cases) {
    const r = good();
    mutate(r);
    const v = validateReport(r);
    assert.equal(v.ok, false);
    assert.match((v as { problems: string }).problems, msg);
  }
  assert.deepEqual(htmlProblems("<p>5 < 6 and 7 > 3</p>"), []);
});

const program = (over: Partial<StateProgram> = {}): StateProgram => ({
  state: "OH", isGeneric: true, netMetering: "generic", exportCreditRatio: 1, nonbypassableUsdPerKwh: 0, solarChargeUsdPerKwMonth: 0,
  propertyTaxExemption: null, incentives: null, efficiencyPrograms: null, batteryIncentives: null, source: "x", year: 2024, ...over,
});
const figures = () => calculateSavings({
  usage: normaliseUsage(Array.from({ length: 12 }, (_, i) => ({ month: i + 1, value: 900 + i * 20 }))), ratePerKwh: 0.2, escalatorPct: 3, costPerWatt: 2.5,
  roof: { panelCapacityW: 400, maxPanels: 40, yieldDcKwhPerKw: 1500, configs: [], dcToAcDerate: 0.85 },
  program: { exportCreditRatio: 1, nonbypassableUsdPerKwh: 0, solarChargeUsdPerKwMonth: 0 },
});
const ctx = (p: StateProgram) => ({ customerName: "Ann <Lee>", state: p.state, stateName: p.state === "MA" ? "Massachusetts" : "Ohio", address: "x", figures: figures(), program: p, rateSource: "EIA", costSource: "ES", costIsNationalFallback: true });

Deno.test("embedded writer: valid sections, named programmes only from the data, generic wording otherwise, escaped names", async () => {
  const ma = program({ state: "MA", isGeneric: false, netMetering: "retail", efficiencyPrograms: "Mass Save energy-efficiency rebates", propertyTaxExemption: "Exempt for 20 years", batteryIncentives: "ConnectedSolutions payments" });
  const r1 = await new EmbeddedReportWriter().write(ctx(ma));
  assert.ok(validateReport(r1).ok, JSON.stringify(validateReport(r1)));
  const all1 = r1.sections.map((s) => s.text).join("");
  for (const t of ["Mass Save", "Exempt for 20 years", "ConnectedSolutions", "full retail rate", "Ann &lt;Lee&gt;"]) assert.ok(all1.includes(t), t);
  const r2 = await new EmbeddedReportWriter().write(ctx(program()));
  const all2 = r2.sections.map((s) => s.text).join("");
  assert.ok(validateReport(r2).ok);
  assert.ok(!all2.includes("Mass Save") && all2.includes("your utility may offer rebates"));
  const f = figures();
  assert.ok(all2.includes("$" + Math.round(f.netAnnualSavings).toLocaleString("en-US")));
});

Deno.test("embedded writer: the customer's own rate or the national fallback is never called the state average; a 1-panel roof gets no offer", async () => {
  const oh = program({ state: "OH" });
  const text = async (over: Record<string, unknown>) => (await new EmbeddedReportWriter().write({ ...ctx(oh), ...over })).sections.map((s) => s.text).join("");
  assert.match(await text({}), /the OH average residential rate of 20\.00 ¢\/kWh/);
  const own = await text({ rateKind: "customer" });
  assert.match(own, /your electricity rate of 20\.00 ¢\/kWh/);
  assert.ok(!own.includes("average residential rate"), own.slice(0, 300));
  const national = await text({ rateKind: "national" });
  assert.match(national, /the US average residential rate/);
  assert.ok(!national.includes("OH average"));
  const one = calculateSavings({
    usage: normaliseUsage(Array.from({ length: 12 }, (_, i) => ({ month: i + 1, value: 900 }))), ratePerKwh: 0.2, escalatorPct: 3, costPerWatt: 2.5,
    roof: { panelCapacityW: 400, maxPanels: 1, yieldDcKwhPerKw: 1500, configs: [], dcToAcDerate: 0.85 },
    program: { exportCreditRatio: 1, nonbypassableUsdPerKwh: 0, solarChargeUsdPerKwMonth: 0 },
  });
  const small = await text({ figures: one });
  assert.ok(!/We recommend/.test(small), "no 1-panel system is offered");
  assert.match(small, /fewer panels than the smallest system installers usually offer \(2 kW\)/);
});
