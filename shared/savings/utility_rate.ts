// The home's utility's own average residential rate, when the bill gives none (issue #11 §3, rates17). A state's
// average is a mix of its utilities: a city utility or cooperative well below it (Austin Energy 10.6 ¢/kWh in 2020
// against Texas's 11.7 ¢; SMUD 15.3 ¢ against California's 20.4 ¢) got the state's rate, and its savings were
// overstated. EIA-861 gives each utility's average for 2020 (the newest year on file, data/reference/
// utility_non_iou_zipcodes_2020.csv.gz); moved to the report's year with its state's own EIA change from 2020 to the
// state's figure on file (2024 or 2023), it is the estimate the report uses, and says is one, with both sources:
//   estimate = utility's 2020 average × state's current average ÷ state's 2020 average.
// Only non-investor-owned utilities have a dated 2020 rate (the investor-owned table's edition is older and
// undated): an investor-owned utility keeps the state's rate, as do a utility without a rate, a bill of another
// utility, and the caller's own rate (the bill's rate always wins).
import type { Sql } from "../db/client.ts";
import { referenceData } from "../db/reference_gate.ts";
import { STATE_NAMES } from "../geo/states.ts";
import { sameUtilityKey } from "../providers/lookup.ts";
import { displayUtilityName } from "../providers/names.ts";
import { STATE_RES_RATES_2020, UTILITY_RES_RATES_2020 } from "./utility_rates.ts";

/** The estimate's bounds as a share of the state's 2020 average: outside them the table's row is taken as an error. */
export const UTILITY_RATE_SHARE_BOUNDS = [0.33, 3] as const;

export interface UtilityRateEstimate {
  /** The utility as the report names it. */
  utility: string;
  eiaid: number;
  /** The estimate, USD/kWh. */
  ratePerKwh: number;
  /** Its two ends: the utility's and the state's 2020 averages, and the state's current average and its year. */
  utility2020: number;
  state2020: number;
  stateRate: number;
  stateYear: number;
  /** The estimate in words, with both sources (the report's rate source). */
  source: string;
}

const c = (usd: number) => `${(usd * 100).toFixed(2)} ¢/kWh`;

/**
 * The estimate for the utility `eiaid` in `state`, from the state's current average (`stateRate`, of `stateYear`);
 * null when the utility has no dated 2020 rate on file, the state has no 2020 average, or the utility's rate is outside
 * UTILITY_RATE_SHARE_BOUNDS of its state's (pure).
 */
export function utilityRateEstimate(
  utility: string,
  eiaid: number,
  state: string,
  stateRate: number,
  stateYear: number | null,
  rates: Readonly<Record<string, number>> = UTILITY_RES_RATES_2020,
  states: Readonly<Record<string, number>> = STATE_RES_RATES_2020,
): UtilityRateEstimate | null {
  const st = state.toUpperCase();
  const own = rates[`${eiaid}:${st}`], base = states[st];
  if (!(own > 0) || !(base > 0) || !(stateRate > 0) || !stateYear) return null;
  const share = own / base;
  if (share < UTILITY_RATE_SHARE_BOUNDS[0] || share > UTILITY_RATE_SHARE_BOUNDS[1]) return null;
  const ratePerKwh = Math.round(own * stateRate / base * 1e5) / 1e5;
  const name = STATE_NAMES[st] ?? st;
  return {
    utility,
    eiaid,
    ratePerKwh,
    utility2020: own,
    state2020: base,
    stateRate,
    stateYear,
    source: `an estimate of ${utility}'s average residential rate: its 2020 average, ${
      c(own)
    } (EIA-861 2020, via the OpenEI/NREL utility rate table), times ${name}'s change from 2020 to ${stateYear} (EIA, ${
      c(base)
    } to ${c(stateRate)})`,
  };
}

/**
 * The EIA id of the utility chosen for a home (the widget's provider name, as shown: a display name, the table's
 * name, or a former name) among the providers serving `state`; null when no provider of the state has that name.
 */
export async function providerEiaid(sql: Sql, utility: string, state: string): Promise<number | null> {
  const want = sameUtilityKey(utility);
  if (!want) return null;
  await referenceData(sql);
  const rows = await sql`select eiaid, name, display_name, former_names,
      state_names ->> ${state.toUpperCase()} as state_name from public.utility_providers
    where states @> array[${state.toUpperCase()}]::text[]`;
  for (const r of rows as unknown as Record<string, unknown>[]) {
    // The state's brand as listed ("Rocky Mountain Power (PacifiCorp)") and the brand alone, as a bill prints it.
    const brand = r.state_name
      ? [String(r.state_name), String(r.state_name).replace(/\s*\(.*\)\s*$/, "")]
      : [];
    const names = [
      ...brand,
      String(r.name),
      String(r.display_name),
      displayUtilityName(String(r.display_name)),
      displayUtilityName(String(r.name)),
      ...((r.former_names as string[] | null) ?? []),
    ];
    if (names.some((n) => sameUtilityKey(n) === want)) return Number(r.eiaid);
  }
  return null;
}

/** The chosen utility's estimated rate for a home in `state`, or null (the state's average is used). */
export async function utilityRateFor(
  sql: Sql,
  utility: string | null | undefined,
  state: string,
  stateRate: number,
  stateYear: number | null,
): Promise<UtilityRateEstimate | null> {
  const name = String(utility ?? "").trim();
  if (!name) return null;
  const eiaid = await providerEiaid(sql, name, state);
  return eiaid === null
    ? null
    : utilityRateEstimate(displayUtilityName(name), eiaid, state, stateRate, stateYear);
}
