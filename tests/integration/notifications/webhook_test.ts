import assert from "node:assert/strict";
import { Webhook } from "standardwebhooks";
import { notificationHarness, SECRETS } from "./harness.ts";
import { signWebhook } from "../../../shared/notifications/webhook.ts";

Deno.test("delivery webhooks move the status of the row matched by provider_email_id", async () => {
  const h = await notificationHarness();
  try {
    const send = async () => {
      const r = await h.push(h.envelope("job.assigned", { job_id: h.jobId }));
      return r.body.results[0].email_id as string;
    };
    const hook = async (
      type: string,
      emailId: string,
      extra: Record<string, unknown> = {},
      prefix = "webhook",
    ) => {
      const body = JSON.stringify({
        type,
        created_at: new Date().toISOString(),
        data: { email_id: emailId, ...extra },
      });
      const headers = Object.fromEntries(
        Object.entries(signWebhook(SECRETS.webhookSecret, `msg_${crypto.randomUUID()}`, body))
          .map(([k, v]) => [k.replace("webhook", prefix), v]),
      );
      const res = await fetch(`${h.serviceUrl}/events/webhook`, {
        method: "POST",
        body,
        headers: { ...headers, "content-type": "application/json" },
      });
      return { status: res.status, body: await res.json() };
    };
    const row = async (emailId: string) =>
      (await h.p.sql`select * from public.notification_log where provider_email_id = ${emailId}`)[0];

    const a = await send();
    assert.deepEqual(await hook("email.opened", a), { status: 200, body: { status: "ok", updated: 1 } });
    let r = await row(a);
    assert.equal(r.status, "sent", "opened changes no status");
    assert.ok(r.opened_at instanceof Date);
    assert.equal(r.delivered_at, null);
    await hook("email.delivered", a, {}, "svix"); // Resend signs with svix-* headers
    r = await row(a);
    assert.equal(r.status, "delivered");
    assert.ok(r.delivered_at instanceof Date);

    const b = await send();
    await hook("email.bounced", b, { bounce: { message: "Mailbox does not exist", type: "Permanent" } });
    r = await row(b);
    assert.equal(r.status, "bounced");
    assert.equal(r.error_message, "Mailbox does not exist");
    assert.equal(r.delivered_at, null, "delivered_at only for delivered");

    const c = await send();
    await hook("email.complained", c);
    assert.equal((await row(c)).status, "complained");

    assert.deepEqual((await hook("email.clicked", c)).body, { status: "ignored", updated: 0 });
    assert.deepEqual((await hook("contact.created", c)).body, { status: "ignored", updated: 0 });
  } finally {
    await h.close();
  }
});

Deno.test("webhook verification failures answer 403: wrong secret, tampered body, stale timestamp, no headers", async () => {
  const h = await notificationHarness();
  try {
    const body = JSON.stringify({ type: "email.delivered", data: { email_id: "x" } });
    const post = async (headers: Record<string, string>, b = body) => {
      const res = await fetch(`${h.serviceUrl}/events/webhook`, { method: "POST", body: b, headers });
      await res.body?.cancel();
      return res.status;
    };
    const other = "whsec_" + btoa("another-secret-another-secret!!!");
    assert.equal(await post(signWebhook(other, "msg_1", body)), 403);
    assert.equal(await post(signWebhook(SECRETS.webhookSecret, "msg_2", body), body.replace("x", "y")), 403);
    assert.equal(
      await post(signWebhook(SECRETS.webhookSecret, "msg_3", body, new Date(Date.now() - 6 * 60_000))),
      403,
    );
    assert.equal(await post({}), 403);
    const fresh = new Webhook(SECRETS.webhookSecret);
    const now = new Date();
    assert.equal(
      await post({
        "webhook-id": "msg_4",
        "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
        "webhook-signature": fresh.sign("msg_4", now, body),
      }),
      200,
    );
  } finally {
    await h.close();
  }
});

Deno.test("a correctly signed webhook whose body is not JSON is 400 invalid_json (not 403 invalid_signature)", async () => {
  const h = await notificationHarness();
  try {
    const body = "not json {";
    const headers = signWebhook(SECRETS.webhookSecret, `msg_${crypto.randomUUID()}`, body);
    const res = await fetch(`${h.serviceUrl}/events/webhook`, {
      method: "POST",
      body,
      headers: { ...headers, "content-type": "application/json" },
    });
    assert.equal(res.status, 400);
    assert.equal((await res.json()).error.code, "invalid_json");
    const forged = await fetch(`${h.serviceUrl}/events/webhook`, {
      method: "POST",
      body,
      headers: {
        ...signWebhook("whsec_" + btoa("another-secret-of-thirty-two-byte"), "msg_1", body),
        "content-type": "application/json",
      },
    });
    assert.equal(forged.status, 403, "a bad signature is still 403 first");
    await forged.body?.cancel();
  } finally {
    await h.close();
  }
});
