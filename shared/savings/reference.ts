// State reference data from the platform database (seeded by the 20261122003100 migration, editable per row).
import type { Sql } from "../db/client.ts";
import type { StateProgram } from "./report/types.ts";

export interface StateData {
  state: string;
  ratePerKwh: number;
  rateSource: string;
  rateYear: number | null;
  escalatorPct: number;
  escalatorSource: string;
  costPerWatt: number;
  costSource: string;
  costYear: number | null;
  costIsNationalFallback: boolean;
  program: StateProgram;
  /** True when the state has no rate row and the US average was used. */
  rateIsNationalFallback: boolean;
}

/** The state's rows, falling back to the US rows for anything the state lacks. */
export async function loadStateData(sql: Sql, state: string): Promise<StateData> {
  const [rates, costs, programs] = await Promise.all([
    sql`select state, rate_usd_per_kwh, year, source, escalator_pct, escalator_source from public.state_electricity_rates where state in (${state}, 'US')`,
    sql`select state, usd_per_watt, year, source, national_fallback from public.state_solar_costs where state in (${state}, 'US')`,
    sql`select * from public.state_solar_programs where state in (${state}, 'US')`,
  ]);
  type Row = { state: string; [k: string]: any };
  const pick = (rows: readonly unknown[]) => {
    const rs = rows as Row[];
    return rs.find((r) => r.state === state) ?? rs.find((r) => r.state === "US");
  };
  const [rate, cost, prog] = [pick(rates), pick(costs), pick(programs)];
  if (!rate || !cost || !prog) {
    throw new Error("Savings reference data is missing (the US rows of the seed migration)");
  }
  return {
    state,
    ratePerKwh: Number(rate.rate_usd_per_kwh),
    rateSource: rate.source,
    rateYear: rate.year ?? null,
    escalatorPct: Number(rate.escalator_pct),
    escalatorSource: rate.escalator_source,
    rateIsNationalFallback: rate.state !== state,
    costPerWatt: Number(cost.usd_per_watt),
    costSource: cost.source,
    costYear: cost.year ?? null,
    costIsNationalFallback: cost.national_fallback || cost.state !== state,
    program: {
      state,
      isGeneric: prog.is_generic || prog.state !== state,
      netMetering: prog.net_metering,
      exportCreditRatio: Number(prog.export_credit_ratio),
      netting: prog.netting === "monthly" ? "monthly" : "instant",
      scope: prog.scope === "investor_owned" ? "investor_owned" : "all",
      nonbypassableUsdPerKwh: Number(prog.nonbypassable_usd_per_kwh),
      solarChargeUsdPerKwMonth: Number(prog.solar_charge_usd_per_kw_month),
      propertyTaxExemption: prog.property_tax_exemption,
      incentives: prog.incentives,
      efficiencyPrograms: prog.efficiency_programs,
      batteryIncentives: prog.battery_incentives,
      source: prog.source,
      year: prog.year,
    },
  };
}
