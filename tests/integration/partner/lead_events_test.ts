import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { Webhook } from "standardwebhooks";
import { partnerEnv, SF } from "./helpers.ts";
import { runReadyJobs } from "../../../shared/queue/queue.ts";
import { leadEventHandlers } from "../../../shared/partner/lead_events.ts";
import { webhookJobHandlers } from "../../../shared/partner/webhooks.ts";
import { handlePush } from "../../../shared/notifications/push.ts";
import { listOutbox } from "../../../shared/email/outbox.ts";
import { serveApp } from "../../support/http.ts";
import { override } from "../../../shared/platform.ts";
import { loadPartnerConfig } from "../../../shared/partner/config.ts";

Deno.test("a new lead: lead.created on the bus, emailed to the partner's people (opt-out honoured), signed webhook retried with backoff", async () => {
  // The receiver is on loopback, which a deployed platform refuses (webhook_url.ts).
  const e = await partnerEnv();
  override(e.p, "partnerConfig", loadPartnerConfig(new Map([["PARTNER_WEBHOOK_ALLOW_PRIVATE", "true"]])));
  const received: { headers: Headers; body: string }[] = [];
  let failFirst = true;
  const receiver = serveApp(async (req) => {
    received.push({ headers: req.headers, body: await req.text() });
    if (failFirst) {
      failFirst = false;
      return new Response("busy", { status: 503 });
    }
    return new Response("ok");
  });
  try {
    const hook = await e.call(e.admin, "POST", "/partner-service/webhooks", { url: `${receiver.url}/hooks` });
    await e.call(e.user, "PUT", "/partner-service/notification-preferences", { lead_created_email: false });
    const leadId = await e.lead("Jane", SF);
    const handlers = { ...leadEventHandlers(e.p), ...webhookJobHandlers(e.p) };
    // The announcement waits LEAD_ANNOUNCE_DELAY_SECONDS for the report the widget asks for next.
    await runReadyJobs(e.p.sql, handlers);
    const [{ n: early }] = await e.p
      .sql`select count(*)::int as n from bus.messages where topic = 'platform.leads'`;
    assert.equal(early, 0, "not announced before the delay");
    // The webhook does not wait for the report: its delivery is queued at once, its first attempt answered 503 here.
    await runReadyJobs(e.p.sql, handlers);
    assert.equal(received.length, 1, "the webhook is called before the announcement's delay");
    await e.p.sql`update queue.jobs set run_at = now() where queue = 'partner.lead-created'`;
    await runReadyJobs(e.p.sql, handlers);
    await runReadyJobs(e.p.sql, handlers);

    // The event: ids only, on its own topic.
    const [msg] = await e.p.sql`select data from bus.messages where topic = 'platform.leads'`;
    const envelope = JSON.parse(Buffer.from(msg.data as string, "base64").toString());
    assert.equal(envelope.event_type, "lead.created");
    assert.deepEqual(envelope.payload, { lead_id: leadId });

    // First attempt answered 503: retrying, with the next attempt scheduled.
    let [d] = await e.p.sql`select * from public.partner_webhook_deliveries`;
    assert.equal(d.status, "retrying");
    assert.equal(d.attempts, 1);
    assert.equal(d.response_status, 503);
    assert.ok(new Date(d.next_attempt_at as string).getTime() > Date.now());
    await e.p.sql`update queue.jobs set run_at = now() where queue = 'partner.webhook-delivery'`;
    await runReadyJobs(e.p.sql, handlers);
    [d] = await e.p.sql`select * from public.partner_webhook_deliveries`;
    assert.equal(d.status, "succeeded");
    assert.equal(d.attempts, 2);
    assert.equal(received.length, 2);
    // Both attempts carry the same webhook-id and verify with the endpoint's secret (Standard Webhooks).
    assert.equal(received[0].headers.get("webhook-id"), received[1].headers.get("webhook-id"));
    const wh = new Webhook(hook.json.data.secret);
    const verified = wh.verify(received[1].body, Object.fromEntries(received[1].headers)) as {
      type: string;
      data: { lead: { id: string; email: string } };
    };
    assert.equal(verified.type, "lead.created");
    assert.equal(verified.data.lead.id, leadId);
    assert.equal(verified.data.lead.email, "jane@example.com");
    assert.throws(() =>
      new Webhook("whsec_" + btoa("another secret of 32 bytes......")).verify(
        received[1].body,
        Object.fromEntries(received[1].headers),
      )
    );
    const log = await e.call(e.user, "GET", "/partner-service/webhook-deliveries");
    assert.equal(log.json.data[0].status, "succeeded");
    assert.equal((await e.call(e.other, "GET", "/partner-service/webhook-deliveries")).json.data.length, 0);

    // The notification service emails the admin; the user opted out.
    const res = await handlePush(e.p, {
      message: { data: msg.data, messageId: "m-lead-1" },
      subscription: "s",
    });
    assert.equal(res.status, "ok", JSON.stringify(res));
    const byUser = Object.fromEntries(res.results!.map((r) => [r.user_id, r.status]));
    assert.deepEqual(byUser, { [e.admin.userId]: "sent", [e.user.userId]: "skipped" });
    const [mail] = await listOutbox(e.p.sql, { to: e.admin.email });
    assert.equal(mail.subject, "New lead: Jane Doe (CA)");
    assert.match(mail.html, /jane@example\.com/);
    assert.match(mail.html, new RegExp(`/console/#/leads/${leadId}`));
    assert.match(mail.text, /Service address: 1 Market St, San Francisco, CA 94105/);
    assert.match(mail.text, /No savings report yet/);
    assert.match(mail.text, /Phone: \+1 415 555 0100/);
    assert.match(mail.text, /Manage notification preferences: http:\/\/\S+\/console\/#\/notifications/);
    assert.match(mail.html, /href="http:\/\/\S+\/console\/#\/notifications"/);
    assert.match(mail.text, /Unsubscribe from "New leads from your widget" emails/);
  } finally {
    await receiver.close();
    await e.close();
  }
});
