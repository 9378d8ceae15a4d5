import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { startSchedulerDouble } from "../../doubles/scheduler.ts";
import { createApp } from "../../../supabase/functions/appointment-handling-service/app.ts";
import { override } from "../../../shared/platform.ts";
import { ExternalScheduler } from "../../../shared/scheduling/external.ts";
import { seedProperty } from "./helpers.ts";

Deno.test("external scheduler adapter: slots and bookings through the scheduler's REST API", async () => {
  const p = await testPlatform();
  const double = startSchedulerDouble({ apiKey: "sk_test_1" });
  const s = serveApp(createApp(p).fetch);
  try {
    const admin = await tokensFor(p);
    // The external crew is also a technician user of ours: the booking publishes job.assigned to them.
    const [techUser] = await p.sql`insert into public.users (email, full_name, organization_id, role)
      values ('crew1@fieldco.test', 'Crew One', ${admin.orgId}, 'technician') returning id`;
    override(p, "scheduler", new ExternalScheduler(p.sql, double.url, "sk_test_1"));
    const { propertyId } = await seedProperty(p, admin.orgId);
    const h = { ...admin.headers, "Content-Type": "application/json" };
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const slots = await (await fetch(
      `${s.url}/appointment-handling-service/available-slots/${admin.orgId}?from=${day}T00:00:00Z&to=${day}T23:59:00Z`,
      { headers: h },
    )).json();
    assert.equal(slots.slots.length, 8);
    assert.equal(slots.slots[0].start, `${day}T09:00:00.000Z`);
    assert.ok(double.requests.every((r) => r.auth === "Bearer sk_test_1"));

    const book = (key: string) =>
      fetch(`${s.url}/appointment-handling-service/create-appointment`, {
        method: "POST",
        headers: { ...h, "Idempotency-Key": key },
        body: JSON.stringify({ property_uuid: propertyId, slot: { start: slots.slots[0].start } }),
      });
    const res = await book("k1");
    assert.equal(res.status, 201, await res.clone().text());
    const a = await res.json();
    assert.equal(a.provider, "external");
    assert.equal(a.external_id, "apt_1");
    assert.deepEqual(a.technician, { name: "Crew One", email: "crew1@fieldco.test" });
    assert.match(a.job_id, /^JOB-/);
    const [job] = await p.sql`select technician_id from public.jobs where id = ${a.job_id}`;
    assert.equal(job.technician_id, techUser.id);
    assert.equal(double.bookings[0].body.address.line1, "123 Main St");
    assert.equal(double.bookings[0].body.external_reference, propertyId);

    // A retried request (same key) does not book twice; a new one for the full slot is 409.
    assert.equal((await book("k1")).status, 201);
    assert.equal(double.bookings.length, 1);
    assert.equal((await p.sql`select count(*)::int n from public.jobs`)[0].n, 1);
    const full = await book("k2");
    assert.equal(full.status, 409);
    assert.equal((await full.json()).error.code, "slot_unavailable");

    await double.close();
    const down = await book("k3");
    assert.equal(down.status, 502);
    assert.equal((await down.json()).error.code, "scheduler_unavailable");
  } finally {
    await s.close();
    await double.close().catch(() => {});
    await p.close();
  }
});
