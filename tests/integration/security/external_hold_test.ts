// Security pass 8: with SCHEDULER_PROVIDER=external a widget token's booking went straight to the partner's external
// scheduler (pass 7's holds were the embedded scheduler's only): strangers booked real crews from any number of
// addresses. Now a widget booking is held in the platform and emailed to the homeowner, as with the embedded scheduler;
// only the link's confirmation books it at the scheduler. Staff bookings still go straight there. Over real HTTP, with
// a local double of the scheduler's REST API.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { startSchedulerDouble } from "../../doubles/scheduler.ts";
import { createApp } from "../../../supabase/functions/appointment-handling-service/app.ts";
import { override } from "../../../shared/platform.ts";
import { ExternalScheduler } from "../../../shared/scheduling/external.ts";
import { listOutbox } from "../../../shared/email/outbox.ts";
import { seedProperty } from "../operations/helpers.ts";
import { bookingClient } from "./booking.ts";

async function setup(crews = 1) {
  const p = await testPlatform();
  const double = startSchedulerDouble({
    apiKey: "sk_test_1",
    crews: Array.from({ length: crews }, (_, i) => ({
      id: `crew-${i + 1}`,
      name: `Crew ${i + 1}`,
      email: `crew${i + 1}@fieldco.test`,
    })),
  });
  override(p, "scheduler", new ExternalScheduler(p.sql, double.url, "sk_test_1"));
  override(p, "holdConfig", { holdMinutes: 30, holdsPerOrg: 2, secret: "test-confirm-secret" });
  const s = serveApp(createApp(p).fetch);
  const admin = await tokensFor(p);
  const widget = await tokensFor(p, { role: "widget", orgId: admin.orgId });
  const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const book = bookingClient(s.url);
  const link = async (token: string) => {
    const r = await fetch(
      `${s.url}/appointment-handling-service/confirm-appointment?token=${encodeURIComponent(token)}`,
      { method: "POST" },
    );
    return { status: r.status, text: await r.text() };
  };
  const tokenFor = async (email: string) => {
    const [mail] = await listOutbox(p.sql, { to: email });
    assert.ok(mail, `the homeowner ${email} is emailed the link`);
    return decodeURIComponent(mail.text.match(/confirm-appointment\?token=(\S+)/)![1]);
  };
  const home = (email: string, line1: string) =>
    seedProperty(p, admin.orgId, { widget_session: widget.widgetSession, email, line1 });
  return {
    p,
    url: s.url,
    double,
    admin,
    widget,
    at: (hour: number) => `${day}T${String(hour).padStart(2, "0")}:00:00.000Z`,
    book,
    link,
    tokenFor,
    home,
    async close() {
      await s.close();
      await double.close().catch(() => {});
      await p.close();
    },
  };
}

Deno.test("external scheduler: a widget booking reaches the scheduler only when the homeowner confirms it", async () => {
  const t = await setup();
  try {
    const h = await t.home("owner@example.test", "1 Main St");
    const held = await t.book(t.widget, { property_uuid: h.propertyId, slot: { start: t.at(10) } });
    assert.equal(held.status, 201, JSON.stringify(held.json));
    assert.equal(held.json.status, "held");
    assert.equal(held.json.external_id, null);
    assert.equal(t.double.bookings.length, 0, "nothing booked at the scheduler before the confirmation");

    // The partner's bound on live holds applies to external holds too (2 here).
    const h2 = await t.home("two@example.test", "2 Main St");
    const h3 = await t.home("three@example.test", "3 Main St");
    assert.equal(
      (await t.book(t.widget, { property_uuid: h2.propertyId, slot: { start: t.at(11) } })).status,
      201,
    );
    const over = await t.book(t.widget, { property_uuid: h3.propertyId, slot: { start: t.at(12) } });
    assert.equal(over.status, 429);
    assert.equal(over.code, "holds_limit");
    assert.equal(t.double.bookings.length, 0);

    // The link books it at the scheduler, once.
    const token = await t.tokenFor("owner@example.test");
    const ok = await t.link(token);
    assert.equal(ok.status, 200, ok.text);
    assert.equal(t.double.bookings.length, 1);
    assert.equal(t.double.bookings[0].body.external_reference, h.propertyId);
    assert.equal(t.double.bookings[0].body.customer.email, "owner@example.test");
    const [row] = await t.p
      .sql`select status, external_id, technician_email, confirmed_at from public.appointments where id = ${held.json.appointment_uuid}`;
    assert.equal(row.status, "scheduled");
    assert.equal(row.external_id, "apt_1");
    assert.equal(row.technician_email, "crew1@fieldco.test");
    assert.ok(row.confirmed_at);
    const again = await t.link(token);
    assert.equal(again.status, 200);
    assert.match(again.text, /already confirmed/);
    assert.equal(t.double.bookings.length, 1);

    // Staff bookings go to the scheduler at once, as before.
    const staff = await t.book(t.admin, { property_uuid: h3.propertyId, slot: { start: t.at(13) } });
    assert.equal(staff.status, 201, JSON.stringify(staff.json));
    assert.equal(staff.json.status, "scheduled");
    assert.equal(t.double.bookings.length, 2);
  } finally {
    await t.close();
  }
});

