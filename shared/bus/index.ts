import { ConfigError, env, envOptional, type EnvSource } from "../config.ts";
import { type Platform, provide } from "../platform.ts";
import { PostgresBus } from "./embedded.ts";
import { PubSubBus, type PubSubOptions } from "./pubsub.ts";
import type { Bus } from "./types.ts";

/** BUS_PROVIDER=pubsub (GCP_PROJECT_ID + credentials) or postgres (default: the embedded bus). */
export function bus(p: Platform): Bus {
  return provide(p, "bus", () => {
    const c = loadBusConfig();
    return c.provider === "pubsub" ? new PubSubBus(c.pubsub) : new PostgresBus(p.sql);
  });
}

export type BusConfig = { provider: "postgres" } | { provider: "pubsub"; pubsub: PubSubOptions };

/** The bus's settings, read once when the seam is provided. */
export function loadBusConfig(source: EnvSource = Deno.env): BusConfig {
  const kind = env("BUS_PROVIDER", "postgres", source);
  if (kind === "postgres") return { provider: "postgres" };
  if (kind !== "pubsub") throw new Error(`BUS_PROVIDER must be postgres or pubsub, got "${kind}"`);
  const sa = envOptional("GCP_SERVICE_ACCOUNT_JSON", source);
  let serviceAccount: PubSubOptions["serviceAccount"];
  try {
    serviceAccount = sa ? JSON.parse(sa) : undefined;
  } catch {
    throw new ConfigError("GCP_SERVICE_ACCOUNT_JSON"); // present but not JSON: misconfigured, not the caller's 400
  }
  return {
    provider: "pubsub",
    pubsub: {
      projectId: env("GCP_PROJECT_ID", undefined, source),
      apiUrl: env("PUBSUB_API_URL", "https://pubsub.googleapis.com", source),
      accessToken: envOptional("PUBSUB_ACCESS_TOKEN", source),
      serviceAccount,
    },
  };
}
export type { Bus } from "./types.ts";

declare module "../platform.ts" {
  interface Seams {
    bus: Bus;
  }
}
