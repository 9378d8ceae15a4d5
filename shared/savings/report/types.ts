import type { SavingsFigures } from "../calculate.ts";
import type { SetAsideRule, UtilityExportRule } from "../utility_export.ts";

/** The report writer seam: Gemini in production, a deterministic writer from the figures offline. */
export interface ReportSection {
  sequence: string;
  title: string;
  text: string;
}

export interface SavingsReport {
  sections: ReportSection[];
}

/** State programme facts (a row of public.state_solar_programs). */
export interface StateProgram {
  state: string;
  isGeneric: boolean;
  /** `utility_rule`: the home's utility has an export rule of its own (utilityRule, shared/savings/utility_export.ts). */
  netMetering: "retail" | "net_billing" | "none" | "generic" | "utility_rule";
  exportCreditRatio: number;
  /** The share of the solar production credited at exportCreditRatio (default: the model's exported share, 50%). */
  exportShare?: number;
  /** How the rule nets use and exports: `instant` (the model's export share) or `monthly` (calculate.ts). */
  netting?: "instant" | "monthly";
  utilityRule?: UtilityExportRule;
  /** A utility's own rule not applied because the bill is another utility's (utility_export.ts exportRuleFor). */
  utilityRuleSetAside?: SetAsideRule;
  /** Whose rule the state's row is: every utility's (default) or its investor-owned utilities' (programme_scope.ts). */
  scope?: "all" | "investor_owned";
  /** The state's rule not applied because the home's utility is not investor-owned (programme_scope.ts). */
  stateRuleSetAside?: StateRuleSetAside;
  nonbypassableUsdPerKwh: number;
  solarChargeUsdPerKwMonth: number;
  propertyTaxExemption: string | null;
  incentives: string | null;
  efficiencyPrograms: string | null;
  batteryIncentives: string | null;
  source: string;
  year: number | null;
}

/** A state's investor-owned utilities' rule set aside for the home's utility, another kind. */
export interface StateRuleSetAside {
  /** The home's utility, as the report names it. */
  utility: string;
  /** Its kind in words: "a cooperative", "a municipal utility". */
  ownership: string;
  /** The state's rule that was set aside. */
  netMetering: StateProgram["netMetering"];
}

export interface ReportContext {
  customerName: string;
  /** Two-letter state abbreviation. */
  state: string;
  stateName: string;
  address: string;
  figures: SavingsFigures;
  program: StateProgram;
  rateSource: string;
  /**
   * Whose rate ratePerKwh is: the state average (default), the national average (no state figure), the customer's own,
   * or an estimate of the home's utility's own average (shared/savings/utility_rate.ts; `rateUtility` names it).
   */
  rateKind?: "state" | "national" | "customer" | "utility";
  /** The utility whose estimated average rate is used (rateKind "utility"). */
  rateUtility?: string;
  /** The year of the reference rate and of the installed cost ($/W), named in the report. */
  rateYear?: number | null;
  /** Where the escalator comes from, in words ("EIA, Florida 2014-2024"). */
  escalatorBasis?: string;
  costYear?: number | null;
  costSource: string;
  costIsNationalFallback: boolean;
  partnerName?: string;
  /** The report's date (YYYY-MM-DD): the lease/PPA wording follows the owner's credit on it (today if absent). */
  reportDate?: string;
}

export interface ReportWriter {
  readonly name: string;
  /** Sections I-III; throws ReportInvalidError when no valid report could be produced. */
  write(ctx: ReportContext): Promise<SavingsReport>;
}

export class ReportInvalidError extends Error {}
