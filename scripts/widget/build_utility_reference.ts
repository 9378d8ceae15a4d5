// Generates the utility_provider_reference migration (20261122004100_utility_provider_reference.sql) from the OpenEI zip-to-utility
// tables, the EIA-861 county service territories and a zip-to-county table (provenance:
// data/reference/UTILITY_PROVIDERS.md). Run: deno run -A scripts/widget/build_utility_reference.ts
// Changed data goes into a NEW utility_provider_reference migration (`supersede`, applied over the rows loaded).
import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { displayUtilityName } from "../../shared/providers/names.ts";
import { tsvInsert } from "../reference/bulk_sql.ts";
import { describe, writeGeneratedMigration } from "../reference/new_migration.ts";

const repoRoot = new URL("../../", import.meta.url);

export type Row = Record<string, string>;

/** The CSV rows the reference is made of (data/reference/utility_*.csv.gz). */
export interface UtilitySources {
  /** OpenEI zip-to-utility rows: the IOU table, then the non-IOU one (zip, eiaid, utility_name, state, ownership). */
  zipUtilities: Row[];
  /** Zip-to-county rows (zip, fips, state). */
  zipCounties: Row[];
  /** EIA-861 service territories (Utility_Number, Utility_Name, County_FIPS). */
  territories: Row[];
}

function readCsv(root: URL, name: string): Row[] {
  const bytes = gunzipSync(Deno.readFileSync(new URL(`data/reference/${name}`, root)));
  return parse(new TextDecoder().decode(bytes), { columns: true, skip_empty_lines: true, trim: true });
}

export function readUtilitySources(root: URL = repoRoot): UtilitySources {
  return {
    zipUtilities: ["utility_iou_zipcodes.csv.gz", "utility_non_iou_zipcodes_2020.csv.gz"]
      .flatMap((f) => readCsv(root, f)),
    zipCounties: readCsv(root, "utility_zip_county_fips.csv.gz"),
    territories: readCsv(root, "utility_eia861_service_territory_2018.csv.gz"),
  };
}

interface Utility {
  eiaid: number;
  name: string;
  ownership: string | null;
  states: Set<string>;
  zips: Set<string>;
}

export interface UtilityReference {
  /** The first migration of the data: creates the tables and loads them. */
  sql: string;
  /** A later one, over a database that has the rows already (see supersedeSql). */
  supersede: string;
  counts: { utilities: number; zips: number; zipCountyZips: number; counties: number };
  /** Equal but for the providers' display names (see sameButDisplayNames). */
  same: (current: string, wanted: string) => boolean;
}

// A provider row's display name is not this generator's data once applied: the superseding SQL never updates an
// existing provider's display_name (utility_current_names and utility_display_names own it, the latter storing
// what displayUtilityName makes of it), so display-rule changes (qa5) are no data change and need no new 1 MB
// migration. Compared without that column.
const withoutDisplayNames = (sql: string) =>
  sql.replace(
    /(\$providers\$\n)([\s\S]*?)(\n\$providers\$)/g,
    (_m, open, rows: string, close) =>
      open + rows.split("\n").map((row) => {
        const cells = row.split("\t");
        if (cells.length > 2) cells[2] = "";
        return cells.join("\t");
      }).join("\n") + close,
  );

export const sameButDisplayNames = (current: string, wanted: string) =>
  withoutDisplayNames(current) === withoutDisplayNames(wanted);

// Grouped rows "key:id,id", one a line, keep the committed SQL small; the migration unpacks them with SQL.
function packed(map: Map<string, Set<number | string>>): string {
  return [...map.keys()].sort().map((k) => `${k}:${[...map.get(k)!].sort().join(",")}`).join("\n");
}

