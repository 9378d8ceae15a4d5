// The plausibility gate's town check (issue #11 §2): a bill whose service address is in another town than the home's,
// in the same state, is marked for the homeowner to confirm ("town_mismatch", the address line). The state check
// (`state_mismatch`, plausibility.ts) let a Clifton Park bill pass for a Buffalo home: same state, 400 km apart.
//
// Tolerance, so that one home's two spellings are never a mismatch:
// - the same ZIP, or the same city name (cityKey: "St. Louis" = "Saint Louis"), is the same place;
// - a ZIP's other places: the bill's city is one of the home ZIP's places, or the home's city one of the bill ZIP's
//   (a village filed under a postal city, a second postal name);
// - neighboring places: any place of the one (its ZIP's places, its city) within NEAR_KM of any place of the other
//   (a home on a town line, a neighborhood's own name, a ZIP across the line from its city);
// - a place the gazetteer cannot locate (an unknown ZIP and city) is no mismatch: a new ZIP is not an error.
// Only the bill's service address is compared, never its mailing address: a bill is often mailed elsewhere (an owner
// who lives away, a PO box), while its service address is where the electricity was used. A homeowner who owns the
// other place too confirms the line; a report is never refused for this check alone once confirmed.
import type { Place, PlaceBook } from "../geo/zip_places.ts";
import { cityKey } from "../geo/names.ts";
import type { ReadingAddress, ReadingCheck } from "./plausibility.ts";

/** Two places this near (centers, km) are neighbors: one home's postal city and its town, a ZIP across a town line. */
export const NEAR_KM = 25;

/** The home's address as the homeowner gave it (the address step). */
export interface HomePlace {
  city?: string | null;
  state?: string | null;
  zip?: string | null;
}

const zip5 = (z: string | null | undefined) => String(z ?? "").trim().slice(0, 5);
const km = (a: Place, b: Place) =>
  Math.hypot((a.lat - b.lat) * 111, (a.lon - b.lon) * 111 * Math.cos((a.lat * Math.PI) / 180));

/** The places an address may be: its ZIP's places and its city in its state (each only when the gazetteer knows it). */
async function placesOf(places: PlaceBook, city: string, state: string, zip: string): Promise<Place[]> {
  const [byZip, byCity] = await Promise.all([
    /^\d{5}$/.test(zip) ? places.placesOfZip(zip) : Promise.resolve([]),
    city ? places.cityOf(city, state) : Promise.resolve(undefined),
  ]);
  return [...byZip.filter((p) => p.state === state), ...(byCity ? [byCity] : [])];
}

/** The town check: a ReadingCheck when the bill's service address is in another town of the home's state, else null. */
export async function townCheck(
  places: PlaceBook,
  home: HomePlace,
  bill: ReadingAddress,
): Promise<ReadingCheck | null> {
  const state = String(home.state ?? "").trim().toUpperCase();
  const billState = String(bill.state ?? "").trim().toUpperCase();
  // another state is the state check's; an address without a state, or without a town, is not compared
  if (!state || billState !== state) return null;
  const homeCity = String(home.city ?? "").trim(), billCity = String(bill.city ?? "").trim();
  const homeZip = zip5(home.zip), billZip = zip5(bill.zip);
  if (!(billCity || /^\d{5}$/.test(billZip)) || !(homeCity || /^\d{5}$/.test(homeZip))) return null;
  if (billZip && billZip === homeZip) return null;
  if (billCity && homeCity && cityKey(billCity) === cityKey(homeCity)) return null;
  const [homePlaces, billPlaces] = await Promise.all([
    placesOf(places, homeCity, state, homeZip),
    placesOf(places, billCity, state, billZip),
  ]);
  if (!homePlaces.length || !billPlaces.length) return null;
  const named = (ps: Place[], city: string) => !!city && ps.some((p) => cityKey(p.city) === cityKey(city));
  if (named(homePlaces, billCity) || named(billPlaces, homeCity)) return null;
  let nearest = Infinity;
  for (const a of homePlaces) for (const b of billPlaces) nearest = Math.min(nearest, km(a, b));
  if (nearest <= NEAR_KM) return null;
  const where = [billCity || billPlaces[0].city, billZip].filter(Boolean).join(" ");
  const homeWhere = homeCity || homePlaces[0].city;
  return {
    code: "town_mismatch",
    field: "serviceAddress",
    group: "address",
    message: `the bill's service address is in ${where}, about ${
      Math.round(nearest)
    } km from the home in ${homeWhere}: the bill may be for another property`,
  };
}
