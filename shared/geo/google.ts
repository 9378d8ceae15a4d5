// Google Geocoding API (GET maps.googleapis.com/maps/api/geocode/json) and Places API (New) Autocomplete
// (POST places.googleapis.com/v1/places:autocomplete; the legacy Places web service cannot be enabled on
// new Google Cloud projects).
import type { AddressParts, AddressSuggestion, Geocoder, GeocodeResult } from "./types.ts";
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
  results: {
    address_components: Component[];
    formatted_address: string;
    geometry: { location: { lat: number; lng: number }; location_type: string };
    place_id: string;
  }[];
}

interface AutocompleteResponse {
  suggestions?: { placePrediction?: { placeId: string; text: { text: string } } }[];
}

export class GoogleGeocoder implements Geocoder {
  constructor(
    private readonly apiKey: string,
    private readonly baseUrl = "https://maps.googleapis.com",
    private readonly timeoutMs = 5000,
    private readonly placesUrl = "https://places.googleapis.com",
  ) {}

  async geocode(address: string | AddressParts): Promise<GeocodeResult | null> {
    const text = typeof address === "string" ? address : formatAddress(address);
    const body = await this.get<GeocodeResponse>("/maps/api/geocode/json", {
      address: text,
      components: "country:US",
    });
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
      city: c("locality", false) ?? c("sublocality", false) ?? c("postal_town", false) ??
        c("administrative_area_level_3", false) ?? "",
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
    let res: Response;
    try {
      res = await fetch(new URL("/v1/places:autocomplete", this.placesUrl), {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Goog-Api-Key": this.apiKey },
        body: JSON.stringify({ input: query, includedRegionCodes: ["us"] }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      throw new GeocoderUnavailableError(`Google Places unreachable: ${(e as Error).message}`);
    }
    if (!res.ok) {
      const err = await res.json().catch(() => undefined) as
        | { error?: { status?: string; message?: string } }
        | undefined;
      throw new GeocoderUnavailableError(
        `Google Places autocomplete answered HTTP ${res.status}${
          err?.error ? ` ${err.error.status}: ${err.error.message}` : ""
        }`,
      );
    }
    const body = await res.json() as AutocompleteResponse;
    return (body.suggestions ?? []).flatMap((
      s,
    ) => (s.placePrediction
      ? [{ description: s.placePrediction.text.text, placeId: s.placePrediction.placeId }]
      : [])
    ).slice(0, limit);
  }

  private async get<T extends { status: string; error_message?: string }>(
    path: string,
    params: Record<string, string>,
  ): Promise<T> {
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
      throw new GeocoderUnavailableError(
        `Google geocoding status ${body.status}${body.error_message ? `: ${body.error_message}` : ""}`,
      );
    }
    return body;
  }
}
