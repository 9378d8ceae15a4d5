// Generates, from the CSVs in data/reference/, the self-contained reference migration of the savings tables
// (upserts of every row) and the state-capital solar resource module of the embedded roof model. Applied
// migrations are never rewritten: unchanged data writes nothing, changed data goes into a new migration
// (scripts/reference/new_migration.ts); the seed (20261122003100) and 20261123003100 stay as they were applied. Run after editing a CSV:
//   ./node_modules/.bin/deno run -A scripts/savings/reference.ts
// and commit the CSV and both generated files.
import { parse } from "csv-parse/sync";
import { describe, lineageFiles, writeGeneratedMigration } from "../reference/new_migration.ts";

const root = new URL("../../", import.meta.url);
const read = (name: string) =>
  parse(Deno.readTextFileSync(new URL(`data/reference/${name}`, root)), {
    columns: true,
    skip_empty_lines: true,
  }) as Record<string, string>[];
const q = (
  s: string | undefined | null,
) => (s === undefined || s === null || s === "" ? "null" : `'${s.replaceAll("'", "''")}'`);
const num = (s: string | undefined) => (s === undefined || s === "" ? "null" : String(Number(s)));

const ESCALATOR_PCT = 3.0;
const ESCALATOR_SOURCE =
  "National default: EIA Electric Power Annual, US average residential price 8.72 ¢/kWh (2003) to 16.00 ¢/kWh (2023), about 3.1%/yr nominal, rounded to 3.0%";
const NO_2024 =
  "no 2024 state figure was found in the sources available to this project (EIA Electric Power Annual 2024 tables not on file), so the 2023 figure is kept";

interface RateRow {
  state: string;
  rateUsd: number;
  year: number;
  source: string;
  escalatorPct: number;
  escalatorSource: string;
}

/** The years of a state's own SEDS escalator: the same 20-year window as the national default's. */
export const SEDS_ESCALATOR_YEARS = [2003, 2023] as const;

/**
 * The rate row of each state: its EIA 2024 annual residential price and its own 2014-2024 escalator where
 * the EIA history is on file (state_rate_history_eia.csv); else the 2023 figure with the state's own 2003-2023
 * escalator from EIA SEDS (state_rate_history_seds.csv; 20 years, as the national default, because a 10-year
 * window ending in 2023 is dominated by New England's 2022-2023 gas-price spike: ME 6.7, MA 6.5 %/yr, which
 * 25 years of compounding would turn into savings nobody should promise); else the national escalator.
 */
export function stateRates(
  rates: Record<string, string>[],
  history: Record<string, string>[],
  seds: Record<string, string>[] = [],
): RateRow[] {
  return rates.map((r) => {
    const h = (y: number) => history.find((x) => x.state === r.state && Number(x.year) === y);
    const [h2014, h2024] = [h(2014), h(2024)];
    if (h2014 && h2024) {
      const a = Number(h2014.rate_cents_per_kwh), b = Number(h2024.rate_cents_per_kwh);
      const cagr = Math.round(((b / a) ** (1 / 10) - 1) * 1000) / 10;
      return {
        state: r.state,
        rateUsd: b / 100,
        year: 2024,
        source: `${h2024.source}; 2024 annual`,
        escalatorPct: cagr,
        escalatorSource: `${r.state} residential price ${a.toFixed(2)} ¢/kWh (2014) to ${
          b.toFixed(2)
        } ¢/kWh (2024), ${cagr.toFixed(1)}%/yr nominal (compound); ${h2024.source}`,
      };
    }
    // The US row is the national default itself (its SEDS 2003-2023 growth is that default before rounding).
    const own = r.state === "US" ? null : sedsEscalator(r.state, seds);
    return {
      state: r.state,
      rateUsd: Number(r.rate_cents_per_kwh) / 100,
      year: Number(r.year),
      source: `${r.source}; ${NO_2024}`,
      escalatorPct: own?.pct ?? ESCALATOR_PCT,
      escalatorSource: own?.source ?? ESCALATOR_SOURCE,
    };
  });
}

