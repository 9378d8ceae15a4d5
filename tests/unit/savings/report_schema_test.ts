import assert from "node:assert/strict";
import { htmlProblems, validateReport } from "../../../shared/savings/report/schema.ts";
import { EmbeddedReportWriter } from "../../../shared/savings/report/embedded.ts";
import { calculateSavings } from "../../../shared/savings/calculate.ts";
import { normaliseUsage } from "../../../shared/savings/usage.ts";
import type { StateProgram } from "../../../shared/savings/report/types.ts";
import { genericProgram } from "./fixtures.ts";
import { billItem } from "../../support/bill_reading.ts";
import { usageForReport } from "../../../shared/widget/reading.ts";
import { federalCredit } from "../../../shared/savings/credit.ts";

const good = () => ({
  sections: [
    { sequence: "I", title: "Executive Summary", text: "<p>Hi <strong>there</strong></p>" },
    { sequence: "II", title: "Usage Analysis", text: "<table><tr><td>Jan</td><td>1</td></tr></table><br>" },
    {
      sequence: "III",
      title: "Solar Recommendation and Financial Analysis",
      text: "<ul><li><em>x</em></li></ul>",
    },
  ],
});

Deno.test("report validation: sequence I-II-III, the spec's titles, only the allowed HTML", () => {
  assert.ok(validateReport(good()).ok);
  const cases: [(r: ReturnType<typeof good>) => void, RegExp][] = [
    [(r) => {
      r.sections[1].sequence = "III";
    }, /sections\.1\.sequence: expected II/],
    [(r) => {
      r.sections[0].title = "Summary";
    }, /expected "Executive Summary"/],
    [(r) => {
      r.sections.pop();
    }, /sections/],
    [(r) => {
      r.sections[0].text = "<p>ok</p><script>alert(1)</script>";
    }, /<script> is not allowed/],
    [(r) => {
      r.sections[0].text = '<p onclick="x()">hi</p>';
    }, /attributes are not allowed on <p>/],
    [(r) => {
      r.sections[0].text = "<p>unclosed";
    }, /unclosed <p>/],
    [(r) => {
      r.sections[0].text = '<a href="https://evil">x</a>';
    }, /<a> is not allowed/],
    [(r) => {
      r.sections[0].text = "";
    }, /sections\.0\.text/],
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

const program = genericProgram;
const figures = (over: Partial<Parameters<typeof calculateSavings>[0]> = {}) =>
  calculateSavings({
    usage: normaliseUsage(Array.from({ length: 12 }, (_, i) => ({ month: i + 1, value: 900 + i * 20 }))),
    ratePerKwh: 0.2,
    escalatorPct: 3,
    costPerWatt: 2.5,
    roof: { panelCapacityW: 400, maxPanels: 40, yieldDcKwhPerKw: 1500, configs: [], dcToAcDerate: 0.85 },
    program: { exportCreditRatio: 1, nonbypassableUsdPerKwh: 0, solarChargeUsdPerKwMonth: 0 },
    ...over,
  });
const ctx = (p: StateProgram) => ({
  customerName: "Ann <Lee>",
  state: p.state,
  stateName: p.state === "MA" ? "Massachusetts" : "Ohio",
  address: "x",
  figures: figures(),
  program: p,
  rateSource: "EIA",
  costSource: "ES",
  costIsNationalFallback: true,
});

Deno.test("embedded writer: valid sections, named programmes only from the data, generic wording otherwise, escaped names", async () => {
  const ma = program({
    state: "MA",
    isGeneric: false,
    netMetering: "retail",
    efficiencyPrograms: "Mass Save energy-efficiency rebates",
    propertyTaxExemption: "Exempt for 20 years",
    batteryIncentives: "ConnectedSolutions payments",
  });
  const r1 = await new EmbeddedReportWriter().write(ctx(ma));
  assert.ok(validateReport(r1).ok, JSON.stringify(validateReport(r1)));
  const all1 = r1.sections.map((s) => s.text).join("");
  for (
    const t of [
      "Mass Save",
      "Exempt for 20 years",
      "ConnectedSolutions",
      "full retail rate",
      "Ann &lt;Lee&gt;",
    ]
  ) assert.ok(all1.includes(t), t);
  const r2 = await new EmbeddedReportWriter().write(ctx(program()));
  const all2 = r2.sections.map((s) => s.text).join("");
  assert.ok(validateReport(r2).ok);
  assert.ok(!all2.includes("Mass Save") && all2.includes("your utility may offer rebates"));
  const f = figures();
  assert.ok(all2.includes("$" + Math.round(f.netAnnualSavings).toLocaleString("en-US")));
});

Deno.test("embedded writer: the customer's own rate or the national fallback is never called the state average; a 1-panel roof gets no offer", async () => {
  const oh = program({ state: "OH" });
  const text = async (over: Record<string, unknown>) =>
    (await new EmbeddedReportWriter().write({ ...ctx(oh), ...over })).sections.map((s) => s.text).join("");
  // the state by its name, as "your home in Ohio" has it, not "the OH average" (rates18)
  assert.match(await text({}), /Ohio's average residential rate of 20\.00 ¢\/kWh/);
  assert.doesNotMatch(await text({}), /the OH average/);
  const own = await text({ rateKind: "customer" });
  assert.match(own, /your electricity rate of 20\.00 ¢\/kWh/);
  assert.ok(!own.includes("average residential rate"), own.slice(0, 300));
  const national = await text({ rateKind: "national" });
  assert.match(national, /the US average residential rate/);
  assert.ok(!national.includes("Ohio's average"));
  const one = calculateSavings({
    usage: normaliseUsage(Array.from({ length: 12 }, (_, i) => ({ month: i + 1, value: 900 }))),
    ratePerKwh: 0.2,
    escalatorPct: 3,
    costPerWatt: 2.5,
    roof: { panelCapacityW: 400, maxPanels: 1, yieldDcKwhPerKw: 1500, configs: [], dcToAcDerate: 0.85 },
    program: { exportCreditRatio: 1, nonbypassableUsdPerKwh: 0, solarChargeUsdPerKwMonth: 0 },
  });
  const small = await text({ figures: one });
  assert.ok(!/We recommend/.test(small), "no 1-panel system is offered");
  assert.match(small, /fewer panels than the smallest system we propose \(2 kW\)/);
});

Deno.test("wording: month lists, estimated months, programmes named once, the credit and its source", async () => {
  const { listMonths } = await import("../../../shared/format.ts");
  assert.equal(listMonths([7]), "July");
  assert.equal(listMonths([8, 7]), "July and August");
  assert.equal(listMonths([1, 2, 12]), "January, February and December");
  assert.equal(listMonths([6, 7, 8, 1]), "January and June to August");
  assert.equal(listMonths([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]), "January to December");

  const nj = program({
    state: "NJ",
    isGeneric: false,
    netMetering: "retail",
    efficiencyPrograms: "New Jersey's Clean Energy Program",
  });
  const write = async (f: ReturnType<typeof figures>) =>
    (await new EmbeddedReportWriter().write({ ...ctx(nj), state: "NJ", stateName: "New Jersey", figures: f }))
      .sections.map((s) => s.text).join("");
  const text = await write(figures());
  assert.ok(!/New Jersey offers New Jersey/.test(text));
  assert.match(text, /see New Jersey&#39;s Clean Energy Program/);
  assert.ok(!/ and [A-Z][a-z]+ and /.test(text), "no 'and … and' month chains");
  assert.match(
    text,
    /No federal tax credit: the Residential Clean Energy Credit \(IRC §25D\) ended/,
    "a default (today's) report names the ended credit",
  );
  assert.match(
    text,
    /\$0 \+ fixed charge|\$\d[\d,]* \+ fixed charge/,
    "the cost with solar is never a bare $0 when the fixed charge is unknown",
  );

  const usage = (n: number) =>
    normaliseUsage(Array.from({ length: 12 - n }, (_, i) => ({ month: i + 1, value: 900 })));
  const calc = (u: ReturnType<typeof usage>) =>
    calculateSavings({
      usage: u,
      ratePerKwh: 0.2,
      escalatorPct: 3,
      costPerWatt: 2.5,
      roof: { panelCapacityW: 400, maxPanels: 40, yieldDcKwhPerKw: 1500, configs: [], dcToAcDerate: 0.85 },
      program: { exportCreditRatio: 1, nonbypassableUsdPerKwh: 0, solarChargeUsdPerKwMonth: 0 },
      credit: federalCredit("2025-05-01"),
    });
  const nine = await write(calc(usage(9)));
  assert.match(
    nine,
    /Nine of the twelve months were not on your bills and are estimated from a typical seasonal pattern scaled to the three we have/,
  );
  const eleven = await write(calc(usage(11)));
  assert.match(
    eleven,
    /Eleven of the twelve months were not on your bills and are estimated from a typical seasonal pattern scaled to the one we have/,
  );
  assert.ok(!/pattern of the one/.test(eleven), "one month has no seasonal pattern of its own");
  assert.match(
    nine,
    /Residential Clean Energy Credit \(IRC §25D\) \(30%\)/,
    "a 2025-dated report keeps the 30% credit",
  );
  const all = normaliseUsage(
    Array.from({ length: 12 }, (_, i) => ({ month: i + 1, value: 900, estimated: true })),
  );
  const twelve = await write(calc(all));
  assert.ok(!/12 of the 12|twelve of the twelve/i.test(twelve));
  // Twelve equal months typed by hand (the widget's "No bill at hand?" average): no bill to speak of, no seasonal
  // pattern, no "fairly even" use, no fixed charge "we could not read from your bill" (QA pass 4).
  assert.match(twelve, /Every month here is the same figure, your average monthly use/);
  assert.ok(!/your bills\b|from your bill\b|seasonal pattern|fairly even/i.test(twelve), twelve);
  assert.match(twelve, /fixed monthly customer charge, which we do not have/);
  // Twelve estimated months of another shape are a seasonal estimate, still without "your bills".
  const seasonal = await write(calc(normaliseUsage([{ month: 7, value: 1400, estimated: true }])));
  assert.match(
    seasonal,
    /We have no month-by-month usage, so every month here is estimated from a typical seasonal/,
  );
  assert.ok(!/your bills\b|from your bill\b/i.test(seasonal), seasonal);
});

/** A report's text for a state whose exports are credited at `ratio` of retail, and the yearly shortfall it says. */
async function exportRulesText(
  state: string,
  stateName: string,
  netMetering: StateProgram["netMetering"],
  ratio: number,
  nbc = 0,
) {
  const p = program({
    state,
    isGeneric: false,
    netMetering,
    exportCreditRatio: ratio,
    nonbypassableUsdPerKwh: nbc,
  });
  const f = figures({
    ratePerKwh: state === "CA" ? 0.2951 : 0.1446,
    program: { exportCreditRatio: ratio, nonbypassableUsdPerKwh: nbc, solarChargeUsdPerKwMonth: 0 },
  });
  const text = (await new EmbeddedReportWriter().write({ ...ctx(p), stateName, figures: f }))
    .sections.map((s) => s.text).join("");
  return { f, text, lost: "$" + Math.round(f.programCharges.exportShortfall).toLocaleString("en-US") };
}

Deno.test("wording: without a statewide export rule the credit ratio is said as our assumption, not the state's rule (QA pass 11)", async () => {
  const { text, lost } = await exportRulesText("TX", "Texas", "none", 0.5);
  assert.ok(
    text.includes(
      `we count about 50% of your solar energy as sent to the grid, credited, we assume, at about 50% of the retail rate (there is no statewide rule: your utility's or retail plan's buyback rate decides), ${lost} a year less than full retail credit`,
    ),
    text,
  );
});

Deno.test("wording: each amount the state's rules take off is said as a cost, net billing is not called net metering", async () => {
  const { f, text, lost } = await exportRulesText("CA", "California", "net_billing", 0.25, 0.025);
  const ca = program({
    state: "CA",
    isGeneric: false,
    netMetering: "net_billing",
    exportCreditRatio: 0.25,
    nonbypassableUsdPerKwh: 0.025,
  });
  const nbc = "$" + Math.round(f.programCharges.nonbypassable).toLocaleString("en-US");
  // "Your savings account for California's rules" read as a bank account; "credited at about 25% of the retail
  // rate ($1,225 a year)" as if $1,225 were the credit.
  assert.ok(!/savings account/i.test(text), "no 'savings account'");
  assert.ok(!text.includes(`retail rate (${lost} a year)`), "the shortfall is not shown as the credit");
  assert.ok(
    text.includes(
      `we count about 50% of your solar energy as sent to the grid, credited at about 25% of the retail rate, ${lost} a year less than full retail credit`,
    ),
    text,
  );
  assert.ok(text.includes(`${nbc} a year`), "the non-bypassable charges are a yearly amount");
  // The ratio is said once: the rules paragraph gives it, the net billing line gives the advice (QA pass 4: "below
  // the retail rate (about 25%)" repeated it a few lines on).
  assert.match(
    text,
    /<strong>Net billing:<\/strong> energy you use at home is worth more than energy you export/,
  );
  assert.equal(text.split(/about 25%/).length - 1, 1, "the 25% once");
  // Without the paragraph (no system proposed) the line keeps the ratio.
  const none = (await new EmbeddedReportWriter().write({
    ...ctx(ca),
    stateName: "California",
    figures: { ...f, systemKw: 0 },
  })).sections.map((s) => s.text).join("");
  assert.match(
    none,
    /<strong>Net billing:<\/strong> California credits exported energy below the retail rate \(about 25%\)/,
  );
  assert.ok(!text.includes("Net metering:"), "California's net billing is not called net metering");
  const tx = await new EmbeddedReportWriter().write({
    ...ctx(program({ state: "TX", isGeneric: false, netMetering: "none", exportCreditRatio: 0.5 })),
    stateName: "Texas",
  });
  assert.match(
    tx.sections.map((s) => s.text).join(""),
    /<strong>Export credits:<\/strong> Texas has no statewide net-metering rule/,
  );
});

Deno.test("wording: the lease/PPA option names the owner's federal credit as it stands on the report's date", async () => {
  const lease = async (reportDate: string) => {
    const r = await new EmbeddedReportWriter().write({ ...ctx(program()), reportDate });
    const text = r.sections.map((s) => s.text).join("");
    return text.slice(text.indexOf("Lease or power purchase agreement"));
  };
  // Before July 5, 2026 the owner claims any credit; after it, only for a system in service by the end of 2027.
  assert.match(
    await lease("2026-03-01"),
    /the company that owns the system claims any federal tax credit, not you/,
  );
  const today = await lease("2026-11-24");
  assert.match(
    today,
    /may claim a federal credit \(IRC §48E\) if the system is in service by December 31, 2027/,
  );
  assert.ok(!/the owner of the system claims the tax credit/.test(today), "no unconditional credit");
  assert.match(
    await lease("2028-02-01"),
    /no federal tax credit applies to a new system, for you or its owner/,
  );
});

Deno.test("wording: the state data's names in American English, the efficiency line without saying it twice", async () => {
  // The NY and MD rows name "… energy-efficiency programmes": the report read "Energy-efficiency programs can
  // lower your usage …; see NYSERDA energy-efficiency programmes." (QA pass 4).
  for (
    const [state, stateName, name] of [
      ["NY", "New York", "NYSERDA energy-efficiency programmes"],
      ["MD", "Maryland", "EmPOWER Maryland energy-efficiency programmes"],
    ]
  ) {
    const p = program({
      state,
      isGeneric: false,
      netMetering: "retail",
      efficiencyPrograms: name,
      incentives: "A state Programme of rebates",
    });
    const text = (await new EmbeddedReportWriter().write({ ...ctx(p), state, stateName })).sections
      .map((s) => s.text).join("");
    assert.ok(!/programme/i.test(text), `${state}: no 'programme' in the report`);
    assert.match(text, new RegExp(`see ${name.replace("programmes", "programs")}\\.`));
    assert.match(text, /A state Program of rebates\./);
    const sentence = text.slice(
      text.lastIndexOf("<p>", text.indexOf(" see ")),
      text.indexOf("</p>", text.indexOf(" see ")),
    );
    assert.equal(sentence.match(/efficiency/gi)?.length, 1, `said once: ${sentence}`);
  }
});

Deno.test("embedded writer: months measured from the bill's bar chart are said to be from its bars, not a seasonal pattern (QA pass 8)", async () => {
  const read = billItem({
    state: "FL",
    values: [951, 968, 950, 1370, 1250, 1510, 1600, 1500, 1740, 1370, 1090, 1060],
  });
  const months = read.electricityUsage.usageByMonth as { fromChart?: boolean }[];
  months.slice(2).forEach((m) => m.fromChart = true);
  const readUsage = (i: typeof read) =>
    i.electricityUsage.usageByMonth.map(({ month, year, value, unit }) => ({ month, year, value, unit }));
  // the widget's months as the homeowner kept them (no fromChart), December left out
  const kept = usageForReport(read, readUsage(read).slice(0, 11));
  const f = calculateSavings({
    usage: normaliseUsage(kept),
    ratePerKwh: 0.1415,
    escalatorPct: 1.8,
    costPerWatt: 2.5,
    roof: { panelCapacityW: 400, maxPanels: 40, yieldDcKwhPerKw: 1500, configs: [], dcToAcDerate: 0.85 },
    program: { exportCreditRatio: 1, nonbypassableUsdPerKwh: 0, solarChargeUsdPerKwMonth: 0 },
    credit: federalCredit("2026-11-25"),
  });
  assert.deepEqual(f.chartMonths, [3, 4, 5, 6, 7, 8, 9, 10, 11]);
  const text = (await new EmbeddedReportWriter().write({ ...ctx(program({ state: "FL" })), figures: f }))
    .sections
    .map((s) => s.text).join("");
  assert.match(
    text,
    /Nine of the twelve months are shown on your bill only as a bar of its chart, without a figure: their usage is measured from the bars, an estimate\. One more of the twelve months was not on your bills and is estimated from a typical seasonal pattern scaled to the eleven we have\./,
  );
  assert.doesNotMatch(text, /Ten of the twelve months were not on your bills/);
});

Deno.test("embedded writer: an estimated month is never said as a measured peak (QA pass 10)", async () => {
  // Oct and Nov printed; the rest measured from the bill's chart, August the highest bar, September printed as high
  const read = billItem({
    state: "FL",
    values: [951, 968, 950, 1370, 1250, 1510, 1600, 1740, 1720, 1370, 1090, 1060],
  });
  const months = read.electricityUsage.usageByMonth as { fromChart?: boolean; month: string }[];
  months.forEach((m) => m.fromChart = !["September", "October", "November"].includes(m.month));
  const kept = usageForReport(
    read,
    read.electricityUsage.usageByMonth.map(({ month, year, value, unit }) => ({ month, year, value, unit })),
  );
  const f = figures({ usage: normaliseUsage(kept) });
  assert.deepEqual(f.peakMonths, [8, 9]);
  const text = (await new EmbeddedReportWriter().write({ ...ctx(program({ state: "FL" })), figures: f }))
    .sections.map((s) => s.text).join("");
  assert.match(
    text,
    /Use peaks in <strong>September<\/strong>; August, an estimated month, is about as high\./,
  );
  assert.doesNotMatch(text, /peaks in <strong>August/);
  // every peak estimated: said so; none estimated: as before
  const all = figures({
    usage: normaliseUsage(kept.map((u) => ({ ...u, estimated: u.month !== "October" }))),
  });
  const allText = (await new EmbeddedReportWriter().write({ ...ctx(program({ state: "FL" })), figures: all }))
    .sections.map((s) => s.text).join("");
  assert.match(allText, /Use is estimated to peak in <strong>August and September<\/strong>\./);
});
