import { env, envOptional } from "../config.ts";
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
    const key = envOptional("GOOGLE_SOLAR_API_KEY") ?? envOptional("GOOGLE_MAPS_API_KEY");
    const kind = env("ROOF_DATA_PROVIDER", key ? "google" : "model");
    if (kind === "google") {
      if (!key) {
        throw new Error("ROOF_DATA_PROVIDER=google needs GOOGLE_SOLAR_API_KEY (or GOOGLE_MAPS_API_KEY)");
      }
      return new GoogleSolarRoofData(
        key,
        env("GOOGLE_SOLAR_BASE_URL", "https://solar.googleapis.com"),
        env("GOOGLE_SOLAR_REQUIRED_QUALITY", "MEDIUM"),
      );
    }
    if (kind !== "model") throw new Error(`ROOF_DATA_PROVIDER must be google or model, got "${kind}"`);
    return new ModelRoofData();
  });
}
export type { PanelConfig, RoofData, RoofDataProvider, RoofQuery } from "./types.ts";
export { RoofDataUnavailableError } from "./types.ts";
export { modelRoof } from "./model.ts";

declare module "../platform.ts" {
  interface Seams {
    roof: RoofDataProvider;
  }
}
