import assert from "node:assert/strict";
import { ulid } from "ulid";
import { startResendDouble } from "../../doubles/resend.ts";
import { ResendEmailProvider } from "../../../shared/email/resend.ts";
import { IdempotencyConflictError, PermanentEmailError } from "../../../shared/email/types.ts";
import { SeamUnavailableError } from "../../../shared/errors.ts";
import { override } from "../../../shared/platform.ts";
import { notificationHarness } from "./harness.ts";

const msg = {
  from: "Solar <notifications@mail.example>",
  to: ["ann@example.test"],
  subject: "Hello",
  html: "<p>Hi</p>",
  text: "Hi",
  headers: {
    "List-Unsubscribe": "<https://x/unsubscribe>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
  attachments: [{
    filename: "report.pdf",
    contentType: "application/pdf",
    content: new Uint8Array([37, 80, 68, 70]),
  }],
};

/** Retry later: the provider could not take the email now. */
const transient = (e: unknown) => e instanceof SeamUnavailableError && e.seam === "email" && e.retryable;

Deno.test("Resend adapter: wire format, idempotency replies and error classes", async () => {
  const d = startResendDouble();
  try {
    const r = new ResendEmailProvider({ apiKey: d.apiKey, baseUrl: d.url, timeoutMs: 500 });
    const a = await r.send(msg, { idempotencyKey: "k-1" });
    const b = await r.send(msg, { idempotencyKey: "k-1" });
    assert.equal(a.id, b.id, "same key, same payload: the first id");
    assert.equal(d.sent.length, 1);
    const req = d.requests[0];
    assert.equal(req.headers["idempotency-key"], "k-1");
    assert.equal(req.headers["authorization"], `Bearer ${d.apiKey}`);
    assert.deepEqual(req.body.to, ["ann@example.test"]);
    assert.equal(req.body.headers["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");
    assert.deepEqual(req.body.attachments, [{
      filename: "report.pdf",
      content: "JVBERg==",
      content_type: "application/pdf",
    }]);

    await assert.rejects(
      r.send({ ...msg, subject: "Changed" }, { idempotencyKey: "k-1" }),
      IdempotencyConflictError,
    );
    d.script(500); // one 500 is retried by the client
    assert.ok((await r.send(msg, { idempotencyKey: "k-2" })).id);
    d.script(500, 500, 500, 500);
    await assert.rejects(r.send(msg, { idempotencyKey: "k-2b" }), transient);
    d.script(429, 429, 429, 429);
    await assert.rejects(r.send(msg, { idempotencyKey: "k-3" }), transient);
    await assert.rejects(
      r.send({ ...msg, to: [] }, { idempotencyKey: "k-4" }),
      (e) => e instanceof PermanentEmailError && !transient(e),
    );
    d.script("concurrent", "concurrent");
    assert.equal(
      (await r.send(msg, { idempotencyKey: "k-1" })).id,
      a.id,
      "a racing request retries and gets the first id",
    );
    d.script("concurrent", "concurrent", "concurrent", "concurrent");
    await assert.rejects(
      r.send(msg, { idempotencyKey: "k-1" }),
      transient,
      "still racing after 4 tries: retry later",
    );
    d.script("hang", "hang", "hang", "hang");
    await assert.rejects(
      r.send(msg, { idempotencyKey: "k-5" }),
      transient,
      "a timeout is transient",
    );
    const down = new ResendEmailProvider({ apiKey: d.apiKey, baseUrl: "http://127.0.0.1:1", timeoutMs: 500 });
    await assert.rejects(down.send(msg, { idempotencyKey: "k-6" }), transient);
    const wrongKey = new ResendEmailProvider({ apiKey: "re_wrong", baseUrl: d.url });
    await assert.rejects(wrongKey.send(msg, { idempotencyKey: "k-7" }), PermanentEmailError);
  } finally {
    await d.close();
  }
});

/** A notification service whose email provider is Resend (a local double of its API). */
async function throughResend() {
  const d = startResendDouble();
  const h = await notificationHarness({
    configure: (p) =>
      override(p, "email", new ResendEmailProvider({ apiKey: d.apiKey, baseUrl: d.url, timeoutMs: 2000 })),
  });
  return { d, h };
}

Deno.test("push through Resend: provider 5xx → 500 and a retry; crash after send → the same email id, no second email", async () => {
  const { d, h } = await throughResend();
  try {
    const env = h.envelope("job.completed", { job_id: h.jobId });
    const messageId = ulid();
    d.failFor(h.technician.email, 503, 4); // every attempt of the client fails
    const first = await h.push(env, { messageId });
    assert.equal(first.status, 500, "one recipient's provider failure makes the bus retry");
    assert.deepEqual((await h.logRows()).map((r) => [r.recipient_email, r.status]), [[
      h.contact.email,
      "sent",
    ]]);
    const second = await h.push(env, { messageId });
    assert.equal(second.body.status, "ok");
    assert.deepEqual(
      second.body.results.map((r: any) => r.user_id),
      [h.technician.id],
      "only the recipient still owed an email",
    );
    assert.equal(d.sent.length, 2);

    // Crash between send and log write, through Resend: the log write path fails once.
    await h.p.sql.unsafe(`create function pg_temp_fail() returns trigger language plpgsql as $$
      begin raise exception 'injected' using errcode = '08006'; end $$;
      create trigger inject before insert on public.notification_log for each row execute function pg_temp_fail();`);
    const m2 = ulid();
    const env2 = h.envelope("job.assigned", { job_id: h.jobId });
    assert.equal((await h.push(env2, { messageId: m2 })).status, 500);
    await h.p.sql.unsafe(`drop trigger inject on public.notification_log`);
    const again = await h.push(env2, { messageId: m2 });
    assert.equal(again.body.status, "ok");
    assert.equal(d.sent.length, 3, "Resend answered the replay with the original id; no new email");
    const row = (await h.logRows()).find((r) => String(r.idempotency_key).startsWith(m2))!;
    assert.equal(row.provider_email_id, d.sent[2].id);
    assert.equal(d.requests.filter((r) => r.headers["idempotency-key"] === m2).length, 2);
    assert.ok(
      d.requests.some((r) => r.headers["idempotency-key"] === `${messageId}:${h.technician.id}`),
      "several recipients: one key each",
    );
  } finally {
    await h.close();
    await d.close();
  }
});

Deno.test("push through Resend: one event under a new message id is not sent again (checked before the send)", async () => {
  const { d, h } = await throughResend();
  try {
    const env = h.envelope("job.assigned", { job_id: h.jobId });
    const first = await h.push(env);
    assert.equal(first.body.status, "ok");
    const replay = await h.push(env); // the same event, a new message id
    assert.equal(replay.body.status, "duplicate", JSON.stringify(replay.body));
    assert.equal(replay.body.results[0].email_id, first.body.results[0].email_id);
    assert.equal(d.sent.length, 1, "the provider got one email");
    assert.equal((await h.logRows()).length, 1);
    // Another event with the same content is sent.
    assert.equal((await h.push({ ...env, event_id: ulid() })).body.status, "ok");
    assert.equal(d.sent.length, 2);
  } finally {
    await h.close();
    await d.close();
  }
});