/** Both SQL texts of the reference made of `src`. */
export function buildUtilityReference(src: UtilitySources): UtilityReference {
  const utilities = new Map<number, Utility>();
  const utility = (eiaid: number, name: string, ownership: string | null) => {
    let u = utilities.get(eiaid);
    if (!u) utilities.set(eiaid, u = { eiaid, name, ownership, states: new Set(), zips: new Set() });
    if (!u.ownership && ownership) u.ownership = ownership;
    return u;
  };

  // zip -> utilities (both halves of the OpenEI table; Bundled and Delivery rows of one utility count once)
  const zipUtilities = new Map<string, Set<number>>();
  for (const r of src.zipUtilities) {
    const zip = r.zip.padStart(5, "0");
    const eiaid = Number(r.eiaid);
    if (!/^\d{5}$/.test(zip) || !Number.isInteger(eiaid) || eiaid <= 0) continue;
    const u = utility(eiaid, r.utility_name, r.ownership || null);
    u.states.add(r.state);
    u.zips.add(zip);
    if (!zipUtilities.has(zip)) zipUtilities.set(zip, new Set());
    zipUtilities.get(zip)!.add(eiaid);
  }

  // zip -> county FIPS, and state FIPS -> postal code
  const zipCounties = new Map<string, Set<string>>();
  const stateOfFips = new Map<string, string>();
  for (const r of src.zipCounties) {
    const zip = r.zip.padStart(5, "0");
    const fips = r.fips.padStart(5, "0");
    if (!/^\d{5}$/.test(zip) || !/^\d{5}$/.test(fips)) continue;
    stateOfFips.set(fips.slice(0, 2), r.state);
    if (!zipCounties.has(zip)) zipCounties.set(zip, new Set());
    zipCounties.get(zip)!.add(fips);
  }

  // county FIPS -> utilities (EIA-861 service territories)
  const countyUtilities = new Map<string, Set<number>>();
  for (const r of src.territories) {
    const eiaid = Number(r.Utility_Number);
    const fips = r.County_FIPS.padStart(5, "0");
    if (!Number.isInteger(eiaid) || eiaid <= 0 || !/^\d{5}$/.test(fips)) continue;
    const u = utility(eiaid, r.Utility_Name, null);
    const st = stateOfFips.get(fips.slice(0, 2));
    if (st) u.states.add(st);
    if (!countyUtilities.has(fips)) countyUtilities.set(fips, new Set());
    countyUtilities.get(fips)!.add(eiaid);
  }

  const usedCounties = new Set([...zipCounties.values()].flatMap((s) => [...s]));
  const providerRows = [...utilities.values()].sort((a, b) => a.eiaid - b.eiaid).map((u) => [
    u.eiaid,
    u.name,
    displayUtilityName(u.name),
    u.ownership || null,
    `{${[...u.states].sort().join(",")}}`,
    u.zips.size,
  ]);
  const providers = (table: string) =>
    tsvInsert(
      table,
      [
        { name: "eiaid", type: "int" },
        { name: "name" },
        { name: "display_name" },
        { name: "ownership", nullable: true },
        { name: "states", type: "text[]" },
        { name: "zip_count", type: "int" },
      ],
      providerRows,
      "providers",
    );
  const links = `insert into public.utility_zip_providers (zip, eiaid)
select split_part(r, ':', 1), unnest(string_to_array(split_part(r, ':', 2), ','))::int
from string_to_table($zips$
${packed(zipUtilities)}
$zips$, E'\\n') r where r <> '';

insert into public.utility_zip_counties (zip, county_fips)
select split_part(r, ':', 1), unnest(string_to_array(split_part(r, ':', 2), ','))
from string_to_table($counties$
${packed(zipCounties)}
$counties$, E'\\n') r where r <> '';

insert into public.utility_county_providers (county_fips, eiaid)
select split_part(r, ':', 1), unnest(string_to_array(split_part(r, ':', 2), ','))::int
from string_to_table($territories$
${packed(new Map([...countyUtilities].filter(([f]) => usedCounties.has(f))))}
$territories$, E'\\n') r where r <> '';`;
  return {
    sql: firstSql(providers("public.utility_providers"), links),
    supersede: supersedeSql(providers("pg_temp.utility_providers_load"), links),
    counts: {
      utilities: utilities.size,
      zips: zipUtilities.size,
      zipCountyZips: zipCounties.size,
      counties: countyUtilities.size,
    },
    same: sameButDisplayNames,
  };
}

