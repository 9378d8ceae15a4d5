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
// operate) each weigh the same; ties go to the larger utility (more zips served). An IOU found only by county gets
// no IOU weight where the zip lists a utility of its own (a city's or district's, or a bundled IOU; not a cooperative
// or a retail marketer): Sacramento, Los Angeles, Seattle and Jacksonville ZIPs listed for SMUD, LADWP, Seattle City
// Light and JEA offered PG&E, SCE, Puget Sound Energy and FPL first (QA pass 12). That listed utility counts only where
// EIA-861's service territories also give it the zip's county: the zip tables list San Francisco's ZIPs for the
// city's municipal utility alone, as Sacramento's for SMUD, but EIA-861 lists SMUD for Sacramento County and no county
// at all for San Francisco's (eiaid 16612), so 94103 offers PG&E first (QA pass 14).
// A Texas wires company (wires_companies.ts) counts as investor-owned, and it is found only by county: where no
// utility is listed for the zip itself (Houston, Dallas: the competitive area, whose homes the zip tables leave
// out) it goes before the county's other utilities (+1); where one is (a city's own utility or a bundled IOU, Austin
// Energy in 78701) it goes after that one (-1). A listed cooperative does not push it down, and in Texas a
// cooperative listed county-wide counts as found by county (COUNTY_WIDE_SHARE); a bundled IOU found only by county
// gets no IOU weight in a Texas zip that lists a city's own utility (Lubbock, Bryan). docs/widget.md.
// ZIP-level evidence goes before county-level (rates18): an IOU found only by county gets no IOU weight either where
// the zip lists a cooperative that EIA-861 also gives the zip's county (a co-op-only ZIP offered the county's IOU
// first, on its size alone); a Texas wires company keeps its own rule above. Utilities equally ranked (two IOUs both
// listed for the zip: Duke Energy Carolinas and Duke Energy Progress for every Raleigh ZIP) are ordered by the ZIPs
// around the home that list one of them without the other (`nearbyEvidence`), before their size.
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

/**
 * A cooperative the zip tables list for nearly every zip of a county (at least this share of a county of at least
 * this many zips) is listed by county, not by zip: the OpenEI table lists Grayson-Collin for 45 of Collin County's 48
 * zips and CoServ for 44 of Denton County's 47, Plano's and Frisco's included, whose homes are on Oncor's wires; so
 * such a listing counts as the county's, like the EIA-861 territories (docs/widget.md, "Utility providers").
 */
export const COUNTY_WIDE_SHARE = 0.9;
export const COUNTY_WIDE_MIN_ZIPS = 10;

/**
 * `column = zip`, or `column like prefix%` for a prefix: after five runs PostgreSQL plans a prepared statement once
 * for any parameter, and `like $1` then scans the whole table (11.7 ms against 0.1 ms by the zip index).
 */
function zipIs(sql: Sql, column: string, pattern: string) {
  return pattern.includes("%")
    ? sql`${sql.unsafe(column)} like ${pattern}`
    : sql`${sql.unsafe(column)} = ${pattern}`;
}

