import type { Hono } from "hono";
import { serviceNames } from "./services.ts";

const dist = new URL("../../node_modules/swagger-ui-dist/", import.meta.url);
const assets: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
};

/** One Swagger UI page (/docs) listing every service's OpenAPI document, served from the npm package (no CDN). */
export function mountDocs(app: Hono): void {
  app.get("/docs/assets/:file", async (c) => {
    const file = c.req.param("file");
    // Own keys only: `toString` or `__proto__` are "in" any object (a 500 before security pass 10).
    if (!Object.hasOwn(assets, file)) {
      return c.json({ error: { code: "not_found", message: "No such asset" } }, 404);
    }
    return new Response(await Deno.readFile(new URL(file, dist)), {
      headers: { "Content-Type": assets[file], "Cache-Control": "public, max-age=86400" },
    });
  });
  app.get("/docs", (c) => {
    const urls = serviceNames.map((s) => ({ name: s, url: `/v1/${s}/openapi.json` }));
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Platform API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head><body><div id="ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script><script src="/docs/assets/swagger-ui-standalone-preset.js"></script>
<script>window.ui = SwaggerUIBundle({ urls: ${
      JSON.stringify(urls)
    }, dom_id: "#ui", layout: "StandaloneLayout",
presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], persistAuthorization: true });</script></body></html>`);
  });
}
