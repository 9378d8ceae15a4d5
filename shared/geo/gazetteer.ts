// The embedded geocoder: US ZIP centroids and city names from the `zipcodes` npm package (data of
// federalgovernmentzipcodes.us) plus our address parser. Points are ZIP or city centroids, precise
// enough for state rates and the irradiance model (a few km), not for a rooftop.
import zipcodes from "zipcodes";
import type { AddressParts, AddressSuggestion, GeocodeResult, Geocoder } from "./types.ts";
import { formatAddress, parseUsAddress, stateAbbr } from "./parse.ts";

interface ZipRow {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

interface CityEntry {
  city: string;
  state: string;
  key: string;
  zips: string[];
  lat: number;
  lon: number;
}

let cityIndex: CityEntry[] | undefined;
let cityByKey: Map<string, CityEntry> | undefined;

const cityKey = (city: string, state: string) => `${city.toLowerCase().replace(/\bsaint\b/g, "st").replace(/[.']/g, "")}|${state}`;

function cities(): CityEntry[] {
  if (cityIndex) return cityIndex;
  const map = new Map<string, CityEntry & { sumLat: number; sumLon: number }>();
  for (const z of Object.values(zipcodes.codes as Record<string, ZipRow>)) {
    if (z.country !== "US" || !/^\d{5}$/.test(z.zip)) continue;
    const key = cityKey(z.city, z.state);
    let e = map.get(key);
    if (!e) map.set(key, e = { city: z.city, state: z.state, key, zips: [], lat: 0, lon: 0, sumLat: 0, sumLon: 0 });
    e.zips.push(z.zip);
    e.sumLat += z.latitude;
    e.sumLon += z.longitude;
  }
  cityIndex = [...map.values()].map(({ sumLat, sumLon, ...e }) => ({ ...e, zips: e.zips.sort(), lat: sumLat / e.zips.length, lon: sumLon / e.zips.length }));
  // Bigger places (more ZIP codes) first, so "spr" suggests Springfield before Spring Lake.
  cityIndex.sort((a, b) => b.zips.length - a.zips.length || a.city.localeCompare(b.city));
  cityByKey = new Map(cityIndex.map((c) => [c.key, c]));
  return cityIndex;
}

function zipRow(zip: string): ZipRow | undefined {
  const z = zipcodes.lookup(zip) as ZipRow | undefined;
  return z && z.country === "US" ? z : undefined;
}

const titleCase = (s: string) => s.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());

export class GazetteerGeocoder implements Geocoder {
  geocode(address: string | AddressParts): Promise<GeocodeResult | null> {
    return Promise.resolve(this.locate(typeof address === "string" ? parseUsAddress(address) : { ...address, state: stateAbbr(address.state) ?? address.state }));
  }

  private locate(a: AddressParts): GeocodeResult | null {
    if (!a.city && a.line1 && a.state) a = splitTrailingCity(a);
    const z = a.zip ? zipRow(a.zip) : undefined;
    if (z && (!a.state || a.state === z.state)) {
      const parts = { line1: a.line1, line2: a.line2, city: a.city ? titleCase(a.city) : z.city, state: z.state, zip: z.zip };
      return { formattedAddress: formatAddress(parts), line1: a.line1, city: parts.city, state: z.state, zip: z.zip, lat: z.latitude, lon: z.longitude, precision: "zip", source: "gazetteer" };
    }
    if (a.city && a.state) {
      cities();
      const c = cityByKey!.get(cityKey(a.city, a.state));
      if (c) {
        const parts = { line1: a.line1, line2: a.line2, city: c.city, state: c.state, zip: c.zips[0] };
        return { formattedAddress: formatAddress(parts), line1: a.line1, city: c.city, state: c.state, zip: c.zips[0], lat: round(c.lat), lon: round(c.lon), precision: "city", source: "gazetteer" };
      }
    }
    return null;
  }

