// The console's Notifications page in Chromium against the local stack (issue 15): the new-lead email preference is
// saved, a webhook endpoint is added, "Send a test" reaches the partner's receiver signed with Standard Webhooks
// (verified with the secret the page shows) and the delivery log shows the result; 1280 and 375 px, axe.
import assert from "node:assert/strict";
import { Webhook } from "standardwebhooks";
import { withStackAndBrowser } from "../widget/with_stack.ts";
import { query, waitFor } from "../widget/helpers.ts";
import { serveApp } from "../../support/http.ts";
import { expectAccessible, knownPassword, nav, shot, signIn } from "./support.ts";

Deno.test({
  name: "partner console notifications: email preference, webhook added, signed test delivered and logged",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  const received: { headers: Headers; body: string }[] = [];
  const receiver = serveApp(async (req) => {
    received.push({ headers: req.headers, body: await req.text() });
    return new Response("ok");
  });
  try {
    // The receiver is on loopback, which only a development platform may call.
    await withStackAndBrowser({ PARTNER_WEBHOOK_ALLOW_PRIVATE: "true" }, async (stack, browser) => {
      await knownPassword(stack);
      const page = await signIn(browser, stack, 1280);
      await nav(page, "Notifications").click();
      await page.getByRole("heading", { name: "Notifications", exact: true }).waitFor();
      await page.getByText("No deliveries yet.").waitFor();

      const pref = page.getByRole("checkbox", { name: "Email me when a new lead arrives" });
      assert.ok(await pref.isChecked());
      await pref.uncheck();
      const saved = () =>
        query<{ on: boolean }>(
          stack,
          "select p.email_enabled as on from public.user_notification_preference p join public.users u on u.id = p.user_id where u.email = 'admin@demo-solar.test' and p.event_type = 'lead.created'",
        );
      await waitFor("the preference saved off", async () => (await saved())[0]?.on === false, 10_000);

      // QA pass 18: a refused URL's message stood beside the field, squeezed into the form's row, and named the
      // API's path ("body.url: must be an https URL").
      await page.getByLabel("Endpoint URL").fill("ftp://crm.example.com/hook");
      await page.getByRole("button", { name: "Add webhook" }).click();
      const refusal = page.locator("form.inline .alert");
      await refusal.waitFor();
      assert.equal(await refusal.textContent(), "Must be an http(s) URL.");
      const box = await refusal.boundingBox(), field = await page.getByLabel("Endpoint URL").boundingBox();
      assert.ok(
        box && field && box.y + box.height <= field.y,
        "the refusal is above the field, not beside it",
      );
      await shot(page, "notifications-1280-refused-url");

      await page.getByLabel("Endpoint URL").fill(`${receiver.url}/hooks`);
      await page.getByRole("button", { name: "Add webhook" }).click();
      await page.getByText(`${receiver.url}/hooks`, { exact: true }).waitFor();
      const secret = (await page.locator(".hook code").textContent())!;
      assert.match(secret, /^whsec_/);
      await page.getByRole("button", { name: "Send a test" }).click();
      const got = await waitFor(
        "the test request at the receiver",
        () => Promise.resolve(received[0]),
        15_000,
      );
      const event = new Webhook(secret).verify(got.body, Object.fromEntries(got.headers)) as { type: string };
      assert.equal(event.type, "webhook.test");
      // The page reloads itself after the test; the log shows the delivery once the worker has recorded it.
      await waitFor("the delivery in the log", async () => {
        await page.goto(`${stack.url}/console/#/notifications?${Date.now()}`);
        await page.getByRole("heading", { name: "Webhook deliveries" }).waitFor();
        return (await page.getByRole("cell", { name: "succeeded (HTTP 200)" }).count()) === 1;
      }, 15_000);
      assert.equal(await page.getByRole("cell", { name: "webhook.test" }).count(), 1);
      assert.equal(await pref.isChecked(), false, "the preference is kept");
      await expectAccessible(page, "notifications with a webhook");
      await shot(page, "w1280-7-notifications-webhook");
      await page.context().close();

      const phone = await signIn(browser, stack, 375);
      await nav(phone, "Notifications").click();
      await phone.getByRole("cell", { name: "webhook.test" }).waitFor();
      assert.ok(
        await phone.evaluate(() => document.documentElement.scrollWidth <= screen.width),
        "the page does not scroll sideways (the long secret wraps; the table scrolls in its own region)",
      );
      await expectAccessible(phone, "notifications 375");
      await shot(phone, "w375-7-notifications-webhook");
      await phone.context().close();
    });
  } finally {
    await receiver.close();
  }
});
