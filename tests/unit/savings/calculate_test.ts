// Hand-worked examples of the savings model (one per state, with its rate and programme), edge cases, and
// properties that must hold for any input.
import assert from "node:assert/strict";
import fc from "fast-check";
import { calculateSavings, type ProgramInput, type RoofInput } from "../../../shared/savings/calculate.ts";
import { normaliseUsage } from "../../../shared/savings/usage.ts";
import { federalCredit } from "../../../shared/savings/credit.ts";
import { annLeeReport } from "./fixtures.ts";

// The hand-worked examples are dated 2025 (the 30% §25D credit applied); the credit policy has its own tests.
const in2025 = federalCredit("2025-06-01");

const flat = (kwh: number) =>
  normaliseUsage(Array.from({ length: 12 }, (_, i) => ({ month: i + 1, value: kwh })));
// 400 W panels, 1,500 kWh DC per kW per year, 0.85 DC->AC: 1,275 kWh AC per kW.
const roof = (maxPanels = 40): RoofInput => ({
  panelCapacityW: 400,
  maxPanels,
  yieldDcKwhPerKw: 1500,
  configs: [],
  dcToAcDerate: 0.85,
});
const retail: ProgramInput = { exportCreditRatio: 1, nonbypassableUsdPerKwh: 0, solarChargeUsdPerKwMonth: 0 };
const near = (actual: number, expected: number, tol = 0.011) =>
  assert.ok(Math.abs(actual - expected) <= tol, `${actual} != ${expected}`);

Deno.test("Ohio (generic programme, retail net metering): 12,000 kWh at 15.38 ¢", () => {
  const f = calculateSavings({
    usage: flat(1000),
    ratePerKwh: 0.1538,
    escalatorPct: 3,
    costPerWatt: 2.5,
    roof: roof(),
    program: retail,
    credit: in2025,
  });
  assert.equal(f.annualKwh, 12000);
  near(f.annualCost, 1845.6);
  // 12,000 / 1,275 = 9.41 kW -> 23.5 panels -> 24 panels = 9.6 kW, 12,240 kWh
  assert.equal(f.panels, 24);
  assert.equal(f.systemKw, 9.6);
  assert.equal(f.annualProductionKwh, 12240);
  assert.equal(f.offsetPct, 100);
  near(f.grossCost, 24000);
  near(f.federalCredit, 7200);
  near(f.netCost, 16800);
  near(f.netAnnualSavings, 1845.6);
  // Payback: 1,845.60 x 1.03^(y-1) a year adds up to 16,411.7 after 8 years; year 9 saves 2,337.9 (production still
  // ~usage), so 8 + 388.3 / 2,337.9 = 8.2 years (net cost / first-year savings would say 9.1).
  assert.equal(f.paybackYears, 8.2);
  // Year 2: rate x 1.03, production x 0.995 = 12,178.8 kWh still covers 12,000 kWh.
  near(f.projection[1].savings, 12000 * 0.1538 * 1.03);
  assert.equal(f.projection.length, 25);
  near(f.projection[24].cumulativeNet, f.lifetimeSavings - f.netCost, 0.05);
  assert.equal(f.co2OffsetKgPerYear, Math.round(12240 * 0.699));
  assert.deepEqual(f.flags, ["fixed_charge_unknown"]);
});

Deno.test("California (net billing, exports at 25% of retail, 2.5 ¢ non-bypassable): 6,000 kWh at 29.51 ¢", () => {
  const f = calculateSavings({
    usage: flat(500),
    ratePerKwh: 0.2951,
    escalatorPct: 3,
    costPerWatt: 2.5,
    roof: roof(),
    program: { exportCreditRatio: 0.25, nonbypassableUsdPerKwh: 0.025, solarChargeUsdPerKwMonth: 0 },
    credit: in2025,
  });
  near(f.annualCost, 1770.6);
  assert.equal(f.panels, 12); // 6,000 / 1,275 = 4.71 kW -> 11.8 -> 12 panels
  assert.equal(f.systemKw, 4.8);
  near(f.netCost, 8400);
  // half the solar energy exported at 25% of retail: 6,000 x 0.5 x 0.2951 x 0.75 = 663.98
  near(f.programCharges.exportShortfall, 663.98);
  near(f.programCharges.nonbypassable, 150);
  near(f.netAnnualSavings, 1770.6 - 663.975 - 150);
  assert.equal(f.paybackYears, 7.8); // where the projection's cumulative net turns positive (8,400 / 956.63 = 8.8)
});

