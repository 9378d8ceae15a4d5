// Issue 12: delivery webhooks are applied once per webhook id, move the status only forward, ignore
// unknown types safely (`constructor`, `__proto__`), and every unsubscribe nonce works once.
import assert from "node:assert/strict";
import { notificationHarness, SECRETS } from "../notifications/harness.ts";
import { signWebhook } from "../../../shared/notifications/webhook.ts";
import { unsubscribeUrl } from "../../../shared/notifications/unsubscribe.ts";

async function setup() {
  const h = await notificationHarness();
  const send = async () =>
    (await h.push(h.envelope("job.assigned", { job_id: h.jobId }))).body.results[0].email_id as string;
  const hook = async (type: string, emailId: string, id = `msg_${crypto.randomUUID()}`) => {
    const body = JSON.stringify({ type, created_at: new Date().toISOString(), data: { email_id: emailId } });
    const res = await fetch(`${h.serviceUrl}/events/webhook`, {
      method: "POST",
      body,
      headers: { ...signWebhook(SECRETS.webhookSecret, id, body), "content-type": "application/json" },
    });
    return { status: res.status, body: await res.json() };
  };
  const row = async (emailId: string) =>
    (await h.p.sql`select * from public.notification_log where provider_email_id = ${emailId}`)[0];
  return { h, send, hook, row };
}

Deno.test("webhook replay: the same webhook-id sent five times is applied once", async () => {
  const { h, send, hook, row } = await setup();
  try {
    const a = await send();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await hook("email.opened", a, "msg_replayed")).body.status);
    console.log(`webhook replay x5: ${answers.join(", ")}`);
    assert.deepEqual(answers, ["ok", "duplicate", "duplicate", "duplicate", "duplicate"]);
    const first = (await row(a)).opened_at as Date;
    // Concurrent replays of one id: exactly one applies.
    const b = await send();
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () => hook("email.bounced", b, "msg_concurrent")),
    );
    assert.deepEqual(concurrent.map((r) => r.body.status).sort(), [
      "duplicate",
      "duplicate",
      "duplicate",
      "duplicate",
      "ok",
    ]);
    assert.equal((await row(a)).opened_at.getTime(), first.getTime());
    const [seen] = await h.p.sql`select count(*)::int as n from security.seen_webhooks`;
    assert.equal(seen.n, 2);
  } finally {
    await h.close();
  }
});

Deno.test("webhook order: status only moves forward; a late delivered never overwrites bounced or complained; opened only sets opened_at", async () => {
  const { h, send, hook, row } = await setup();
  try {
    const bounced = await send();
    await hook("email.bounced", bounced);
    await hook("email.delivered", bounced);
    let r = await row(bounced);
    assert.equal(r.status, "bounced", "late delivered after bounced");
    assert.equal(r.delivered_at, null);

    const complained = await send();
    await hook("email.delivered", complained);
    await hook("email.complained", complained);
    await hook("email.delivered", complained);
    await hook("email.opened", complained);
    r = await row(complained);
    assert.equal(r.status, "complained", "late delivered after complained");
    assert.ok(r.opened_at instanceof Date, "opened sets opened_at");

    const opened = await send();
    await hook("email.opened", opened);
    assert.equal((await row(opened)).status, "sent", "opened changes no status");
  } finally {
    await h.close();
  }
});

Deno.test("webhook types like constructor, __proto__, toString are ignored with 200, never 500", async () => {
  const { h, send, hook, row } = await setup();
  try {
    const a = await send();
    for (
      const type of [
        "constructor",
        "__proto__",
        "toString",
        "hasOwnProperty",
        "valueOf",
        "email.__proto__",
        "",
      ]
    ) {
      const r = await hook(type, a);
      assert.equal(r.status, 200, type);
      assert.deepEqual(r.body, { status: "ignored", updated: 0 }, type);
    }
    assert.equal((await row(a)).status, "sent");
    // Signed, sent without a JSON content type (so the body guard does not see it), with a NUL in the id.
    const body = JSON.stringify({
      type: "email.bounced",
      data: { email_id: `${a}\u0000`, bounce: { message: "x\u0000" } },
    });
    const res = await fetch(`${h.serviceUrl}/events/webhook`, {
      method: "POST",
      body,
      headers: signWebhook(SECRETS.webhookSecret, "msg_nul", body),
    });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { status: "ignored", updated: 0 });
  } finally {
    await h.close();
  }
});

Deno.test("unsubscribe: every issued nonce is single-use — an older link does not work again after a newer one was used", async () => {
  const { h } = await setup();
  try {
    const link = (nonce: string) =>
      unsubscribeUrl(h.cfg, { user_id: h.technician.id, event_type: "job.assigned", nonce });
    const older = link("01JZ0000000000000000000001");
    const newer = link("01JZ0000000000000000000002");
    const get = async (url: string) => {
      const res = await fetch(url);
      await res.body?.cancel();
      return res.status;
    };
    assert.equal(await get(older), 200);
    assert.equal(await get(newer), 200);
    // Re-enable, then replay the older link: it must not turn the preference off again.
    await h.p
      .sql`update public.user_notification_preference set email_enabled = true where user_id = ${h.technician.id}`;
    assert.equal(await get(older), 400, "older nonce already used");
    assert.equal(await get(newer), 400, "newer nonce already used");
    const [pref] = await h.p
      .sql`select email_enabled from public.user_notification_preference where user_id = ${h.technician.id}`;
    assert.equal(pref.email_enabled, true);
    // One-click POST of a used nonce: still a 200 (mail clients repeat it), but nothing changes.
    const post = await fetch(older, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    assert.equal(post.status, 200);
    await post.body?.cancel();
    const [after] = await h.p
      .sql`select email_enabled from public.user_notification_preference where user_id = ${h.technician.id}`;
    assert.equal(after.email_enabled, true);
  } finally {
    await h.close();
  }
});