/** A state's own compound growth of its SEDS residential price over SEDS_ESCALATOR_YEARS, when both are on file. */
function sedsEscalator(
  state: string,
  seds: Record<string, string>[],
): { pct: number; source: string } | null {
  const [from, to] = SEDS_ESCALATOR_YEARS;
  const at = (y: number) => seds.find((x) => x.state === state && Number(x.year) === y);
  const [a, b] = [at(from), at(to)];
  if (!a || !b) return null;
  const [pa, pb] = [Number(a.esrcd_usd_per_mmbtu), Number(b.esrcd_usd_per_mmbtu)];
  if (!(pa > 0 && pb > 0)) return null;
  const pct = Math.round(((pb / pa) ** (1 / (to - from)) - 1) * 1000) / 10;
  return {
    pct,
    source: `${state} residential price ${Number(a.rate_cents_per_kwh).toFixed(2)} ¢/kWh (${from}) to ${
      Number(b.rate_cents_per_kwh).toFixed(2)
    } ¢/kWh (${to}), ${pct.toFixed(1)}%/yr nominal (compound); ${b.source}`,
  };
}

/** The generated seed migration and capitals module, as text (pure: reads the CSVs, writes nothing). */
export function buildReferenceArtifacts(): {
  seedSql: string;
  capitalsTs: string;
  states: number;
  capitals: number;
} {
  const rates = read("state_rates.csv");
  const history = read("state_rate_history_eia.csv");
  const seds = read("state_rate_history_seds.csv");
  const costs = read("solar_cost_per_watt.csv");
  const programs = read("state_programs.csv");
  const capitals = read("solar_resource_state_capitals.csv");

  const states = rates.map((r) => r.state);
  // The national figure used where a state has none: the newest EnergySage national median.
  const national =
    costs.filter((c) => c.state === "US").sort((a, b) => Number(b.year || 0) - Number(a.year || 0))[0];
  // A state's own figure only when it is a single recent (2024+) median; ranges and old figures are kept in the
  // CSV for reference but the national median is more current than a 2012 state median.
  const stateCost = new Map(
    costs.filter((c) => c.state !== "US" && Number(c.year) >= 2024).map((c) => [c.state, c]),
  );

  const lines: string[] = [
    "-- GENERATED by scripts/savings/reference.ts from data/reference/*.csv — edit the CSVs and regenerate.",
    "-- Reference data of the savings model; each row keeps its source and year. Re-runnable (upserts); it",
    "-- supersedes the rows of 20261122003100 (applied migrations are never rewritten).",
    "",
    "insert into public.state_electricity_rates (state, rate_usd_per_kwh, year, source, escalator_pct, escalator_source) values",
    stateRates(rates, history, seds).map((r) =>
      `  (${q(r.state)}, ${r.rateUsd.toFixed(5)}, ${r.year}, ${q(r.source)}, ${r.escalatorPct}, ${
        q(r.escalatorSource)
      })`
    ).join(",\n"),
    "on conflict (state) do update set rate_usd_per_kwh = excluded.rate_usd_per_kwh, year = excluded.year, source = excluded.source,",
    "  escalator_pct = excluded.escalator_pct, escalator_source = excluded.escalator_source, updated_at = now();",
    "",
    "insert into public.state_solar_costs (state, usd_per_watt, year, source, national_fallback) values",
    states.map((s) => {
      const own = s === "US" ? national : stateCost.get(s);
      const row = own ?? national;
      const source = own ? row.source : `No state figure; national median used: ${national.source}`;
      return `  (${q(s)}, ${Number(row.usd_per_watt).toFixed(3)}, ${num(row.year)}, ${q(source)}, ${
        !own && s !== "US"
      })`;
    }).join(",\n"),
    "on conflict (state) do update set usd_per_watt = excluded.usd_per_watt, year = excluded.year, source = excluded.source,",
    "  national_fallback = excluded.national_fallback, updated_at = now();",
    "",
    "insert into public.state_solar_programs (state, is_generic, net_metering, export_credit_ratio, nonbypassable_usd_per_kwh,",
    "  solar_charge_usd_per_kw_month, property_tax_exemption, incentives, efficiency_programs, battery_incentives, year, source,",
    "  netting, scope) values",
    states.map((s) => {
      const own = programs.find((p) => p.state === s);
      const p = own ?? programs.find((x) => x.state === "US")!;
      const generic = !own || p.net_metering === "generic";
      return `  (${q(s)}, ${generic}, ${q(p.net_metering)}, ${num(p.export_credit_ratio)}, ${
        num(p.nonbypassable_usd_per_kwh)
      }, ${num(p.solar_charge_usd_per_kw_month)}, ` +
        `${q(p.property_tax_exemption)}, ${q(p.incentives)}, ${q(p.efficiency_programs)}, ${
          q(p.battery_incentives)
        }, ${num(p.year)}, ${q(own ? p.source : "No state-specific data: " + p.source)}, ${
          q(p.netting || "instant")
        }, ${q(p.scope || "all")})`;
    }).join(",\n"),
    "on conflict (state) do update set is_generic = excluded.is_generic, net_metering = excluded.net_metering,",
    "  export_credit_ratio = excluded.export_credit_ratio, nonbypassable_usd_per_kwh = excluded.nonbypassable_usd_per_kwh,",
    "  solar_charge_usd_per_kw_month = excluded.solar_charge_usd_per_kw_month, property_tax_exemption = excluded.property_tax_exemption,",
    "  incentives = excluded.incentives, efficiency_programs = excluded.efficiency_programs, battery_incentives = excluded.battery_incentives,",
    "  year = excluded.year, source = excluded.source, netting = excluded.netting, scope = excluded.scope,",
    "  updated_at = now();",
    "",
  ];

  // State capitals: latitude/longitude, GHI and PVWatts v8 yield (kWh AC per kW DC, tilt 20, azimuth 180).
  const byState = new Map<
    string,
    { state: string; city: string; lat: number; lon: number; ghi?: number; yieldAcPerKw?: number }
  >();
  for (const r of capitals) {
    const m = r.unit.match(/ at ([A-Za-z .]+?) (-?[\d.]+),(-?[\d.]+)/);
    if (!m) throw new Error(`No coordinates in ${r.unit}`);
    const e = byState.get(r.state) ?? { state: r.state, city: m[1], lat: Number(m[2]), lon: Number(m[3]) };
    if (r.unit.includes("annual avg GHI")) e.ghi = Number(r.value);
    if (r.unit.includes("PVWatts")) e.yieldAcPerKw = Math.round(Number(r.value) / 8 * 10) / 10;
    byState.set(r.state, e);
  }
  const rows = [...byState.values()].filter((e) => e.ghi && e.yieldAcPerKw);
  const ts = [
    "// GENERATED by scripts/savings/reference.ts from data/reference/solar_resource_state_capitals.csv (NREL Solar",
    "// Resource API annual GHI and PVWatts v8 yields recorded for every state capital; provenance in data/reference/README.md).",
    "export interface Capital { state: string; city: string; lat: number; lon: number; /** kWh/m²/day */ ghi: number; /** kWh AC per kW DC per year, PVWatts v8 tilt 20 az 180 losses 14% */ yieldAcPerKw: number }",
    "export const CAPITALS: Capital[] = [",
    ...rows.map((e) => `  ${JSON.stringify(e).replace(/"(\w+)":/g, "$1: ")},`),
    "];",
    "",
  ];
  return {
    seedSql: lines.join("\n"),
    capitalsTs: ts.join("\n"),
    states: states.length,
    capitals: rows.length,
  };
}

