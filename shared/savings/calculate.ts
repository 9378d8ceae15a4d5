// The savings calculation model of the spec ("Savings calculation model"), step by step. Pure: no I/O.
import type { MonthUsage } from "./usage.ts";
import { type AppliedCredit, federalCredit } from "./credit.ts";
import { paybackYears as paybackOf } from "./payback.ts";

export interface RoofInput {
  panelCapacityW: number;
  maxPanels: number;
  yieldDcKwhPerKw: number;
  configs: { panelsCount: number; yearlyEnergyDcKwh: number }[];
  dcToAcDerate: number;
  carbonOffsetKgPerMwh?: number;
}

export interface ProgramInput {
  /** Value of an exported kWh as a share of the retail rate (1 = full retail net metering). */
  exportCreditRatio: number;
  /** The share of the solar energy credited at that ratio, when the rule sets it (a value-of-solar rule credits all
   * the production: 1); else the model's exported share. */
  exportShare?: number;
  /**
   * How imports and exports are netted (state_programs.csv `netting`): `instant` (default) credits the model's
   * exported share of the solar energy at exportCreditRatio; `monthly` nets the month's use and production at the
   * retail rate and credits only the month's excess production at exportCreditRatio (NC, OH).
   */
  netting?: "instant" | "monthly";
  nonbypassableUsdPerKwh: number;
  solarChargeUsdPerKwMonth: number;
}

export const ASSUMPTIONS = {
  targetKw: 10,
  targetOffset: 1.0,
  /**
   * The smallest system the report offers (kW DC). A product rule, not a sourced figure: below about 2 kW
   * (5 panels of 400 W) the fixed costs of a residential installation (permit, interconnection, inverter,
   * crew visit) dominate the price and installers rarely quote it; the report says so instead.
   */
  minSystemKw: 2.0,
  /** Share of the solar energy that is exported rather than used at once (no battery): a typical 40-60%. */
  exportShare: 0.5,
  degradationPct: 0.5,
  years: 25,
  /** EPA Greenhouse Gas Equivalencies Calculator: AVERT US national weighted-average marginal CO2 rate. */
  co2KgPerKwh: 0.699,
};
export type Assumptions = typeof ASSUMPTIONS;

export interface CalcInput {
  usage: MonthUsage[];
  ratePerKwh: number;
  escalatorPct: number;
  costPerWatt: number;
  roof: RoofInput;
  program: ProgramInput;
  /** The federal credit on the report's date for the offer (shared/savings/credit.ts); default: today's, homeowner-owned. */
  credit?: AppliedCredit;
  /** The utility's fixed monthly customer charge ($), which solar does not remove; null/undefined when unknown. */
  fixedChargeMonthly?: number | null;
  /** Whether the homeowner controls the roof: "not_owned" offers no system; "ask" (a unit address) flags the question. */
  roofAccess?: "own" | "not_owned" | "ask";
  assumptions?: Partial<Assumptions>;
  /** The share of the year's production made in each calendar month, January first (production_months.ts); needed
   * by monthly netting, which without it falls back to the instant export share. */
  productionShares?: number[];
}

export interface ProjectionYear {
  year: number;
  ratePerKwh: number;
  costWithoutSolar: number;
  productionKwh: number;
  savings: number;
  costWithSolar: number;
  cumulativeNet: number;
}

/**
 * The year's spread (highest month ÷ lowest month) up to which use is "fairly even" and has no peak: 1.1, a highest
 * month at most 10% above the lowest. Above WIDE_YEAR_SPREAD (1.5, the highest month half as much again as the
 * lowest) the report says use "varies widely"; between the two, "varies". QA pass 12: months from 5,948 to 9,534 kWh
 * (1.6×) were called "fairly even" because no four months stood out as peaks.
 */
export const EVEN_YEAR_SPREAD = 1.1;
export const WIDE_YEAR_SPREAD = 1.5;

