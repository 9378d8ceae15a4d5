// The push's write with the outbox provider (notify.push_send_and_log, migration 20261125010000): one
// statement, one transaction; the log row's unique key is the only dedupe record (no mail.idempotency_keys
// row, no fingerprint), and the email is stored only together with its row.
import assert from "node:assert/strict";
import { type TestPlatform, testPlatform } from "../../support/db.ts";
import { connect } from "../../../shared/db/client.ts";
import { createPlatform } from "../../../shared/platform.ts";
import { sendAndLog } from "../../../shared/notifications/send_and_log.ts";

const msg = {
  from: "Solar Platform <notifications@x.test>",
  to: ["tech@x.test"],
  subject: "New job assigned",
  html: "<p>Hello Tech</p>",
  text: "Hello Tech",
  headers: {
    "List-Unsubscribe": "<https://x.test/u>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
};
// Each message its own event (a bus message carries one event), unless a test names the event.
const row = (key: string, eventId = `event-of-${key}`) => ({
  idempotencyKey: key,
  eventType: "job.assigned",
  eventId,
  recipientUserId: "00000000-0000-0000-0000-0000000000c1",
  recipientEmail: "tech@x.test",
});

Deno.test("push write: one log row and one email per key, no key row; a redelivery gets the first email id", async () => {
  const p = await testPlatform();
  try {
    const first = await sendAndLog(p, msg, row("m1"));
    assert.equal(first.fresh, true);
    const [log] = await p
      .sql`select status, provider_email_id from public.notification_log where idempotency_key = 'm1'`;
    assert.deepEqual({ ...log }, { status: "sent", provider_email_id: first.emailId });
    const [{ keys }] = await p.sql`select count(*)::int as keys from mail.idempotency_keys`;
    assert.equal(keys, 0, "the log row is the dedupe record: no separate key row");
    const [email] = await p.sql`select id, subject, html from mail.outbox`;
    assert.deepEqual({ ...email }, { id: first.emailId, subject: msg.subject, html: msg.html });

    // The same key again (a redelivery, even with another rendering): the first email id, nothing stored.
    for (const again of [msg, { ...msg, html: "<p>Hello Tech!</p>" }]) {
      assert.deepEqual(await sendAndLog(p, again, row("m1")), { emailId: first.emailId, fresh: false });
    }
    const [{ n }] = await p.sql`select count(*)::int as n from mail.outbox`;
    assert.equal(n, 1);

    // A key whose row logged no email (a failure): duplicate, no email id, and no email stored either.
    await p.sql`insert into public.notification_log (idempotency_key, event_type, event_id, recipient_user_id,
      recipient_email, status, error_message) values ('f1', 'job.assigned', 'e', ${
      row("f1").recipientUserId
    }, '',
      'failed', 'unknown recipient')`;
    assert.deepEqual(await sendAndLog(p, msg, row("f1")), { emailId: undefined, fresh: false });
    const [{ n: still }] = await p.sql`select count(*)::int as n from mail.outbox`;
    assert.equal(still, 1);

    // Two different keys with the same email are two emails.
    const other = await sendAndLog(p, msg, row("m2"));
    assert.equal(other.fresh, true);
    assert.notEqual(other.emailId, first.emailId);
  } finally {
    await p.close();
  }
});

Deno.test("push write: concurrent writes of one key store one email; the others get its id", async () => {
  const p = await testPlatform();
  try {
    const all = await Promise.all(Array.from({ length: 8 }, () => sendAndLog(p, msg, row("c1"))));
    assert.equal(all.filter((s) => s.fresh).length, 1);
    const [{ ids }] = await p.sql`select array_agg(id) as ids from mail.outbox`;
    assert.deepEqual(ids, [all.find((s) => s.fresh)!.emailId]);
    assert.ok(all.every((s) => s.emailId === ids[0]), JSON.stringify(all));
  } finally {
    await p.close();
  }
});

Deno.test("push write: one email per event and recipient, whatever the message id; another event is its own email", async () => {
  const p = await testPlatform();
  try {
    const first = await sendAndLog(p, msg, row("m1", "01JD0000000000000000000001"));
    assert.equal(first.fresh, true);
    // The same event replayed under a new message id: the first email id, no email and no row stored.
    const replay = await sendAndLog(p, msg, row("m2", "01JD0000000000000000000001"));
    assert.deepEqual(replay, { emailId: first.emailId, fresh: false });
    // The replay's redelivery (its own id again): still the first email.
    assert.deepEqual(await sendAndLog(p, msg, row("m2", "01JD0000000000000000000001")), replay);
    const rows = await p.sql`select idempotency_key, provider_email_id from public.notification_log`;
    assert.deepEqual(rows.map((r) => ({ ...r })), [{
      idempotency_key: "m1",
      provider_email_id: first.emailId,
    }]);
    const [{ n }] = await p.sql`select count(*)::int as n from mail.outbox`;
    assert.equal(n, 1);

    // A different event with the same content is its own email; the same event to another recipient or
    // with another template (event type) is too.
    const other = await sendAndLog(p, msg, row("m3", "01JD0000000000000000000002"));
    assert.equal(other.fresh, true);
    const otherUser = {
      ...row("m4", "01JD0000000000000000000001"),
      recipientUserId: "00000000-0000-0000-0000-0000000000c2",
    };
    assert.equal((await sendAndLog(p, msg, otherUser)).fresh, true);
    const otherType = { ...row("m5", "01JD0000000000000000000001"), eventType: "job.rescheduled" };
    assert.equal((await sendAndLog(p, msg, otherType)).fresh, true);
    const [{ n: emails }] = await p.sql`select count(*)::int as n from mail.outbox`;
    assert.equal(emails, 4);

    // A failed attempt of an event is no email: its replay under a new message id is sent.
    await p.sql`insert into public.notification_log (idempotency_key, event_type, event_id, recipient_user_id,
      recipient_email, status, error_message) values ('m6', 'job.assigned', '01JD0000000000000000000003', ${
      row("m6").recipientUserId
    }, 'tech@x.test', 'failed', 'refused')`;
    assert.equal((await sendAndLog(p, msg, row("m7", "01JD0000000000000000000003"))).fresh, true);
  } finally {
    await p.close();
  }
});

Deno.test("push write: one event under 8 message ids at once (batched and in separate transactions) is one email", async () => {
  const p = await testPlatform();
  try {
    const event = "01JD0000000000000000000009";
    // At once on one pool: one batch (or a few); then two pools, so two transactions race on the index.
    const all = await Promise.all(
      Array.from({ length: 8 }, (_, i) => sendAndLog(p, msg, row(`r${i}`, event))),
    );
    const other = await testPlatformOn(p);
    try {
      const next = "01JD0000000000000000000010";
      const raced = await Promise.all(
        Array.from({ length: 8 }, (_, i) => sendAndLog(i % 2 ? p : other, msg, row(`s${i}`, next))),
      );
      for (const set of [all, raced]) {
        assert.equal(set.filter((s) => s.fresh).length, 1, JSON.stringify(set));
        assert.ok(set.every((s) => s.emailId === set.find((x) => x.fresh)!.emailId), JSON.stringify(set));
      }
    } finally {
      await other.sql.end();
    }
    const [{ emails, rows }] = await p.sql`select (select count(*)::int from mail.outbox) as emails,
      (select count(*)::int from public.notification_log) as rows`;
    assert.deepEqual({ emails, rows }, { emails: 2, rows: 2 });
  } finally {
    await p.close();
  }
});

/** A second service instance on the same database: its own pool, so its batches are other transactions. */
function testPlatformOn(p: TestPlatform) {
  return createPlatform(connect(p.db.url), p.config);
}

Deno.test("push write: the email and its row are one transaction (a failed row write stores no email)", async () => {
  const p = await testPlatform();
  try {
    // Fails after the log row's insert, inside the same statement: the email must go with it.
    await p.sql.unsafe(`create function public.inject_fail() returns trigger language plpgsql as $$
      begin raise exception 'disk full (injected)' using errcode = '53100'; end $$;
      create trigger inject after insert on mail.outbox for each row execute function public.inject_fail();`);
    await assert.rejects(sendAndLog(p, msg, row("t1")), /disk full/);
    const [{ emails, rows }] = await p.sql`select (select count(*)::int from mail.outbox) as emails,
      (select count(*)::int from public.notification_log) as rows`;
    assert.deepEqual({ emails, rows }, { emails: 0, rows: 0 });
  } finally {
    await p.close();
  }
});

Deno.test("push write: the event index is built over a log that already holds an event emailed twice", async () => {
  const p = await testPlatform();
  try {
    // The log as the bug left it: one event emailed under two message ids (and a third time, later).
    const migration = await Deno.readTextFile(
      new URL("../../../supabase/migrations/20261204110000_push_event_dedupe.sql", import.meta.url),
    );
    const build = migration.match(/^do \$\$[\s\S]*?^end \$\$;/m)?.[0];
    assert.ok(build, "the migration builds the index in one DO block");
    await p.sql`drop index public.notification_log_event_email_key`;
    const user = row("x").recipientUserId;
    for (const [key, event, at] of [["o1", "EVX", 1], ["o2", "EVX", 2], ["o3", "EVX", 3], ["o4", "EVY", 1]]) {
      await p
        .sql`insert into public.notification_log (idempotency_key, event_type, event_id, recipient_user_id,
        recipient_email, status, provider_email_id, sent_at, created_at)
        values (${key}, 'job.assigned', ${event}, ${user}, 'tech@x.test', 'delivered', ${"em-" + key}, now(),
          now() - make_interval(mins => 10 - ${at}::int))`;
    }
    await p.sql.unsafe(build);
    // Every old row is kept; a replay of either event is a duplicate of its first email; a new event is sent.
    const [{ n }] = await p.sql`select count(*)::int as n from public.notification_log`;
    assert.equal(n, 4);
    assert.deepEqual(await sendAndLog(p, msg, row("n1", "EVX")), { emailId: "em-o1", fresh: false });
    assert.deepEqual(await sendAndLog(p, msg, row("n2", "EVY")), { emailId: "em-o4", fresh: false });
    assert.equal((await sendAndLog(p, msg, row("n3", "EVZ"))).fresh, true);
    const [{ ok }] = await p.sql`select count(*) = 1 as ok from pg_indexes
      where indexname = 'notification_log_event_email_key' and indexdef like '%NULLS NOT DISTINCT%'`;
    assert.ok(ok);
  } finally {
    await p.close();
  }
});
