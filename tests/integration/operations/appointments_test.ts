import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/appointment-handling-service/app.ts";
import { seedProperty, seedTechnician } from "./helpers.ts";

const base = "/appointment-handling-service";

async function setup() {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  const admin = await tokensFor(p);
  await p
    .sql`insert into public.scheduling_settings (organization_id, timezone, slot_minutes, day_start, day_end, work_days, min_notice_minutes)
    values (${admin.orgId}, 'America/Chicago', 120, '08:00', '16:00', '{1,2,3,4,5,6,7}', 0)`;
  const call = (path: string, init: RequestInit = {}, headers = admin.headers) =>
    fetch(`${s.url}${base}${path}`, {
      ...init,
      headers: { ...headers, "Content-Type": "application/json", ...(init.headers ?? {}) },
    });
  return {
    p,
    s,
    admin,
    call,
    async close() {
      await s.close();
      await p.close();
    },
  };
}

Deno.test("available-slots: timezone-aware grid, capacity from technicians, holidays skipped, 403 for another org", async () => {
  const t = await setup();
  try {
    await seedTechnician(t.p, t.admin.orgId, "A");
    await seedTechnician(t.p, t.admin.orgId, "B");
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const res = await t.call(`/available-slots/${t.admin.orgId}?from=${day}&to=${day}`);
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.timezone, "America/Chicago");
    // 08:00-16:00 in 2 h slots: 08, 10, 12, 14 local, each with both technicians free.
    assert.deepEqual(body.slots.map((s: any) => s.local_start.slice(11)), [
      "08:00",
      "10:00",
      "12:00",
      "14:00",
    ]);
    assert.ok(body.slots.every((s: any) => s.available === 2 && s.capacity === 2));
    // Chicago is UTC-6 in winter, UTC-5 in summer: the UTC instant follows the zone's offset that day.
    const offsetH = (new Date(`${day}T08:00:00Z`).getTime() - new Date(body.slots[0].start).getTime()) /
      3_600_000;
    assert.ok(offsetH === -6 || offsetH === -5, `offset ${offsetH}`);

    const viewed = await (await t.call(
      `/available-slots/${t.admin.orgId}?from=${day}&to=${day}&timezone=America/New_York`,
    )).json();
    assert.equal(viewed.slots[0].local_start.slice(11), "09:00");

    await t.p
      .sql`insert into public.scheduling_holidays (organization_id, day, name) values (${t.admin.orgId}, ${day}, 'Closed')`;
    assert.equal(
      (await (await t.call(`/available-slots/${t.admin.orgId}?from=${day}&to=${day}`)).json()).slots.length,
      0,
    );

    const def = await (await t.call(`/available-slots/${t.admin.orgId}`)).json();
    const spanDays = (new Date(def.to).getTime() - new Date(def.from).getTime()) / 86_400_000;
    assert.ok(Math.abs(spanDays - 14) < 0.01, `default span ${spanDays}`);

    const other = await tokensFor(t.p);
    const forbidden = await t.call(`/available-slots/${t.admin.orgId}`, {}, other.headers);
    assert.equal(forbidden.status, 403);
    const forbiddenError = (await forbidden.json()).error;
    assert.equal(forbiddenError.code, "forbidden");
    assert.match(
      forbiddenError.message,
      /is not yours/,
      "not 'This organisation belongs to another organisation'",
    );

    const bad = await t.call(`/available-slots/${t.admin.orgId}?from=tomorrow`);
    assert.equal(bad.status, 400);
    assert.match((await bad.json()).error.message, /query\.from/);
    // Not calendar days: 400, not silently rolled over to 2027-03-02 / 2027-05-01.
    for (const q of ["from=2027-02-30", "from=2027-04-31T09:00:00Z", "from=2027-01-01&to=2027-01-32"]) {
      const res = await t.call(`/available-slots/${t.admin.orgId}?${q}`);
      assert.equal(res.status, 400, q);
      assert.match((await res.json()).error.message, /not a calendar date|expected YYYY-MM-DD/, q);
    }
    assert.equal((await t.call(`/available-slots/${t.admin.orgId}?timezone=Mars/Base`)).status, 400);
    assert.equal(
      (await t.call(`/available-slots/${t.admin.orgId}?from=2026-01-01&to=2026-12-31`)).status,
      400,
    );
  } finally {
    await t.close();
  }
});

