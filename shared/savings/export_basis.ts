// Which export rule a report's figures follow, in the words of the basis stored with the report (rates19): the
// partner's "New lead" email named a utility's own rule ("exports credited at SMUD's Solar and Storage Rate") but
// said nothing when the figures followed the state's row, the generic one, or the generic one because the state's
// rule is its investor-owned utilities' (programme_scope.ts) or a utility's own rule was set aside for another
// utility's bill. Each case now says whose rule it is and how it credits, as the report's paragraph does.
import type { StateProgram } from "./report/types.ts";
import type { UtilityExportRule } from "./utility_export.ts";
import { cents } from "../format.ts";

const pct = (ratio: number) => `${Math.round(ratio * 100)}%`;

/** "solar production credited at Austin Energy's Value of Solar rate, 9.91 ¢/kWh (since 2023-03-01)". */
export function utilityRuleWords(r: UtilityExportRule): string {
  return `${
    r.rule === "all_production" ? "all solar production" : "exports"
  } credited at ${r.utility}'s ${r.rateName}, ${cents(r.creditUsdPerKwh)} (since ${r.effective})`;
}

/** How the state's row (or the generic one) credits exports, as the figures count it. */
function creditWords(p: StateProgram): string {
  if (p.netting === "monthly") {
    return `use and production netted within each billing month at the retail rate, a month's excess credited at about ${
      pct(p.exportCreditRatio)
    } of it`;
  }
  if (p.exportCreditRatio >= 1) return "exports credited at the full retail rate";
  return `exports credited at about ${pct(p.exportCreditRatio)} of the retail rate`;
}

/**
 * The export rule the figures follow: the utility's own (`utilityRule`), else the state's row, else the generic one,
 * saying why when a rule was set aside. The same cases as the report's rules paragraph (report/embedded.ts).
 */
export function exportBasisWords(p: StateProgram, stateName: string): string {
  if (p.utilityRule) return utilityRuleWords(p.utilityRule);
  const aside = p.stateRuleSetAside;
  if (aside) {
    return `${stateName}'s export rule not applied: it is its investor-owned utilities', and ${aside.utility} is ${aside.ownership} that sets its own, not on file; ${
      creditWords(p)
    }, assumed`;
  }
  const state = p.isGeneric
    ? `no export rule of ${stateName} on file; ${creditWords(p)}, assumed`
    : p.netMetering === "none"
    ? `no statewide export rule in ${stateName}; ${creditWords(p)}, assumed`
    : `${stateName}'s export rule: ${creditWords(p)}`;
  const other = p.utilityRuleSetAside;
  return other
    ? `${other.rule.utility}'s ${other.rule.rateName} not applied: the bill is from ${other.bill}, the home's utility is ${
      other.chosen || "not given"
    }; ${state}`
    : state;
}
