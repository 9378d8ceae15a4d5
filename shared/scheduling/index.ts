import { env, type EnvSource } from "../config.ts";
import { type Platform, provide } from "../platform.ts";
import { EmbeddedScheduler } from "./embedded.ts";
import { ExternalScheduler } from "./external.ts";
import type { Scheduler } from "./types.ts";

/** SCHEDULER_PROVIDER=embedded (default) | external (SCHEDULER_API_URL, SCHEDULER_API_KEY). */
export function scheduler(p: Platform): Scheduler {
  return provide(p, "scheduler", () => {
    const c = loadSchedulerConfig();
    return c.provider === "external"
      ? new ExternalScheduler(p.sql, c.apiUrl, c.apiKey)
      : new EmbeddedScheduler(p.sql);
  });
}

export type SchedulerConfig = { provider: "embedded" } | {
  provider: "external";
  apiUrl: string;
  apiKey: string;
};

/** The scheduler seam's settings, read once when the seam is provided. */
export function loadSchedulerConfig(source: EnvSource = Deno.env): SchedulerConfig {
  const kind = env("SCHEDULER_PROVIDER", "embedded", source);
  if (kind === "embedded") return { provider: "embedded" };
  if (kind !== "external") throw new Error(`SCHEDULER_PROVIDER must be embedded or external, got "${kind}"`);
  return {
    provider: "external",
    apiUrl: env("SCHEDULER_API_URL", undefined, source),
    apiKey: env("SCHEDULER_API_KEY", undefined, source),
  };
}
export type { Appointment, Scheduler, Slot } from "./types.ts";

declare module "../platform.ts" {
  interface Seams {
    scheduler: Scheduler;
  }
}
