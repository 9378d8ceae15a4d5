import { env, envOptional } from "../config.ts";
import { type Platform, provide } from "../platform.ts";
import { PostgresBus } from "./embedded.ts";
import { PubSubBus } from "./pubsub.ts";
import type { Bus } from "./types.ts";

/** BUS_PROVIDER=pubsub (GCP_PROJECT_ID + credentials) or postgres (default: the embedded bus). */
export function bus(p: Platform): Bus {
  return provide(p, "bus", () => {
    const kind = env("BUS_PROVIDER", "postgres");
    if (kind === "pubsub") {
      const sa = envOptional("GCP_SERVICE_ACCOUNT_JSON");
      return new PubSubBus({
        projectId: env("GCP_PROJECT_ID"),
        apiUrl: env("PUBSUB_API_URL", "https://pubsub.googleapis.com"),
        accessToken: envOptional("PUBSUB_ACCESS_TOKEN"),
        serviceAccount: sa ? JSON.parse(sa) : undefined,
      });
    }
    if (kind !== "postgres") throw new Error(`BUS_PROVIDER must be postgres or pubsub, got "${kind}"`);
    return new PostgresBus(p.sql);
  });
}
export type { Bus } from "./types.ts";

declare module "../platform.ts" {
  interface Seams {
    bus: Bus;
  }
}
