// A new lead reaches the partner: a job committed with the lead publishes `lead.created` (the notification
// service emails the partner's people, after a delay that lets the report be made) and, at once, queues one signed
// webhook delivery per enabled endpoint.
import type { Platform } from "../platform.ts";
import type { Tx } from "../db/client.ts";
import { enqueue, type Handler, PermanentJobError } from "../queue/queue.ts";
import { publishEvent } from "../events/publish.ts";
import { queueWebhookDeliveries } from "./webhooks.ts";

export const LEAD_CREATED_QUEUE = "partner.lead-created";
/** The lead's webhook deliveries are queued at once: their body is the lead alone, nothing in it waits for a report. */
export const LEAD_WEBHOOKS_QUEUE = "partner.lead-webhooks";
/**
 * The announcement waits this long after the lead: the widget asks for the savings report right after it creates
 * the lead, so the partner's email can carry the report's figures instead of "no report yet".
 */
export const LEAD_ANNOUNCE_DELAY_SECONDS = 20;
/** While a report is being made for the lead, the announcement is retried (10 s, 20 s, 40 s) up to this attempt. */
export const LEAD_ANNOUNCE_REPORT_WAITS = 3;

/**
 * Called inside the transaction that inserts the lead (withAuth, role authenticated): the queue schema is
 * private, so the role is lifted for this one insert and restored, and the job commits with the lead.
 */
export async function enqueueLeadCreated(tx: Tx, leadId: string): Promise<void> {
  await tx`reset role`;
  await enqueue(tx, LEAD_WEBHOOKS_QUEUE, { leadId }, {
    dedupeKey: `${LEAD_WEBHOOKS_QUEUE}:${leadId}`,
    maxAttempts: 10,
  });
  await enqueue(tx, LEAD_CREATED_QUEUE, { leadId }, {
    dedupeKey: `${LEAD_CREATED_QUEUE}:${leadId}`,
    maxAttempts: 10,
    delaySeconds: LEAD_ANNOUNCE_DELAY_SECONDS,
  });
  await tx`set local role authenticated`;
}

export async function announceLead(p: Platform, leadId: string, attempt = 1): Promise<void> {
  const [lead] = await p.sql`select id, organization_id, announced_at, report_transaction_id,
    exists (select 1 from public.savings_reports r where r.id::text = report_transaction_id) as has_report
    from public.leads where id = ${leadId}`;
  if (!lead) throw new PermanentJobError(`lead ${leadId} no longer exists`);
  // Webhook rows first (idempotent per endpoint and lead), then the event: a retry after a failed publish
  // does not queue the webhooks twice.
  await queueWebhookDeliveries(p, lead.organization_id as string, "lead.created", leadId);
  if (!lead.announced_at) {
    if (lead.report_transaction_id && !lead.has_report && attempt <= LEAD_ANNOUNCE_REPORT_WAITS) {
      // Retried with backoff: the email then carries the report's figures (after the last wait it says the report
      // is still being made).
      throw new Error(`lead ${leadId}: its savings report is being made; announcing once it exists`);
    }
    await publishEvent(p, {
      event_type: "lead.created",
      source: "widget-service",
      payload: { lead_id: leadId },
    });
    await p.sql`update public.leads set announced_at = now() where id = ${leadId}`;
  }
}

async function queueLeadWebhooks(p: Platform, leadId: string): Promise<void> {
  const [lead] = await p.sql`select organization_id from public.leads where id = ${leadId}`;
  if (!lead) throw new PermanentJobError(`lead ${leadId} no longer exists`);
  await queueWebhookDeliveries(p, lead.organization_id as string, "lead.created", leadId);
}

export function leadEventHandlers(p: Platform): Record<string, Handler> {
  return {
    [LEAD_WEBHOOKS_QUEUE]: (job) => queueLeadWebhooks(p, String(job.payload.leadId)),
    [LEAD_CREATED_QUEUE]: (job) => announceLead(p, String(job.payload.leadId), job.attempts),
  };
}
