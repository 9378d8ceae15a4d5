// Security pass 6: the public widget token may book appointments (`POST /appointment-handling-service/create-appointment`)
// for its partner's properties, and anyone can create a property with it. One property booked every free slot of the
// partner's calendar (two weeks of every technician, in seconds; 10 × 201 on the local stack), and the booking's new
// contact took any name: CR/LF, a right-to-left override, a link, which the partner's contacts and the technician's job
// email then showed. Over real HTTP: a widget token books one upcoming appointment per property (bookings at once
// included: 409 appointment_exists), staff book more; the contact and the notes are cleaned as the widget's own
// fields are; the route counts in the widget's `leads` bucket.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/appointment-handling-service/app.ts";
import { seedProperty, seedTechnician } from "../operations/helpers.ts";
import { bucketsFor, rateLimitPolicyFromEnv } from "../../../shared/ratelimit/policy.ts";

async function setup() {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  const admin = await tokensFor(p);
  const widget = await tokensFor(p, { role: "widget", orgId: admin.orgId });
  await p
    .sql`insert into public.scheduling_settings (organization_id, timezone, slot_minutes, day_start, day_end, work_days, min_notice_minutes)
    values (${admin.orgId}, 'America/Chicago', 120, '08:00', '16:00', '{1,2,3,4,5,6,7}', 0)`;
  for (const name of ["A", "B", "C"]) await seedTechnician(p, admin.orgId, name);
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const slots = (await (await fetch(
    `${s.url}/appointment-handling-service/available-slots/${admin.orgId}?from=${day}&to=${day}`,
    { headers: admin.headers },
  )).json()).slots.map((x: { start: string }) => x.start) as string[];
  const book = async (who: typeof admin, body: Record<string, unknown>) => {
    const res = await fetch(`${s.url}/appointment-handling-service/create-appointment`, {
      method: "POST",
      headers: { ...who.headers, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    return { status: res.status, json, code: json.error?.code as string | undefined };
  };
  return {
    p,
    url: s.url,
    admin,
    widget,
    slots,
    book,
    async close() {
      await s.close();
      await p.close();
    },
  };
}

Deno.test("widget bookings: one upcoming appointment per property, at once too (409 appointment_exists); staff book more", async () => {
  const t = await setup();
  try {
    assert.ok(t.slots.length >= 4, `slots ${t.slots.length}`);
    const { propertyId } = await seedProperty(t.p, t.admin.orgId, { widget_session: t.widget.widgetSession });
    const first = await t.book(t.widget, { property_uuid: propertyId, slot: { start: t.slots[0] } });
    assert.equal(first.status, 201, JSON.stringify(first.json));
    assert.ok(first.json.technician?.name, JSON.stringify(first.json));
    assert.equal(first.json.technician.email, null, "no staff address for the public token");
    const second = await t.book(t.widget, { property_uuid: propertyId, slot: { start: t.slots[1] } });
    assert.equal(second.status, 409, JSON.stringify(second.json));
    assert.equal(second.code, "appointment_exists");
    // The partner's staff are not bounded (and see the technician's address).
    const staff = await t.book(t.admin, { property_uuid: propertyId, slot: { start: t.slots[1] } });
    assert.equal(staff.status, 201);
    assert.match(staff.json.technician.email, /@example\.test$/);

    // Six bookings of another property at once, each for another slot: one wins.
    const other =
      (await seedProperty(t.p, t.admin.orgId, { widget_session: t.widget.widgetSession, line1: "9 Elm St" }))
        .propertyId;
    const race = await Promise.all(
      [0, 1, 2, 3, 0, 1].map((i) => t.book(t.widget, { property_uuid: other, slot: { start: t.slots[i] } })),
    );
    assert.deepEqual(race.map((r) => r.status).sort(), [201, 409, 409, 409, 409, 409], JSON.stringify(race));
    const [{ n }] = await t.p.sql`select count(*)::int as n from public.appointments
      where property_id = ${other} and status in ('scheduled', 'held')`;
    assert.equal(n, 1);
  } finally {
    await t.close();
  }
});

Deno.test("widget bookings: a new contact's name and the notes are cleaned; a name with a link is 400", async () => {
  const t = await setup();
  try {
    const a = await seedProperty(t.p, t.admin.orgId, { widget_session: t.widget.widgetSession });
    const link = await t.book(t.widget, {
      property_uuid: a.propertyId,
      slot: { start: t.slots[0] },
      contact: { first_name: "Visit https://evil.example", email: "x@example.test" },
    });
    assert.equal(link.status, 400, JSON.stringify(link.json));
    assert.match(link.json.error.message, /without a web or email address/);

    const ok = await t.book(t.widget, {
      property_uuid: a.propertyId,
      slot: { start: t.slots[0] },
      contact: { first_name: "Jane\r\nBcc: x", last_name: "\u202Eeod\u202C", email: " Jane@Example.TEST " },
      notes: "Gate code 12\u202E34\r\nBeware of the dog\u0007",
    });
    assert.equal(ok.status, 201, JSON.stringify(ok.json));
    const [c] = await t.p
      .sql`select first_name, last_name, email from public.contacts where id = ${ok.json.contact_uuid}`;
    assert.deepEqual({ ...c }, { first_name: "Jane Bcc: x", last_name: "eod", email: "jane@example.test" });
    assert.equal(ok.json.notes, "Gate code 1234\nBeware of the dog");
  } finally {
    await t.close();
  }
});

Deno.test("widget bookings count in the leads bucket; staff bookings do not", () => {
  const policy = rateLimitPolicyFromEnv(new Map());
  const facts = {
    service: "appointment-handling-service",
    path: "/create-appointment",
    method: "POST",
    ip: "192.0.2.1",
  };
  const keys = (role: string) => bucketsFor(policy, { ...facts, role, orgId: "o" }).map((b) => b.key);
  assert.ok(keys("widget").includes("leads:ip:192.0.2.1"), keys("widget").join());
  assert.ok(keys("widget").includes("leads:org:o"));
  assert.deepEqual(keys("partner_admin"), []);
});

Deno.test("widget bookings: a key another booking used is 422 without naming that booking", async () => {
  const t = await setup();
  try {
    const staffHome = await seedProperty(t.p, t.admin.orgId, { widget_session: t.widget.widgetSession });
    const own = await seedProperty(t.p, t.admin.orgId, {
      widget_session: t.widget.widgetSession,
      line1: "9 Elm St",
    });
    const book = (who: typeof t.admin, property_uuid: string) =>
      fetch(`${t.url}/appointment-handling-service/create-appointment`, {
        method: "POST",
        headers: { ...who.headers, "idempotency-key": "booking-1", "content-type": "application/json" },
        body: JSON.stringify({ property_uuid, slot: { start: t.slots[0] } }),
      }).then(async (r) => ({ status: r.status, text: await r.text() }));
    const first = await book(t.admin, staffHome.propertyId);
    assert.equal(first.status, 201);
    const guess = await book(t.widget, own.propertyId);
    assert.equal(guess.status, 422, guess.text);
    assert.ok(!guess.text.includes(staffHome.propertyId), guess.text);
    assert.ok(!guess.text.includes(t.slots[0]), guess.text);
  } finally {
    await t.close();
  }
});