export interface SavingsFigures {
  monthlyKwh: number[];
  extrapolatedMonths: number[];
  /** Of extrapolatedMonths, those measured from the bill's bar chart (absent when none, and in older reports). */
  chartMonths?: number[];
  annualKwh: number;
  ratePerKwh: number;
  escalatorPct: number;
  annualCost: number;
  peakMonths: number[];
  startKw: number;
  systemKw: number;
  panels: number;
  panelCapacityW: number;
  roofLimited: boolean;
  annualProductionKwh: number;
  offsetPct: number;
  costPerWatt: number;
  grossCost: number;
  federalCredit: number;
  /** Which credit federalCredit is, its condition and source (never a credit the homeowner cannot claim). */
  credit: AppliedCredit;
  netCost: number;
  /** The utility's fixed monthly charge included in every cost figure; null when unknown (then excluded, and flagged). */
  fixedChargeMonthly: number | null;
  grossAnnualOffsetValue: number;
  programCharges: { exportShortfall: number; nonbypassable: number; solarCharges: number; total: number };
  /** Under a rule that nets within the month (program.netting "monthly"): the first year's kWh produced beyond each
   * month's use, the part credited at the export ratio. Absent otherwise (and in figures stored before). */
  monthlyExcessKwh?: number;
  netAnnualSavings: number;
  paybackYears: number | null;
  projection: ProjectionYear[];
  lifetimeSavings: number;
  lifetimeNetBenefit: number;
  co2OffsetKgPerYear: number;
  co2OffsetTonnesLifetime: number;
  /** Where the CO₂ factor comes from, as the report says it (absent in figures stored before QA pass 7). */
  co2Basis?: string;
  flags: string[];
}

/**
 * The flag of figures whose yearly use is beyond the gate's residential bound (READING_ANNUAL_KWH_MAX; set by the
 * pipeline, which knows the bound): the report, the email and the widget say what a small share of it means.
 */
export const BEYOND_HOME_USE = "beyond_home_use";

/**
 * The flag of figures without a fixed charge because the bill is another utility's than the home's (set by the
 * pipeline from the request): the report says so rather than "not read from your bill" (QA pass 11).
 */
export const FIXED_CHARGE_OTHER_UTILITY = "fixed_charge_other_utility";
/**
 * The home buys its electricity from a retail provider (a retail-choice area: its utility is a wires company,
 * shared/providers/wires_companies.ts isRetailChoiceHome; set by the pipeline): the bill, its rate and its fixed
 * charge are the provider's, and the report calls them so, never the utility's (QA pass 16).
 */
export const RETAIL_CHOICE = "retail_choice";
/**
 * A unit in a shared building (apartment, condo) whose owner says they own the roof, with a system proposed: its size
 * rests on the whole roof found for the address (the building's, or the model's single-family roof), as no source
 * tells a unit's share of it. Set by the pipeline; the report says so and the partner's email marks it (QA pass 16:
 * 28 panels for a Houston apartment).
 */
export const UNIT_WHOLE_ROOF = "unit_whole_roof";
/** The rate is an estimate of the home's utility's own average (shared/savings/utility_rate.ts), not the state's. */
export const UTILITY_RATE_ESTIMATE = "utility_rate_estimate";

const money = (x: number) => Math.round(x * 100) / 100;

/** DC kWh/yr of `panels` panels: the provider's layout of that size, interpolated, or the yield per kW. */
export function dcEnergy(roof: RoofInput, panels: number): number {
  if (panels <= 0) return 0;
  const cs = roof.configs;
  const exact = cs.find((c) => c.panelsCount === panels);
  if (exact) return exact.yearlyEnergyDcKwh;
  const lo = [...cs].reverse().find((c) => c.panelsCount < panels),
    hi = cs.find((c) => c.panelsCount > panels);
  if (lo && hi) {
    return lo.yearlyEnergyDcKwh +
      (hi.yearlyEnergyDcKwh - lo.yearlyEnergyDcKwh) * (panels - lo.panelsCount) /
        (hi.panelsCount - lo.panelsCount);
  }
  return panels * roof.panelCapacityW / 1000 * roof.yieldDcKwhPerKw;
}

/** Use and production of each calendar month (January first), for monthly netting. */
export interface MonthlyBalance {
  usageKwh: number[];
  productionShares: number[];
}

/**
 * The kWh of the year's offset credited as exports, at the export ratio. Instant netting: the model's exported share
 * (or the rule's share). Monthly netting: what is left of the offset once each month's production has met that month's
 * use, i.e. the months' excess production (summer), counted only up to the offset (a year's production beyond its use
 * is not counted as savings, as under instant netting).
 */
export function exportedKwh(
  offsetKwh: number,
  productionKwh: number,
  program: ProgramInput,
  a: Assumptions,
  monthly?: MonthlyBalance,
): number {
  if (program.netting === "monthly" && monthly) {
    const netted = monthly.usageKwh.reduce(
      (s, use, m) => s + Math.min(use, productionKwh * monthly.productionShares[m]),
      0,
    );
    return Math.max(0, offsetKwh - netted);
  }
  return offsetKwh * (program.exportShare ?? a.exportShare);
}