Deno.test("external scheduler: a slot taken before the confirmation cancels the hold (409); a scheduler down keeps it (503)", async () => {
  const t = await setup();
  try {
    const h = await t.home("late@example.test", "4 Main St");
    const held = await t.book(t.widget, { property_uuid: h.propertyId, slot: { start: t.at(14) } });
    assert.equal(held.status, 201, JSON.stringify(held.json));
    // A full slot is refused at booking time already (the scheduler's availability is read, nothing booked).
    const staff = await t.book(t.admin, { property_uuid: h.propertyId, slot: { start: t.at(14) } });
    assert.equal(staff.status, 201, "the partner's staff booked the same time meanwhile");
    const h2 = await t.home("second@example.test", "5 Main St");
    const full = await t.book(t.widget, { property_uuid: h2.propertyId, slot: { start: t.at(14) } });
    assert.equal(full.status, 409, JSON.stringify(full.json));

    const token = await t.tokenFor("late@example.test");
    const taken = await t.link(token);
    assert.equal(taken.status, 409, taken.text);
    assert.match(taken.text, /booked by someone else/);
    // It names the time that went (pass 10), so the homeowner knows what to book again.
    assert.match(taken.text, /The time you asked for with .+: <strong>[^<]+<\/strong>\. Nothing was booked/);
    const [row] = await t.p
      .sql`select status from public.appointments where id = ${held.json.appointment_uuid}`;
    assert.equal(row.status, "cancelled");

    const h3 = await t.home("third@example.test", "6 Main St");
    const later = await t.book(t.widget, { property_uuid: h3.propertyId, slot: { start: t.at(15) } });
    assert.equal(later.status, 201);
    await t.double.close();
    const down = await t.link(await t.tokenFor("third@example.test"));
    assert.equal(down.status, 503, down.text);
    const [still] = await t.p
      .sql`select status from public.appointments where id = ${later.json.appointment_uuid}`;
    assert.equal(still.status, "held", "the link can be used again once the scheduler answers");
  } finally {
    await t.close();
  }
});

Deno.test("external scheduler (pass 10): a live hold reserves its slot among the platform's bookings; concurrent holds never outnumber the free crews", async () => {
  const t = await setup(2);
  override(t.p, "holdConfig", { holdMinutes: 30, holdsPerOrg: 20, secret: "test-confirm-secret" });
  const slots = async (hour: number) => {
    const r = await fetch(
      `${t.url}/appointment-handling-service/available-slots/${t.admin.orgId}?from=${t.at(hour)}&to=${
        t.at(hour + 1)
      }&include_full=true`,
      { headers: t.widget.headers },
    );
    const json = await r.json();
    assert.equal(r.status, 200, JSON.stringify(json));
    return json.slots.find((s: { start: string }) => new Date(s.start).getTime() === Date.parse(t.at(hour)));
  };
  try {
    const homes = await Promise.all(
      Array.from({ length: 6 }, (_, i) => t.home(`owner${i}@gmail.com`, `${10 + i} Hold St`)),
    );
    // Two crews at 10:00: two holds take the slot; a third homeowner is told at once (409), not at confirmation.
    const a = await t.book(t.widget, { property_uuid: homes[0].propertyId, slot: { start: t.at(10) } });
    assert.equal(a.status, 201, JSON.stringify(a.json));
    assert.equal((await slots(10)).available, 1, "the hold is counted in available-slots");
    const b = await t.book(t.widget, { property_uuid: homes[1].propertyId, slot: { start: t.at(10) } });
    assert.equal(b.status, 201, JSON.stringify(b.json));
    assert.equal((await slots(10)).available, 0);
    const c = await t.book(t.widget, { property_uuid: homes[2].propertyId, slot: { start: t.at(10) } });
    assert.equal(c.status, 409, JSON.stringify(c.json));
    assert.equal(t.double.bookings.length, 0, "nothing booked at the scheduler");
    // A lapsed hold reserves nothing.
    await t.p.sql`update public.appointments set hold_expires_at = now() - interval '1 second'
      where id = ${a.json.appointment_uuid}`;
    assert.equal((await slots(10)).available, 1);
    const c2 = await t.book(t.widget, { property_uuid: homes[2].propertyId, slot: { start: t.at(10) } });
    assert.equal(c2.status, 201, JSON.stringify(c2.json));

    // Three homeowners at once for 11:00 (two crews): exactly two holds.
    const raced = await Promise.all(
      [3, 4, 5].map((i) =>
        t.book(t.widget, { property_uuid: homes[i].propertyId, slot: { start: t.at(11) } })
      ),
    );
    assert.deepEqual(
      raced.map((r) => r.status).sort(),
      [201, 201, 409],
      JSON.stringify(raced.map((r) => r.json)),
    );
    const [{ n }] = await t.p.sql`select count(*)::int as n from public.appointments
      where starts_at = ${t.at(11)} and status = 'held'`;
    assert.equal(n, 2);
    // Both confirm: both booked at the scheduler, no 409 page.
    for (const r of raced.filter((r) => r.status === 201)) {
      const [row] = await t.p
        .sql`select c.email from public.appointments a join public.contacts c on c.id = a.contact_id
        where a.id = ${r.json.appointment_uuid}`;
      const ok = await t.link(await t.tokenFor(row.email as string));
      assert.equal(ok.status, 200, ok.text);
    }
    assert.equal(t.double.bookings.length, 2);
  } finally {
    await t.close();
  }
});
