import type { Sql } from "../db/client.ts";
import { referenceData } from "../db/reference_gate.ts";
import { displayUtilityName } from "./names.ts";
import { isWiresCompany, TEXAS_WIRES_COMPANIES } from "./wires_companies.ts";

export interface UtilityProvider {
  /** "eia:<EIA utility id>", or "other" for the always-offered catch-all. */
  id: string;
  eiaId: number | null;
  name: string;
  ownership: string | null;
  /** How the provider was found: listed for the zip, serving the zip's county, or serving the state. */
  match: "zip" | "county" | "area" | "state" | "other";
}

export const OTHER_PROVIDER: UtilityProvider = {
  id: "other",
  eiaId: null,
  name: "Other / not listed",
  ownership: null,
  match: "other",
};

// Ranking: being listed for the zip itself and being investor-owned (IOUs serve most homes where they
// operate) each weigh the same; ties go to the larger utility (more zips served). So 94103, listed only
// for the city's municipal utility but inside PG&E's county territory, offers PG&E first.
// A Texas wires company (wires_companies.ts) counts as investor-owned, and it is found only by county: where no
// utility is listed for the zip itself (Houston, Dallas: the competitive area, whose homes the zip tables leave
// out) it goes before the county's other utilities (+1); where one is (a municipal utility or co-op that stayed out
// of competition, Austin Energy in 78701) it goes after that one (-1).
export async function providersForZip(sql: Sql, zip: string, limit = 12): Promise<UtilityProvider[]> {
  await referenceData(sql);
  const exact = await rankedForZips(sql, zip, limit);
  if (exact.length) return withOther(exact);
  // PO-box and new zips are missing from the tables: use the zips around them (same 4, then 3 first digits).
  for (const prefix of [zip.slice(0, 4), zip.slice(0, 3)]) {
    const near = await rankedForZips(sql, `${prefix}%`, limit);
    if (near.length) return withOther(near.map((u) => ({ ...u, match: "area" as const })));
  }
  return withOther([]);
}

/** Utilities for the zips matching `pattern` (a zip, or a prefix with %), ranked as described above. */
async function rankedForZips(sql: Sql, pattern: string, limit: number): Promise<UtilityProvider[]> {
  const wires = TEXAS_WIRES_COMPANIES as number[];
  const rows = await sql`
    with c as (
      select eiaid, true as in_zip from public.utility_zip_providers where zip like ${pattern}
      union all
      select cp.eiaid, false from public.utility_zip_counties zc
        join public.utility_county_providers cp using (county_fips) where zc.zip like ${pattern}
    ), agg as (select eiaid, bool_or(in_zip) as in_zip from c group by eiaid),
    here as (select coalesce(bool_or(in_zip), false) as listed from agg)
    select p.eiaid, p.display_name, p.ownership, agg.in_zip
    from agg join public.utility_providers p using (eiaid) cross join here
    order by p.retail desc,
      (case when agg.in_zip then 2 else 0 end)
        + (case when p.ownership = 'Investor Owned' or p.eiaid = any(${wires}) then 2 else 0 end)
        + (case when p.eiaid = any(${wires}) and not agg.in_zip then (case when here.listed then -1 else 1 end) else 0 end)
        desc,
      p.zip_count desc, p.display_name
    limit ${limit}`;
  return rows.map((r) => row(r, r.in_zip ? "zip" : "county"));
}

export async function providersForState(sql: Sql, state: string, limit = 60): Promise<UtilityProvider[]> {
  await referenceData(sql);
  const rows = await sql`
    select eiaid, display_name, ownership from public.utility_providers where states @> array[${state}]::text[]
    order by retail desc, (ownership = 'Investor Owned' or eiaid = any(${TEXAS_WIRES_COMPANIES as number[]})) desc nulls last,
      zip_count desc, display_name limit ${limit}`;
  return withOther(rows.map((r) => row(r, "state")));
}

function row(r: Record<string, unknown>, match: UtilityProvider["match"]): UtilityProvider {
  return {
    id: `eia:${r.eiaid}`,
    eiaId: Number(r.eiaid),
    // Cleaned again as the rules read today (the stored display_name was made by the rules of its migration).
    name: displayUtilityName(String(r.display_name)),
    ownership: (r.ownership as string) ?? (isWiresCompany(Number(r.eiaid)) ? "Investor Owned" : null),
    match,
  };
}

/** The same utility written two ways ("Co" / "Company", "&" / "and", punctuation, legal forms) compares equal. */
export function sameUtilityKey(name: string): string {
  return name.toLowerCase().replace(/&/g, " and ").replace(/[^a-z0-9 ]+/g, " ").split(/\s+/)
    .filter((w) => w && !["inc", "llc", "corp", "corporation", "co", "company", "the"].includes(w)).join(" ");
}

function withOther(list: UtilityProvider[]): UtilityProvider[] {
  const seen = new Set<string>();
  // Two EIA ids can carry the same name (one utility reported in two states, or an old and a current name now
  // renamed alike): show it once, in its best-ranked place.
  const unique = list.filter((u) => !seen.has(sameUtilityKey(u.name)) && seen.add(sameUtilityKey(u.name)));
  return [...unique, OTHER_PROVIDER];
}
