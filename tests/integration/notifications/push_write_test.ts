// The push's write (notify.send_outbox_and_log) fingerprints the email itself (migration 20261124004000):
// the service passes no request hash, and the outbox's idempotency rule still holds per key.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { sendAndLog } from "../../../shared/notifications/send_and_log.ts";
import { IdempotencyConflictError } from "../../../shared/email/types.ts";

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

Deno.test("push write: the procedure's own fingerprint tells the same email from another under one key", async () => {
  const p = await testPlatform();
  try {
    const first = await sendAndLog(p, msg, row("m1"));
    assert.equal(first.fresh, true);
    const [k] = await p.sql`select request_hash, email_id from mail.idempotency_keys where key = 'm1'`;
    assert.match(k.request_hash as string, /^sql1:[0-9a-f]{64}$/);
    assert.equal(k.email_id, first.emailId);

    // The same email again (a redelivery): the first email id, no second email, the row already there.
    const again = await sendAndLog(p, { ...msg, headers: { ...msg.headers } }, row("m1"));
    assert.deepEqual(again, { emailId: first.emailId, fresh: false });

    // Any field changed under the same key is another request: refused, nothing stored.
    for (
      const changed of [
        { ...msg, html: "<p>Hello Tech!</p>" },
        { ...msg, text: "Hello Tech." },
        { ...msg, subject: "New job" },
        { ...msg, to: ["other@x.test"] },
        { ...msg, headers: { ...msg.headers, "X-Extra": "1" } },
        { ...msg, replyTo: "ops@x.test" },
        // A field boundary moved: the same characters overall, split differently.
        { ...msg, subject: "New job assigned<p>", html: "Hello Tech</p>" },
      ]
    ) {
      await assert.rejects(sendAndLog(p, changed, row("m1")), IdempotencyConflictError);
    }
    const [{ n }] = await p.sql`select count(*)::int as n from mail.outbox`;
    assert.equal(n, 1);
    const [{ rows }] = await p
      .sql`select count(*)::int as rows from public.notification_log where idempotency_key = 'm1'`;
    assert.equal(rows, 1);

    // Two different keys with the same email are two emails.
    const other = await sendAndLog(p, msg, row("m2"));
    assert.equal(other.fresh, true);
    assert.notEqual(other.emailId, first.emailId);
  } finally {
    await p.close();
  }
});
