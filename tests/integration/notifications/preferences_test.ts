import assert from "node:assert/strict";
import { notificationHarness, SECRETS } from "./harness.ts";

Deno.test("preferences: internal token required; PUT validates against the catalogue; GET shows rows and effective values", async () => {
  const h = await notificationHarness();
  try {
    const url = `${h.serviceUrl}/preferences/${h.technician.id}`;
    const auth = { authorization: `Bearer ${SECRETS.internalToken}`, "content-type": "application/json" };
    for (const headers of [{}, { authorization: "Bearer wrong" }, { authorization: SECRETS.internalToken }] as Record<string, string>[]) {
      const res = await fetch(url, { headers });
      assert.equal(res.status, 401);
      assert.equal((await res.json()).error.code, "unauthorized");
    }
    const empty = await (await fetch(url, { headers: auth })).json();
    assert.deepEqual(empty.preferences, []);
    assert.equal(Object.keys(empty.effective).length, 11, "every event type of the catalogue");
    assert.ok(Object.values(empty.effective).every((v) => v === true), "missing rows mean opted in");

    const bad = await fetch(url, { method: "PUT", headers: auth, body: JSON.stringify({ event_type: "job.exploded", email_enabled: false }) });
    assert.equal(bad.status, 400);
    assert.match((await bad.json()).error.message, /event_type/);
    const badBool = await fetch(url, { method: "PUT", headers: auth, body: JSON.stringify({ event_type: "job.assigned", email_enabled: "no" }) });
    assert.equal(badBool.status, 400);
    const noAuthPut = await fetch(url, { method: "PUT", body: JSON.stringify({ event_type: "nope" }) });
    assert.equal(noAuthPut.status, 401, "auth is checked before the body");
    await noAuthPut.body?.cancel();
    const badUser = await fetch(`${h.serviceUrl}/preferences/not-a-uuid`, { headers: auth });
    assert.equal(badUser.status, 400);
    await badUser.body?.cancel();

    const put = await fetch(url, { method: "PUT", headers: auth, body: JSON.stringify({ event_type: "job.assigned", email_enabled: false }) });
    assert.equal(put.status, 200);
    assert.equal((await put.json()).preference.email_enabled, false);
    const put2 = await fetch(url, { method: "PUT", headers: auth, body: JSON.stringify({ event_type: "job.assigned", email_enabled: true }) });
    await put2.body?.cancel();
    const put3 = await fetch(url, { method: "PUT", headers: auth, body: JSON.stringify({ event_type: "invoice.paid", email_enabled: false }) });
    await put3.body?.cancel();
    const got = await (await fetch(url, { headers: auth })).json();
    assert.deepEqual(got.preferences.map((r: any) => [r.event_type, r.email_enabled]), [["invoice.paid", false], ["job.assigned", true]]);
    assert.equal(got.effective["invoice.paid"], false);
    assert.equal(got.effective["job.assigned"], true);
    const count = await h.p.sql`select count(*)::int as n from public.user_notification_preference where user_id = ${h.technician.id}`;
    assert.equal(count[0].n, 2, "one row per (user, event type)");

    // The stored opt-out is honoured by the push handler.
    const r = await h.push(h.envelope("invoice.paid", { invoice_id: h.invoiceId, recipient_ids: [h.technician.id] }));
    assert.equal(r.body.results[0].status, "skipped");
  } finally {
    await h.close();
  }
});