Deno.test("New York (solar charge per kW-month) with a roof too small for the usage", () => {
  const f = calculateSavings({
    usage: flat(1500),
    ratePerKwh: 0.2225,
    escalatorPct: 3,
    costPerWatt: 2.5,
    roof: roof(20),
    program: { exportCreditRatio: 1, nonbypassableUsdPerKwh: 0, solarChargeUsdPerKwMonth: 0.85 },
    credit: in2025,
  });
  assert.equal(f.panels, 20); // 35 panels needed, the roof holds 20
  assert.ok(f.roofLimited && f.flags.includes("roof_limited"));
  assert.equal(f.annualProductionKwh, 10200);
  assert.equal(f.offsetPct, 56.7);
  near(f.programCharges.solarCharges, 8 * 0.85 * 12);
  near(f.netAnnualSavings, 10200 * 0.2225 - 81.6);
  // The rate rises, the solar charge per kW-month does not: 6.0 years (14,000 / 2,187.90 = 6.4).
  assert.equal(f.paybackYears, 6);
});

Deno.test("provider panel layouts are used (interpolated between sizes) instead of the flat yield", () => {
  const r: RoofInput = {
    ...roof(30),
    configs: [{ panelsCount: 10, yearlyEnergyDcKwh: 5000 }, { panelsCount: 30, yearlyEnergyDcKwh: 13000 }],
  };
  const f = calculateSavings({
    usage: flat(600),
    ratePerKwh: 0.15,
    escalatorPct: 3,
    costPerWatt: 2.5,
    roof: r,
    program: retail,
  });
  // 20 panels -> 9,000 kWh DC -> 7,650 AC >= 7,200 x 0.97
  const dc = 5000 + 8000 * (f.panels - 10) / 20;
  assert.equal(f.annualProductionKwh, Math.round(dc * 0.85));
  assert.ok(f.annualProductionKwh >= 7200 * 0.97);
});

Deno.test("zero usage recommends no system and no payback", () => {
  const f = calculateSavings({
    usage: flat(0),
    ratePerKwh: 0.15,
    escalatorPct: 3,
    costPerWatt: 2.5,
    roof: roof(),
    program: retail,
  });
  assert.equal(f.systemKw, 0);
  assert.equal(f.netAnnualSavings, 0);
  assert.equal(f.paybackYears, null);
  assert.ok(f.flags.includes("zero_usage"));
});

Deno.test("fewer than 12 months: missing months extrapolated from the seasonal profile and flagged", () => {
  const usage = normaliseUsage([{ month: "July", value: 1200 }, { month: "Aug", value: 1100 }, {
    month: "2025-09",
    value: 900,
  }]);
  assert.equal(usage.length, 12);
  assert.deepEqual(usage.filter((u) => !u.extrapolated).map((u) => u.month), [7, 8, 9]);
  assert.ok(usage[0].kwh > usage[3].kwh, "January (heating) above April");
  const f = calculateSavings({
    usage,
    ratePerKwh: 0.15,
    escalatorPct: 3,
    costPerWatt: 2.5,
    roof: roof(),
    program: retail,
  });
  assert.ok(f.flags.includes("extrapolated_months"));
  assert.equal(f.extrapolatedMonths.length, 9);
  assert.deepEqual(f.peakMonths, [7]);
});

