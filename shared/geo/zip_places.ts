// The gazetteer's places of a ZIP and its cities by name (public.geo_zips, public.geo_cities), for checking an
// address read from a document against the reference data (shared/bills/address_check.ts). Exact look-ups
// only: the checks themselves decide what a near name means.
import type { Sql } from "../db/client.ts";
import { referenceData } from "../db/reference_gate.ts";
import { cityKey } from "./names.ts";

export interface Place {
  city: string;
  /** Two-letter state abbreviation. */
  state: string;
  lat: number;
  lon: number;
}

export interface PlaceBook {
  /** The places a ZIP names (empty for a ZIP the gazetteer does not know). */
  placesOfZip(zip: string): Promise<Place[]>;
  /** The city of that name in that state (names compared by cityKey: "St. Louis" = "Saint Louis"). */
  cityOf(name: string, state: string): Promise<Place | undefined>;
}

/** The place book of the reference tables in Postgres. */
export function gazetteerPlaces(sql: Sql): PlaceBook {
  return {
    async placesOfZip(zip) {
      if (!/^\d{5}$/.test(zip)) return [];
      await referenceData(sql);
      const rows = await sql`select city, state, lat, lon from public.geo_zips where zip = ${zip}`;
      return rows as unknown as Place[];
    },
    async cityOf(name, state) {
      const key = cityKey(name);
      if (!key) return undefined;
      await referenceData(sql);
      const [c] = await sql`select city, state, lat, lon from public.geo_cities where key = ${key}
        and state = ${state.toUpperCase()} order by zip_count desc limit 1`;
      return c as Place | undefined;
    },
  };
}

/** The states of the ZIPs that share this ZIP's first three digits (its sectional center area); none: no area. */
export async function zipAreaStates(sql: Sql, zip: string): Promise<string[]> {
  if (!/^\d{5}$/.test(zip)) return [];
  await referenceData(sql);
  const rows = await sql`select distinct state from public.geo_zips where zip like ${zip.slice(0, 3) + "%"}`;
  return rows.map((r) => r.state as string);
}

/** Why a home's ZIP cannot be that state's (a typing error, another state's area), or undefined when it can. */
export async function zipStateProblem(sql: Sql, zip: string, state: string): Promise<string | undefined> {
  const states = await zipAreaStates(sql, zip);
  if (!states.length) return `ZIP ${zip} is not a US ZIP code`;
  if (!states.includes(state.toUpperCase())) return `ZIP ${zip} is not in ${state.toUpperCase()}`;
  return undefined;
}
