import { env, envOptional, type EnvSource } from "../config.ts";
import { type Platform, provide } from "../platform.ts";
import { EmbeddedCrm } from "./embedded.ts";
import { HubSpotCrm } from "./hubspot.ts";
import type { CrmProvider } from "./types.ts";

/** CRM_PROVIDER=hubspot (HUBSPOT_ACCESS_TOKEN, HUBSPOT_BASE_URL) or embedded (default: the leads tables). */
export function crm(p: Platform): CrmProvider {
  return provide(p, "crm", () => {
    const c = loadCrmConfig();
    return c.provider === "hubspot" ? new HubSpotCrm(c.baseUrl, c.token) : new EmbeddedCrm();
  });
}

export type CrmConfig = { provider: "embedded" } | { provider: "hubspot"; baseUrl: string; token: string };

/** The CRM seam's settings, read once when the seam is provided. */
export function loadCrmConfig(source: EnvSource = Deno.env): CrmConfig {
  const kind = env(
    "CRM_PROVIDER",
    envOptional("HUBSPOT_ACCESS_TOKEN", source) ? "hubspot" : "embedded",
    source,
  );
  if (kind === "embedded") return { provider: "embedded" };
  if (kind !== "hubspot") throw new Error(`CRM_PROVIDER must be hubspot or embedded, got "${kind}"`);
  return {
    provider: "hubspot",
    baseUrl: env("HUBSPOT_BASE_URL", "https://api.hubapi.com", source),
    token: env("HUBSPOT_ACCESS_TOKEN", undefined, source),
  };
}
export type { CrmProvider } from "./types.ts";

declare module "../platform.ts" {
  interface Seams {
    crm: CrmProvider;
  }
}