Deno.test("months the bill extraction marked estimated stay flagged; two years of one month are averaged", () => {
  const usage = normaliseUsage([
    ...Array.from({ length: 12 }, (_, i) => ({ month: i + 1, year: 2025, value: 1000, estimated: i < 3 })),
    { month: 1, year: 2024, value: 800 },
  ]);
  assert.deepEqual(usage.filter((u) => u.extrapolated).map((u) => u.month), [2, 3]);
  assert.equal(usage[0].kwh, 900);
  assert.equal(
    usage[0].extrapolated,
    false,
    "a measured January in one year outweighs an estimate in the other",
  );
});

Deno.test("bad usage input is rejected with a clear message", () => {
  assert.throws(() => normaliseUsage([]), /at least one month/);
  assert.throws(() => normaliseUsage([{ month: "Smarch", value: 1 }]), /Unknown month/);
  assert.throws(() => normaliseUsage([{ month: 1, value: -5 }]), />= 0/);
  assert.throws(() => normaliseUsage([{ month: 1, value: 5, unit: "therms" }]), /kWh/);
});

const arbUsage = fc.array(fc.integer({ min: 50, max: 4000 }), { minLength: 12, maxLength: 12 })
  .map((xs) => normaliseUsage(xs.map((v, i) => ({ month: i + 1, value: v }))));
const arbProgram = fc.record({
  exportCreditRatio: fc.double({ min: 0, max: 1, noNaN: true }),
  nonbypassableUsdPerKwh: fc.double({ min: 0, max: 0.03, noNaN: true }),
  solarChargeUsdPerKwMonth: fc.double({ min: 0, max: 1, noNaN: true }),
});

Deno.test("payback counts escalated savings: without degradation, ln(1 + cost x e / S) / ln(1 + e) years", () => {
  for (const escalatorPct of [0, 3, 6]) {
    const f = calculateSavings({
      usage: flat(1000),
      ratePerKwh: 0.1538,
      escalatorPct,
      costPerWatt: 2.5,
      roof: roof(),
      program: retail,
      credit: in2025,
      assumptions: { degradationPct: 0 },
    });
    const e = escalatorPct / 100;
    // Savings S(1 + e)^(y-1) add up to S((1 + e)^n - 1) / e: solved for n (simple payback when e = 0).
    const n = e === 0
      ? f.netCost / f.netAnnualSavings
      : Math.log(1 + f.netCost * e / f.netAnnualSavings) / Math.log(1 + e);
    near(f.paybackYears!, n, 0.06);
  }
});

Deno.test("property: payback is where the 25-year projection's cumulative net turns positive", () => {
  fc.assert(
    fc.property(
      arbUsage,
      fc.double({ min: 0.08, max: 0.4, noNaN: true }),
      fc.double({ min: -2, max: 8, noNaN: true }),
      arbProgram,
      (usage, rate, escalatorPct, program) => {
        const f = calculateSavings({
          usage,
          ratePerKwh: rate,
          escalatorPct,
          costPerWatt: 2.5,
          roof: roof(),
          program,
        });
        const i = f.projection.findIndex((p) => p.cumulativeNet >= 0);
        if (f.paybackYears === null || i < 0) {
          // Not within the projection: then not before its end either.
          assert.ok(f.paybackYears === null || f.paybackYears >= f.projection.length - 0.05);
          return;
        }
        const before = i === 0 ? -f.netCost : f.projection[i - 1].cumulativeNet;
        near(f.paybackYears, i + -before / f.projection[i].savings, 0.06);
      },
    ),
    { numRuns: 200 },
  );
});

