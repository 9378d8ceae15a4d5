import { Hono } from "hono";
import type { Platform } from "../platform.ts";
import { jwks } from "../auth/keys.ts";
import { errorBody } from "../http/errors.ts";
import { errorResponse } from "../http/app.ts";
import { serviceFactories, serviceNames } from "./services.ts";
import { mountDocs } from "./docs_page.ts";
import type { StackExtension } from "./extension.ts";
import { type StackMode, stackMode } from "./mode.ts";
import { envBool } from "../config.ts";
import { httpConfig } from "../http/config.ts";
import { devGuard, noFraming } from "./dev_guard.ts";

/**
 * The whole platform in one handler: every service at /functions/v1/<service>/… (Supabase's path) and
 * /v1/<service>/… (the gateway path of SPEC.md), the JWKS, the API docs page and the extensions' routes.
 */
export function createStackHandler(
  p: Platform,
  extensions: StackExtension[],
  mode: StackMode = stackMode(),
): (req: Request, info?: Deno.ServeHandlerInfo) => Promise<Response> {
  const devPages = mode === "development";
  const trustProxy = envBool("STACK_TRUST_PROXY", false);
  // The header the services read the caller's address from (CLIENT_IP_HEADER, e.g. cf-connecting-ip): the stack
  // overwrites it too, or a client could name its own address there.
  const ipHeader = httpConfig(p).clientIpHeader;
  const services = new Map(serviceNames.map((name) => [name, serviceFactories[name](p)]));
  const root = new Hono();
  // No page of the stack may be framed by another site; /dev/* answers its own host names only and changes nothing
  // without the stack's token (security pass 10, dev_guard.ts).
  root.use("*", noFraming);
  if (devPages) root.use("/dev/*", devGuard(p));
  root.get(
    "/auth/v1/.well-known/jwks.json",
    async (c) => c.json(await jwks(p.sql), 200, { "Cache-Control": "public, max-age=300" }),
  );
  mountDocs(root);
  root.get("/", (c) => c.html(indexPage(extensions, devPages)));
  // The /dev/* pages (dev mailbox with password-reset links, fake webhooks) exist in development mode only.
  if (!devPages) {
    root.all(
      "/dev/*",
      (c) => c.json(errorBody("not_found", "Development pages are off (STACK_MODE=production)"), 404),
    );
  }
  for (const e of extensions) e.routes?.(root, p);
  root.notFound((c) => c.json(errorBody("not_found", `No route ${c.req.method} ${c.req.path}`), 404));
  // The stack's own routes answer errors as the services do (a value the database refuses is 400, never Hono's bare
  // "Internal Server Error" text; security pass 10).
  root.onError((err, c) => errorResponse(err, c, "stack"));

  return async (req: Request, info?: Deno.ServeHandlerInfo) => {
    const url = new URL(req.url);
    const m = url.pathname.match(/^\/(?:functions\/)?v1\/([a-z-]+)(\/.*)?$/);
    if (m) {
      const svc = services.get(m[1]);
      if (!svc) {
        return Response.json(errorBody("unknown_service", `No service named ${m[1]}`), { status: 404 });
      }
      // Supabase hands a function the path without /functions/v1; the gateway strips /v1 the same way.
      url.pathname = `/${m[1]}${m[2] ?? ""}`;
      const forwarded = new Request(url, req);
      // The caller's address for per-IP rate limits: the socket's, never a header the client sent (unless
      // STACK_TRUST_PROXY=true: a reverse proxy in front of the stack sets X-Forwarded-For).
      const addr = info?.remoteAddr as Deno.NetAddr | undefined;
      if (addr?.hostname && !trustProxy) {
        forwarded.headers.set("x-forwarded-for", addr.hostname);
        forwarded.headers.set(ipHeader, addr.hostname);
      }
      return await svc.fetch(forwarded);
    }
    return await root.fetch(req);
  };
}

function indexPage(extensions: StackExtension[], devPages: boolean): string {
  const links = serviceNames.map((s) =>
    `<li><a href="/v1/${s}/health">${s}</a> · <a href="/v1/${s}/openapi.json">openapi.json</a></li>`
  ).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Solar platform (local)</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}</style></head><body>
<h1>Solar platform — local stack</h1><p><a href="/docs">API documentation</a> · <a href="/demo">Demo partner page</a>${
    devPages ? ` · <a href="/dev/mailbox">Dev mailbox</a>` : ""
  }</p>
<h2>Services</h2><ul>${links}</ul><p>Extensions: ${
    extensions.map((e) => e.name).join(", ")
  }</p></body></html>`;
}
