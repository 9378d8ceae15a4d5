// The services' own HTML pages (a widget booking's confirmation page, with its button; the unsubscribe pages) had no
// Content-Security-Policy and no framing rule: any site could frame them (clickjacking the button) and nothing
// limited what a page could load or run. Security pass 9: every text/html answer of a service app carries
// `frame-ancestors 'none'` in a policy that runs and loads nothing, and `X-Frame-Options: DENY`; JSON is unchanged.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { serveApp } from "../../support/http.ts";
import { override } from "../../../shared/platform.ts";
import { createApp } from "../../../supabase/functions/appointment-handling-service/app.ts";
import { confirmToken } from "../../../shared/scheduling/hold.ts";
import { notificationHarness } from "../notifications/harness.ts";
import { tokensFor } from "../../support/auth.ts";
import { seedProperty } from "../operations/helpers.ts";

function assertPageHeaders(r: Response, what: string) {
  assert.match(r.headers.get("content-type") ?? "", /^text\/html/, what);
  const csp = r.headers.get("content-security-policy") ?? "";
  assert.match(csp, /frame-ancestors 'none'/, `${what}: ${csp}`);
  assert.match(csp, /default-src 'none'/, `${what}: ${csp}`);
  assert.doesNotMatch(csp, /script-src/, `${what}: ${csp}`);
  assert.equal(r.headers.get("x-frame-options"), "DENY", what);
}

Deno.test("a booking's confirmation pages may not be framed and run nothing", async () => {
  const p = await testPlatform();
  override(p, "holdConfig", { holdMinutes: 30, holdsPerOrg: 20, secret: "page-headers-secret" });
  const s = serveApp(createApp(p).fetch);
  try {
    const url = `${s.url}/appointment-handling-service/confirm-appointment`;
    // A live hold: the link of an appointment that does not exist is an invalid link (400), not the form.
    const { orgId } = await tokensFor(p);
    const property = await seedProperty(p, orgId);
    const [held] = await p.sql`
      insert into public.appointments (organization_id, property_id, starts_at, ends_at, timezone, status, hold_expires_at)
      values (${orgId}, ${property.propertyId}, now() + interval '2 days', now() + interval '2 days 2 hours',
        'America/Chicago', 'held', now() + interval '30 minutes')
      returning id`;
    const token = await confirmToken(
      "page-headers-secret",
      String(held.id),
      new Date(Date.now() + 600_000),
    );
    const form = await fetch(`${url}?token=${encodeURIComponent(token)}`);
    assert.equal(form.status, 200);
    assert.match(await form.text(), /<form method="post"/);
    assertPageHeaders(form, "the form page");
    const bad = await fetch(`${url}?token=forged`);
    assert.equal(bad.status, 400);
    await bad.body?.cancel();
    assertPageHeaders(bad, "the invalid-link page");
    const posted = await fetch(`${url}?token=forged`, { method: "POST" });
    await posted.body?.cancel();
    assertPageHeaders(posted, "the POST's page");
    const json = await fetch(`${s.url}/appointment-handling-service/available-slots`);
    await json.body?.cancel();
    assert.equal(json.headers.get("x-frame-options"), null, "JSON answers are not pages");
  } finally {
    await s.close();
    await p.close();
  }
});

Deno.test("the unsubscribe pages may not be framed and run nothing", async () => {
  const h = await notificationHarness();
  try {
    await h.push(h.envelope("job.assigned", { job_id: h.jobId }));
    const [mail] = await h.emails();
    const link = String((mail.headers as Record<string, string>)["List-Unsubscribe"]).match(/^<([^>]+)>/)![1];
    const tampered = new URL(link);
    tampered.searchParams.set("event_type", "invoice.paid");
    const t = await fetch(tampered);
    assert.equal(t.status, 403);
    await t.body?.cancel();
    assertPageHeaders(t, "the tampered link's page");
    const ok = await fetch(link);
    assert.equal(ok.status, 200);
    await ok.body?.cancel();
    assertPageHeaders(ok, "the unsubscribed page");
  } finally {
    await h.close();
  }
});
