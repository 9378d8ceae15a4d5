import { env } from "../config.ts";
import { type Platform, provide } from "../platform.ts";
import { EmbeddedScheduler } from "./embedded.ts";
import { ExternalScheduler } from "./external.ts";
import type { Scheduler } from "./types.ts";

/** SCHEDULER_PROVIDER=embedded (default) | external (SCHEDULER_API_URL, SCHEDULER_API_KEY). */
export function scheduler(p: Platform): Scheduler {
  return provide(p, "scheduler", () => {
    const kind = env("SCHEDULER_PROVIDER", "embedded");
    if (kind === "external") {
      return new ExternalScheduler(p.sql, env("SCHEDULER_API_URL"), env("SCHEDULER_API_KEY"));
    }
    if (kind !== "embedded") {
      throw new Error(`SCHEDULER_PROVIDER must be embedded or external, got "${kind}"`);
    }
    return new EmbeddedScheduler(p.sql);
  });
}
export type { Appointment, Scheduler, Slot } from "./types.ts";

declare module "../platform.ts" {
  interface Seams {
    scheduler: Scheduler;
  }
}
