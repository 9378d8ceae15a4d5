// The push's write with the outbox provider (notify.push_send_and_log, migration 20261125010000): one
// statement, one transaction; the log row's unique key is the only dedupe record (no mail.idempotency_keys
// row, no fingerprint), and the email is stored only together with its row.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
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
const row = (key: string) => ({
  idempotencyKey: key,
  eventType: "job.assigned",
  eventId: "01JD0000000000000000000000",
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
