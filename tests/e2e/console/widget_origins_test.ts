// The console's "Sites that may show the widget" (docs/security.md, pass 15) in Chromium against the local stack: a page
// on an origin the partner did not register cannot frame the widget (its frame-ancestors, pass 14); the admin adds that
// origin on the Widget page (a path is refused with the API's message), and the same page then shows the widget.
// The partner's page is served on 127.0.0.2, outside the loopback origins the development stack allows by itself.
import assert from "node:assert/strict";
import { withStackAndBrowser } from "../widget/with_stack.ts";
import { query, waitFor } from "../widget/helpers.ts";
import { expectAccessible, knownPassword, nav, shot, signIn } from "./support.ts";

Deno.test({
  name: "partner console: an unregistered site cannot frame the widget until the admin adds it under Widget",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  await withStackAndBrowser({}, async (stack, browser) => {
    const host = Deno.serve(
      { hostname: "127.0.0.2", port: 0, onListen: () => {} },
      () =>
        new Response(
          `<!doctype html><html><head><meta charset="utf-8"><title>Partner</title></head><body>
<iframe src="${stack.url}/widget/?token=${encodeURIComponent(stack.token)}" width="100%" height="640"
  title="Solar savings estimate"></iframe></body></html>`,
          { headers: { "content-type": "text/html" } },
        ),
    );
    const site = `http://127.0.0.2:${host.addr.port}`;
    try {
      const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
      const refusals: string[] = [];
      visitor.on("console", (m) => /frame-ancestors/.test(m.text()) && refusals.push(m.text()));
      const widgetShown = async () => {
        await visitor.goto(`${site}/`);
        try {
          await visitor.frameLocator("iframe[title='Solar savings estimate']")
            .getByRole("heading", { name: "See how much you could save with solar" }).waitFor({
              timeout: 8_000,
            });
          return true;
        } catch {
          return false;
        }
      };
      assert.equal(await widgetShown(), false, "an unregistered site cannot frame the widget");
      assert.ok(refusals.length > 0, "Chromium refused the frame for its frame-ancestors");

      await knownPassword(stack);
      const page = await signIn(browser, stack, 1280);
      await nav(page, "Widget").click();
      const box = page.getByLabel("Sites that may show the widget");
      await box.fill(`${site}/landing`);
      await page.getByRole("button", { name: "Save sites" }).click();
      await page.getByText("without a path").waitFor();
      assert.equal(await box.getAttribute("aria-invalid"), "true");
      await box.fill(`${site}\nhttps://www.demo-solar.example`);
      await page.getByRole("button", { name: "Save sites" }).click();
      await waitFor("the sites saved", async () => {
        const [row] = await query<{ o: string[] }>(
          stack,
          "select widget_origins as o from public.partner_settings",
        );
        return JSON.stringify(row?.o) === JSON.stringify([site, "https://www.demo-solar.example"]);
      }, 10_000);
      await expectAccessible(page, "widget sites 1280");
      await shot(page, "widget-sites-1280");

      assert.equal(await widgetShown(), true, "the registered site shows the widget");
    } finally {
      await host.shutdown();
    }
  });
});
