// Export compensation rows added for states that had the generic "net metering at retail" wording (rates17, issue #11
// §3): each row cites its rule and a date, and the report's export wording follows the row, never the generic line,
// while a state still without a row keeps the generic wording (and says the figures assume retail credit).
import assert from "node:assert/strict";
import { parse } from "csv-parse/sync";
import type { StateProgram } from "../../../shared/savings/report/types.ts";
import { flatYearReport, genericProgram } from "./fixtures.ts";
import { productionMonthShares } from "../../../shared/savings/production_months.ts";

const rows = parse(
  Deno.readTextFileSync(new URL("../../../data/reference/state_programs.csv", import.meta.url)),
  { columns: true, skip_empty_lines: true },
) as Record<string, string>[];

/** The program a state's row seeds (scripts/savings/reference.ts, shared/savings/reference.ts). */
function program(state: string): StateProgram {
  const r = rows.find((x) => x.state === state);
  if (!r) return genericProgram({ state });
  return genericProgram({
    state,
    isGeneric: r.net_metering === "generic",
    netMetering: r.net_metering as StateProgram["netMetering"],
    exportCreditRatio: Number(r.export_credit_ratio),
    nonbypassableUsdPerKwh: Number(r.nonbypassable_usd_per_kwh),
    solarChargeUsdPerKwMonth: Number(r.solar_charge_usd_per_kw_month),
    source: r.source,
    year: Number(r.year),
    netting: r.netting === "monthly" ? "monthly" : "instant",
  });
}

const ADDED = ["CO", "IN", "KY", "LA", "MI", "MN", "NC", "OH", "OR", "PA", "UT", "VA", "WA"];

Deno.test("each added row names its rule's source, a date it was read, and a credit ratio in (0, 1]", () => {
  for (const s of ADDED) {
    const r = rows.find((x) => x.state === s);
    assert.ok(r, `${s} has a row`);
    assert.match(r.net_metering, /^(retail|net_billing)$/, s);
    const ratio = Number(r.export_credit_ratio);
    assert.ok(ratio > 0 && ratio <= 1, `${s}: ${ratio}`);
    assert.equal(r.net_metering === "retail", ratio === 1, `${s}: retail means a ratio of 1`);
    assert.match(r.source, /read 2026-11-25/, `${s}: the date its source was read`);
    assert.match(r.source, /\b(19|20)\d{2}\b.*\b(19|20)\d{2}\b/, `${s}: the rule's own date`);
    if (r.net_metering === "net_billing") {
      assert.match(r.source, /ratio approximate/, `${s}: an estimate said so`);
    }
  }
});

Deno.test("a Louisiana home's report says exports are credited below retail, as the LPSC's 2019 rule has it", async () => {
  const la = await flatYearReport(program("LA"), {
    rate: 0.1164,
    monthlyKwh: 1_100,
    stateName: "Louisiana",
    address: "1 Main St, Baton Rouge, LA 70801",
  });
  assert.match(la.text, /credited at about 32% of the retail rate/);
  assert.match(la.text, /Net billing/);
  assert.doesNotMatch(la.text, /the figures assume credits at the retail rate/);
  assert.ok(la.figures.programCharges.exportShortfall > 0, "the shortfall is counted");
  // the same home under the generic row (before): no shortfall, the generic sentence
  const before = await flatYearReport(genericProgram({ state: "LA" }), {
    rate: 0.1164,
    monthlyKwh: 1_100,
    stateName: "Louisiana",
    address: "1 Main St, Baton Rouge, LA 70801",
  });
  assert.equal(before.figures.programCharges.exportShortfall, 0);
  assert.ok(la.figures.netAnnualSavings < before.figures.netAnnualSavings);
  assert.match(before.text, /the figures assume credits at the retail rate/);
});

