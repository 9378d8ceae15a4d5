// Whose export rule a state's row is (rates18, issue #11 §3). Some states' rules bind only their investor-owned
// utilities: Kentucky's SB 100 export rates were set in LG&E's, KU's and Kentucky Power's rate cases while the
// cooperatives kept retail net metering; Duke's riders are North Carolina's row; Rocky Mountain Power's Schedule 137
// is Utah's. Such a row is `scope = investor_owned` (data/reference/state_programs.csv); a home whose chosen utility
// is a cooperative or a municipal utility is then not given it: its export terms are the generic row's (retail
// credit, an assumption the report says), and the report says why. The state's other facts stay.
import type { Sql } from "../db/client.ts";
import type { StateProgram, StateRuleSetAside } from "./report/types.ts";
import { providerEiaid } from "./utility_rate.ts";
import { displayUtilityName } from "../providers/names.ts";
import { referenceData } from "../db/reference_gate.ts";

/** The figures' flag when a state's rule was set aside for the home's utility. */
export const STATE_RULE_NOT_FOR_UTILITY = "state_rule_not_for_utility";

/** How the report names a utility's ownership ("a cooperative"); null for an investor-owned one or unknown. */
export function ownershipWords(ownership: string | null | undefined): string | null {
  switch (ownership) {
    case "Cooperative":
      return "a cooperative";
    case "Municipal":
      return "a municipal utility";
    case "Political Subdivision":
      return "a public power district";
    case "State":
      return "a state-owned utility";
    default:
      return null;
  }
}

/**
 * The state's program for a home whose utility is `utility` of ownership `ownership` (pure): unchanged unless the
 * row binds investor-owned utilities only and the utility is known to be another kind.
 */
export function withProgrammeScope(
  program: StateProgram,
  utility: string | null,
  ownership: string | null | undefined,
): StateProgram {
  const kind = ownershipWords(ownership);
  if (program.scope !== "investor_owned" || program.isGeneric || !utility || !kind) return program;
  const setAside: StateRuleSetAside = { utility, ownership: kind, netMetering: program.netMetering };
  return {
    ...program,
    isGeneric: true,
    netMetering: "generic",
    exportCreditRatio: 1,
    netting: "instant",
    nonbypassableUsdPerKwh: 0,
    solarChargeUsdPerKwMonth: 0,
    stateRuleSetAside: setAside,
  };
}

/** The ownership of the utility the homeowner chose, as the provider table has it; null when not found. */
export async function utilityOwnership(
  sql: Sql,
  utility: string | null | undefined,
  state: string,
): Promise<{ utility: string; ownership: string | null } | null> {
  const name = String(utility ?? "").trim();
  if (!name) return null;
  await referenceData(sql);
  const eiaid = await providerEiaid(sql, name, state);
  if (eiaid === null) return null;
  const [row] = await sql`select ownership from public.utility_providers where eiaid = ${eiaid}`;
  return { utility: displayUtilityName(name), ownership: (row?.ownership as string | null) ?? null };
}
