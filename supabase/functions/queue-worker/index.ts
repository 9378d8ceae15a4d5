// Internal function (not one of SPEC's services): runs the Postgres job queue on Supabase, where no
// long-lived worker process exists. pg_cron calls it through pg_net every minute (see docs/deploy.md).
import { timingSafeEqual } from "node:crypto";
import { platformFromEnv } from "../../../shared/platform.ts";
import { runReadyJobs } from "../../../shared/queue/queue.ts";
import { extensions } from "../../../shared/stack/extensions/index.ts";
import { env } from "../../../shared/config.ts";

const p = platformFromEnv();
const handlers = Object.assign({}, ...extensions.map((e) => e.jobs?.(p) ?? {}));

function authorised(req: Request): boolean {
  const given = new TextEncoder().encode(req.headers.get("authorization") ?? "");
  const expected = new TextEncoder().encode(`Bearer ${env("INTERNAL_SERVICE_TOKEN")}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

Deno.serve(async (req) => {
  if (req.method !== "POST" || !authorised(req)) return Response.json({ error: { code: "unauthorized", message: "Internal service token required" } }, { status: 401 });
  const deadline = Date.now() + 50_000;
  let ran = 0;
  while (Date.now() < deadline) {
    const n = await runReadyJobs(p.sql, handlers);
    if (n === 0) break;
    ran += n;
  }
  return Response.json({ status: "ok", ran });
});
