// Export rules of utilities whose rule differs from their state's (issue #11 §3): a sourced, dated row of
// data/reference/utility_export_programs.csv each (the rows below are that file's; utility_export_test.ts checks
// they agree). A home whose chosen utility has a row gets that rule in place of the state's paragraph and ratio:
// Austin Energy (a city utility in Texas, where the state has no net-metering rule) credits ALL of a customer's solar
// production at its Value of Solar rate and bills all consumption, rather than netting exports.
import type { StateProgram } from "./report/types.ts";

export interface UtilityExportRule {
  /** The utility's name as the provider list (public.utility_providers) names it. */
  utility: string;
  eiaid: number;
  state: string;
  rule: "value_of_solar";
  /** The credit per kWh the rule pays (USD). */
  creditUsdPerKwh: number;
  /** The share of the solar production the credit applies to (1: all of it, not only what is exported). */
  shareOfProduction: number;
  /** The date the rate took effect (YYYY-MM-DD) and the date its source was read. */
  effective: string;
  retrieved: string;
  source: string;
}

export const UTILITY_EXPORT_RULES: readonly UtilityExportRule[] = [
  {
    utility: "Austin Energy",
    eiaid: 1015,
    state: "TX",
    rule: "value_of_solar",
    creditUsdPerKwh: 0.0991,
    shareOfProduction: 1,
    effective: "2023-03-01",
    retrieved: "2026-11-25",
    source:
      "Austin Energy, Value of Solar Rate (https://austinenergy.com/rates/residential-rates/value-of-solar-rate): systems under 1 MW-AC are credited 9.91 ¢/kWh for 100% of their solar production, all consumption billed; effective March 1, 2023, subject to change",
  },
];

const key = (s: string) =>
  s.toLowerCase().replace(/&/g, " and ").replace(/[^a-z0-9]+/g, " ").replace(/^the /, "").trim();

/** The export rule of the utility chosen for a home in `state`, when it has one of its own. */
export function utilityExportRule(
  utility: string | null | undefined,
  state: string,
): UtilityExportRule | null {
  const k = key(String(utility ?? ""));
  if (!k) return null;
  return UTILITY_EXPORT_RULES.find((r) => r.state === state.toUpperCase() && key(r.utility) === k) ?? null;
}

/**
 * The state's program with the utility's rule in place of its export terms: the credit as a share of the retail rate
 * the report uses, applied to the rule's share of the production; the rule named and sourced. The state's other facts
 * (property tax, incentives) stay.
 */
export function withUtilityExport(
  program: StateProgram,
  rule: UtilityExportRule | null,
  ratePerKwh: number,
): StateProgram {
  if (!rule || !(ratePerKwh > 0)) return program;
  return {
    ...program,
    netMetering: "utility_rule",
    exportCreditRatio: Math.min(1, rule.creditUsdPerKwh / ratePerKwh),
    exportShare: rule.shareOfProduction,
    utilityRule: rule,
    source: `${rule.source}; ${program.source}`,
  };
}
