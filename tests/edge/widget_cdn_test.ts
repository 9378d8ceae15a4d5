// The widget's hosted shape (widget/dist/cdn/) from a plain static host on another origin, as a partner embeds
// it, against the local stack's functions: the document's own CSP and SRI let it boot to its first step; a
// tampered asset is refused by SRI.
import assert from "node:assert/strict";
import { buildWidget, widgetDist } from "../../scripts/widget/build.ts";
import { writeCdnBuild } from "../../scripts/widget/cdn.ts";
import { launchBrowser } from "../e2e/widget/browser.ts";
import { startStack } from "../e2e/widget/stack.ts";
import { serveApp } from "../support/http.ts";

const TYPES: Record<string, string> = {
  html: "text/html",
  js: "text/javascript",
  css: "text/css",
  json: "application/json",
};

Deno.test({
  name:
    "widget CDN build: hashed assets with SRI and an in-document CSP boot from a static host; tampering is refused",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const stack = await startStack();
    await buildWidget();
    // the build for this deployment: its API origin goes into the document's connect-src
    // in a folder of its own: the stack builds widget/dist/cdn/ once it is healthy, and that build (no API
    // origin) replaced this one's index.html when it finished later (a CSP refusing the API under load)
    const own = new URL(`file://${await Deno.makeTempDir({ prefix: "widget-cdn-" })}/`);
    const { dir: cdn } = await writeCdnBuild(widgetDist, { apiOrigin: stack.url, dir: own });
    const manifest = JSON.parse(await Deno.readTextFile(new URL("manifest.json", cdn)));
    assert.match(manifest.files["app.js"].path, /^app\.[0-9a-f]{12}\.js$/);
    assert.match(manifest.files["app.js"].integrity, /^sha384-/);
    const html = await Deno.readTextFile(new URL("index.html", cdn));
    assert.match(html, /<meta http-equiv="Content-Security-Policy"/);
    assert.ok(html.includes(`integrity="${manifest.files["app.js"].integrity}"`));
    assert.match(await Deno.readTextFile(new URL("embed.html", cdn)), /PARTNER_TOKEN/);

    let tamper = false;
    const host = serveApp(async (req) => {
      const name = new URL(req.url).pathname.slice(1) || "index.html";
      if (!/^[a-z0-9.]+$/.test(name)) return new Response("not found", { status: 404 });
      let body = await Deno.readFile(new URL(name, cdn)).catch(() => undefined);
      if (!body) return new Response("not found", { status: 404 });
      if (tamper && name.endsWith(".js")) {
        body = new TextEncoder().encode(new TextDecoder().decode(body) + "\n;window.evil=1;");
      }
      // a static host: content type only, no CSP header (the document carries its own)
      return new Response(body as BodyInit, {
        headers: { "Content-Type": TYPES[name.split(".").pop()!] ?? "application/octet-stream" },
      });
    });
    const b = await launchBrowser();
    try {
      const url = `${host.url}/index.html?token=${encodeURIComponent(stack.token)}&api=${
        encodeURIComponent(`${stack.url}/functions`)
      }`;
      const page = await b.browser.newPage();
      const violations: string[] = [];
      page.on("console", (m) => {
        if (/Content Security Policy|integrity/i.test(m.text())) violations.push(m.text());
      });
      page.on("pageerror", (e) => violations.push(String(e)));
      await page.goto(url);
      await page.waitForSelector("body[data-ready]", { timeout: 20_000 }).catch((e) => {
        throw new Error(`${e}\n${violations.join("\n")}`);
      });
      assert.ok(
        await page.getByRole("combobox", { name: "Home address" }).isVisible(),
        "the first step is shown",
      );
      assert.deepEqual(violations, []);
      await page.close();

      tamper = true;
      const bad = await b.browser.newPage();
      const refused: string[] = [];
      bad.on("console", (m) => refused.push(m.text()));
      await bad.goto(url);
      await bad.waitForTimeout(1500);
      assert.equal(await bad.$("body[data-ready]"), null, "a tampered app.js does not run");
      assert.ok(refused.some((t) => /integrity/i.test(t)), refused.join("\n"));
    } finally {
      await b.close();
      await host.close();
      await stack.stop();
      await Deno.remove(own, { recursive: true }).catch(() => {});
    }
  },
});
