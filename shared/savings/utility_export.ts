// Export rules of utilities whose rule differs from their state's (issue #11 §3): a sourced, dated row of
// data/reference/utility_export_programs.csv each (the rows below are that file's; utility_export_test.ts checks
// they agree). A home whose chosen utility has a row gets that rule in place of the state's ratio and paragraph:
// - Austin Energy (a city utility in Texas, where the state has no net-metering rule) credits ALL of a customer's
//   solar production at its Value of Solar rate and bills all consumption (`all_production`);
// - SMUD (a municipal utility district in California, not under the CPUC's net billing tariff) buys the energy a
//   customer exports at one flat rate (`exports`: the model's exported share, 50%), with no non-bypassable charge;
// - Georgia Power (Georgia is not in state_programs.csv: the report assumed retail credit) credits exports
//   under its RNR tariff at the Solar Avoided Cost rate plus the PSC's Renewable Generation Adder (`exports`; QA pass
//   14: an Atlanta report assumed "credits at the retail rate").
import type { StateProgram } from "./report/types.ts";

export interface UtilityExportRule {
  /** The utility's name in the report. */
  utility: string;
  /** Its names in the provider list (public.utility_providers: name and display name) and its short brand. */
  names: string[];
  eiaid: number;
  state: string;
  /** `all_production`: every kWh produced is credited at the rate; `exports`: only the energy sent to the grid. */
  rule: "all_production" | "exports";
  /** The rate's own name ("Value of Solar rate"). */
  rateName: string;
  /** The credit per kWh the rule pays (USD). */
  creditUsdPerKwh: number;
  /** The share of the production credited at that rate (1: all of it); null: the model's exported share. */
  shareOfProduction: number | null;
  /** Non-bypassable charges on the energy solar offsets, USD/kWh, in place of the state's. */
  nonbypassableUsdPerKwh: number;
  /** The date the rate took effect (YYYY-MM-DD) and the date its source was read. */
  effective: string;
  retrieved: string;
  source: string;
}

export const UTILITY_EXPORT_RULES: readonly UtilityExportRule[] = [
  {
    utility: "Austin Energy",
    names: ["Austin Energy"],
    eiaid: 1015,
    state: "TX",
    rule: "all_production",
    rateName: "Value of Solar rate",
    creditUsdPerKwh: 0.0991,
    shareOfProduction: 1,
    nonbypassableUsdPerKwh: 0,
    effective: "2023-03-01",
    retrieved: "2026-11-25",
    source:
      "Austin Energy, Value of Solar Rate (https://austinenergy.com/rates/residential-rates/value-of-solar-rate): systems under 1 MW-AC are credited 9.91 ¢/kWh for 100% of their solar production, all consumption billed; effective March 1, 2023, subject to change",
  },
  {
    utility: "Sacramento Municipal Utility District",
    names: ["Sacramento Municipal Utility District", "Sacramento Municipal Util Dist", "SMUD"],
    eiaid: 16534,
    state: "CA",
    rule: "exports",
    rateName: "Solar and Storage Rate",
    creditUsdPerKwh: 0.074,
    shareOfProduction: null,
    nonbypassableUsdPerKwh: 0,
    effective: "2022-03-01",
    retrieved: "2026-11-25",
    source:
      "SMUD, Solar and Storage Rate (https://smud.org/en/Rate-Information/Solar-and-Storage-Rate): excess electricity of customers approved to install solar on or after March 1, 2022 is bought at 7.4 ¢/kWh, no matter the time of day or season; SMUD's board, not the CPUC, sets its rates (the CPUC's net billing tariff and non-bypassable charges do not apply)",
  },
  {
    utility: "Georgia Power",
    names: ["Georgia Power Company", "Georgia Power Co", "Georgia Power"],
    eiaid: 7140,
    state: "GA",
    rule: "exports",
    rateName: "RNR export credit",
    creditUsdPerKwh: 0.0722,
    shareOfProduction: null,
    nonbypassableUsdPerKwh: 0,
    effective: "2026-01-01",
    retrieved: "2026-11-25",
    source:
      "Georgia Power, Renewable and Nonrenewable Resources (RNR) tariff, as summarized in Palmetto's Georgia Utility Guide (https://help.palmetto.com/en/articles/12922478-georgia-utility-guide): a Georgia Power customer's solar energy is used in the home first; what is exported is credited at the Solar Avoided Cost rate (3.22 ¢/kWh for 2026, set each January) plus the Georgia PSC's 4 ¢/kWh Renewable Generation Adder (since January 2023), 7.22 ¢/kWh in 2026; the monthly-netting pilot (capped at 5,000 customers) is not assumed",
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
  return UTILITY_EXPORT_RULES.find((r) =>
    r.state === state.toUpperCase() && r.names.some((n) => key(n) === k)
  ) ??
    null;
}

/** A utility's own rule not applied: the bill the usage comes from is another utility's than the home's. */
export interface SetAsideRule {
  /** The rule not applied, of the home's chosen utility (ofChosen) or of the bill's. */
  rule: UtilityExportRule;
  ofChosen: boolean;
  chosen: string;
  bill: string;
}

/**
 * The export rule a report follows: the rule of the utility whose usage the report rests on. With no bill of
 * another utility (`otherBillUtility` absent: no bill, a bill naming no utility, or the bill's utility agreeing with
 * the one chosen for the home), the chosen utility's. When the bill is another utility's (the gate's
 * utility_mismatch, confirmed by the homeowner), neither utility's own rule is sure to be the home's: the state's
 * rule applies, and a rule either of them has is returned as set aside, for the report to say why (QA pass 12: an
 * Austin home with an FPL bill got Austin Energy's Value of Solar rule). Two names of one rule's utility agree.
 */
export function exportRuleFor(
  utility: string | null | undefined,
  otherBillUtility: string | null | undefined,
  state: string,
): { rule: UtilityExportRule | null; setAside: SetAsideRule | null } {
  const chosenRule = utilityExportRule(utility, state);
  const bill = String(otherBillUtility ?? "").trim();
  if (!bill) return { rule: chosenRule, setAside: null };
  const billRule = utilityExportRule(bill, state);
  if (chosenRule && billRule === chosenRule) return { rule: chosenRule, setAside: null };
  const chosen = String(utility ?? "").trim();
  const setAside = chosenRule
    ? { rule: chosenRule, ofChosen: true, chosen, bill }
    : billRule
    ? { rule: billRule, ofChosen: false, chosen, bill }
    : null;
  return { rule: null, setAside };
}

/**
 * The state's program with the utility's rule in place of its export terms: the credit as a share of the retail rate
 * the report uses, applied to the rule's share of the production; its non-bypassable charge; the rule named and
 * sourced. The state's other facts (property tax, incentives) stay.
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
    netting: "instant",
    ...(rule.shareOfProduction === null ? {} : { exportShare: rule.shareOfProduction }),
    nonbypassableUsdPerKwh: rule.nonbypassableUsdPerKwh,
    utilityRule: rule,
    source: `${rule.source}; ${program.source}`,
  };
}
