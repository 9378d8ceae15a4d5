import type { Context, Hono } from "hono";
import type { StackExtension } from "../extension.ts";
import { oneAtATime } from "../one_at_a_time.ts";
import type { Platform } from "../../platform.ts";
import { seedWidgetDemo } from "../../widget/demo.ts";
import { widgetSettings } from "../../widget/config.ts";
import { demoLogo, demoPage } from "../../widget/demo_page.ts";
import { errorText, log } from "../../log.ts";
import {
  DEVELOPMENT_FRAME_SOURCES,
  frameAncestors,
  partnerFrameOrigins,
} from "../../partner/widget_origins.ts";
import { stackMode } from "../mode.ts";
import { links } from "../../urls.ts";

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
};
// The widget served here talks only to this origin and may be framed by the pages of its partner (`frameAncestors`). Connections elsewhere are
// refused: with `connect-src https:` a link to this page with `&api=https://<attacker>` had the widget, on the
// platform's origin, show the attacker's partner panel and send the homeowner's details and bill there (a copy hosted
// elsewhere names its API origin in its own CSP: WIDGET_API_ORIGIN). Images: its own, https ones (partner logos) and
// the configured map tile server's origin (which may be plain http on a local network).
// Framing: the page (index.html) names its partner's origins (shared/partner/widget_origins.ts, security pass 14);
// its scripts and styles are not documents, so `'self'` there changes nothing.
export function widgetPageCsp(mapTileUrl: string | null, ancestors = "'self'"): string {
  const tiles = mapTileUrl ? ` ${new URL(mapTileUrl.replace(/\{[xyz]\}/g, "0")).origin}` : "";
  return `default-src 'self'; connect-src 'self'; img-src 'self' https: data:${tiles}; style-src 'self' 'unsafe-inline'; script-src 'self'; frame-ancestors ${ancestors}; base-uri 'none'; form-action 'none'`;
}

/**
 * The page's `frame-ancestors` for the widget token in its URL (the platform's own origins when none is live). In
 * development mode a developer's pages on the loopback may frame it too (the widget's browser tests embed it from a
 * page on another port).
 */
async function pageAncestors(p: Platform, c: Context, development: boolean): Promise<string> {
  const own = [p.config.publicUrl, links(p).consoleUrl];
  const dev = development ? DEVELOPMENT_FRAME_SOURCES : [];
  const token = c.req.query("token") ?? "";
  try {
    return frameAncestors(own, token ? await partnerFrameOrigins(p.sql, token) : [], dev);
  } catch (e) {
    log("warn", "widget frame origins unavailable; the page may be framed by the platform only", {
      error: errorText(e),
    });
    return frameAncestors(own, [], dev);
  }
}

const widgetDist = new URL("../../../widget/dist/", import.meta.url);
// esbuild (a native binary) must only load
// when the local stack builds the widget, hence a specifier the edge bundler does not follow.
const builder = ["..", "..", "..", "scripts", "widget", "build.ts"].join("/");

let built: Promise<unknown> | undefined;
/** Builds widget/dist once per process (the stack serves the current source). */
export function ensureWidgetBuilt(): Promise<unknown> {
  built ??= oneAtATime(() => import(builder).then((m) => m.buildWidget())).then((r) =>
    log("info", "widget built", { ms: r.ms, files: r.files })
  ).catch((e) => {
    built = undefined;
    throw e;
  });
  return built;
}

// Keyed by the platform's config: the seed runs on a platform of its own (its transaction), the routes on the
// stack's, both with the same config.
const tokens = new WeakMap<Platform["config"], string>();

async function partnerToken(p: Platform): Promise<string | undefined> {
  if (tokens.has(p.config)) return tokens.get(p.config);
  try {
    return JSON.parse(await Deno.readTextFile(`${p.config.dataDir}/demo.json`)).partnerToken;
  } catch {
    return undefined;
  }
}

function routes(app: Hono, p: Platform) {
  const development = stackMode() === "development";
  app.get("/widget", (c) => c.redirect(`/widget/${new URL(c.req.url).search}`, 301));
  const serve = async (c: Context, file: string) => {
    try {
      await ensureWidgetBuilt();
    } catch (e) {
      log("error", "widget build failed", { error: errorText(e) });
      return c.text("The widget could not be built; see the server log.", 503);
    }
    let body: Uint8Array;
    try {
      body = await Deno.readFile(new URL(file, widgetDist));
    } catch {
      return c.json({ error: { code: "not_found", message: `No widget file ${file}` } }, 404);
    }
    return c.body(body as unknown as ArrayBuffer, 200, {
      "content-type": TYPES[file.split(".").pop()!],
      "cache-control": file === "index.html" ? "no-cache" : "public, max-age=300",
      "content-security-policy": widgetPageCsp(
        widgetSettings(p).mapTileUrl,
        file === "index.html" ? await pageAncestors(p, c, development) : "'self'",
      ),
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    });
  };
  app.get("/widget/", (c) => serve(c, "index.html"));
  app.get("/widget/:file{[a-z]+\\.(html|js|css)}", (c) => serve(c, c.req.param("file")));
  app.get(
    "/demo/logo.svg",
    (c) =>
      c.body(demoLogo, 200, { "content-type": "image/svg+xml", "cache-control": "public, max-age=3600" }),
  );
  app.get("/demo", async (c) => {
    const token = await partnerToken(p);
    if (!token) return c.text("The demo partner has not been seeded yet.", 503);
    return c.html(demoPage(p.config.publicUrl, token));
  });
}

export const extension: StackExtension = {
  name: "widget",
  routes,
  seed: async (p, demo) => {
    tokens.set(p.config, demo.partnerToken);
    await seedWidgetDemo(p, demo.orgId);
  },
  // The widget's files are built after the start (a request before that waits for the build).
  afterHealthy: async () => {
    await ensureWidgetBuilt().catch((e) => log("error", "widget build failed", { error: errorText(e) }));
  },
};
