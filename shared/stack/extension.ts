import type { Hono } from "hono";
import type { Platform } from "../platform.ts";
import type { Handler } from "../queue/queue.ts";

/** What the seeded demo partner looks like; extensions add their own demo data to it. */
export interface DemoContext {
  orgId: string;
  orgSlug: string;
  adminUserId: string;
  adminEmail: string;
  adminPassword: string;
  widgetUserId: string;
  partnerToken: string;
}

/**
 * How an area plugs into the local one-process stack (scripts/start.ts) without touching the server:
 * each area owns one file in shared/stack/extensions/.
 */
export interface StackExtension {
  name: string;
  /** Local-only queue handlers. Jobs the deployed platform runs belong in shared/jobs/registry.ts (queue-worker). */
  jobs?: (p: Platform) => Record<string, Handler>;
  /** Local-only routes (dev pages, JWKS, the widget's static files) mounted at the root of the server. */
  routes?: (app: Hono, p: Platform) => void;
  /** Background loops (bus push delivery, inbound SMTP); returns a stop function. */
  start?: (p: Platform) => Promise<() => Promise<void>>;
  /**
   * Work that need not hold back the start (builds of static files, housekeeping): run once every service
   * answered healthy and the start was printed, one extension after the other. Whatever serves its result
   * waits for it (a request for the widget before its build waits for that build).
   */
  afterHealthy?: (p: Platform) => Promise<void>;
  /**
   * Demo data, after the demo partner exists, in the seed's one transaction (`p.sql` is it; shared/stack/demo_seed.ts),
   * after the extensions before this one (no `begin`/`end` on it; nested work: `savepoint`). Must be idempotent
   * (a second start reuses the data).
   */
  seed?: (p: Platform, demo: DemoContext) => Promise<void>;
}