/** Where the per-state table of docs/savings.md lives (between these markers; regenerated by this script). */
export const DOC_PATH = "docs/savings.md";
export const DOC_START = "<!-- per-state sources: GENERATED by scripts/savings/reference.ts -->";
export const DOC_END = "<!-- end of per-state sources -->";

/**
 * Per state: the price the report uses with its year and source, the escalator's basis, and the installed $/W
 * with its year and whether it is the state's own figure: a Markdown table, so the docs say exactly which year
 * and source each state's numbers are (and never more than the CSVs hold).
 */
export function stateSourcesTable(): string {
  const rates = stateRates(
    read("state_rates.csv"),
    read("state_rate_history_eia.csv"),
    read("state_rate_history_seds.csv"),
  );
  const costs = read("solar_cost_per_watt.csv");
  const national =
    costs.filter((c) => c.state === "US").sort((a, b) => Number(b.year || 0) - Number(a.year || 0))[0];
  const stateCost = new Map(
    costs.filter((c) => c.state !== "US" && Number(c.year) >= 2024).map((c) => [c.state, c]),
  );
  const older = (st: string) =>
    costs.filter((c) => c.state === st && !(Number(c.year) >= 2024)).map((c) =>
      `${Number(c.usd_per_watt).toFixed(2)} (${c.year || "year not stated"})`
    );
  const rows = rates.map((r) => {
    const price = r.year === 2024
      ? "EIA Electricity Data Browser, 2024 annual"
      : "EIA SEDS 2023 (no 2024 figure on file)";
    const years = r.escalatorSource.match(/\((\d{4})\) to .*?\((\d{4})\)/);
    const esc = r.escalatorSource.startsWith("National default") || !years
      ? "national (US 2003–2023)"
      : `state ${years[1]}–${years[2]}${r.year === 2024 ? "" : " (SEDS)"}`;
    const own = r.state === "US" ? national : stateCost.get(r.state);
    const cost = own
      ? `${Number(own.usd_per_watt).toFixed(2)} | ${own.year} | ${
        r.state === "US" ? "national median" : "state median"
      }`
      : `${Number(national.usd_per_watt).toFixed(2)} | ${national.year} | national median (no state figure${
        older(r.state).length ? `; older, not used: ${older(r.state).join(", ")}` : ""
      })`;
    return `| ${r.state} | ${
      (r.rateUsd * 100).toFixed(2)
    } | ${r.year} | ${price} | ${r.escalatorPct} | ${esc} | ${cost} |`;
  });
  return [
    "| state | price ¢/kWh | year | price source | escalator %/yr | escalator basis | $/W | $/W year | $/W basis |",
    "|---|---|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

/** docs text with the generated per-state table put between the markers (unchanged elsewhere). */
export function withStateSources(doc: string): string {
  const a = doc.indexOf(DOC_START), b = doc.indexOf(DOC_END);
  if (a < 0 || b < a) throw new Error(`${DOC_PATH}: markers ${DOC_START} … ${DOC_END} not found`);
  return `${doc.slice(0, a + DOC_START.length)}\n${stateSourcesTable()}\n${doc.slice(b)}`;
}

/** The first seed, as applied (frozen). */
export const SEED_PATH = "supabase/migrations/20261122003100_savings_reference_seed.sql";
/** The data's migrations: the seed, 20261123003100_savings_reference_2024.sql, then `<version>_savings_reference.sql`. */
export const REFERENCE_NAME = "savings_reference";
export const REFERENCE_LINEAGE = [
  "20261122003100_savings_reference_seed.sql",
  "20261123003100_savings_reference_2024.sql",
];
/** The newest reference migration: what the CSVs must generate (the upserts supersede every earlier one). */
export const referencePath = () =>
  `supabase/migrations/${lineageFiles(root, REFERENCE_NAME, REFERENCE_LINEAGE).at(-1)}`;
export const CAPITALS_PATH = "shared/roof/capitals.ts";

if (import.meta.main) {
  const a = buildReferenceArtifacts();
  // Upserts of every row: the same SQL supersedes any earlier reference migration. An applied one is never
  // rewritten; changed data goes into a new migration.
  const written = await writeGeneratedMigration({
    root,
    name: REFERENCE_NAME,
    lineage: REFERENCE_LINEAGE,
    sql: a.seedSql,
    supersede: a.seedSql,
  });
  console.log(describe(written));
  Deno.writeTextFileSync(new URL(CAPITALS_PATH, root), a.capitalsTs);
  const doc = new URL(DOC_PATH, root);
  Deno.writeTextFileSync(doc, withStateSources(Deno.readTextFileSync(doc)));
  console.log(`seed: ${a.states} states; capitals: ${a.capitals}`);
}