/** Savings in a year at a given rate, after the state's programme charges (never negative). */
function yearSavings(
  offsetKwh: number,
  productionKwh: number,
  rate: number,
  systemKw: number,
  program: ProgramInput,
  a: Assumptions,
  monthly?: MonthlyBalance,
) {
  const gross = offsetKwh * rate;
  const exportShortfall = exportedKwh(offsetKwh, productionKwh, program, a, monthly) * rate *
    (1 - program.exportCreditRatio);
  const nonbypassable = offsetKwh * program.nonbypassableUsdPerKwh;
  const solarCharges = systemKw * program.solarChargeUsdPerKwMonth * 12;
  return {
    gross,
    exportShortfall,
    nonbypassable,
    solarCharges,
    net: Math.max(0, gross - exportShortfall - nonbypassable - solarCharges),
  };
}

/** The months' use and production shares in calendar order, when the input has all twelve of both. */
function monthlyBalance(input: CalcInput): MonthlyBalance | undefined {
  const shares = input.productionShares;
  if (!shares || shares.length !== 12) return undefined;
  const usageKwh = Array.from({ length: 12 }, () => 0);
  for (const u of input.usage) {
    if (!(u.month >= 1 && u.month <= 12)) return undefined;
    usageKwh[u.month - 1] += u.kwh;
  }
  return { usageKwh, productionShares: shares };
}