const firstSql = (providers: string, links: string) =>
  `-- GENERATED by scripts/widget/build_utility_reference.ts from data/reference/utility_*.csv.gz; do not edit.
-- Electricity providers by zip, county and state (provenance: data/reference/UTILITY_PROVIDERS.md).
-- Tables first, rows next, then keys, indexes and foreign keys (one sorted build or validating join each
-- instead of work per row: docs/CONVENTIONS.md, "Reference data").
create table public.utility_providers (
  eiaid int not null,
  name text not null,
  display_name text not null,
  ownership text,
  states text[] not null default '{}',
  zip_count int not null default 0
);
create table public.utility_zip_providers (zip text not null, eiaid int not null);
create table public.utility_zip_counties (zip text not null, county_fips text not null);
create table public.utility_county_providers (county_fips text not null, eiaid int not null);

-- Public reference data: readable by every API role, written only by migrations.
alter table public.utility_providers enable row level security;
alter table public.utility_zip_providers enable row level security;
alter table public.utility_zip_counties enable row level security;
alter table public.utility_county_providers enable row level security;
create policy utility_providers_read on public.utility_providers for select to anon, authenticated using (true);
create policy utility_zip_providers_read on public.utility_zip_providers for select to anon, authenticated using (true);
create policy utility_zip_counties_read on public.utility_zip_counties for select to anon, authenticated using (true);
create policy utility_county_providers_read on public.utility_county_providers for select to anon, authenticated using (true);
grant select on public.utility_providers, public.utility_zip_providers, public.utility_zip_counties, public.utility_county_providers to anon, authenticated;

${providers}

${links}

alter table public.utility_providers add primary key (eiaid);
alter table public.utility_zip_providers add primary key (zip, eiaid);
alter table public.utility_zip_counties add primary key (zip, county_fips);
alter table public.utility_county_providers add primary key (county_fips, eiaid);
create index utility_county_providers_eiaid_idx on public.utility_county_providers (eiaid);
create index utility_providers_states_idx on public.utility_providers using gin (states);
alter table public.utility_zip_providers add foreign key (eiaid) references public.utility_providers(eiaid);
alter table public.utility_county_providers add foreign key (eiaid) references public.utility_providers(eiaid);
`;

// Over a database that has the tables and rows of the earlier utility_provider_reference migrations (and the
// columns and names of utility_current_names): the link tables are emptied and reloaded (their keys, indexes and
// foreign keys stay); the providers are staged in a temp table (loaded in the same shape, so the local runner
// COPYs it) and upserted by eiaid.
const supersedeSql = (staged: string, links: string) =>
  `-- GENERATED by scripts/widget/build_utility_reference.ts from data/reference/utility_*.csv.gz; do not edit.
-- Replaces the rows of the earlier utility_provider_reference migrations (applied migrations are never rewritten).
create temp table utility_providers_load (
  eiaid int not null,
  name text not null,
  display_name text not null,
  ownership text,
  states text[] not null,
  zip_count int not null
);

${staged}

-- New utilities come in with their generated display name. Existing ones get the data's name, ownership, states
-- and zip count; their display_name, former_names and retail belong to utility_current_names and stay. Only rows
-- that differ are written, so applying this again changes nothing.
insert into public.utility_providers as p (eiaid, name, display_name, ownership, states, zip_count)
select eiaid, name, display_name, ownership, states, zip_count from pg_temp.utility_providers_load
on conflict (eiaid) do update
set name = excluded.name, ownership = excluded.ownership, states = excluded.states, zip_count = excluded.zip_count
where (p.name, p.ownership, p.states, p.zip_count)
  is distinct from (excluded.name, excluded.ownership, excluded.states, excluded.zip_count);

-- A utility gone from the data is NOT deleted (other rows may refer to its eiaid): it keeps its row but has no
-- zip or county any more (the reload below has none for it), so its zip count is 0.
update public.utility_providers p set zip_count = 0
where p.zip_count <> 0 and not exists (select 1 from pg_temp.utility_providers_load l where l.eiaid = p.eiaid);

drop table pg_temp.utility_providers_load;

truncate public.utility_zip_providers, public.utility_zip_counties, public.utility_county_providers;

${links}

analyze public.utility_providers, public.utility_zip_providers, public.utility_zip_counties, public.utility_county_providers;
`;

if (import.meta.main) {
  const { sql, supersede, counts } = buildUtilityReference(readUtilitySources());
  // The applied migration is never rewritten: changed data goes into a new one that supersedes its rows.
  const written = await writeGeneratedMigration({
    root: repoRoot,
    name: "utility_provider_reference",
    sql,
    supersede,
    same: sameButDisplayNames,
  });
  console.log(
    `${describe(written)}: ${counts.utilities} utilities, ${counts.zips} zips, ${counts.zipCountyZips} ` +
      `zip-county zips, ${counts.counties} counties, ${(sql.length / 1024).toFixed(0)} KiB`,
  );
}