Deno.test("CO, MN, OR, PA, VA and WA credit exports at retail by statute; Missouri keeps the generic wording", async () => {
  for (
    const [s, name] of [
      ["CO", "Colorado"],
      ["MN", "Minnesota"],
      ["OR", "Oregon"],
      ["PA", "Pennsylvania"],
      ["VA", "Virginia"],
      ["WA", "Washington"],
    ]
  ) {
    const r = await flatYearReport(program(s), {
      rate: 0.14,
      monthlyKwh: 900,
      stateName: name,
      address: `1 Main St, ${name}`,
    });
    assert.match(r.text, new RegExp(`${name} credits energy you export at the full retail rate`), s);
    assert.doesNotMatch(r.text, /the figures assume credits at the retail rate/, s);
  }
  // Missouri's rule is sourced but no avoided-cost figure is (docs/savings.md, rates18): it keeps the generic row.
  const mo = await flatYearReport(program("MO"), {
    rate: 0.1258,
    monthlyKwh: 900,
    stateName: "Missouri",
    address: "1 Main St, Jefferson City, MO",
  });
  assert.match(mo.text, /the figures assume credits at the retail rate/);
});

Deno.test("every row says its netting; KY, NC and OH net within the month, sourced and dated", () => {
  for (const r of rows) assert.match(r.netting, /^(instant|monthly)$/, r.state);
  assert.deepEqual(rows.filter((r) => r.netting === "monthly").map((r) => r.state).sort(), [
    "KY",
    "NC",
    "OH",
  ]);
  for (const s of ["KY", "NC", "OH"]) {
    const r = rows.find((x) => x.state === s)!;
    assert.equal(r.net_metering, "net_billing", s);
    assert.ok(Number(r.export_credit_ratio) > 0 && Number(r.export_credit_ratio) < 1, s);
  }
});

Deno.test("a North Carolina report follows its row: netted within the month, only the excess credited below retail", async () => {
  const nc = program("NC");
  const home = {
    rate: 0.1412,
    monthlyKwh: 1_000,
    stateName: "North Carolina",
    address: "1 Main St, Raleigh, NC 27601",
    productionShares: productionMonthShares(35.78, -78.64),
  };
  const r = await flatYearReport(nc, home);
  assert.match(r.text, /netted within each billing month at the retail rate/);
  assert.match(
    r.text,
    new RegExp(`credited at about ${Math.round(nc.exportCreditRatio * 100)}% of the retail rate`),
  );
  assert.match(r.text, /Monthly net metering/);
  assert.doesNotMatch(r.text, /we count about 50% of your solar energy as sent to the grid/);
  assert.doesNotMatch(r.text, /the figures assume credits at the retail rate/);
  assert.ok(r.figures.programCharges.exportShortfall > 0);
  // the same ratio read as instant netting is worded and counted differently (what the model could do before)
  const instant = await flatYearReport({ ...nc, netting: "instant" }, home);
  assert.match(instant.text, /we count about 50% of your solar energy as sent to the grid/);
  assert.ok(instant.figures.programCharges.exportShortfall > r.figures.programCharges.exportShortfall);
});

Deno.test("an Alabama report follows its row: no statewide rule, exports at about avoided cost, the charge per kW", async () => {
  const r = rows.find((x) => x.state === "AL")!;
  assert.equal(r.net_metering, "none");
  assert.match(r.source, /ratio approximate/);
  assert.match(r.source, /read 2026-11-25/);
  const al = await flatYearReport(program("AL"), {
    rate: 0.1512,
    monthlyKwh: 1_100,
    stateName: "Alabama",
    address: "600 Dexter Ave, Montgomery, AL 36104",
  });
  const ratio = Math.round(Number(r.export_credit_ratio) * 100);
  assert.match(al.text, new RegExp(`credited, we assume, at about ${ratio}% of the retail rate`));
  assert.match(al.text, /a monthly charge per kW of solar applies/);
  assert.match(al.text, /Alabama has no statewide net-metering rule/);
  assert.doesNotMatch(al.text, /the figures assume credits at the retail rate/);
  const f = al.figures;
  assert.ok(
    Math.abs(f.programCharges.solarCharges - f.systemKw * Number(r.solar_charge_usd_per_kw_month) * 12) <
      0.01,
  );
  const before = await flatYearReport(genericProgram({ state: "AL" }), {
    rate: 0.1512,
    monthlyKwh: 1_100,
    stateName: "Alabama",
    address: "600 Dexter Ave, Montgomery, AL 36104",
  });
  assert.ok(f.netAnnualSavings < before.figures.netAnnualSavings);
});

