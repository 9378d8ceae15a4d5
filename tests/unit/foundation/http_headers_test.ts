// The service app sets its own headers (request id, CORS) on the handler's answer in place, without copying
// the Response; an answer whose headers are immutable (a fetch() or Response.redirect() Response) still gets them.
import assert from "node:assert/strict";
import { loadCoreConfig } from "../../../shared/config.ts";
import { noDatabase } from "../../support/db.ts";
import { createPlatform } from "../../../shared/platform.ts";
import { createServiceApp } from "../../../shared/http/app.ts";
import { setLogLevel } from "../../../shared/log.ts";

setLogLevel("error");

Deno.test("service app: request id and CORS headers on a plain, a raw and an immutable-header answer", async () => {
  const p = createPlatform(noDatabase(), { ...loadCoreConfig(), corsOrigins: "https://a.example" });
  const app = createServiceApp(p, "demo-service", { gatewayAuth: false });
  app.get("/json", (c) => c.json({ ok: true }));
  app.get("/raw", () => new Response("raw", { headers: { "content-type": "text/plain" } }));
  app.get("/redirect", () => Response.redirect("https://elsewhere.example/", 302));
  for (const path of ["/json", "/raw", "/redirect"]) {
    const r = await app.fetch(
      new Request(`http://x/demo-service${path}`, {
        headers: { origin: "https://a.example", "x-request-id": "rid-1" },
      }),
    );
    assert.equal(r.headers.get("x-request-id"), "rid-1", path);
    assert.equal(r.headers.get("access-control-allow-origin"), "https://a.example", path);
    assert.equal(r.headers.get("vary"), "Origin", path);
    await r.body?.cancel();
  }
});