Deno.test("create-appointment: books, assigns a technician, creates the job and publishes job.assigned", async () => {
  const t = await setup();
  try {
    const tech = await seedTechnician(t.p, t.admin.orgId);
    const { propertyId, contactId } = await seedProperty(t.p, t.admin.orgId);
    const slots = (await (await t.call(`/available-slots/${t.admin.orgId}`)).json()).slots;
    const res = await t.call("/create-appointment", {
      method: "POST",
      body: JSON.stringify({
        property_uuid: propertyId,
        slot: { start: slots[0].start },
        notes: "Gate code 42",
      }),
    });
    assert.equal(res.status, 201, await res.clone().text());
    const a = await res.json();
    assert.equal(a.property_uuid, propertyId);
    assert.equal(a.contact_uuid, contactId);
    assert.equal(a.start, slots[0].start);
    assert.equal(a.technician.email, tech.email);
    assert.match(a.job_id, /^JOB-/);
    const [job] = await t.p.sql`select * from public.jobs where id = ${a.job_id}`;
    assert.equal(job.technician_id, tech.userId);
    const msgs = await t.p.sql`select data from bus.messages where topic = 'platform.jobs'`;
    const env = msgs.map((m) => JSON.parse(atob(m.data as string)));
    const assigned = env.find((e) => e.event_type === "job.assigned");
    assert.ok(assigned, "job.assigned published");
    assert.equal(assigned.payload.job_id, a.job_id);
    assert.deepEqual(assigned.payload.recipient_ids, [tech.userId]);
    assert.equal(assigned.source, "appointment-handling-service");

    // The slot is now full (one technician): listed as unavailable, and a second booking gets 409.
    const again = await t.call("/create-appointment", {
      method: "POST",
      body: JSON.stringify({ property_uuid: propertyId, slot: { start: slots[0].start } }),
    });
    assert.equal(again.status, 409);
    assert.equal((await again.json()).error.code, "slot_unavailable");
  } finally {
    await t.close();
  }
});

Deno.test("create-appointment rejects past slots, off-grid times, unknown and foreign properties", async () => {
  const t = await setup();
  try {
    await seedTechnician(t.p, t.admin.orgId);
    const { propertyId } = await seedProperty(t.p, t.admin.orgId);
    const post = (body: unknown, headers = t.admin.headers) =>
      t.call("/create-appointment", { method: "POST", body: JSON.stringify(body) }, headers);
    const past = await post({ property_uuid: propertyId, slot: { start: "2020-01-06T14:00:00Z" } });
    assert.equal(past.status, 400);
    assert.equal((await past.json()).error.code, "slot_in_past");
    const slots = (await (await t.call(`/available-slots/${t.admin.orgId}`)).json()).slots;
    const off = new Date(new Date(slots[0].start).getTime() + 17 * 60_000).toISOString();
    const offGrid = await post({ property_uuid: propertyId, slot: { start: off } });
    assert.equal(offGrid.status, 400);
    assert.equal((await offGrid.json()).error.code, "invalid_slot");
    const feb30 = await post({ property_uuid: propertyId, slot: { start: "2027-02-30T14:00:00Z" } });
    assert.equal(feb30.status, 400, "not booked on 2027-03-02 instead");
    const feb30Error = (await feb30.json()).error;
    assert.equal(feb30Error.code, "invalid_request");
    assert.match(feb30Error.message, /slot\.start: not a calendar date/);
    const unknown = await post({ property_uuid: crypto.randomUUID(), slot: { start: slots[0].start } });
    assert.equal(unknown.status, 404);
    const other = await tokensFor(t.p);
    const foreign = await post({ property_uuid: propertyId, slot: { start: slots[0].start } }, other.headers);
    assert.equal(foreign.status, 403);
    const invalid = await post({ property_uuid: "nope", slot: {} });
    assert.equal(invalid.status, 400);
    assert.match((await invalid.json()).error.message, /property_uuid/);
  } finally {
    await t.close();
  }
});

