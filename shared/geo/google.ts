// Google Geocoding API + Places Autocomplete (the JSON web services under maps.googleapis.com).
import type { AddressParts, AddressSuggestion, GeocodeResult, Geocoder } from "./types.ts";
import { GeocoderUnavailableError } from "./types.ts";
import { formatAddress } from "./parse.ts";

interface Component {
  long_name: string;
  short_name: string;
  types: string[];
}

interface GeocodeResponse {
  status: string;
  error_message?: string;
  results: { address_components: Component[]; formatted_address: string; geometry: { location: { lat: number; lng: number }; location_type: string }; place_id: string }[];
}

interface AutocompleteResponse {
  status: string;
  error_message?: string;
  predictions: { description: string; place_id: string; terms: { offset: number; value: string }[] }[];
}

export class GoogleGeocoder implements Geocoder {
  constructor(private readonly apiKey: string, private readonly baseUrl = "https://maps.googleapis.com", private readonly timeoutMs = 5000) {}

  async geocode(address: string | AddressParts): Promise<GeocodeResult | null> {
    const text = typeof address === "string" ? address : formatAddress(address);
    const body = await this.get<GeocodeResponse>("/maps/api/geocode/json", { address: text, components: "country:US" });
    if (body.status === "ZERO_RESULTS") return null;
    const r = body.results[0];
    if (!r) return null;
    const c = (type: string, short = true) => {
      const hit = r.address_components.find((x) => x.types.includes(type));
      return hit ? (short ? hit.short_name : hit.long_name) : undefined;
    };
    const state = c("administrative_area_level_1");
    if (c("country") !== "US" || !state) return null;
    const line1 = [c("street_number"), c("route", false)].filter(Boolean).join(" ") || undefined;
    const type = r.geometry.location_type;
    return {
      formattedAddress: r.formatted_address,
      line1,
      city: c("locality", false) ?? c("sublocality", false) ?? c("postal_town", false) ?? c("administrative_area_level_3", false) ?? "",
      state,
      zip: c("postal_code") ?? "",
      lat: r.geometry.location.lat,
      lon: r.geometry.location.lng,
      precision: type === "ROOFTOP" ? "rooftop" : type === "APPROXIMATE" ? "city" : "street",
      source: "google",
    };
  }

  async autocomplete(query: string, limit = 5): Promise<AddressSuggestion[]> {
    if (query.trim().length < 2) return [];
    const body = await this.get<AutocompleteResponse>("/maps/api/place/autocomplete/json", { input: query, types: "address", components: "country:us" });
    return (body.predictions ?? []).slice(0, limit).map((p) => ({ description: p.description, placeId: p.place_id }));
  }

  private async get<T extends { status: string; error_message?: string }>(path: string, params: Record<string, string>): Promise<T> {
    const url = new URL(path, this.baseUrl);
    for (const [k, v] of Object.entries({ ...params, key: this.apiKey })) url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (e) {
      throw new GeocoderUnavailableError(`Google geocoding unreachable: ${(e as Error).message}`);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new GeocoderUnavailableError(`Google geocoding answered HTTP ${res.status}`);
    }
    const body = await res.json() as T;
    if (body.status !== "OK" && body.status !== "ZERO_RESULTS") {
      throw new GeocoderUnavailableError(`Google geocoding status ${body.status}${body.error_message ? `: ${body.error_message}` : ""}`);
    }
    return body;
  }
}
