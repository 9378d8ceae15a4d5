// The embedded geocoder: US ZIP centroids and cities from Postgres (public.geo_zips, public.geo_cities; generated
// by scripts/geo/build_gazetteer.ts from the `zipcodes` package's data of federalgovernmentzipcodes.us) plus our
// address parser. Points are ZIP or city centroids, precise enough for state rates and the irradiance model
// (a few km), not for a rooftop. City names match through typing errors ("San Fransisco"); a city without a
// typed ZIP gets its central ZIP (the medoid of its ZIPs), never simply its first one.
import type { Sql } from "../db/client.ts";
import { referenceData } from "../db/reference_gate.ts";
import type { AddressParts, AddressSuggestion, Geocoder, GeocodeResult } from "./types.ts";
import { formatAddress, isPoBox, parseUsAddress, stateAbbr } from "./parse.ts";
import { isOutsideUs } from "./abroad.ts";
import { allowedErrors, cityKey, editDistance } from "./names.ts";
import { zipAreaStates } from "./zip_places.ts";

interface City {
  city: string;
  state: string;
  key: string;
  zip: string;
  zip_count: number;
  lat: number;
  lon: number;
}
interface Zip {
  zip: string;
  city: string;
  state: string;
  lat: number;
  lon: number;
}

const titleCase = (s: string) => s.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());
const round = (x: number) => Math.round(x * 1e4) / 1e4;

export class GazetteerGeocoder implements Geocoder {
  constructor(private sql: Sql) {}

  private async zipRow(zip: string): Promise<Zip | undefined> {
    const [z] = await this.sql`select zip, city, state, lat, lon from public.geo_zips where zip = ${zip}`;
    return z as Zip | undefined;
  }

  /** The city of that name (in that state, else the biggest of that name), through up to 1-2 typing errors. */
  async findCity(name: string, state?: string): Promise<City | undefined> {
    await referenceData(this.sql);
    const key = cityKey(name);
    if (!key) return undefined;
    const exact = await this.sql`select * from public.geo_cities where key = ${key} ${
      state ? this.sql`and state = ${state}` : this.sql``
    }
      order by zip_count desc limit 1`;
    if (exact.length) return exact[0] as City;
    const errors = allowedErrors(key);
    if (!errors) return undefined;
    // Candidates: same state (or same first letter anywhere), a length within the allowed errors.
    const rows = await this.sql`select * from public.geo_cities where length(key) between ${
      key.length - errors
    } and ${key.length + errors}
      ${
      state ? this.sql`and state = ${state}` : this.sql`and left(key, 1) = ${key[0]}`
    }` as unknown as City[];
    let best: City | undefined, bestD = errors + 1;
    for (const c of rows) {
      const d = editDistance(key, c.key, errors);
      if (d < bestD || (d === bestD && best && c.zip_count > best.zip_count)) [best, bestD] = [c, d];
    }
    return best;
  }

