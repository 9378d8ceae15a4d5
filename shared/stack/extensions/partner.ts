import type { Context, Hono } from "hono";
import type { StackExtension } from "../extension.ts";
import { oneAtATime } from "../one_at_a_time.ts";
import { errorText, log } from "../../log.ts";

// The partner console: static files of console/dist (built from console/src by scripts/console/build.ts).
const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
};
// Same origin as the API and the widget (the live preview frames /widget/); nothing third-party.
const CSP =
  "default-src 'self'; img-src 'self' https: data: blob:; style-src 'self'; script-src 'self'; frame-src 'self'; " +
  "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const dist = new URL("../../../console/dist/", import.meta.url);
// esbuild (native) must only load when the local stack builds the console, not in a deployed function's graph.
const builder = ["..", "..", "..", "scripts", "console", "build.ts"].join("/");

let built: Promise<unknown> | undefined;
export function ensureConsoleBuilt(): Promise<unknown> {
  built ??= oneAtATime(() => import(builder).then((m) => m.buildConsole())).then((r) =>
    log("info", "console built", { ms: r.ms })
  ).catch((e) => {
    built = undefined;
    throw e;
  });
  return built;
}

function routes(app: Hono) {
  app.get("/console", (c) => c.redirect("/console/", 301));
  const serve = async (c: Context, file: string) => {
    try {
      await ensureConsoleBuilt();
      const body = await Deno.readFile(new URL(file, dist));
      return c.body(body as unknown as ArrayBuffer, 200, {
        "content-type": TYPES[file.split(".").pop()!],
        "cache-control": "no-cache",
        "content-security-policy": CSP,
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
      });
    } catch (e) {
      log("error", "console file not served", { file, error: errorText(e) });
      return c.json({ error: { code: "not_found", message: `No console file ${file}` } }, 404);
    }
  };
  app.get("/console/", (c) => serve(c, "index.html"));
  app.get("/console/:file{[a-z]+\\.(html|js|css)}", (c) => serve(c, c.req.param("file")));
}

export const extension: StackExtension = {
  name: "partner",
  routes,
  // The demo partner's details on homeowner emails (kept once edited in the console).
  seed: async (p, demo) => {
    await p.sql`insert into public.partner_settings (organization_id, reply_to_email, phone, website_url)
      values (${demo.orgId}, ${demo.adminEmail}, '(800) 555-0100', ${`${p.config.publicUrl}/demo`}) on conflict (organization_id) do nothing`;
  },
  // The console's files are built after the start (a request before that waits for the build).
  afterHealthy: async () => {
    await ensureConsoleBuilt().catch((e) => log("error", "console build failed", { error: errorText(e) }));
  },
};