  autocomplete(query: string, limit = 5): Promise<AddressSuggestion[]> {
    const q = query.replace(/\s+/g, " ").trim();
    if (q.length < 2) return Promise.resolve([]);
    const n = Math.max(1, Math.min(limit, 20));
    // "123 Main St Austin TX" typed without commas: try the last 3, 2, 1 words as the city (and state).
    if (!q.includes(",") && /^\d+\s/.test(q) && !/\d{3,5}$/.test(q)) {
      const words = q.split(" ");
      for (let k = Math.min(3, words.length - 2); k >= 1; k--) {
        const hits = this.suggest(`${words.slice(0, -k).join(" ")}, ${words.slice(-k).join(" ")}`, n);
        if (hits.length) return Promise.resolve(hits);
      }
      return Promise.resolve([]);
    }
    return Promise.resolve(this.suggest(q, n));
  }

  private suggest(q: string, n: number): AddressSuggestion[] {
    const segments = q.split(",").map((s) => s.trim());
    const street = segments.length > 1 && /^\d/.test(segments[0]) ? segments[0] : undefined;
    const rest = (street ? segments.slice(1) : segments).join(", ").trim();
    const withStreet = (s: AddressSuggestion): AddressSuggestion =>
      street ? { ...s, line1: street, description: `${street}, ${s.description}` } : s;

    const full = parseUsAddress(rest);
    if (full.zip) {
      const z = zipRow(full.zip);
      return z ? [withStreet(this.zipSuggestion(z))] : [];
    }
    const partialZip = rest.match(/(?:^|\s)(\d{3,4})$/);
    if (partialZip) {
      const prefix = partialZip[1];
      const hits = (Object.values(zipcodes.codes) as ZipRow[])
        .filter((z) => z.country === "US" && z.zip.startsWith(prefix)).slice(0, n);
      return hits.map((z) => withStreet(this.zipSuggestion(z)));
    }
    // "<city prefix>" or "<city>, <state prefix>" or "<city> <ST>"
    const [cityPart, statePart] = rest.includes(",") ? rest.split(",").map((s) => s.trim()) : [rest, ""];
    let cityPrefix = cityPart.toLowerCase();
    let state = statePart ? stateAbbr(statePart) : undefined;
    if (!state) {
      const m = cityPart.match(/^(.*\S)\s+([A-Za-z]{2})$/);
      if (m && stateAbbr(m[2])) {
        cityPrefix = m[1].toLowerCase();
        state = stateAbbr(m[2]);
      }
    }
    if (!cityPrefix || /^\d/.test(cityPrefix)) return [];
    const statePrefix = statePart && !state ? statePart.toUpperCase() : undefined;
    const hits: AddressSuggestion[] = [];
    for (const c of cities()) {
      if (!c.city.toLowerCase().startsWith(cityPrefix)) continue;
      if (state && c.state !== state) continue;
      if (statePrefix && !c.state.startsWith(statePrefix)) continue;
      hits.push(withStreet({ description: `${c.city}, ${c.state}`, city: c.city, state: c.state, zip: c.zips[0], lat: round(c.lat), lon: round(c.lon) }));
      if (hits.length >= n) break;
    }
    return hits;
  }

  private zipSuggestion(z: ZipRow): AddressSuggestion {
    return { description: `${z.city}, ${z.state} ${z.zip}`, city: z.city, state: z.state, zip: z.zip, lat: z.latitude, lon: z.longitude };
  }
}

/** "1600 Pennsylvania Ave NW Washington" + DC: the last 1-3 words may be a known city of that state. */
function splitTrailingCity(a: AddressParts): AddressParts {
  cities();
  const words = a.line1!.split(" ");
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const c = cityByKey!.get(cityKey(words.slice(-n).join(" "), a.state!));
    if (c) return { ...a, line1: words.slice(0, -n).join(" "), city: c.city };
  }
  return a;
}

const round = (x: number) => Math.round(x * 1e4) / 1e4;
