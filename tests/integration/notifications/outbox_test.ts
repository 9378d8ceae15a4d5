import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { OutboxEmailProvider } from "../../../shared/email/outbox.ts";
import { IdempotencyConflictError } from "../../../shared/email/types.ts";

const msg = {
  from: "a@x.test",
  to: ["b@x.test"],
  subject: "Hi",
  html: "<p>Hi</p>",
  text: "Hi",
  headers: { "X-Test": "1" },
};

Deno.test("outbox: Resend's idempotency semantics, 24-hour keys, concurrent sends, attachments kept", async () => {
  const p = await testPlatform();
  try {
    const box = new OutboxEmailProvider(p.sql);
    const count = async () => (await p.sql`select count(*)::int as n from mail.outbox`)[0].n;
    const a = await box.send(msg, { idempotencyKey: "k" });
    assert.deepEqual(await box.send({ ...msg, headers: { "X-Test": "1" } }, { idempotencyKey: "k" }), a);
    assert.equal(await count(), 1);
    await assert.rejects(
      box.send({ ...msg, text: "changed" }, { idempotencyKey: "k" }),
      IdempotencyConflictError,
    );

    await p.sql`update mail.idempotency_keys set created_at = now() - interval '25 hours' where key = 'k'`;
    const b = await box.send({ ...msg, text: "a day later" }, { idempotencyKey: "k" });
    assert.notEqual(b.id, a.id, "a key older than 24 hours is free again");
    assert.equal(await count(), 2);

    const racing = await Promise.all(
      Array.from({ length: 10 }, () => box.send(msg, { idempotencyKey: "race" })),
    );
    assert.equal(new Set(racing.map((r) => r.id)).size, 1);
    assert.equal(await count(), 3);

    const pdf = new Uint8Array([37, 80, 68, 70, 45, 49, 46, 55, 0, 255]);
    const c = await box.send({
      ...msg,
      attachments: [{ filename: "r.pdf", contentType: "application/pdf", content: pdf }],
    }, { idempotencyKey: "att" });
    const [att] = await p
      .sql`select filename, content_type, content from mail.attachments where email_id = ${c.id}`;
    assert.equal(att.filename, "r.pdf");
    assert.deepEqual(new Uint8Array(att.content), pdf);
    await assert.rejects(
      box.send({
        ...msg,
        attachments: [{ filename: "r.pdf", contentType: "application/pdf", content: new Uint8Array([1]) }],
      }, { idempotencyKey: "att" }),
      IdempotencyConflictError,
      "attachment bytes are part of the request identity",
    );
  } finally {
    await p.close();
  }
});