Deno.test("property: payback falls (never rises) when the electricity rate rises", () => {
  fc.assert(
    fc.property(
      arbUsage,
      fc.double({ min: 0.08, max: 0.4, noNaN: true }),
      fc.double({ min: 1.01, max: 2, noNaN: true }),
      arbProgram,
      (usage, rate, k, program) => {
        const base = { usage, escalatorPct: 3, costPerWatt: 2.5, roof: roof(), program };
        const lo = calculateSavings({ ...base, ratePerKwh: rate });
        const hi = calculateSavings({ ...base, ratePerKwh: rate * k });
        assert.ok(hi.netAnnualSavings >= lo.netAnnualSavings);
        if (lo.paybackYears !== null) {
          assert.ok(
            hi.paybackYears !== null && hi.paybackYears <= lo.paybackYears + 0.05,
          );
        }
      },
    ),
    { numRuns: 200 },
  );
});

Deno.test("property: the system fits the roof and is never under 2 kW, net cost is gross less the dated credit, savings never exceed the bill", () => {
  const day = fc.integer({ min: Date.UTC(2017, 0, 1), max: Date.UTC(2030, 11, 31) }).map((t) => new Date(t));
  fc.assert(
    fc.property(
      arbUsage,
      fc.integer({ min: 0, max: 60 }),
      fc.double({ min: 0.08, max: 0.4, noNaN: true }),
      arbProgram,
      day,
      (usage, maxPanels, rate, program, date) => {
        const credit = federalCredit(date);
        const f = calculateSavings({
          usage,
          ratePerKwh: rate,
          escalatorPct: 3,
          costPerWatt: 2.5,
          roof: roof(maxPanels),
          program,
          credit,
        });
        assert.ok(f.panels <= maxPanels);
        assert.ok(f.panels === 0 || f.systemKw >= 2, `a ${f.systemKw} kW system is below the minimum`);
        assert.equal(
          credit.pct,
          date < new Date("2020-01-01")
            ? 30
            : date < new Date("2022-01-01")
            ? 26
            : date < new Date("2026-01-01")
            ? 30
            : 0,
        );
        assert.ok(Math.abs(f.netCost - f.grossCost * (1 - credit.pct / 100)) < 0.02);
        assert.ok(f.netAnnualSavings <= f.annualCost + 0.01);
        assert.ok(f.offsetPct <= 100);
        if (f.panels < maxPanels && f.panels > 0) {
          assert.ok(
            f.annualProductionKwh >= f.annualKwh * 0.97 - 1,
            "unconstrained systems offset ~100%",
          );
        }
      },
    ),
    { numRuns: 200 },
  );
});

Deno.test("property: more roof yield means fewer panels for the same usage", () => {
  fc.assert(
    fc.property(arbUsage, fc.integer({ min: 900, max: 1800 }), (usage, y) => {
      const big: RoofInput = { ...roof(200), yieldDcKwhPerKw: y };
      const a = calculateSavings({
        usage,
        ratePerKwh: 0.15,
        escalatorPct: 3,
        costPerWatt: 2.5,
        roof: big,
        program: retail,
      });
      const b = calculateSavings({
        usage,
        ratePerKwh: 0.15,
        escalatorPct: 3,
        costPerWatt: 2.5,
        roof: { ...big, yieldDcKwhPerKw: y * 1.2 },
        program: retail,
      });
      assert.ok(b.panels <= a.panels);
    }),
    { numRuns: 100 },
  );
});

Deno.test("fixed monthly charge: in every cost, the cost with solar never drops to $0", () => {
  const f = calculateSavings({
    usage: flat(1000),
    ratePerKwh: 0.1538,
    escalatorPct: 3,
    costPerWatt: 2.5,
    roof: roof(),
    program: retail,
    credit: in2025,
    fixedChargeMonthly: 12.5,
  });
  near(f.annualCost, 1845.6 + 150);
  assert.equal(f.fixedChargeMonthly, 12.5);
  assert.ok(!f.flags.includes("fixed_charge_unknown"));
  near(f.netAnnualSavings, 1845.6, 0.02); // the fixed charge is not saved
  for (const y of f.projection) {
    assert.ok(y.costWithSolar >= 150 - 0.01, `year ${y.year}: ${y.costWithSolar}`);
  }
  near(f.projection[0].costWithSolar, 150);
});