/** Utilities for the zips matching `pattern` (a zip, or a prefix with %), ranked as described above. */
async function rankedForZips(sql: Sql, pattern: string, limit: number): Promise<UtilityProvider[]> {
  const wires = TEXAS_WIRES_COMPANIES as number[];
  // Texas (state FIPS 48): the wires companies are known only by county, the cities' own utilities by zip.
  // The nearby evidence (an exact zip's) is read beside the zip's counties.
  const nearby = pattern.includes("%") ? Promise.resolve(NO_EVIDENCE) : nearbyEvidence(sql, pattern);
  nearby.catch(() => {}); // awaited below; a failure is not left unhandled meanwhile
  const counties = (await sql`select distinct county_fips from public.utility_zip_counties
    where ${zipIs(sql, "zip", pattern)}`).map((r) => r.county_fips as string);
  const texasCounties = counties.filter((c) => c.startsWith("48"));
  const texas = texasCounties.length > 0;
  const spread = texas ? await countyWideListings(sql, texasCounties) : [];
  const twins = await countyTwins(sql, counties);
  const near = await nearby;
  const rows = await sql`
    with listed as (select distinct zip, eiaid from public.utility_zip_providers where ${
    zipIs(sql, "zip", pattern)
  }),
    c as (
      select l.eiaid, not exists (select 1 from public.utility_zip_counties zc where zc.zip = l.zip
        and zc.county_fips || ':' || l.eiaid = any(${spread})) as in_zip,
        -- EIA-861 also gives the listed utility a territory in the zip's county, or in a county twinned with it
        -- (countyTwins: an independent city and a county around it).
        (exists (select 1 from public.utility_zip_counties zc join public.utility_county_providers cp
          using (county_fips) where zc.zip = l.zip and cp.eiaid = l.eiaid) ${
    twins.length
      ? sql`or exists (select 1 from public.utility_zip_counties zc join public.utility_county_providers cp
          on zc.county_fips || ':' || cp.county_fips = any(${twins}) where zc.zip = l.zip and cp.eiaid = l.eiaid)`
      : sql``
  }) as confirmed
      from listed l
      union all
      select cp.eiaid, false, false from public.utility_zip_counties zc
        join public.utility_county_providers cp using (county_fips) where ${zipIs(sql, "zc.zip", pattern)}
    ), agg as (select eiaid, bool_or(in_zip) as in_zip, bool_or(in_zip and confirmed) as confirmed
      from c group by eiaid),
    ranked as (
      select p.eiaid, p.display_name, p.state_names, p.ownership, p.retail, p.zip_count, agg.in_zip,
        -- Listed for the zip itself and given the county by EIA-861 (a wholesale supplier listed for the zip, TVA,
        -- stands for its distributors there): a city's own utility or a bundled IOU (not a cooperative, not a
        -- retail marketer).
        coalesce(bool_or(agg.in_zip and (agg.confirmed or not p.retail) and p.ownership is distinct from 'Cooperative'
          and p.ownership is distinct from 'Retail Power Marketer') over (), false) as listed,
        -- A cooperative listed for the zip and given its county by EIA-861 (not a Texas county-wide listing, which
        -- is not in_zip): ZIP-level evidence against an IOU known only by county.
        coalesce(bool_or(agg.in_zip and agg.confirmed and p.ownership = 'Cooperative') over (), false) as coop_listed
      from agg join public.utility_providers p using (eiaid)
    )
    -- A wholesale supplier (TVA, BPA, WAPA) sells no power to homes: never offered (QA pass 15: BPA was, last, to
    -- Seattle homes); TVA still counts above, for its distributors.
    -- A utility's brand in the zip's state (state_names, rates19: PacifiCorp is Rocky Mountain Power in Utah), by
    -- the gazetteer's state of the zip (of most of a prefix's zips).
    select eiaid, coalesce(state_names ->> (select z.state from public.geo_zips z where ${
    zipIs(sql, "z.zip", pattern)
  } group by z.state order by count(*) desc, z.state limit 1), display_name) as display_name, ownership, in_zip
    from ranked where retail
    order by
      (case when in_zip then 2 else 0 end)
        + (case when eiaid = any(${wires}) then (case when in_zip then 2 when listed then 1 else 3 end)
            when ownership = 'Investor Owned' and not in_zip and (listed or coop_listed) then 0
            when ownership = 'Investor Owned' then 2 else 0 end)
        desc,
      coalesce((select n.w from unnest(${near.ids}::int[], ${near.weights}::float8[]) as n(id, w)
        where n.id = eiaid), 0) desc,
      zip_count desc, display_name
    limit ${limit}`;
  return rows.map((r) => row(r, r.in_zip ? "zip" : "county"));
}

/** How far around a home the ZIPs that tell its listed utilities apart are looked for, in km. */
export const NEARBY_EVIDENCE_KM = 60;

/**
 * Where two or more investor-owned utilities are listed for the home's ZIP, each one's weight among the ZIPs within
 * NEARBY_EVIDENCE_KM of it that list it without every other one (Σ 1/km, the nearer counting more): the ZIP-level
 * evidence around the home that tells them apart. The IOU zip table lists a ZIP for each IOU with a territory in its
 * county (Duke Energy Carolinas and Duke Energy Progress for 57 of Wake County's 61 ZIPs, all of Raleigh's), so two
 * IOUs listed for one ZIP are told apart only by the ZIPs around: Apex's, Clayton's, Garner's and Smithfield's list
 * Progress alone, Durham's and Hillsborough's Carolinas alone. Cooperatives and municipal utilities are listed per
 * ZIP by the 2020 table and keep their order. Empty for a ZIP without coordinates or with fewer than two listed IOUs.
 */
const NO_EVIDENCE: { ids: number[]; weights: number[] } = { ids: [], weights: [] };

