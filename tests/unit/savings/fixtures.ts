// Report tests' inputs: a state program (Ohio's generic net metering, no state incentives) and a report.
import type { StateProgram } from "../../../shared/savings/report/types.ts";
import type { AppliedCredit } from "../../../shared/savings/credit.ts";
import type { SavingsReportDocument } from "../../../shared/savings/report_pdf.ts";
import { calculateSavings } from "../../../shared/savings/calculate.ts";
import { normaliseUsage } from "../../../shared/savings/usage.ts";
import { EmbeddedReportWriter } from "../../../shared/savings/report/embedded.ts";

export const genericProgram = (over: Partial<StateProgram> = {}): StateProgram => ({
  state: "OH",
  isGeneric: true,
  netMetering: "generic",
  exportCreditRatio: 1,
  nonbypassableUsdPerKwh: 0,
  solarChargeUsdPerKwMonth: 0,
  propertyTaxExemption: null,
  incentives: null,
  efficiencyPrograms: null,
  batteryIncentives: null,
  source: "x",
  year: 2024,
  ...over,
});

/** Texas: no statewide rule, exports assumed credited at about 50% of the retail rate. */
export const texas = genericProgram({
  state: "TX",
  isGeneric: false,
  netMetering: "none",
  exportCreditRatio: 0.5,
});

/** A year of 900 kWh a month in Ohio for Ann Lee, written and laid out for "Buckeye Solar". */
export async function annLeeReport(
  opts: {
    credit?: AppliedCredit;
    fixedChargeMonthly?: number | null;
    logoDataUri?: string | null;
    usage?: ReturnType<typeof normaliseUsage>;
  } = {},
): Promise<SavingsReportDocument> {
  const program = genericProgram();
  const usage = opts.usage ??
    normaliseUsage(Array.from({ length: 12 }, (_, i) => ({ month: i + 1, value: 900 })));
  const roof = { panelCapacityW: 400, maxPanels: 30, yieldDcKwhPerKw: 1400, configs: [], dcToAcDerate: 0.85 };
  const figures = calculateSavings({
    usage,
    ratePerKwh: 0.15,
    escalatorPct: 3,
    costPerWatt: 2.5,
    roof,
    program,
    credit: opts.credit,
    fixedChargeMonthly: opts.fixedChargeMonthly,
  });
  const report = await new EmbeddedReportWriter().write({
    customerName: "Ann Lee",
    state: "OH",
    stateName: "Ohio",
    address: "1 Main St",
    figures,
    program,
    rateSource: "",
    costSource: "",
    costIsNationalFallback: true,
    partnerName: "Buckeye Solar",
  });
  return {
    customerName: "Ann Lee",
    address: "1 Main St, Columbus, OH 43215",
    state: "OH",
    partner: { name: "Buckeye Solar", logoDataUri: opts.logoDataUri },
    figures,
    sections: report.sections,
  };
}

/** A home's embedded report under `program`: a flat year of `monthlyKwh` at `rate`, on a 40-panel roof. */
export async function flatYearReport(
  program: StateProgram,
  o: {
    rate: number;
    monthlyKwh: number;
    stateName: string;
    address: string;
    customerName?: string;
    /** The production's monthly shares (monthly netting); default none. */
    productionShares?: number[];
  },
) {
  const figures = calculateSavings({
    usage: normaliseUsage(Array.from({ length: 12 }, (_, i) => ({ month: i + 1, value: o.monthlyKwh }))),
    ratePerKwh: o.rate,
    escalatorPct: 3,
    costPerWatt: 2.5,
    roof: { panelCapacityW: 400, maxPanels: 40, yieldDcKwhPerKw: 1500, configs: [], dcToAcDerate: 0.85 },
    program,
    ...(o.productionShares ? { productionShares: o.productionShares } : {}),
  });
  const report = await new EmbeddedReportWriter().write({
    customerName: o.customerName ?? "Ana Ruiz",
    state: program.state,
    stateName: o.stateName,
    address: o.address,
    figures,
    program,
    rateSource: "EIA",
    costSource: "ES",
    costIsNationalFallback: true,
  });
  return { figures, report, text: report.sections.map((s) => s.text).join("") };
}
