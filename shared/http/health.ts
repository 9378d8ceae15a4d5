// Liveness and readiness of every service app. GET /health answers from memory (is the process serving
// requests at all); GET /health/ready also asks the database with a bounded query, and answers 503
// not_ready when it does not answer in READINESS_TIMEOUT_MS (read once, shared/http/config.ts), so a load
// balancer stops routing to it.
import type { Context } from "hono";
import type { Platform } from "../platform.ts";
import { errorBody } from "./errors.ts";

export async function databaseReady(
  p: Platform,
  timeoutMs: number,
): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      p.sql`select 1`,
      new Promise((_, reject) =>
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)
      ),
    ]);
    return null;
  } catch (e) {
    return e instanceof Error && e.message.startsWith("no answer") ? e.message : "database unreachable";
  } finally {
    clearTimeout(timer);
  }
}

export async function readiness(p: Platform, c: Context, timeoutMs: number) {
  const problem = await databaseReady(p, timeoutMs);
  if (problem) {
    return c.json({
      ...errorBody("not_ready", `Database check failed: ${problem}`),
      checks: { database: "down" },
    }, 503);
  }
  return c.json({ status: "ready", checks: { database: "ok" } }, 200);
}
