// Monthly netting (netting19, issue #11 §3): where a state's rule nets use and production within the billing month
// and credits only the month's excess below retail (NC, OH), the savings count each month's excess from the monthly
// production and the home's monthly use, not the model's instant export share; the report says so (the rows and
// their reports: state_export_rows_test.ts).
import assert from "node:assert/strict";
import { ASSUMPTIONS, calculateSavings, exportedKwh } from "../../../shared/savings/calculate.ts";
import { normaliseUsage } from "../../../shared/savings/usage.ts";
import { productionMonthShares } from "../../../shared/savings/production_months.ts";
import { planeOfArrayAnnual, planeOfArrayMonthly } from "../../../shared/roof/irradiance.ts";
import type { StateProgram } from "../../../shared/savings/report/types.ts";
import { flatYearReport, genericProgram } from "./fixtures.ts";

const monthlyProgram = (over: Partial<StateProgram> = {}) =>
  genericProgram({
    state: "NC",
    isGeneric: false,
    netMetering: "net_billing",
    exportCreditRatio: 0.2,
    netting: "monthly",
    ...over,
  });

/** A sunny-summer shape: July three times January (any twelve shares adding up to 1). */
const SHAPE = [4, 5, 7, 9, 11, 12, 12, 11, 10, 8, 6, 5];
const SHARES = SHAPE.map((x) => x / SHAPE.reduce((s, y) => s + y, 0));
const flatUse = (kwh: number) =>
  normaliseUsage(Array.from({ length: 12 }, (_, i) => ({ month: i + 1, value: kwh })));
const roof = { panelCapacityW: 400, maxPanels: 40, yieldDcKwhPerKw: 1500, configs: [], dcToAcDerate: 0.85 };

Deno.test("a summer month with production beyond its use is credited at the ratio, a winter month without is not", () => {
  const production = 12_000, use = Array.from({ length: 12 }, () => 1_000);
  const balance = { usageKwh: use, productionShares: SHARES };
  const program = monthlyProgram();
  const exported = exportedKwh(Math.min(production, 12_000), production, program, ASSUMPTIONS, balance);
  // by hand: each month's production beyond its own use
  const excess = SHARES.map((s) => Math.max(0, production * s - 1_000));
  assert.ok(excess[6] > 0, "July makes more than the home uses");
  assert.equal(excess[0], 0, "January makes less than the home uses");
  assert.ok(Math.abs(exported - excess.reduce((s, x) => s + x, 0)) < 1e-6);
  // a winter month's use does not absorb a summer month's excess: more use in January alone changes nothing
  const moreJanuary = { usageKwh: [3_000, ...use.slice(1)], productionShares: SHARES };
  assert.ok(
    Math.abs(exportedKwh(12_000, production, program, ASSUMPTIONS, moreJanuary) - exported) < 1e-6,
  );
  // more use in July does absorb July's excess
  const moreJuly = { usageKwh: use.map((u, m) => m === 6 ? 3_000 : u), productionShares: SHARES };
  assert.ok(
    Math.abs(exportedKwh(12_000, production, program, ASSUMPTIONS, moreJuly) - (exported - excess[6])) < 1e-6,
  );
});

Deno.test("monthly netting: shortfall = months' excess × rate × (1 − ratio); a home that never exceeds its use loses nothing", () => {
  const rate = 0.14;
  const summer = calculateSavings({
    usage: flatUse(1_000),
    ratePerKwh: rate,
    escalatorPct: 3,
    costPerWatt: 2.5,
    roof,
    program: monthlyProgram(),
    productionShares: SHARES,
  });
  const production = summer.annualProductionKwh;
  const offset = Math.min(production, summer.annualKwh);
  const netted = SHARES.reduce((s, sh) => s + Math.min(1_000, production * sh), 0);
  const expected = (offset - netted) * rate * (1 - 0.2);
  assert.ok(
    Math.abs(summer.programCharges.exportShortfall - expected) < 1,
    `${summer.programCharges.exportShortfall}`,
  );
  assert.ok(summer.monthlyExcessKwh! > 0);
  // instant netting of the same home counts half the production as exported: a different figure
  const instant = calculateSavings({
    usage: flatUse(1_000),
    ratePerKwh: rate,
    escalatorPct: 3,
    costPerWatt: 2.5,
    roof,
    program: monthlyProgram({ netting: "instant" }),
    productionShares: SHARES,
  });
  assert.notEqual(instant.programCharges.exportShortfall, summer.programCharges.exportShortfall);
  assert.equal(instant.monthlyExcessKwh, undefined);
  // a home whose use follows the sun (each month's use above its production): nothing is credited below retail
  const followsSun = normaliseUsage(SHAPE.map((x, i) => ({ month: i + 1, value: Math.round(x * 120) })));
  const even = calculateSavings({
    usage: followsSun,
    ratePerKwh: rate,
    escalatorPct: 3,
    costPerWatt: 2.5,
    roof: { ...roof, maxPanels: 8 },
    program: monthlyProgram(),
    productionShares: SHARES,
  });
  assert.ok(even.annualProductionKwh < even.annualKwh);
  assert.equal(even.programCharges.exportShortfall, 0);
  assert.equal(even.monthlyExcessKwh, 0);
});

Deno.test("without the production's monthly shares, monthly netting falls back to the instant export share", () => {
  const input = {
    usage: flatUse(1_000),
    ratePerKwh: 0.14,
    escalatorPct: 3,
    costPerWatt: 2.5,
    roof,
  };
  const none = calculateSavings({ ...input, program: monthlyProgram() });
  const instant = calculateSavings({ ...input, program: monthlyProgram({ netting: "instant" }) });
  assert.equal(none.programCharges.exportShortfall, instant.programCharges.exportShortfall);
  assert.equal(none.monthlyExcessKwh, undefined);
});

Deno.test("production's monthly shares: twelve adding up to 1, summer above winter, the annual model their sum", () => {
  const raleigh = productionMonthShares(35.78, -78.64);
  assert.equal(raleigh.length, 12);
  assert.ok(Math.abs(raleigh.reduce((s, x) => s + x, 0) - 1) < 1e-9);
  assert.ok(raleigh[5] > raleigh[11] * 1.5, "June well above December");
  // farther north, a steeper seasonal swing
  const seattle = productionMonthShares(47.6, -122.3);
  assert.ok(seattle[5] / seattle[11] > raleigh[5] / raleigh[11]);
  const months = planeOfArrayMonthly(40, 0.5, 20, 180);
  assert.equal(months.reduce((s, x) => s + x, 0), planeOfArrayAnnual(40, 0.5, 20, 180));
});

Deno.test("the report says what monthly netting credits: the month's excess, not half the production", async () => {
  const home = {
    rate: 0.14,
    monthlyKwh: 1_000,
    stateName: "North Carolina",
    address: "1 Main St, Raleigh, NC 27601",
    productionShares: SHARES,
  };
  const r = await flatYearReport(monthlyProgram(), home);
  assert.match(r.text, /netted within each billing month at the retail rate/);
  assert.match(r.text, /only a month's excess production is credited at about 20% of the retail rate/);
  assert.match(
    r.text,
    new RegExp(`we count ${r.figures.monthlyExcessKwh!.toLocaleString("en-US")} kWh a year`),
  );
  assert.match(r.text, /Monthly net metering/);
  assert.doesNotMatch(r.text, /we count about 50% of your solar energy as sent to the grid/);
});