Deno.test("20 parallel bookings of the last free slot: exactly one succeeds, the rest get 409", async () => {
  const t = await setup();
  try {
    await seedTechnician(t.p, t.admin.orgId, "A");
    await seedTechnician(t.p, t.admin.orgId, "B");
    const { propertyId } = await seedProperty(t.p, t.admin.orgId);
    const slots = (await (await t.call(`/available-slots/${t.admin.orgId}`)).json()).slots;
    const start = slots[0].start;
    // Take one of the two technicians first, so one seat is left.
    const first = await t.call("/create-appointment", {
      method: "POST",
      body: JSON.stringify({ property_uuid: propertyId, slot: { start } }),
    });
    assert.equal(first.status, 201);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call("/create-appointment", {
          method: "POST",
          body: JSON.stringify({ property_uuid: propertyId, slot: { start } }),
        })
          .then(async (r) => ({ status: r.status, body: await r.json() }))),
    );
    const statuses = results.map((r) => r.status).sort();
    assert.equal(statuses.filter((s) => s === 201).length, 1, JSON.stringify(statuses));
    assert.equal(statuses.filter((s) => s === 409).length, 19, JSON.stringify(statuses));
    for (const r of results.filter((r) => r.status === 409)) {
      assert.match(r.body.error.message, /fully booked/);
    }
    const [{ n }] = await t.p
      .sql`select count(*)::int n from public.appointments where starts_at = ${start} and status = 'scheduled'`;
    assert.equal(n, 2);
  } finally {
    await t.close();
  }
});

Deno.test("create-appointment with an Idempotency-Key books once; a retry returns the first booking", async () => {
  const t = await setup();
  try {
    await seedTechnician(t.p, t.admin.orgId, "A");
    await seedTechnician(t.p, t.admin.orgId, "B");
    const { propertyId } = await seedProperty(t.p, t.admin.orgId);
    const slots = (await (await t.call(`/available-slots/${t.admin.orgId}`)).json()).slots;
    const book = (key: string) =>
      t.call("/create-appointment", {
        method: "POST",
        headers: { "Idempotency-Key": key },
        body: JSON.stringify({ property_uuid: propertyId, slot: { start: slots[0].start } }),
      });
    const [a, b] = await Promise.all([book("retry-1"), book("retry-1")]);
    assert.equal(a.status, 201);
    assert.equal(b.status, 201);
    assert.equal((await a.json()).appointment_uuid, (await b.json()).appointment_uuid);
    assert.equal((await t.p.sql`select count(*)::int n from public.appointments`)[0].n, 1);
    assert.equal((await book("retry-2")).status, 201);
    assert.equal((await t.p.sql`select count(*)::int n from public.appointments`)[0].n, 2);
    // The same key for a different slot is not a retry: 422, and nothing booked.
    const reused = await t.call("/create-appointment", {
      method: "POST",
      headers: { "Idempotency-Key": "retry-1" },
      body: JSON.stringify({ property_uuid: propertyId, slot: { start: slots[1].start } }),
    });
    assert.equal(reused.status, 422);
    const reusedError = (await reused.json()).error;
    assert.equal(reusedError.code, "idempotency_key_reused");
    assert.match(reusedError.message, new RegExp(slots[0].start.replace(/[.]/g, "\\.")));
    assert.equal((await t.p.sql`select count(*)::int n from public.appointments`)[0].n, 2);
  } finally {
    await t.close();
  }
});
