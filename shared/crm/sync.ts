import type { Platform } from "../platform.ts";
import type { Db } from "../db/client.ts";
import type { Handler } from "../queue/queue.ts";
import { enqueue, PermanentJobError } from "../queue/queue.ts";
import { errorText, log } from "../log.ts";
import { isSeamUnavailable } from "../errors.ts";
import { crm } from "./index.ts";

// Leads and opportunities are committed in Postgres first, with a queued sync job in the same
// transaction; the job pushes them to the CRM and retries with backoff, so a CRM outage loses nothing.
export const CRM_LEAD_QUEUE = "crm.sync-lead";
export const CRM_OPPORTUNITY_QUEUE = "crm.sync-opportunity";
export const CRM_NOTE_QUEUE = "crm.add-note";

async function guard(p: Platform, table: "leads" | "opportunities", id: string, fn: () => Promise<void>) {
  try {
    await fn();
  } catch (e) {
    await p.sql`update ${p.sql("public." + table)} set crm_error = ${
      errorText(e)
    }, updated_at = now() where id = ${id}`;
    if (isSeamUnavailable(e, "crm") && e.retryable) throw e;
    log("error", "crm sync refused", { table, id, error: errorText(e) });
    throw new PermanentJobError(errorText(e));
  }
}

export async function syncLead(p: Platform, leadId: string): Promise<void> {
  const [l] = await p.sql`select * from public.leads where id = ${leadId}`;
  if (!l) throw new PermanentJobError(`lead ${leadId} no longer exists`);
  const provider = crm(p);
  await guard(p, "leads", leadId, async () => {
    const { crmId } = await provider.upsertLead({
      id: l.id as string,
      email: l.email as string,
      firstName: l.first_name as string,
      lastName: l.last_name as string,
      phone: (l.phone as string) ?? null,
      address: (l.address ?? {}) as Record<string, string>,
      status: l.status as string,
      outOfArea: l.out_of_area as boolean,
      utilityProvider: (l.utility_provider as string) ?? null,
    });
    await p
      .sql`update public.leads set crm_provider = ${provider.name}, crm_id = ${crmId}, crm_synced_at = now(), crm_error = null,
      updated_at = now() where id = ${leadId}`;
  });
}

export async function syncOpportunity(p: Platform, opportunityId: string): Promise<void> {
  const [o] = await p
    .sql`select o.*, l.crm_id as lead_crm_id from public.opportunities o join public.leads l on l.id = o.lead_id where o.id = ${opportunityId}`;
  if (!o) throw new PermanentJobError(`opportunity ${opportunityId} no longer exists`);
  if (o.crm_id) return; // already created: a redelivered job must not make a second deal
  if (!o.lead_crm_id) await syncLead(p, o.lead_id as string);
  const [{ crm_id: leadCrmId }] = await p.sql`select crm_id from public.leads where id = ${o
    .lead_id as string}`;
  await guard(p, "opportunities", opportunityId, async () => {
    const { crmId } = await crm(p).createOpportunity({
      id: o.id as string,
      name: o.name as string,
      stage: o.stage as string,
      amount: o.amount === null ? null : Number(o.amount),
      leadCrmId: leadCrmId as string,
    });
    await p
      .sql`update public.opportunities set crm_id = ${crmId}, crm_synced_at = now(), crm_error = null, updated_at = now() where id = ${opportunityId}`;
  });
}

export async function addLeadNote(p: Platform, leadId: string, text: string): Promise<void> {
  const [l] = await p.sql`select crm_id from public.leads where id = ${leadId}`;
  if (!l) throw new PermanentJobError(`lead ${leadId} no longer exists`);
  if (!l.crm_id) await syncLead(p, leadId);
  const [{ crm_id }] = await p.sql`select crm_id from public.leads where id = ${leadId}`;
  await guard(p, "leads", leadId, () => crm(p).addNote(crm_id as string, text));
}

/** Queue handlers for the stack's worker (and the deployed worker function). */
export function crmJobHandlers(p: Platform): Record<string, Handler> {
  return {
    [CRM_LEAD_QUEUE]: (job) => syncLead(p, String(job.payload.leadId)),
    [CRM_OPPORTUNITY_QUEUE]: (job) => syncOpportunity(p, String(job.payload.opportunityId)),
    [CRM_NOTE_QUEUE]: (job) => addLeadNote(p, String(job.payload.leadId), String(job.payload.text)),
  };
}

/**
 * Queues a CRM job inside a caller's RLS transaction (withAuth): the queue schema is private, so the
 * role is lifted for this one insert and restored, and the job still commits or rolls back with the data.
 */
export async function enqueueCrmJob(
  tx: Db,
  queue: string,
  payload: Record<string, unknown>,
  dedupeKey: string,
): Promise<void> {
  await tx`reset role`;
  await enqueue(tx, queue, payload, { dedupeKey, maxAttempts: 8 });
  await tx`set local role authenticated`;
}
