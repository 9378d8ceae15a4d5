// Security pass 7: a widget token booked one appointment per property and created 20 properties an hour per address,
// so many addresses filled a partner's calendar. A widget booking is now a hold (`held`, visible to staff with its
// `hold_expires_at`) until the homeowner confirms it through the emailed, signed, single-use link; an unconfirmed hold
// releases its slot at its end (APPOINTMENT_HOLD_MINUTES), a partner has at most APPOINTMENT_HOLDS_PER_ORG at once,
// and staff bookings are unchanged. Over real HTTP, the link included.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { override } from "../../../shared/platform.ts";
import { createApp } from "../../../supabase/functions/appointment-handling-service/app.ts";
import { listOutbox } from "../../../shared/email/outbox.ts";
import { checkConfirmToken, confirmToken } from "../../../shared/scheduling/hold.ts";
import { seedProperty, seedTechnician } from "../operations/helpers.ts";

const SECRET = "test-confirm-secret";

async function setup(holdsPerOrg = 20) {
  const p = await testPlatform();
  override(p, "holdConfig", { holdMinutes: 30, holdsPerOrg, secret: SECRET });
  const s = serveApp(createApp(p).fetch);
  const admin = await tokensFor(p);
  const widget = await tokensFor(p, { role: "widget", orgId: admin.orgId });
  await p
    .sql`insert into public.scheduling_settings (organization_id, timezone, slot_minutes, day_start, day_end, work_days, min_notice_minutes)
    values (${admin.orgId}, 'America/Chicago', 120, '08:00', '12:00', '{1,2,3,4,5,6,7}', 0)`;
  const tech = await seedTechnician(p, admin.orgId, "Solo");
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const slots = async () =>
    (await (await fetch(
      `${s.url}/appointment-handling-service/available-slots/${admin.orgId}?from=${day}&to=${day}&include_full=true`,
      { headers: admin.headers },
    )).json()).slots as { start: string; available: number }[];
  const book = async (who: typeof admin, body: Record<string, unknown>) => {
    const res = await fetch(`${s.url}/appointment-handling-service/create-appointment`, {
      method: "POST",
      headers: { ...who.headers, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    return { status: res.status, json, code: json.error?.code as string | undefined };
  };
  const link = (method: "GET" | "POST", token: string) =>
    fetch(`${s.url}/appointment-handling-service/confirm-appointment?token=${encodeURIComponent(token)}`, {
      method,
    })
      .then(async (r) => ({
        status: r.status,
        type: r.headers.get("content-type") ?? "",
        text: await r.text(),
      }));
  return {
    p,
    admin,
    widget,
    tech,
    slots,
    book,
    link,
    async close() {
      await s.close();
      await p.close();
    },
  };
}

const statusOf = async (t: { p: { sql: any } }, id: string) =>
  (await t.p.sql`select status from public.appointments where id = ${id}`)[0].status as string;

Deno.test("widget booking: a hold until the emailed link confirms it, once; staff bookings are booked at once", async () => {
  const t = await setup();
  try {
    const [first] = await t.slots();
    const home = await seedProperty(t.p, t.admin.orgId, {
      widget_session: t.widget.widgetSession,
      email: "owner@example.test",
    });
    await t.p
      .sql`insert into public.partner_settings (organization_id, phone) values (${t.admin.orgId}, '(512) 555-0142')`;
    const held = await t.book(t.widget, { property_uuid: home.propertyId, slot: { start: first.start } });
    assert.equal(held.status, 201, JSON.stringify(held.json));
    assert.equal(held.json.status, "held");
    const ends = Date.parse(held.json.hold_expires_at);
    assert.ok(Math.abs(ends - (Date.now() + 30 * 60_000)) < 60_000, held.json.hold_expires_at);
    // The hold takes the only technician: the slot is full for everyone meanwhile.
    assert.equal((await t.slots()).find((x) => x.start === first.start)?.available, 0);
    const [{ n: jobs }] = await t.p.sql`select count(*)::int as n from public.jobs`;
    assert.equal(jobs, 0, "no job for the technician before the homeowner confirms");

    const [mail] = await listOutbox(t.p.sql, { to: "owner@example.test" });
    assert.ok(mail, "the homeowner is emailed the link");
    assert.match(mail.subject, /^Confirm your appointment/);
    assert.match(mail.text, /It is not booked yet/);
    // where, and whom to call (QA pass 10)
    assert.match(mail.text, /an appointment at 123 Main St, Austin, TX 78701 on /);
    assert.match(mail.text, /Call .+ at \(512\) 555-0142\./);
    assert.match(mail.html, /<a href="tel:5125550142">\(512\) 555-0142<\/a>/);
    const token = decodeURIComponent(mail.text.match(/confirm-appointment\?token=(\S+)/)![1]);

    // Opening the link (a mail scanner does) shows a button and confirms nothing.
    const page = await t.link("GET", token);
    assert.equal(page.status, 200);
    assert.match(page.type, /text\/html/);
    assert.match(page.text, /<form method="post"/);
    // which appointment: the partner and the day and time the email gave (QA pass 8)
    const when = mail.text.match(/an appointment at .+? on (\w+day, .+?)\.\n/)![1];
    assert.ok(page.text.includes(`on <strong>${when}</strong> is held for you`), page.text);
    // and where, and whom to call (QA pass 10)
    assert.ok(page.text.includes(" at <strong>123 Main St, Austin, TX 78701</strong> on "), page.text);
    assert.match(page.text, /Call .+ at <a href="tel:5125550142">\(512\) 555-0142<\/a>/);
    assert.equal(await statusOf(t, held.json.appointment_uuid), "held");

    // A forged or altered link: 400, nothing changes.
    const [id, exp, mac] = token.split(".");
    for (
      const bad of [
        `${id}.${Number(exp) + 3600}.${mac}`,
        `${crypto.randomUUID()}.${exp}.${mac}`,
        `${id}.${exp}.${mac.slice(0, -2)}AA`,
        await confirmToken("another-secret", id, new Date(Number(exp) * 1000)),
        "x".repeat(300),
      ]
    ) {
      const r = await t.link("POST", bad);
      assert.equal(r.status, 400, `${bad}: ${r.status} ${r.text}`);
      assert.match(r.text, /not valid/);
    }
    assert.equal(await statusOf(t, held.json.appointment_uuid), "held");

    const ok = await t.link("POST", token);
    assert.equal(ok.status, 200, ok.text);
    assert.match(ok.text, /your appointment is booked/);
    // QA pass 9: the booked page says with whom and when
    assert.ok(ok.text.includes(`<strong>${when}</strong>`), ok.text);
    const [row] = await t.p
      .sql`select status, confirmed_at from public.appointments where id = ${held.json.appointment_uuid}`;
    assert.equal(row.status, "scheduled");
    assert.ok(row.confirmed_at);
    const [{ n: assigned }] = await t.p
      .sql`select count(*)::int as n from public.jobs where technician_id = ${t.tech.userId}`;
    assert.equal(assigned, 1, "confirmed: the technician's job is created");
    // Single use: the link again changes nothing.
    const again = await t.link("POST", token);
    assert.equal(again.status, 200);
    assert.match(again.text, /already confirmed/);
    // QA pass 9: the link opened again said "is held for you. Press the button to confirm it."
    const reopened = await t.link("GET", token);
    assert.equal(reopened.status, 200);
    assert.match(reopened.text, /already confirmed/);
    assert.doesNotMatch(reopened.text, /is held for you|<form/);
    assert.ok(reopened.text.includes(`<strong>${when}</strong>`), reopened.text);
    const [{ n: jobsAfter }] = await t.p.sql`select count(*)::int as n from public.jobs`;
    assert.equal(jobsAfter, 1);

    // Staff bookings are booked at once, no email.
    const staffHome = await seedProperty(t.p, t.admin.orgId, {
      widget_session: t.widget.widgetSession,
      line1: "2 Staff St",
      email: "staff-booked@example.test",
    });
    const [, second] = await t.slots();
    const staff = await t.book(t.admin, {
      property_uuid: staffHome.propertyId,
      slot: { start: second.start },
    });
    assert.equal(staff.status, 201, JSON.stringify(staff.json));
    assert.equal(staff.json.status, "scheduled");
    assert.equal(staff.json.hold_expires_at, null);
    assert.equal((await listOutbox(t.p.sql, { to: "staff-booked@example.test" })).length, 0);
  } finally {
    await t.close();
  }
});

Deno.test("widget booking: an unconfirmed hold releases its slot at its end; its link then answers 410", async () => {
  const t = await setup();
  try {
    const [first] = await t.slots();
    const home = await seedProperty(t.p, t.admin.orgId, {
      widget_session: t.widget.widgetSession,
      email: "late@example.test",
    });
    const held = await t.book(t.widget, { property_uuid: home.propertyId, slot: { start: first.start } });
    assert.equal(held.status, 201, JSON.stringify(held.json));
    const [mail] = await listOutbox(t.p.sql, { to: "late@example.test" });
    const token = decodeURIComponent(mail.text.match(/confirm-appointment\?token=(\S+)/)![1]);
    // The staff cannot book the held slot meanwhile (one technician).
    const other = await seedProperty(t.p, t.admin.orgId, {
      widget_session: t.widget.widgetSession,
      line1: "3 Other St",
    });
    const blocked = await t.book(t.admin, { property_uuid: other.propertyId, slot: { start: first.start } });
    assert.equal(blocked.status, 409, JSON.stringify(blocked.json));

    // The hold's end passes (moved back in time, as the clock would).
    await t.p.sql`update public.appointments set hold_expires_at = now() - interval '1 second'
      where id = ${held.json.appointment_uuid}`;
    assert.equal(
      (await t.slots()).find((x) => x.start === first.start)?.available,
      1,
      "the slot is free again",
    );
    const staff = await t.book(t.admin, { property_uuid: other.propertyId, slot: { start: first.start } });
    assert.equal(staff.status, 201, JSON.stringify(staff.json));
    assert.equal(await statusOf(t, held.json.appointment_uuid), "expired");
    const late = await t.link("POST", token);
    assert.equal(late.status, 410, late.text);
    // QA pass 9: opened, the lapsed hold's link said "is held for you" with a button that could only fail
    const lateOpened = await t.link("GET", token);
    assert.equal(lateOpened.status, 410, lateOpened.text);
    assert.doesNotMatch(lateOpened.text, /is held for you|<form/);
    assert.equal(await statusOf(t, held.json.appointment_uuid), "expired");
    // A token past its own end is refused before the database is read.
    assert.deepEqual(
      await checkConfirmToken(
        SECRET,
        await confirmToken(SECRET, held.json.appointment_uuid, new Date(Date.now() - 1000)),
      ),
      { ok: false, reason: "expired" },
    );
  } finally {
    await t.close();
  }
});

Deno.test("widget booking: needs the homeowner's email (400); a partner has a bounded number of holds (429)", async () => {
  const t = await setup(1);
  try {
    const [first, second] = await t.slots();
    const [noMail] = await t.p
      .sql`insert into public.properties (organization_id, line1, city, state, zip, widget_session)
      values (${t.admin.orgId}, '4 Quiet St', 'Austin', 'TX', '78701', ${t.widget.widgetSession}) returning id`;
    const r = await t.book(t.widget, { property_uuid: noMail.id, slot: { start: first.start } });
    assert.equal(r.status, 400, JSON.stringify(r.json));
    assert.equal(r.code, "contact_email_required");

    const a = await seedProperty(t.p, t.admin.orgId, {
      widget_session: t.widget.widgetSession,
      email: "a@example.test",
    });
    const b = await seedProperty(t.p, t.admin.orgId, {
      widget_session: t.widget.widgetSession,
      line1: "5 B St",
      email: "b@example.test",
    });
    assert.equal(
      (await t.book(t.widget, { property_uuid: a.propertyId, slot: { start: first.start } })).status,
      201,
    );
    const over = await t.book(t.widget, { property_uuid: b.propertyId, slot: { start: second.start } });
    assert.equal(over.status, 429, JSON.stringify(over.json));
    assert.equal(over.code, "holds_limit");
    // Staff are not bounded by the widget's holds.
    assert.equal(
      (await t.book(t.admin, { property_uuid: b.propertyId, slot: { start: second.start } })).status,
      201,
    );
  } finally {
    await t.close();
  }
});

Deno.test("widget booking: confirmation emails to one mailbox are bounded (429 recipient_rate_limited, hold cancelled)", async () => {
  const t = await setup();
  try {
    for (const name of ["Second", "Third"]) await seedTechnician(t.p, t.admin.orgId, name);
    const slots = await t.slots();
    // RATE_LIMIT_REPORTS_PER_RECIPIENT (3 a day) in its own bucket; `+tags` and case reach the same mailbox.
    const mails = [
      "victim@example.test",
      "Victim+1@example.test",
      "VICTIM+2@Example.test",
      "victim+3@example.test",
    ];
    const answers = [];
    for (const [i, email] of mails.entries()) {
      const home = await seedProperty(t.p, t.admin.orgId, {
        widget_session: t.widget.widgetSession,
        line1: `${i + 10} Mail St`,
        email,
      });
      answers.push(
        await t.book(t.widget, {
          property_uuid: home.propertyId,
          slot: { start: slots[i % slots.length].start },
        }),
      );
    }
    assert.deepEqual(
      answers.map((a) => a.status),
      [201, 201, 201, 429],
      JSON.stringify(answers.map((a) => a.json)),
    );
    assert.equal(answers[3].code, "recipient_rate_limited");
    const [{ n }] = await t.p.sql`select count(*)::int as n from public.appointments where status = 'held'`;
    assert.equal(n, 3, "the refused booking's hold is cancelled, its slot free");
    assert.equal(
      (await listOutbox(t.p.sql, {})).filter((m) => /Confirm your appointment/.test(m.subject)).length,
      3,
    );
  } finally {
    await t.close();
  }
});
