// Hosted functions serve HTML as text/plain, so with UNSUBSCRIBE_PAGE_URL set the unsubscribe link redirects
// to the static confirmation page of the widget's CDN build, which a browser shows by its fragment.
import assert from "node:assert/strict";
import { notificationHarness } from "../integration/notifications/harness.ts";
import { buildWidget, widgetDist } from "../../scripts/widget/build.ts";
import { launchBrowser } from "../e2e/widget/browser.ts";
import { serveApp } from "../support/http.ts";

Deno.test("unsubscribe with UNSUBSCRIBE_PAGE_URL: 303 to the static page (#unsubscribed, #used, #invalid), preference off", async () => {
  const pageUrl = "https://cdn.example.test/widget/unsubscribe.html";
  Deno.env.set("UNSUBSCRIBE_PAGE_URL", pageUrl);
  const h = await notificationHarness();
  try {
    await h.push(h.envelope("job.assigned", { job_id: h.jobId }));
    const [mail] = await h.emails();
    const link = String((mail.headers as Record<string, string>)["List-Unsubscribe"]).match(/^<([^>]+)>/)![1];
    const go = async (url: string) => {
      const r = await fetch(url, { redirect: "manual" });
      await r.body?.cancel();
      return [r.status, r.headers.get("location")];
    };
    const tampered = new URL(link);
    tampered.searchParams.set("event_type", "invoice.paid");
    assert.deepEqual(await go(tampered.href), [303, `${pageUrl}#invalid`]);
    assert.deepEqual(await go(link), [303, `${pageUrl}#unsubscribed`]);
    const [pref] = await h.p
      .sql`select email_enabled from public.user_notification_preference where user_id = ${h.technician.id} and event_type = 'job.assigned'`;
    assert.equal(pref.email_enabled, false);
    assert.deepEqual(await go(link), [303, `${pageUrl}#used`]);
    // the RFC 8058 one-click POST (a mail client, not a person) still answers 200
    const post = await fetch(link, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    assert.equal(post.status, 200);
    await post.body?.cancel();
  } finally {
    Deno.env.delete("UNSUBSCRIBE_PAGE_URL");
    await h.close();
  }
});

Deno.test({
  name: "the static unsubscribe page shows the outcome its fragment names",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await buildWidget();
    const html = await Deno.readFile(new URL("cdn/unsubscribe.html", widgetDist));
    const host = serveApp(() => new Response(html, { headers: { "Content-Type": "text/html" } }));
    const b = await launchBrowser();
    try {
      const page = await b.browser.newPage();
      for (
        const [fragment, heading] of [
          ["unsubscribed", "You are unsubscribed"],
          ["used", "Link already used"],
          ["invalid", "Link not valid"],
        ]
      ) {
        await page.goto(`${host.url}/unsubscribe.html#${fragment}`);
        const visible = await page.locator("h1:visible").allTextContents();
        assert.deepEqual(visible, [heading], fragment);
      }
    } finally {
      await b.close();
      await host.close();
    }
  },
});
