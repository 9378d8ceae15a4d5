// Security pass 8: a widget booking is a hold until the homeowner confirms it by email (pass 7), and one mailbox gets
// a bounded number of those emails; but a bot owning a catch-all domain has every mailbox of it (`a1@`, `a2@`, …), so
// it could hold and confirm any number of bookings. Per partner, one domain now gets at most RATE_LIMIT_HOLDS_PER_DOMAIN
// confirmation emails a day (public mailbox providers aside) and all together RATE_LIMIT_HOLDS_PER_ORG_DAY. Also: the
// day-long `hold-` counters were deleted by the hourly prune like the minute counters, so pass 7's per-mailbox bound
// on confirmation emails started again every hour; they are now kept for their day.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { override } from "../../../shared/platform.ts";
import { createApp } from "../../../supabase/functions/appointment-handling-service/app.ts";
import { rateLimitPolicyFromEnv } from "../../../shared/ratelimit/policy.ts";
import { pruneCounters } from "../../../shared/ratelimit/counter.ts";
import { listOutbox } from "../../../shared/email/outbox.ts";
import { seedProperty, seedTechnician } from "../operations/helpers.ts";
import { bookingClient } from "./booking.ts";

async function setup(env: Record<string, string>) {
  const p = await testPlatform();
  override(p, "holdConfig", { holdMinutes: 30, holdsPerOrg: 0, secret: "test-confirm-secret" });
  override(p, "rateLimitPolicy", rateLimitPolicyFromEnv(new Map(Object.entries(env))));
  const s = serveApp(createApp(p).fetch);
  const admin = await tokensFor(p);
  const widget = await tokensFor(p, { role: "widget", orgId: admin.orgId });
  await p
    .sql`insert into public.scheduling_settings (organization_id, timezone, slot_minutes, day_start, day_end, work_days, min_notice_minutes)
    values (${admin.orgId}, 'UTC', 60, '08:00', '20:00', '{1,2,3,4,5,6,7}', 0)`;
  await seedTechnician(p, admin.orgId, "Solo");
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  let n = 0;
  const bookAt = bookingClient(s.url);
  const book = async (email: string) => {
    const i = n++;
    const home = await seedProperty(p, admin.orgId, {
      widget_session: widget.widgetSession,
      line1: `${i + 1} Catch St`,
      email,
    });
    return await bookAt(widget, {
      property_uuid: home.propertyId,
      slot: { start: `${day}T${String(8 + i).padStart(2, "0")}:00:00.000Z` },
    });
  };
  return {
    p,
    book,
    bookAgain: async (email: string, key: string) => {
      const home = await seedProperty(p, admin.orgId, {
        widget_session: widget.widgetSession,
        line1: "1 Retry St",
        email,
      });
      const body = { property_uuid: home.propertyId, slot: { start: `${day}T19:00:00.000Z` } };
      return [
        await bookAt(widget, body, { "idempotency-key": key }),
        await bookAt(widget, body, { "idempotency-key": key }),
      ];
    },
    async close() {
      await s.close();
      await p.close();
    },
  };
}

Deno.test("a catch-all domain gets a bounded number of booking confirmations per partner; public providers do not", async () => {
  const t = await setup({ RATE_LIMIT_HOLDS_PER_DOMAIN: "3" });
  try {
    const answers = [];
    for (const local of ["a1", "a2", "a3", "a4"]) answers.push(await t.book(`${local}@catchall.test`));
    assert.deepEqual(
      answers.map((a) => a.status),
      [201, 201, 201, 429],
      JSON.stringify(answers.map((a) => a.json)),
    );
    assert.equal(answers[3].code, "holds_domain_limited");
    // The same domain written differently is the same domain.
    const again = await t.book("a5@CatchAll.Test");
    assert.equal(again.status, 429);
    const [{ n }] = await t.p.sql`select count(*)::int as n from public.appointments where status = 'held'`;
    assert.equal(n, 3, "the refused bookings' holds are cancelled");
    const confirmations = (await listOutbox(t.p.sql, {})).filter((m) =>
      /Confirm your appointment/.test(m.subject)
    );
    assert.equal(confirmations.length, 3, "and no link was sent for them");
    // Public mailbox providers are not bounded per domain (each mailbox is its owner's; the per-mailbox bound holds).
    for (const local of ["b1", "b2", "b3", "b4"]) {
      const r = await t.book(`${local}@gmail.com`);
      assert.equal(r.status, 201, JSON.stringify(r.json));
    }
  } finally {
    await t.close();
  }
});

Deno.test("all domains together: at most RATE_LIMIT_HOLDS_PER_ORG_DAY confirmations a day per partner", async () => {
  const t = await setup({ RATE_LIMIT_HOLDS_PER_ORG_DAY: "2" });
  try {
    const answers = [await t.book("x@one.test"), await t.book("y@two.test"), await t.book("z@three.test")];
    assert.deepEqual(answers.map((a) => a.status), [201, 201, 429]);
    assert.equal(answers[2].code, "holds_domain_limited");
  } finally {
    await t.close();
  }
});

Deno.test("the day-long confirmation counters survive the hourly prune", async () => {
  const t = await setup({ RATE_LIMIT_HOLDS_PER_DOMAIN: "1" });
  try {
    assert.equal((await t.book("first@catchall.test")).status, 201);
    // Two hours later (the minute counters' prune deletes what is older than an hour).
    await t.p.sql`update security.rate_limits set window_start = window_start - interval '2 hours'
      where key like 'hold-%'`;
    await pruneCounters(t.p.sql, 3600, 2 * 86400);
    const kept = await t.p.sql`select key from security.rate_limits where key like 'hold-%'`;
    assert.ok(
      kept.some((r) => String(r.key).startsWith("hold-recipient:")),
      "the per-mailbox counter is kept",
    );
    assert.ok(kept.some((r) => String(r.key).startsWith("hold-domain:")), "the per-domain counter is kept");
  } finally {
    await t.close();
  }
});

Deno.test("a retried widget booking (same Idempotency-Key) is not counted or emailed again", async () => {
  const t = await setup({ RATE_LIMIT_HOLDS_PER_DOMAIN: "1" });
  try {
    const [first, retry] = await t.bookAgain("once@catchall.test", "retry-key-0001");
    assert.equal(first.status, 201, JSON.stringify(first.json));
    assert.equal(retry.status, 201, JSON.stringify(retry.json));
    assert.equal(retry.json.appointment_uuid, first.json.appointment_uuid);
    const [{ n }] = await t.p.sql`select count(*)::int as n from public.appointments where status = 'held'`;
    assert.equal(n, 1);
    assert.equal((await listOutbox(t.p.sql, { to: "once@catchall.test" })).length, 1, "one link");
  } finally {
    await t.close();
  }
});
