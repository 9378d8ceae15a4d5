// Everything the database decides before an email of a push exists, in one statement (issue 16): the log
// keys already written for the message (rule 4, dedupe), the job or invoice of the event with its default
// recipients, and every user the message could go to with their opt-out of the event type. The handlers
// then pick the recipients from these rows (handlers.ts) without further queries.
import type { Sql } from "../db/client.ts";
import type { EventEnvelope } from "../events/envelope.ts";

export interface PushUser {
  id: string;
  email: string;
  full_name: string | null;
  opted_out: boolean;
}

export interface PushContext {
  /** Log keys of this message already written: its id and its "<id>:<user id>" keys. */
  done: Set<string>;
  /** The event's job (job.*), with partner_name, technician_name and partner_contact; null when unknown. */
  job: Record<string, unknown> | null;
  /** The event's invoice (invoice.*), with partner_name, billing_contact and partner_contact; null when unknown. */
  invoice: Record<string, unknown> | null;
  /** The users the message could go to (explicit recipients, actor, inviter, the record's contacts). */
  users: Map<string, PushUser>;
}

/**
 * One round trip. The key column has the "C" collation, so "<id>:" ≤ key < "<id>;" is exactly the keys with
 * that prefix and the unique index answers it. Dates come back as ISO text and amounts as JSON numbers
 * (format.ts reads both).
 */
export async function loadPushContext(sql: Sql, messageId: string, e: EventEnvelope): Promise<PushContext> {
  const p = e.payload;
  const jobId = e.event_type.startsWith("job.") ? p.job_id ?? null : null;
  const invoiceId = e.event_type.startsWith("invoice.") ? p.invoice_id ?? null : null;
  const ids = [...(p.recipient_ids ?? []), p.actor_id, p.inviter_id].filter((x): x is string => !!x);
  const [row] = await sql`
    with job as (
      select j.*, o.name as partner_name, coalesce(t.full_name, '') as technician_name,
             coalesce(j.partner_contact_id, pc.contact_user_id) as partner_contact
      from public.jobs j join public.organizations o on o.id = j.organization_id
      left join public.users t on t.id = j.technician_id
      left join public.partner_contacts pc on pc.organization_id = j.organization_id
      where j.id = ${jobId}
    ), invoice as (
      select i.*, o.name as partner_name, coalesce(i.billing_contact_id, pc.billing_contact_user_id) as billing_contact,
             pc.contact_user_id as partner_contact
      from public.invoices i join public.organizations o on o.id = i.organization_id
      left join public.partner_contacts pc on pc.organization_id = i.organization_id
      where i.id = ${invoiceId}
    ), wanted as (
      select unnest(${ids}::uuid[]) as id
      union select technician_id from job union select partner_contact from job
      union select billing_contact from invoice union select partner_contact from invoice
    )
    select
      array(select idempotency_key::text from public.notification_log
            where idempotency_key = ${messageId} or (idempotency_key >= ${
    messageId + ":"
  } and idempotency_key < ${messageId + ";"})) as done,
      (select to_json(job) from job) as job,
      (select to_json(invoice) from invoice) as invoice,
      (select coalesce(json_agg(json_build_object('id', u.id, 'email', u.email, 'full_name', u.full_name,
                'opted_out', coalesce(not pr.email_enabled, false))), '[]')
         from public.users u
         left join public.user_notification_preference pr on pr.user_id = u.id and pr.event_type = ${e.event_type}
         where u.id in (select id from wanted)) as users`;
  return {
    done: new Set(row.done as string[]),
    job: row.job as Record<string, unknown> | null,
    invoice: row.invoice as Record<string, unknown> | null,
    users: new Map((row.users as PushUser[]).map((u) => [u.id, u])),
  };
}

/** Adds to `ctx.users` the recipients a handler chose that the one read did not cover (their opt-outs too). */
export async function loadMissingUsers(
  sql: Sql,
  ctx: PushContext,
  ids: string[],
  eventType: string,
): Promise<void> {
  const missing = ids.filter((id) => !ctx.users.has(id));
  if (!missing.length) return;
  const rows = await sql`select u.id, u.email, u.full_name, coalesce(not pr.email_enabled, false) as opted_out
    from public.users u
    left join public.user_notification_preference pr on pr.user_id = u.id and pr.event_type = ${eventType}
    where u.id = any(${missing}::uuid[])`;
  for (const u of rows as unknown as PushUser[]) ctx.users.set(u.id, u);
}
