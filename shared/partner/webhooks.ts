// Outbound lead webhooks: signed with Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature
// "v1,<base64 HMAC-SHA256>" with the endpoint's whsec_ secret), sent from the Postgres queue and retried with
// backoff (10 s, 20 s, 40 s … 10 min; 8 attempts); every attempt's outcome is in partner_webhook_deliveries.
import { Webhook } from "standardwebhooks";
import { randomBytes } from "node:crypto";
import type { Platform } from "../platform.ts";
import { jsonb, type JsonInput, type Tx } from "../db/client.ts";
import { backoffSeconds, enqueue, type Handler, type Job, PermanentJobError } from "../queue/queue.ts";
import { errorText, log } from "../log.ts";
import { leadSummary } from "./lead_view.ts";
import { pinnedAddress, postPinned, webhookTransport } from "./webhook_transport.ts";
import { partnerConfig } from "./config.ts";

export const WEBHOOK_QUEUE = "partner.webhook-delivery";
export const WEBHOOK_MAX_ATTEMPTS = 8;

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

type Hook = { id: string; url: string };

/** A delivery row and its job, in the caller's transaction; null when this message was already queued for the hook. */
async function queueDelivery(
  tx: Tx,
  orgId: string,
  h: Hook,
  eventType: string,
  messageId: string,
  leadId: string | null,
  body: JsonInput,
) {
  const [d] =
    await tx`insert into public.partner_webhook_deliveries (organization_id, webhook_id, url, event_type, message_id, lead_id, payload)
    values (${orgId}, ${h.id}, ${h.url}, ${eventType}, ${messageId}, ${leadId}, ${jsonb(tx, body)})
    on conflict (webhook_id, message_id) do nothing returning id`;
  if (!d) return null;
  await enqueue(tx, WEBHOOK_QUEUE, { deliveryId: d.id }, {
    dedupeKey: `${WEBHOOK_QUEUE}:${d.id}`,
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
  });
  return d.id as string;
}

/** One delivery row (and job) per enabled endpoint of the partner; a repeat for the same event adds nothing. */
export async function queueWebhookDeliveries(
  p: Platform,
  orgId: string,
  eventType: string,
  leadId: string,
): Promise<number> {
  const hooks = await p
    .sql`select id, url from public.partner_webhooks where organization_id = ${orgId} and enabled` as unknown as Hook[];
  if (!hooks.length) return 0;
  const [lead] = await p.sql`select * from public.leads where id = ${leadId}`;
  const body = { type: eventType, timestamp: new Date().toISOString(), data: { lead: leadSummary(lead) } };
  return await p.sql.begin(async (tx) => {
    let queued = 0;
    for (const h of hooks) {
      if (await queueDelivery(tx, orgId, h, eventType, `msg_${eventType}_${leadId}`, leadId, body)) queued++;
    }
    return queued;
  }) as number;
}

/** A `webhook.test` delivery to one endpoint (the console's "Send a test"), signed and logged like the real ones. */
export async function queueTestDelivery(
  p: Platform,
  orgId: string,
  hook: Hook,
  partnerName: string,
): Promise<string> {
  const body = {
    type: "webhook.test",
    timestamp: new Date().toISOString(),
    data: { message: `A test from ${partnerName}'s partner console` },
  };
  return await p.sql.begin((tx) =>
    queueDelivery(tx, orgId, hook, "webhook.test", `msg_webhook.test_${crypto.randomUUID()}`, null, body)
  ) as string;
}

/** The headers of one signed request (exported for the console's "send a test" and the tests). */
export function signedHeaders(
  secret: string,
  messageId: string,
  body: string,
  at = new Date(),
): Record<string, string> {
  return {
    "content-type": "application/json",
    "user-agent": "SolarPlatform-Webhooks/1.0",
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(messageId, at, body),
  };
}

export async function deliverWebhook(p: Platform, job: Job): Promise<void> {
  const id = String(job.payload.deliveryId);
  const [d] = await p.sql`select d.*, w.secret, w.enabled from public.partner_webhook_deliveries d
    left join public.partner_webhooks w on w.id = d.webhook_id where d.id = ${id}`;
  if (!d) throw new PermanentJobError(`webhook delivery ${id} does not exist`);
  if (d.status === "succeeded") return;
  if (!d.secret || !d.enabled) {
    await p
      .sql`update public.partner_webhook_deliveries set status = 'failed', last_error = 'endpoint removed or disabled', updated_at = now() where id = ${id}`;
    throw new PermanentJobError(`webhook endpoint of delivery ${id} is removed or disabled`);
  }
  const body = JSON.stringify(d.payload);
  let status: number | null = null;
  let error: string | null = null;
  try {
    // One resolution, checked, and the request sent to exactly that address (webhook_transport.ts).
    const t = webhookTransport(p);
    const url = new URL(d.url as string);
    const cfg = partnerConfig(p);
    const address = await pinnedAddress(url, cfg.webhookAllowPrivate, t.resolve, cfg.webhookPorts);
    status = await postPinned(
      url,
      address,
      signedHeaders(d.secret as string, d.message_id as string, body),
      body,
      t,
    );
    if (status < 200 || status >= 300) error = `HTTP ${status}`;
  } catch (e) {
    error = errorText(e).slice(0, 300);
  }
  if (!error) {
    await p
      .sql`update public.partner_webhook_deliveries set status = 'succeeded', attempts = ${job.attempts}, response_status = ${status},
      last_error = null, next_attempt_at = null, delivered_at = now(), updated_at = now() where id = ${id}`;
    return;
  }
  const final = job.attempts >= job.max_attempts;
  await p.sql`update public.partner_webhook_deliveries set status = ${
    final ? "failed" : "retrying"
  }, attempts = ${job.attempts},
    response_status = ${status}, last_error = ${error},
    next_attempt_at = ${
    final ? null : new Date(Date.now() + backoffSeconds(job.attempts) * 1000)
  }, updated_at = now() where id = ${id}`;
  log("warn", "webhook delivery failed", { delivery: id, attempt: job.attempts, final, error });
  throw new Error(`webhook ${d.url}: ${error}`);
}

export function webhookJobHandlers(p: Platform): Record<string, Handler> {
  return { [WEBHOOK_QUEUE]: (job) => deliverWebhook(p, job) };
}
