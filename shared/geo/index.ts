import { env, envOptional, type EnvSource } from "../config.ts";
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
    const c = loadGeoConfig();
    if (c.provider === "google") return new GoogleGeocoder(c.apiKey, c.baseUrl, c.timeoutMs, c.placesUrl);
    return new GazetteerGeocoder(p.sql);
  });
}

export type GeoConfig =
  | { provider: "gazetteer" }
  | { provider: "google"; apiKey: string; baseUrl: string; placesUrl: string; timeoutMs: number };

/** The geocoder's settings, read once when the seam is provided. */
export function loadGeoConfig(source: EnvSource = Deno.env): GeoConfig {
  const kind = env(
    "GEOCODER_PROVIDER",
    envOptional("GOOGLE_MAPS_API_KEY", source) ? "google" : "gazetteer",
    source,
  );
  if (kind === "gazetteer") return { provider: "gazetteer" };
  if (kind !== "google") throw new Error(`GEOCODER_PROVIDER must be google or gazetteer, got "${kind}"`);
  return {
    provider: "google",
    apiKey: env("GOOGLE_MAPS_API_KEY", undefined, source),
    baseUrl: env("GOOGLE_MAPS_BASE_URL", "https://maps.googleapis.com", source),
    placesUrl: env("GOOGLE_PLACES_BASE_URL", "https://places.googleapis.com", source),
    timeoutMs: 5000,
  };
}
export type { AddressParts, AddressSuggestion, Geocoder, GeocodeResult } from "./types.ts";
export { addressProblem, formatAddress, isPoBox, parseUsAddress, stateAbbr } from "./parse.ts";

declare module "../platform.ts" {
  interface Seams {
    geocoder: Geocoder;
  }
}
