import assert from "node:assert/strict";
import { notificationHarness } from "./harness.ts";

Deno.test("unsubscribe link from a real email: confirmation page, reuse 400, tampering 403, next email skipped", async () => {
  const h = await notificationHarness();
  try {
    await h.push(h.envelope("job.assigned", { job_id: h.jobId }));
    const [mail] = await h.emails();
    const link = String((mail.headers as Record<string, string>)["List-Unsubscribe"]).match(/^<([^>]+)>/)![1];
    const visible = String(mail.html).match(/href="([^"]*\/unsubscribe\?[^"]*)"/)![1]
      .replaceAll("&amp;", "&").replaceAll("&#x3D;", "=");
    assert.equal(visible, link, "the visible link is the header's link");
    const u = new URL(link);
    assert.equal(u.searchParams.get("event_type"), "job.assigned");
    assert.match(u.searchParams.get("nonce")!, /^[0-9A-HJKMNP-TV-Z]{26}$/);

    const tampered = new URL(link);
    tampered.searchParams.set("event_type", "invoice.paid");
    const t = await fetch(tampered);
    assert.equal(t.status, 403);
    assert.match(await t.text(), /not valid/);
    const noSig = new URL(link);
    noSig.searchParams.delete("sig");
    assert.equal(
      await fetch(noSig).then(async (r) => {
        await r.body?.cancel();
        return r.status;
      }),
      403,
    );

    const ok = await fetch(link);
    assert.equal(ok.status, 200);
    assert.match(ok.headers.get("content-type")!, /text\/html/);
    const page = await ok.text();
    assert.match(page, /<html lang="en">/);
    assert.match(page, /You are unsubscribed/);
    assert.match(page, /New job assignments/);
    assert.match(page, /Manage all notification preferences/);
    const pref = await h.p
      .sql`select email_enabled, used_nonce from public.user_notification_preference where user_id = ${h.technician.id} and event_type = 'job.assigned'`;
    assert.deepEqual(pref.map((r) => [r.email_enabled, r.used_nonce]), [[
      false,
      u.searchParams.get("nonce"),
    ]]);

    const again = await fetch(link);
    assert.equal(again.status, 400);
    await again.body?.cancel();

    const next = await h.push(h.envelope("job.assigned", { job_id: h.jobId }));
    assert.equal(next.body.results[0].status, "skipped");
    // Only that event type: another one still arrives.
    const other = await h.push(
      h.envelope("job.cancelled", { job_id: h.jobId, recipient_ids: [h.technician.id] }),
    );
    assert.equal(other.body.results[0].status, "sent");
  } finally {
    await h.close();
  }
});

Deno.test("RFC 8058 one-click POST unsubscribes and answers 200", async () => {
  const h = await notificationHarness();
  try {
    await h.push(h.envelope("invoice.created", { invoice_id: h.invoiceId }));
    const [mail] = await h.emails();
    assert.equal(
      (mail.headers as Record<string, string>)["List-Unsubscribe-Post"],
      "List-Unsubscribe=One-Click",
    );
    const link = String((mail.headers as Record<string, string>)["List-Unsubscribe"]).match(/^<([^>]+)>/)![1];
    const post = () =>
      fetch(link, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
    const r = await post();
    assert.equal(r.status, 200);
    assert.deepEqual(await r.json(), { status: "ok" });
    const r2 = await post();
    assert.equal(r2.status, 200, "a mail client repeating the POST still succeeds");
    await r2.body?.cancel();
    const pref = await h.p
      .sql`select email_enabled from public.user_notification_preference where user_id = ${h.billing.id} and event_type = 'invoice.created'`;
    assert.equal(pref[0].email_enabled, false);
    const forged = new URL(link);
    forged.searchParams.set("sig", "0".repeat(64));
    const f = await fetch(forged, { method: "POST", body: "List-Unsubscribe=One-Click" });
    assert.equal(f.status, 403);
    await f.body?.cancel();
  } finally {
    await h.close();
  }
});
