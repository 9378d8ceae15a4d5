import { env, envOptional } from "../config.ts";
import { type Platform, provide } from "../platform.ts";
import { GazetteerGeocoder } from "./gazetteer.ts";
import { GoogleGeocoder } from "./google.ts";
import type { Geocoder } from "./types.ts";

/**
 * GEOCODER_PROVIDER=google (GOOGLE_MAPS_API_KEY, GOOGLE_MAPS_BASE_URL, GOOGLE_PLACES_BASE_URL) or gazetteer
 * (default when no key): the embedded US ZIP/city gazetteer.
 */
export function geocoder(p: Platform): Geocoder {
  return provide(p, "geocoder", () => {
    const kind = env("GEOCODER_PROVIDER", envOptional("GOOGLE_MAPS_API_KEY") ? "google" : "gazetteer");
    if (kind === "google") {
      return new GoogleGeocoder(
        env("GOOGLE_MAPS_API_KEY"),
        env("GOOGLE_MAPS_BASE_URL", "https://maps.googleapis.com"),
        5000,
        env("GOOGLE_PLACES_BASE_URL", "https://places.googleapis.com"),
      );
    }
    if (kind !== "gazetteer") throw new Error(`GEOCODER_PROVIDER must be google or gazetteer, got "${kind}"`);
    return new GazetteerGeocoder(p.sql);
  });
}
export type { AddressParts, AddressSuggestion, Geocoder, GeocodeResult } from "./types.ts";
export { GeocoderUnavailableError } from "./types.ts";
export { addressProblem, formatAddress, isPoBox, parseUsAddress, stateAbbr } from "./parse.ts";

declare module "../platform.ts" {
  interface Seams {
    geocoder: Geocoder;
  }
}