async function nearbyEvidence(sql: Sql, zip: string): Promise<{ ids: number[]; weights: number[] }> {
  const [home] = await sql`select z.lat, z.lon, array_agg(p.eiaid order by p.eiaid) as listed
    from public.geo_zips z join public.utility_zip_providers p using (zip)
      join public.utility_providers u on u.eiaid = p.eiaid and u.ownership = 'Investor Owned'
    where z.zip = ${zip} group by z.lat, z.lon having count(*) > 1`;
  if (!home) return NO_EVIDENCE;
  const lat = Number(home.lat), lon = Number(home.lon), listed = home.listed as number[];
  const dLat = NEARBY_EVIDENCE_KM / 111, dLon = dLat / Math.cos(lat * Math.PI / 180);
  // The latitude band by its index (20261207130002), the ZIPs' listings by the zip key.
  const rows = await sql`
    with around as materialized (select zip, 111.2 * sqrt(power(lat - ${lat}::float8, 2)
        + power((lon - ${lon}::float8) * cos(radians(${lat}::float8)), 2)) as km
      from public.geo_zips where lat between ${lat - dLat}::float8 and ${lat + dLat}::float8
        and lon between ${lon - dLon}::float8 and ${lon + dLon}::float8 and zip <> ${zip}),
    told as (select a.zip, a.km, array_agg(p.eiaid) as ids from around a
      join public.utility_zip_providers p on p.zip = a.zip
      where a.km <= ${NEARBY_EVIDENCE_KM}::float8 and p.eiaid = any(${listed}::int[]) group by a.zip, a.km)
    select id, sum(1 / greatest(km, 1))::float8 as w from told, unnest(ids) as id
    where not ids @> ${listed}::int[] group by id`;
  return { ids: rows.map((r) => Number(r.id)), weights: rows.map((r) => Number(r.w)) };
}

const twinPairs = new WeakMap<object, Promise<string[]>>();

/**
 * "county:twin" pairs of the given counties: an independent city (a county-equivalent coded 510 and up: Virginia's
 * cities, Baltimore, St. Louis) and a county it shares a ZIP with count as one for the EIA-861 territory check.
 * EIA-861 lists the City of Harrisonburg's utility under Rockingham County, while 22807 lies in the city alone
 * (QA pass 15). Every pair of the country (a few hundred) is read once per database pool and kept, as the
 * county-wide listings below; apart from the ranking query, whose planner misjudged the self-join's size (1.5 s).
 */
async function countyTwins(sql: Sql, counties: string[]): Promise<string[]> {
  if (!counties.length) return [];
  let all = twinPairs.get(sql);
  if (!all) {
    // The cities' rows first, then the counties sharing their ZIPs, both ways round: 57 ms; without JIT, which
    // the planner's estimate of the join turns on (0.3-0.5 s).
    all = sql.begin(async (tx) => {
      await tx`set local jit = off`;
      const rows = await tx`
        with cities as materialized (select zip, county_fips from public.utility_zip_counties
          where substr(county_fips, 3) >= '510'),
        pairs as (select c.county_fips as a, b.county_fips as b from cities c
          join public.utility_zip_counties b on b.zip = c.zip and b.county_fips <> c.county_fips)
        select a || ':' || b as pair from pairs union select b || ':' || a from pairs`;
      return rows.map((r) => r.pair as string);
    });
    // A failed read is not kept: the next lookup reads again.
    all.catch(() => twinPairs.delete(sql));
    twinPairs.set(sql, all);
  }
  return (await all).filter((pair) => counties.includes(pair.slice(0, pair.indexOf(":"))));
}

const countyWide = new WeakMap<object, Map<string, Promise<string[]>>>();

/**
 * The "county:eiaid" pairs of cooperatives listed county-wide (above) in the given Texas counties, counted once per
 * county and database pool (by the zip-county table's county index since QA pass 15; a scan of it before: 10-30 ms), then kept.
 */
async function countyWideListings(sql: Sql, counties: string[]): Promise<string[]> {
  const cache = countyWide.get(sql) ?? countyWide.set(sql, new Map()).get(sql)!;
  const missing = counties.filter((c) => !cache.has(c));
  if (missing.length) {
    const counted = sql`
      with county_zips as (select county_fips, zip from public.utility_zip_counties where county_fips = any(${missing})),
      totals as (select county_fips, count(distinct zip) as n from county_zips group by 1),
      listing as (
        select cz.county_fips, zp.eiaid, count(distinct zp.zip) as n
        from county_zips cz join public.utility_zip_providers zp using (zip) join public.utility_providers u using (eiaid)
        where u.ownership = 'Cooperative' group by 1, 2
      )
      select l.county_fips, l.county_fips || ':' || l.eiaid as key from listing l join totals t using (county_fips)
      where t.n >= ${COUNTY_WIDE_MIN_ZIPS}::int and l.n >= ${COUNTY_WIDE_SHARE}::numeric * t.n`;
    for (const c of missing) {
      const pairs = counted.then((rows) =>
        rows.filter((r) => r.county_fips === c).map((r) => r.key as string)
      );
      // A failed count is not kept: the next lookup counts again.
      pairs.catch(() => cache.delete(c));
      cache.set(c, pairs);
    }
  }
  return (await Promise.all(counties.map((c) => cache.get(c)!))).flat();
}

export async function providersForState(sql: Sql, state: string, limit = 60): Promise<UtilityProvider[]> {
  await referenceData(sql);
  const rows = await sql`
    select eiaid, coalesce(state_names ->> ${state}, display_name) as display_name, ownership
    from public.utility_providers where states @> array[${state}]::text[]
      and retail
    order by (ownership = 'Investor Owned' or eiaid = any(${TEXAS_WIRES_COMPANIES as number[]})) desc nulls last,
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
