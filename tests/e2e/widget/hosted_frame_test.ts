// The widget hosted on a bucket or static host (widget/dist/cdn/) refuses to run framed by a site its partner did not
// list (docs/security.md, pass 16). Browsers ignore `frame-ancestors` in the copy's <meta> policy and a bucket sends
// no header: any site could frame it. In Chromium: the hosted copy on 127.0.0.3 (no policy header at all), framed by a
// partner page on 127.0.0.2 that is not among the partner's sites, shows a notice and no form; once the partner lists
// that site the same page shows the widget; opened on its own (not framed) it runs. Pass 17: it fails closed, a
// blocked script shows the hosted page's notice and not the app, and the form is drawn only once the check passed.
import assert from "node:assert/strict";
import { writeCdnBuild } from "../../../scripts/widget/cdn.ts";
import { attackerApi, query } from "./helpers.ts";
import { withStackAndBrowser } from "./with_stack.ts";

const TYPES: Record<string, string> = { html: "text/html", js: "text/javascript", css: "text/css" };

/** A bucket: the folder's files, with a content type and no other header (no policy). */
function serveDir(hostname: string, dir: string) {
  const server = Deno.serve({ hostname, port: 0, onListen: () => {} }, async (req) => {
    const name = new URL(req.url).pathname.slice(1);
    if (!/^[\w.-]+$/.test(name)) return new Response("not found", { status: 404 });
    try {
      const body = await Deno.readFile(`${dir}/${name}`);
      return new Response(body, {
        headers: { "content-type": TYPES[name.split(".").pop()!] ?? "text/plain" },
      });
    } catch {
      return new Response("not found", { status: 404 });
    }
  });
  return { url: `http://${hostname}:${server.addr.port}`, close: () => server.shutdown() };
}

