import { env, envOptional } from "../config.ts";
import { type Platform, provide } from "../platform.ts";
import { EmbeddedCrm } from "./embedded.ts";
import { HubSpotCrm } from "./hubspot.ts";
import type { CrmProvider } from "./types.ts";

/** CRM_PROVIDER=hubspot (HUBSPOT_ACCESS_TOKEN, HUBSPOT_BASE_URL) or embedded (default: the leads tables). */
export function crm(p: Platform): CrmProvider {
  return provide(p, "crm", () => {
    const kind = env("CRM_PROVIDER", envOptional("HUBSPOT_ACCESS_TOKEN") ? "hubspot" : "embedded");
    if (kind === "hubspot") {
      return new HubSpotCrm(env("HUBSPOT_BASE_URL", "https://api.hubapi.com"), env("HUBSPOT_ACCESS_TOKEN"));
    }
    if (kind !== "embedded") throw new Error(`CRM_PROVIDER must be hubspot or embedded, got "${kind}"`);
    return new EmbeddedCrm();
  });
}
export type { CrmProvider } from "./types.ts";

declare module "../platform.ts" {
  interface Seams {
    crm: CrmProvider;
  }
}