Deno.test("minimum system size: low usage or a tiny roof gets no 1.2 kW, 3-panel offer", () => {
  const low = calculateSavings({
    usage: flat(100),
    ratePerKwh: 0.15,
    escalatorPct: 3,
    costPerWatt: 2.5,
    roof: roof(),
    program: retail,
  });
  assert.equal(low.panels, 0, "1,200 kWh a year needs ~0.94 kW");
  assert.equal(low.systemKw, 0);
  assert.ok(low.flags.includes("below_minimum_size"));
  assert.equal(low.paybackYears, null);
  const tiny = calculateSavings({
    usage: flat(900),
    ratePerKwh: 0.15,
    escalatorPct: 3,
    costPerWatt: 2.5,
    roof: roof(3),
    program: retail,
  });
  assert.equal(tiny.panels, 0);
  assert.ok(tiny.flags.includes("below_minimum_size") && tiny.flags.includes("roof_limited"));
  const ok = calculateSavings({
    usage: flat(250),
    ratePerKwh: 0.15,
    escalatorPct: 3,
    costPerWatt: 2.5,
    roof: roof(),
    program: retail,
  });
  assert.ok(ok.systemKw >= 2, `3,000 kWh a year: ${ok.systemKw} kW`);
});

Deno.test("roof access: not owned offers no system; a unit address asks who owns the roof", () => {
  const no = calculateSavings({
    usage: flat(900),
    ratePerKwh: 0.15,
    escalatorPct: 3,
    costPerWatt: 2.5,
    roof: roof(),
    program: retail,
    roofAccess: "not_owned",
  });
  assert.equal(no.panels, 0);
  assert.ok(no.flags.includes("roof_not_owned"));
  const ask = calculateSavings({
    usage: flat(900),
    ratePerKwh: 0.15,
    escalatorPct: 3,
    costPerWatt: 2.5,
    roof: roof(),
    program: retail,
    roofAccess: "ask",
  });
  assert.ok(ask.panels > 0);
  assert.ok(ask.flags.includes("roof_ownership_unknown"));
});

Deno.test("peak months: a flat year has none; a summer peak is named", () => {
  assert.deepEqual(
    calculateSavings({
      usage: flat(900),
      ratePerKwh: 0.15,
      escalatorPct: 3,
      costPerWatt: 2.5,
      roof: roof(),
      program: retail,
    }).peakMonths,
    [],
  );
  const summer = normaliseUsage(
    [700, 650, 600, 650, 800, 1100, 1300, 1280, 1000, 700, 650, 720].map((v, i) => ({
      month: i + 1,
      value: v,
    })),
  );
  assert.deepEqual(
    calculateSavings({
      usage: summer,
      ratePerKwh: 0.15,
      escalatorPct: 3,
      costPerWatt: 2.5,
      roof: roof(),
      program: retail,
    }).peakMonths,
    [7, 8],
  );
});

Deno.test("the CO₂ figure carries its factor and source (QA pass 7: the report's CO₂ line had none)", async () => {
  const base = { usage: flat(1000), ratePerKwh: 0.15, escalatorPct: 3, costPerWatt: 2.5, program: retail };
  const epa = calculateSavings({ ...base, roof: roof() });
  assert.equal(epa.co2Basis, "0.699 kg/kWh, EPA US average");
  const google = calculateSavings({ ...base, roof: { ...roof(), carbonOffsetKgPerMwh: 428.9 } });
  assert.equal(google.co2OffsetKgPerYear, Math.round(google.annualProductionKwh * 0.4289));
  assert.equal(google.co2Basis, "0.429 kg/kWh, local grid (roof data)");
  const html = (await annLeeReport()).sections.map((s) => s.text).join("");
  assert.match(html, /CO₂ avoided<\/td><td>[^<]* t over 25 years \(0\.699 kg\/kWh, EPA US average\)/);
});
