import { ConfigError, env, envOptional, type EnvSource } from "../config.ts";
import { type Platform, provide } from "../platform.ts";
import { GoogleSolarRoofData } from "./google.ts";
import { ModelRoofData } from "./model.ts";
import type { RoofDataProvider } from "./types.ts";

/**
 * ROOF_DATA_PROVIDER=google (GOOGLE_SOLAR_API_KEY or GOOGLE_MAPS_API_KEY; GOOGLE_SOLAR_BASE_URL;
 * GOOGLE_SOLAR_REQUIRED_QUALITY, default MEDIUM) or model (default without a key): the embedded model.
 */
export function roofData(p: Platform): RoofDataProvider {
  return provide(p, "roof", () => {
    const c = loadRoofConfig();
    if (c.provider === "google") return new GoogleSolarRoofData(c.apiKey, c.baseUrl, c.requiredQuality);
    return new ModelRoofData();
  });
}

export type RoofConfig =
  | { provider: "model" }
  | { provider: "google"; apiKey: string; baseUrl: string; requiredQuality: string };

/** The roof-data seam's settings, read once when the seam is provided. */
export function loadRoofConfig(source: EnvSource = Deno.env): RoofConfig {
  const key = envOptional("GOOGLE_SOLAR_API_KEY", source) ?? envOptional("GOOGLE_MAPS_API_KEY", source);
  const kind = env("ROOF_DATA_PROVIDER", key ? "google" : "model", source);
  if (kind === "model") return { provider: "model" };
  if (kind !== "google") throw new Error(`ROOF_DATA_PROVIDER must be google or model, got "${kind}"`);
  if (!key) throw new ConfigError("GOOGLE_SOLAR_API_KEY");
  return {
    provider: "google",
    apiKey: key,
    baseUrl: env("GOOGLE_SOLAR_BASE_URL", "https://solar.googleapis.com", source),
    requiredQuality: env("GOOGLE_SOLAR_REQUIRED_QUALITY", "MEDIUM", source),
  };
}
export type { PanelConfig, RoofData, RoofDataProvider, RoofQuery } from "./types.ts";
export { modelRoof } from "./model.ts";

declare module "../platform.ts" {
  interface Seams {
    roof: RoofDataProvider;
  }
}
