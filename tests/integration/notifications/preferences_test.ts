import assert from "node:assert/strict";
import { notificationHarness, SECRETS } from "./harness.ts";

Deno.test("preferences: internal token required; PUT validates against the catalogue; GET shows rows and effective values", async () => {
  const h = await notificationHarness();
  try {
    const url = `${h.serviceUrl}/preferences/${h.technician.id}`;
    const auth = { authorization: `Bearer ${SECRETS.internalToken}`, "content-type": "application/json" };
    for (
      const headers of [{}, { authorization: "Bearer wrong" }, {
        authorization: SECRETS.internalToken,
      }] as Record<string, string>[]
    ) {
      const res = await fetch(url, { headers });
      assert.equal(res.status, 401);
      assert.equal((await res.json()).error.code, "unauthorized");
    }
    const empty = await (await fetch(url, { headers: auth })).json();
    assert.deepEqual(empty.preferences, []);
    assert.equal(
      Object.keys(empty.effective).length,
      12,
      "every event type of the catalogue (lead.created included)",
    );
    assert.ok(Object.values(empty.effective).every((v) => v === true), "missing rows mean opted in");

    const bad = await fetch(url, {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ event_type: "job.exploded", email_enabled: false }),
    });
    assert.equal(bad.status, 400);
    assert.match((await bad.json()).error.message, /event_type/);
    const badBool = await fetch(url, {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ event_type: "job.assigned", email_enabled: "no" }),
    });
    assert.equal(badBool.status, 400);
    const noAuthPut = await fetch(url, { method: "PUT", body: JSON.stringify({ event_type: "nope" }) });
    assert.equal(noAuthPut.status, 401, "auth is checked before the body");
    await noAuthPut.body?.cancel();
    const badUser = await fetch(`${h.serviceUrl}/preferences/not-a-uuid`, { headers: auth });
    assert.equal(badUser.status, 400);
    await badUser.body?.cancel();
    const stranger = `${h.serviceUrl}/preferences/${crypto.randomUUID()}`;
    const unknownGet = await fetch(stranger, { headers: auth });
    assert.equal(unknownGet.status, 404);
    assert.equal((await unknownGet.json()).error.code, "user_not_found");
    const unknownPut = await fetch(stranger, {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ event_type: "job.assigned", email_enabled: false }),
    });
    assert.equal(unknownPut.status, 404);
    await unknownPut.body?.cancel();
    const orphans = await h.p
      .sql`select count(*)::int as n from public.user_notification_preference where user_id = ${stranger
      .split("/").pop()!}`;
    assert.equal(orphans[0].n, 0, "no row is stored for a user that does not exist");

    const put = await fetch(url, {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ event_type: "job.assigned", email_enabled: false }),
    });
    assert.equal(put.status, 200);
    assert.equal((await put.json()).preference.email_enabled, false);
    const put2 = await fetch(url, {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ event_type: "job.assigned", email_enabled: true }),
    });
    await put2.body?.cancel();
    const put3 = await fetch(url, {
      method: "PUT",
      headers: auth,
      body: JSON.stringify({ event_type: "invoice.paid", email_enabled: false }),
    });
    await put3.body?.cancel();
    const got = await (await fetch(url, { headers: auth })).json();
    assert.deepEqual(got.preferences.map((r: any) => [r.event_type, r.email_enabled]), [[
      "invoice.paid",
      false,
    ], ["job.assigned", true]]);
    assert.equal(got.effective["invoice.paid"], false);
    assert.equal(got.effective["job.assigned"], true);
    const count = await h.p
      .sql`select count(*)::int as n from public.user_notification_preference where user_id = ${h.technician.id}`;
    assert.equal(count[0].n, 2, "one row per (user, event type)");

    // The stored opt-out is honoured by the push handler.
    const r = await h.push(
      h.envelope("invoice.paid", { invoice_id: h.invoiceId, recipient_ids: [h.technician.id] }),
    );
    assert.equal(r.body.results[0].status, "skipped");
  } finally {
    await h.close();
  }
});

Deno.test("preferences: a stored opt-out of an auth.* type still shows effective true (auth emails are always sent)", async () => {
  const h = await notificationHarness();
  try {
    const url = `${h.serviceUrl}/preferences/${h.technician.id}`;
    const auth = { authorization: `Bearer ${SECRETS.internalToken}`, "content-type": "application/json" };
    for (const event_type of ["auth.password_reset", "job.completed"]) {
      const put = await fetch(url, {
        method: "PUT",
        headers: auth,
        body: JSON.stringify({ event_type, email_enabled: false }),
      });
      assert.equal(put.status, 200);
      await put.body?.cancel();
    }
    const got = await (await fetch(url, { headers: auth })).json();
    assert.equal(got.preferences.length, 2, "the rows are returned as stored");
    assert.equal(got.effective["auth.password_reset"], true, "effective says what will happen");
    assert.equal(got.effective["job.completed"], false);
  } finally {
    await h.close();
  }
});

Deno.test("deployed (SUPABASE_DB_URL set) without INTERNAL_SERVICE_TOKEN: the well-known development token is refused", async () => {
  const { testPlatform } = await import("../../support/db.ts");
  const { serveApp } = await import("../../support/http.ts");
  const { createApp } = await import("../../../supabase/functions/notification-service/app.ts");
  const names = ["SUPABASE_DB_URL", "INTERNAL_SERVICE_TOKEN", "UNSUBSCRIBE_SECRET", "EMAIL_WEBHOOK_SECRET"];
  const saved = Object.fromEntries(names.map((n) => [n, Deno.env.get(n)]));
  const t = await testPlatform();
  Deno.env.set("SUPABASE_DB_URL", "postgres://deployed.invalid/postgres");
  for (const n of names.slice(1)) Deno.env.delete(n);
  const s = serveApp(createApp(t).fetch);
  try {
    const res = await fetch(
      `${s.url}/notification-service/preferences/00000000-0000-4000-8000-000000000001`,
      {
        headers: { authorization: "Bearer dev-internal-service-token" },
      },
    );
    const body = await res.json();
    assert.notEqual(res.status, 200, "a deployed service must not accept the development token");
    assert.ok(body.error?.code, "still the JSON error shape");
    assert.doesNotMatch(
      JSON.stringify(body),
      /INTERNAL_SERVICE_TOKEN|at .*\.ts/,
      "no configuration detail or stack in the body",
    );
  } finally {
    for (const [n, v] of Object.entries(saved)) v === undefined ? Deno.env.delete(n) : Deno.env.set(n, v);
    await s.close();
    await t.close();
  }
});