export function calculateSavings(input: CalcInput): SavingsFigures {
  const a: Assumptions = { ...ASSUMPTIONS, ...input.assumptions };
  const { roof, program, ratePerKwh: rate } = input;
  const flags: string[] = [];
  const monthlyKwh = input.usage.map((u) => u.kwh);
  const extrapolatedMonths = input.usage.filter((u) => u.extrapolated).map((u) => u.month);
  if (extrapolatedMonths.length) flags.push("extrapolated_months");
  const chartMonths = input.usage.filter((u) => u.extrapolated && u.fromChart).map((u) => u.month);

  // 1. Total annual kWh; 2. annual cost at the state average rate.
  const annualKwh = monthlyKwh.reduce((s, x) => s + x, 0);
  const fixed = input.fixedChargeMonthly ?? null;
  if (fixed === null) flags.push("fixed_charge_unknown");
  const fixedYear = (fixed ?? 0) * 12;
  const annualCost = annualKwh * rate + fixedYear;
  const maxMonth = Math.max(...monthlyKwh);
  // Peak months: within 5% of the highest month, and only when the year has a shape (a flat year has no peak).
  const minMonth = Math.min(...monthlyKwh);
  const peaks = input.usage.filter((u) => u.kwh >= maxMonth * 0.95).map((u) => u.month);
  const peakMonths = annualKwh > 0 && maxMonth > minMonth * EVEN_YEAR_SPREAD && peaks.length <= 4
    ? peaks
    : [];

  // 3. System size: start at the 10 kW target, adjust to offset ~100% of usage with the roof's yield,
  // bounded by the roof's panel capacity, in whole panels.
  const yieldAcPerKw = roof.yieldDcKwhPerKw * roof.dcToAcDerate;
  let panels = 0;
  if (annualKwh <= 0) flags.push("zero_usage");
  else if (input.roofAccess === "not_owned") flags.push("roof_not_owned");
  else if (roof.maxPanels <= 0 || yieldAcPerKw <= 0) flags.push("no_usable_roof");
  else {
    // The 10 kW target, adjusted to the size that offsets the target share of the year's usage.
    const kw = annualKwh * a.targetOffset / yieldAcPerKw;
    panels = Math.max(1, Math.round(kw * 1000 / roof.panelCapacityW));
    // Rounding may land a panel short of the target: prefer covering usage.
    while (
      panels < roof.maxPanels &&
      dcEnergy(roof, panels) * roof.dcToAcDerate < annualKwh * a.targetOffset * 0.97
    ) panels++;
    if (panels > roof.maxPanels) {
      panels = roof.maxPanels;
      flags.push("roof_limited");
    } else if (
      panels === roof.maxPanels &&
      dcEnergy(roof, panels) * roof.dcToAcDerate < annualKwh * a.targetOffset * 0.97
    ) flags.push("roof_limited");
    // Below the minimum sensible size the report says so rather than offering a 3-panel system.
    if (panels * roof.panelCapacityW / 1000 < a.minSystemKw) {
      panels = 0;
      flags.push("below_minimum_size");
    }
  }
  if (input.roofAccess === "ask" && panels > 0) flags.push("roof_ownership_unknown");
  const systemKw = panels * roof.panelCapacityW / 1000;
  const annualProductionKwh = dcEnergy(roof, panels) * roof.dcToAcDerate;

  // 4-5. Gross cost and net cost after the federal credit.
  const grossCost = systemKw * 1000 * input.costPerWatt;
  const credit = input.credit ?? federalCredit(new Date());
  const federalCreditUsd = grossCost * credit.pct / 100;
  const netCost = grossCost - federalCreditUsd;

  // 6. Net annual savings: the offset cost less the state's programme charges.
  const offsetKwh = Math.min(annualProductionKwh, annualKwh);
  const monthly = monthlyBalance(input);
  const y1 = yearSavings(offsetKwh, annualProductionKwh, rate, systemKw, program, a, monthly);
  const monthlyNetting = program.netting === "monthly" && monthly !== undefined;
  const netAnnualSavings = y1.net;

  // Year y of the projection: the rate risen by the escalator, the panels degraded.
  const rateIn = (y: number) => rate * (1 + input.escalatorPct / 100) ** (y - 1);
  const productionIn = (y: number) => annualProductionKwh * (1 - a.degradationPct / 100) ** (y - 1);
  const savingsIn = (y: number) =>
    yearSavings(
      Math.min(productionIn(y), annualKwh),
      productionIn(y),
      rateIn(y),
      systemKw,
      program,
      a,
      monthly,
    ).net;

  // 7. Payback: the year the savings of the projection below add up to the net cost (not net cost ÷ first-year
  // savings, which ignores the rising rates the 25-year figure counts); looked for over twice the projection.
  const paybackYears = netAnnualSavings > 0 ? paybackOf(netCost, savingsIn, a.years * 2) : null;
  if (systemKw > 0 && netAnnualSavings <= 0) flags.push("no_savings");

  // 25-year projection with the rate escalator and panel degradation.
  const projection: ProjectionYear[] = [];
  let cumulative = -netCost, lifetimeSavings = 0;
  for (let y = 1; y <= a.years; y++) {
    const r = rateIn(y);
    const prod = productionIn(y);
    const s = savingsIn(y);
    const costWithout = annualKwh * r + fixedYear;
    lifetimeSavings += s;
    cumulative += s;
    projection.push({
      year: y,
      ratePerKwh: Math.round(r * 10000) / 10000,
      costWithoutSolar: money(costWithout),
      productionKwh: Math.round(prod),
      savings: money(s),
      costWithSolar: money(costWithout - s),
      cumulativeNet: money(cumulative),
    });
  }

  const co2Factor = roof.carbonOffsetKgPerMwh ? roof.carbonOffsetKgPerMwh / 1000 : a.co2KgPerKwh;
  const co2Basis = roof.carbonOffsetKgPerMwh
    ? `${co2Factor.toFixed(3)} kg/kWh, local grid (roof data)`
    : `${co2Factor.toFixed(3)} kg/kWh, EPA US average`;
  const lifetimeProduction = projection.reduce((s, p) => s + p.productionKwh, 0);
  return {
    monthlyKwh,
    extrapolatedMonths,
    ...(chartMonths.length ? { chartMonths } : {}),
    annualKwh: Math.round(annualKwh),
    ratePerKwh: rate,
    escalatorPct: input.escalatorPct,
    annualCost: money(annualCost),
    peakMonths,
    startKw: a.targetKw,
    systemKw: Math.round(systemKw * 100) / 100,
    panels,
    panelCapacityW: roof.panelCapacityW,
    roofLimited: flags.includes("roof_limited"),
    annualProductionKwh: Math.round(annualProductionKwh),
    offsetPct: annualKwh > 0 ? Math.round(offsetKwh / annualKwh * 1000) / 10 : 0,
    costPerWatt: input.costPerWatt,
    grossCost: money(grossCost),
    federalCredit: money(federalCreditUsd),
    credit,
    fixedChargeMonthly: fixed,
    netCost: money(netCost),
    grossAnnualOffsetValue: money(y1.gross),
    programCharges: {
      exportShortfall: money(y1.exportShortfall),
      nonbypassable: money(y1.nonbypassable),
      solarCharges: money(y1.solarCharges),
      total: money(y1.exportShortfall + y1.nonbypassable + y1.solarCharges),
    },
    ...(monthlyNetting
      ? { monthlyExcessKwh: Math.round(exportedKwh(offsetKwh, annualProductionKwh, program, a, monthly)) }
      : {}),
    netAnnualSavings: money(netAnnualSavings),
    paybackYears: paybackYears === null ? null : Math.round(paybackYears * 10) / 10,
    projection,
    lifetimeSavings: money(lifetimeSavings),
    lifetimeNetBenefit: money(lifetimeSavings - netCost),
    co2OffsetKgPerYear: Math.round(annualProductionKwh * co2Factor),
    co2OffsetTonnesLifetime: Math.round(lifetimeProduction * co2Factor / 100) / 10,
    co2Basis,
    flags,
  };
}
