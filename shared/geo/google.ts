// Google Geocoding API (GET maps.googleapis.com/maps/api/geocode/json) and Places API (New) Autocomplete
// (POST places.googleapis.com/v1/places:autocomplete; the legacy Places web service cannot be enabled on
// new Google Cloud projects).
import { SeamUnavailableError } from "../errors.ts";
import { HttpJsonClient } from "../runtime/http_json.ts";
import type { AddressParts, AddressSuggestion, Geocoder, GeocodeResult } from "./types.ts";
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
  private readonly geocoding: HttpJsonClient;
  private readonly places: HttpJsonClient;

  constructor(
    private readonly apiKey: string,
    baseUrl = "https://maps.googleapis.com",
    timeoutMs = 5000,
    placesUrl = "https://places.googleapis.com",
  ) {
    // A homeowner is waiting on these: two attempts within the timeout and a little more.
    const common = {
      seam: "geocoder",
      timeoutMs,
      attempts: 2,
      deadlineMs: timeoutMs + 2000,
      secrets: [apiKey],
    };
    this.geocoding = new HttpJsonClient({ ...common, provider: "Google geocoding", baseUrl });
    this.places = new HttpJsonClient({
      ...common,
      provider: "Google Places autocomplete",
      baseUrl: placesUrl,
      headers: { "X-Goog-Api-Key": apiKey },
    });
  }

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
    const body = await this.places.json<AutocompleteResponse>("/v1/places:autocomplete", {
      json: { input: query, includedRegionCodes: ["us"] },
    });
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
    const body = await this.geocoding.json<T>(path, { query: { ...params, key: this.apiKey } });
    if (body.status !== "OK" && body.status !== "ZERO_RESULTS") {
      // OVER_QUERY_LIMIT and UNKNOWN_ERROR pass; REQUEST_DENIED and INVALID_REQUEST will not.
      throw new SeamUnavailableError(
        "geocoder",
        `Google geocoding status ${body.status}${body.error_message ? `: ${body.error_message}` : ""}`,
        { retryable: body.status === "OVER_QUERY_LIMIT" || body.status === "UNKNOWN_ERROR" },
      );
    }
    return body;
  }
}
