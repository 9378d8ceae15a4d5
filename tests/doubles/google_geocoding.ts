// A local double of the Google Geocoding API (GET /maps/api/geocode/json: status field, results with
// address_components / geometry.location / location_type) and of Places API (New) Autocomplete
// (POST /v1/places:autocomplete with X-Goog-Api-Key: suggestions[].placePrediction, Google error bodies).
import { serveApp, type Served } from "../support/http.ts";

export const GEOCODE_KEY = "test-maps-key";

const result = (
  formatted: string,
  lat: number,
  lng: number,
  parts: [string, string, string[]][],
  type = "ROOFTOP",
) => ({
  address_components: parts.map(([long_name, short_name, types]) => ({ long_name, short_name, types })),
  formatted_address: formatted,
  geometry: {
    location: { lat, lng },
    location_type: type,
    viewport: {
      northeast: { lat: lat + 0.001, lng: lng + 0.001 },
      southwest: { lat: lat - 0.001, lng: lng - 0.001 },
    },
  },
  place_id: `ChIJ${btoa(formatted).slice(0, 20)}`,
  types: ["street_address"],
});

/** Addresses the double knows (lower-cased query prefix -> result). */
export const KNOWN: Record<string, ReturnType<typeof result>> = {
  "3600 nw 2nd ave": result("3600 NW 2nd Ave, Miami, FL 33127, USA", 25.8093, -80.1987, [
    ["3600", "3600", ["street_number"]],
    ["Northwest 2nd Avenue", "NW 2nd Ave", ["route"]],
    ["Miami", "Miami", ["locality", "political"]],
    ["Miami-Dade County", "Miami-Dade County", ["administrative_area_level_2", "political"]],
    ["Florida", "FL", ["administrative_area_level_1", "political"]],
    ["United States", "US", ["country", "political"]],
    ["33127", "33127", ["postal_code"]],
  ]),
  "1 dr carlton b goodlett pl": result(
    "1 Dr Carlton B Goodlett Pl, San Francisco, CA 94102, USA",
    37.7793,
    -122.4193,
    [
      ["1", "1", ["street_number"]],
      ["Doctor Carlton B Goodlett Place", "Dr Carlton B Goodlett Pl", ["route"]],
      ["San Francisco", "San Francisco", ["locality", "political"]],
      ["California", "CA", ["administrative_area_level_1", "political"]],
      ["United States", "US", ["country", "political"]],
      ["94102", "94102", ["postal_code"]],
    ],
  ),
  "10 downing st": result("10 Downing St, London SW1A 2AA, UK", 51.5034, -0.1276, [
    ["10", "10", ["street_number"]],
    ["Downing Street", "Downing St", ["route"]],
    ["London", "London", ["postal_town"]],
    ["England", "England", ["administrative_area_level_1", "political"]],
    ["United Kingdom", "GB", ["country", "political"]],
    ["SW1A 2AA", "SW1A 2AA", ["postal_code"]],
  ]),
};

export interface GeocodingDouble extends Served {
  requests: URL[];
  /** Bodies of the Places autocomplete requests. */
  places: { input: string; includedRegionCodes?: string[] }[];
  /** Next answers fail with this HTTP status (or Google status string) until cleared. */
  failWith: number | string | null;
}

export function startGeocodingDouble(): GeocodingDouble {
  const requests: URL[] = [];
  const places: GeocodingDouble["places"] = [];
  const d = serveApp(async (req) => {
    const url = new URL(req.url);
    requests.push(url);
    if (typeof double.failWith === "number") {
      return new Response("upstream error", { status: double.failWith });
    }
    if (url.pathname === "/v1/places:autocomplete") {
      if (req.method !== "POST") {
        return Response.json({ error: { code: 404, message: "Not found", status: "NOT_FOUND" } }, {
          status: 404,
        });
      }
      if (req.headers.get("x-goog-api-key") !== GEOCODE_KEY) {
        return Response.json({
          error: { code: 403, message: "The caller does not have permission", status: "PERMISSION_DENIED" },
        }, { status: 403 });
      }
      const body = await req.json().catch(() => ({}));
      if (typeof body.input !== "string") {
        return Response.json({
          error: { code: 400, message: "Invalid JSON payload: input", status: "INVALID_ARGUMENT" },
        }, { status: 400 });
      }
      places.push(body);
      const q = body.input.toLowerCase();
      const suggestions = Object.entries(KNOWN).filter(([k]) => k.startsWith(q) || q.startsWith(k)).map((
        [, r],
      ) => ({
        placePrediction: {
          place: `places/${r.place_id}`,
          placeId: r.place_id,
          text: {
            text: r.formatted_address,
            matches: [{ endOffset: Math.min(q.length, r.formatted_address.length) }],
          },
          structuredFormat: {
            mainText: { text: r.formatted_address.split(",")[0] },
            secondaryText: { text: r.formatted_address.split(",").slice(1).join(",").trim() },
          },
          types: ["street_address", "geocode"],
        },
      }));
      return Response.json(suggestions.length ? { suggestions } : {});
    }
    if (url.searchParams.get("key") !== GEOCODE_KEY) {
      return Response.json({
        error_message: "The provided API key is invalid.",
        results: [],
        predictions: [],
        status: "REQUEST_DENIED",
      });
    }
    if (typeof double.failWith === "string") {
      return Response.json({ results: [], predictions: [], status: double.failWith });
    }
    if (url.pathname === "/maps/api/geocode/json") {
      const q = (url.searchParams.get("address") ?? "").toLowerCase();
      if (!q) {
        return Response.json({
          error_message: "Invalid request. Missing the 'address' parameter.",
          results: [],
          status: "INVALID_REQUEST",
        });
      }
      const hit = Object.entries(KNOWN).find(([k]) => q.startsWith(k));
      return Response.json(
        hit ? { results: [hit[1]], status: "OK" } : { results: [], status: "ZERO_RESULTS" },
      );
    }
    return Response.json({ error_message: "Not found", status: "INVALID_REQUEST" }, { status: 404 });
  });
  const double: GeocodingDouble = Object.assign(d, {
    requests,
    places,
    failWith: null as number | string | null,
  });
  return double;
}