  async geocode(address: string | AddressParts): Promise<GeocodeResult | null> {
    await referenceData(this.sql);
    let a = typeof address === "string"
      ? parseUsAddress(address)
      : { ...address, state: stateAbbr(address.state) ?? address.state };
    if (!a.city && a.line1 && a.state) a = await this.splitTrailingCity(a);
    const z = a.zip ? await this.zipRow(a.zip) : undefined;
    if (z && (!a.state || a.state === z.state)) {
      // The homeowner's own ZIP is kept.
      const parts = {
        line1: a.line1,
        line2: a.line2,
        city: a.city ? titleCase(a.city) : z.city,
        state: z.state,
        zip: z.zip,
      };
      return {
        formattedAddress: formatAddress(parts),
        line1: a.line1,
        city: parts.city,
        state: z.state,
        zip: z.zip,
        lat: z.lat,
        lon: z.lon,
        precision: "zip",
        source: "gazetteer",
        zipConfirmed: true,
      };
    }
    // A known ZIP of another state contradicts the address: no guess. An unknown ZIP (a new one) is kept, placed
    // at its city, when its three-digit area is the state's ("08699" in Trenton, NJ); one of no area or another
    // state's ("00000") is a typing error, replaced by the city's ZIP to confirm. Without a ZIP, a city of one ZIP
    // has it; a city of several gets its central ZIP, marked for the homeowner to confirm among the city's ZIPs:
    // the gazetteer knows no streets, so it never picks one silently.
    if (a.city && !z) {
      const c = await this.findCity(a.city, a.state);
      if (c) {
        const typed =
          a.zip && /^\d{5}$/.test(a.zip) && (await zipAreaStates(this.sql, a.zip)).includes(c.state)
            ? a.zip
            : undefined;
        const zip = typed ?? c.zip;
        const parts = { line1: a.line1, line2: a.line2, city: c.city, state: c.state, zip };
        const confirmed = !!typed || (!a.zip && c.zip_count <= 1);
        return {
          formattedAddress: formatAddress(parts),
          line1: a.line1,
          city: c.city,
          state: c.state,
          zip,
          lat: round(c.lat),
          lon: round(c.lon),
          precision: "city",
          source: "gazetteer",
          zipConfirmed: confirmed,
          ...(confirmed ? {} : { zipCandidates: await this.cityZips(c) }),
        };
      }
    }
    return null;
  }

  /** Every ZIP of a city (its name as the gazetteer keys it), in order. */
  async cityZips(c: City): Promise<string[]> {
    await referenceData(this.sql);
    const rows = await this.sql`select zip, city from public.geo_zips where state = ${c.state} order by zip`;
    return rows.filter((r) => cityKey(r.city as string) === c.key).map((r) => r.zip as string);
  }