Deno.test({
  name: "hosted widget: framed by an unlisted site it shows a notice only; by a listed site it runs",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  await withStackAndBrowser({}, async (stack, browser) => {
    // the stack builds widget/dist when it starts (a request for the page waits for that build)
    assert.equal(await fetch(`${stack.url}/widget/`).then((r) => (r.body?.cancel(), r.status)), 200);
    const dir = await Deno.makeTempDir({ prefix: "hosted-widget-" });
    await writeCdnBuild(new URL("../../../widget/dist/", import.meta.url), {
      apiOrigin: stack.url,
      dir: new URL(`file://${dir}/`),
    });
    const bucket = serveDir("127.0.0.3", dir);
    const widgetUrl = `${bucket.url}/index.html?token=${encodeURIComponent(stack.token)}&api=${
      encodeURIComponent(stack.url)
    }`;
    // the hosted page itself: no frame-ancestors anywhere, the check marked on its <html>
    assert.match(await Deno.readTextFile(`${dir}/index.html`), /<html lang="en" data-frame-check>/);
    // A copy built without an API origin (`npm run widget:build` without WIDGET_API_ORIGIN), on another bucket.
    const dirNoApi = await Deno.makeTempDir({ prefix: "hosted-widget-" });
    await writeCdnBuild(new URL("../../../widget/dist/", import.meta.url), {
      dir: new URL(`file://${dirNoApi}/`),
    });
    const bucketNoApi = serveDir("127.0.0.3", dirNoApi);
    // the partner's page, or a stranger's: it frames the widget, or the URL given as ?src=
    const site = Deno.serve(
      { hostname: "127.0.0.2", port: 0, onListen: () => {} },
      (req) =>
        new Response(
          `<!doctype html><html><head><meta charset="utf-8"><title>Partner</title></head><body>
<iframe src="${
            (new URL(req.url).searchParams.get("src") ?? widgetUrl).replaceAll('"', "&quot;")
          }" width="100%" height="640" title="Solar savings estimate"></iframe></body></html>`,
          { headers: { "content-type": "text/html" } },
        ),
    );
    const siteUrl = `http://127.0.0.2:${site.addr.port}`;
    try {
      const page = await (await browser.newContext({ viewport: { width: 1000, height: 800 } })).newPage();
      const requests: string[] = [];
      page.on("request", (r) => requests.push(new URL(r.url()).pathname));
      const frame = page.frameLocator("iframe[title='Solar savings estimate']");
      await page.goto(`${siteUrl}/`);
      await frame.getByRole("heading", { name: "This estimate cannot be shown on this site" }).waitFor({
        timeout: 20_000,
      });
      assert.equal(await frame.locator("form").count(), 0, "no form under a stranger's page");
      assert.ok(!requests.some((p) => /property|lead|upload/.test(p)), requests.join(" "));

      // The partner lists the site (the console's "Sites that may show the widget"): the same page shows the widget.
      await query(
        stack,
        `insert into public.partner_settings (organization_id, widget_origins)
         select organization_id, array['${siteUrl}'] from public.widget_configs
         on conflict (organization_id) do update set widget_origins = excluded.widget_origins`,
      );
      await page.goto(`${siteUrl}/`);
      await frame.getByRole("heading", { name: "See how much you could save with solar" }).waitFor({
        timeout: 20_000,
      });

      // Opened on its own, the hosted copy runs (nothing frames it).
      const alone = await page.context().newPage();
      await alone.goto(widgetUrl);
      await alone.getByRole("heading", { name: "See how much you could save with solar" }).waitFor({
        timeout: 20_000,
      });
      assert.equal(await alone.locator("#frame-notice").count(), 0, "the script took the notice away");
      // The form is drawn only once the check passed (pass 17): without <html data-frame-allowed>, a path that reached
      // the form without the check draws nothing.
      await alone.evaluate(() => document.documentElement.removeAttribute("data-frame-allowed"));
      assert.equal(await alone.locator(".widget").isVisible(), false, "no form drawn without the check");

      // Fails closed (pass 17): the script blocked (here aborted; a filter, a failed integrity check, a policy), framed
      // by the stranger or opened alone, the page shows the notice and hides the app.
      for (const url of [`${siteUrl}/`, widgetUrl]) {
        const blocked = await (await browser.newContext({ viewport: { width: 1000, height: 800 } }))
          .newPage();
        await blocked.route(/\/app\.[\w-]+\.js$/, (r) => r.abort());
        await blocked.goto(url);
        const where = url === widgetUrl ? blocked.mainFrame() : blocked.frames()[1];
        await where.getByRole("heading", { name: "This estimate cannot be shown here" }).waitFor({
          timeout: 20_000,
        });
        assert.equal(await where.locator("#app").isVisible(), false, `${url}: the app hidden`);
        assert.equal(await where.locator("form").count(), 0);
        await blocked.context().close();
      }

      // The copy without an API origin, framed by the stranger with `&api=https://attacker.example` (pass 17): the
      // attacker's API would name the stranger in `frame_origins` and pass the check, and get the homeowner's data.
      // Its policy now lets it call its own origin only: nothing reaches the attacker, nothing of its shows.
      const attacked = await (await browser.newContext({ viewport: { width: 1000, height: 800 } })).newPage();
      const reached = await attackerApi(attacked, "https://attacker.example", {
        partner_name: "Attacker Solar",
        serving_states: ["CA"],
        roof_types: ["Shingle"],
        theme: {},
        frame_origins: [siteUrl],
      });
      const forged = `${bucketNoApi.url}/index.html?token=wgt_x&api=${
        encodeURIComponent("https://attacker.example")
      }`;
      await attacked.goto(`${siteUrl}/?src=${encodeURIComponent(forged)}`);
      const inner = attacked.frameLocator("iframe[title='Solar savings estimate']");
      await inner.locator("main.screen").first().waitFor({ timeout: 20_000 });
      await attacked.waitForTimeout(1000);
      assert.deepEqual(reached, [], "the attacker's API got requests");
      assert.equal(await inner.getByText("Attacker Solar").count(), 0);
      assert.equal(await inner.locator("form").count(), 0);
      await attacked.context().close();
    } finally {
      await site.shutdown();
      await bucket.close();
      await bucketNoApi.close();
      await Deno.remove(dirNoApi, { recursive: true }).catch(() => {});
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  });
});