// rates18: a home in each state added then gets its row's savings, not the generic row's (retail, instant).
const HOMES: Record<string, { rate: number; stateName: string; address: string; lat: number; lon: number }> =
  {
    KY: {
      rate: 0.1298,
      stateName: "Kentucky",
      address: "700 Capital Ave, Frankfort, KY 40601",
      lat: 38.19,
      lon: -84.87,
    },
    PA: {
      rate: 0.181,
      stateName: "Pennsylvania",
      address: "501 N 3rd St, Harrisburg, PA 17120",
      lat: 40.26,
      lon: -76.88,
    },
    UT: {
      rate: 0.112,
      stateName: "Utah",
      address: "350 N State St, Salt Lake City, UT 84103",
      lat: 40.78,
      lon: -111.89,
    },
  };

async function homeReports(state: string) {
  const h = HOMES[state];
  const home = {
    rate: h.rate,
    monthlyKwh: 1_000,
    stateName: h.stateName,
    address: h.address,
    productionShares: productionMonthShares(h.lat, h.lon),
  };
  return {
    row: await flatYearReport(program(state), home),
    generic: await flatYearReport(genericProgram({ state }), home),
  };
}

Deno.test("a Kentucky home: netted within the month, the month's excess at about 55% of retail (SB 100, PSC 2021)", async () => {
  const { row, generic } = await homeReports("KY");
  assert.match(row.text, /netted within each billing month at the retail rate/);
  assert.match(row.text, /credited at about 55% of the retail rate/);
  assert.match(row.text, /Monthly net metering/);
  assert.doesNotMatch(row.text, /the figures assume credits at the retail rate/);
  assert.ok(row.figures.monthlyExcessKwh! > 0);
  const f = row.figures;
  assert.ok(
    Math.abs(f.programCharges.exportShortfall - f.monthlyExcessKwh! * 0.1298 * (1 - 0.55)) < 1,
    `${f.programCharges.exportShortfall} is the months' excess × rate × (1 − ratio)`,
  );
  assert.ok(f.netAnnualSavings < generic.figures.netAnnualSavings);
});

Deno.test("a Pennsylvania home: the full retail rate, by statute, named instead of the generic assumption", async () => {
  const { row, generic } = await homeReports("PA");
  assert.match(row.text, /Pennsylvania credits energy you export at the full retail rate/);
  assert.doesNotMatch(row.text, /the figures assume credits at the retail rate/);
  assert.match(generic.text, /the figures assume credits at the retail rate/);
  assert.equal(row.figures.programCharges.exportShortfall, 0);
  assert.equal(row.figures.netAnnualSavings, generic.figures.netAnnualSavings);
});

Deno.test("a Utah home: half the solar energy counted as exported, credited at about 45% of retail (Schedule 137)", async () => {
  const { row, generic } = await homeReports("UT");
  assert.match(
    row.text,
    /we count about 50% of your solar energy as sent to the grid, credited at about 45% of the retail rate/,
  );
  assert.match(row.text, /Net billing/);
  assert.doesNotMatch(row.text, /the figures assume credits at the retail rate/);
  const f = row.figures;
  assert.ok(f.programCharges.exportShortfall > 0);
  assert.ok(f.netAnnualSavings < generic.figures.netAnnualSavings);
  assert.equal(f.monthlyExcessKwh, undefined, "Schedule 137 nets in 15-minute intervals: the instant share");
});
