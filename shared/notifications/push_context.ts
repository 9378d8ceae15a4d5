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
 * One round trip: notify.push_context (migration 20261125010100), whose statement PostgreSQL plans once per
 * connection instead of on every push. Dates come back as ISO text and amounts as JSON numbers (format.ts
 * reads both).
 */
export async function loadPushContext(sql: Sql, messageId: string, e: EventEnvelope): Promise<PushContext> {
  const p = e.payload;
  const jobId = e.event_type.startsWith("job.") ? p.job_id ?? null : null;
  const invoiceId = e.event_type.startsWith("invoice.") ? p.invoice_id ?? null : null;
  const ids = [...(p.recipient_ids ?? []), p.actor_id, p.inviter_id].filter((x): x is string => !!x);
  const [row] = await sql`select done, job, invoice, users
    from notify.push_context(${messageId}, ${jobId}, ${invoiceId}, ${ids}::uuid[], ${e.event_type})`;
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