  /** "1600 Pennsylvania Ave NW Washington" + DC: the last 1-3 words may be a city of that state. */
  private async splitTrailingCity(a: AddressParts): Promise<AddressParts> {
    const words = a.line1!.split(" ");
    for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
      const c = await this.findCity(words.slice(-n).join(" "), a.state);
      if (c && cityKey(c.city) === cityKey(words.slice(-n).join(" "))) {
        return { ...a, line1: words.slice(0, -n).join(" "), city: c.city };
      }
    }
    return a;
  }

  async autocomplete(query: string, limit = 5): Promise<AddressSuggestion[]> {
    await referenceData(this.sql);
    const q = query.replace(/\s+/g, " ").trim();
    // Nothing to offer for a PO Box or an address abroad ("…, Paris, France" is not Paris, TX).
    if (q.length < 2 || isPoBox(q) || isOutsideUs(q)) return [];
    const n = Math.max(1, Math.min(limit, 20));
    // "31-10 Broadway Astoria NY 11102" typed without commas: the ZIP places it, and the street is what comes
    // before the city (and state) of that ZIP's state; without a city there, everything before the ZIP.
    const zipLast = q.includes(",") ? null : q.match(/^(\d[\w-]*\s.*?)\s+(\d{5})(?:-\d{4})?$/);
    if (zipLast) {
      const z = await this.zipRow(zipLast[2]);
      if (!z) return [];
      const words = zipLast[1].split(" ");
      const stateTyped = words.length > 2 && stateAbbr(words.at(-1)!) === z.state;
      const split = stateTyped || words.length > 2
        ? await this.splitTrailingCity({
          line1: (stateTyped ? words.slice(0, -1) : words).join(" "),
          state: z.state,
        })
        : undefined;
      const street = split?.city ? split.line1! : zipLast[1];
      const s = zipSuggestion(z);
      return [{ ...s, line1: street, description: `${street}, ${s.description}` }];
    }
    // "123 Main St Austin TX" typed without commas: try the last 3, 2, 1 words as the city (and state).
    if (!q.includes(",") && /^\d+\s/.test(q) && !/\d{3,5}$/.test(q)) {
      const words = q.split(" ");
      for (let k = Math.min(3, words.length - 2); k >= 1; k--) {
        const hits = await this.suggest(`${words.slice(0, -k).join(" ")}, ${words.slice(-k).join(" ")}`, n);
        if (hits.length) return hits;
      }
      return [];
    }
    return await this.suggest(q, n);
  }

  private async suggest(q: string, n: number): Promise<AddressSuggestion[]> {
    const segments = q.split(",").map((s) => s.trim());
    const street = segments.length > 1 && /^\d/.test(segments[0]) ? segments[0] : undefined;
    const rest = (street ? segments.slice(1) : segments).join(", ").trim();
    const withStreet = (s: AddressSuggestion): AddressSuggestion =>
      street ? { ...s, line1: street, description: `${street}, ${s.description}` } : s;

    const full = parseUsAddress(rest);
    if (full.zip && /\d{5}$/.test(rest)) {
      const z = await this.zipRow(full.zip);
      return z ? [withStreet(zipSuggestion(z))] : [];
    }
    const partialZip = rest.match(/(?:^|\s)(\d{3,4})$/);
    if (partialZip) {
      const hits = await this.sql`select zip, city, state, lat, lon from public.geo_zips where zip like ${
        partialZip[1] + "%"
      } order by zip limit ${n}`;
      return (hits as unknown as Zip[]).map((z) => withStreet(zipSuggestion(z)));
    }
    // "<city prefix>" or "<city>, <state prefix>" or "<city> <ST>"
    const [cityPart, statePart] = rest.includes(",") ? rest.split(",").map((s) => s.trim()) : [rest, ""];
    let cityText = cityPart;
    let state = statePart ? stateAbbr(statePart) : undefined;
    if (!state) {
      const m = cityPart.match(/^(.*\S)\s+([A-Za-z]{2})$/);
      if (m && stateAbbr(m[2])) [cityText, state] = [m[1], stateAbbr(m[2])];
    }
    const prefix = cityKey(cityText);
    if (!prefix || /^\d/.test(prefix)) return [];
    const statePrefix = statePart && !state ? statePart.toUpperCase() : undefined;
    const filter = this.sql`${state ? this.sql`and state = ${state}` : this.sql``} ${
      statePrefix ? this.sql`and state like ${statePrefix + "%"}` : this.sql``
    }`;
    // A complete city name with a street typed before it: that city only, so the typed house number is never
    // attached to other towns whose names merely start the same ("New York" is not "New York Mills").
    const exact = street || state
      ? await this
        .sql`select * from public.geo_cities where key = ${prefix} ${filter} order by zip_count desc limit ${n}`
      : [];
    const startingSo = async (biggerThan?: number) =>
      await this.sql`select * from public.geo_cities where key like ${
        prefix.replace(/[\\%_]/g, "\\$&") + "%"
      } ${
        biggerThan === undefined ? this.sql`` : this.sql`and key <> ${prefix} and zip_count > ${biggerThan}`
      } ${filter}
          order by zip_count desc, city limit ${n}` as unknown as City[];
    // A homeowner still typing "Trent" on the way to "Trenton": towns whose names only start that way are offered
    // after the exact ones, and only those bigger than every exact one ("New York" never offers "New York Mills").
    let hits = exact.length
      ? [
        ...exact as unknown as City[],
        ...(!state && exact.length < n
          ? await startingSo(Math.max(...exact.map((c) => c.zip_count as number)))
          : []),
      ].slice(0, n)
      : await startingSo();
    if (!hits.length) {
      // Nothing starts that way: a misspelt city ("San Fransisco") still finds the place.
      const c = await this.findCity(cityText, state);
      hits = c ? [c] : [];
    }
    return hits.map((c) =>
      withStreet({
        description: `${c.city}, ${c.state}`,
        city: c.city,
        state: c.state,
        zip: c.zip,
        zipConfirmed: c.zip_count <= 1,
        lat: round(c.lat),
        lon: round(c.lon),
      })
    );
  }
}

function zipSuggestion(z: Zip): AddressSuggestion {
  return {
    description: `${z.city}, ${z.state} ${z.zip}`,
    city: z.city,
    state: z.state,
    zip: z.zip,
    zipConfirmed: true,
    lat: z.lat,
    lon: z.lon,
  };
}
