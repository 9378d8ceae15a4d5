// One handler per event type (SPEC: Events, Email templates): who gets the email by default, and the data
// each template needs, from the portal's rows read at delivery time in the push's one read (push_context.ts).
import type { EventEnvelope } from "../events/envelope.ts";
import type { NotificationConfig } from "./config.ts";
import { PermanentPushError } from "./errors.ts";
import { day, moment, money } from "./format.ts";
import type { PushContext } from "./push_context.ts";
import { leadCreatedHandler } from "./lead_created.ts";
import type { Sql } from "../db/client.ts";

export interface Recipient {
  userId: string;
  email: string;
  name: string;
}

export interface PreparedEvent {
  /** Recipient user ids, in order, without duplicates. */
  recipientIds: string[];
  /** Template context for one recipient. */
  context(r: Recipient): Record<string, unknown>;
  /** The organization of the event's record: a recipient who is not its member gets nothing (members.ts). */
  organizationId?: string;
}

/** Job, invoice and auth events use the push's one read (`ctx`); an event type whose data is elsewhere may
 * read it with `sql` (its recipients missing from `ctx.users` are then looked up too: more round trips). */
type Handler = (
  e: EventEnvelope,
  ctx: PushContext,
  cfg: NotificationConfig,
  sql: Sql,
) => PreparedEvent | Promise<PreparedEvent>;

const unique = (ids: (string | null | undefined)[]) => [...new Set(ids.filter((x): x is string => !!x))];

function recipientsOr(e: EventEnvelope, defaults: (string | null | undefined)[], what: string): string[] {
  const ids = e.payload.recipient_ids?.length ? unique(e.payload.recipient_ids) : unique(defaults);
  if (!ids.length) {
    throw new PermanentPushError(`no recipients: payload.recipient_ids is absent and the ${what} is not set`);
  }
  return ids;
}

function loadJob(e: EventEnvelope, ctx: PushContext): Record<string, unknown> {
  const id = e.payload.job_id;
  if (!id) throw new PermanentPushError("payload.job_id is required");
  if (!ctx.job) throw new PermanentPushError(`job ${id} not found`);
  return ctx.job;
}

function loadInvoice(e: EventEnvelope, ctx: PushContext): Record<string, unknown> {
  const id = e.payload.invoice_id;
  if (!id) throw new PermanentPushError("payload.invoice_id is required");
  if (!ctx.invoice) throw new PermanentPushError(`invoice ${id} not found`);
  return ctx.invoice;
}

function userName(ctx: PushContext, id: string | undefined): string {
  return id ? String(ctx.users.get(id)?.full_name || "") : "";
}

const jobLinks = (cfg: NotificationConfig, jobId: string) => {
  const url = `${cfg.portalUrl}/jobs/${encodeURIComponent(jobId)}`;
  return { orion_url: url, portal_url: url };
};
const invoiceLinks = (cfg: NotificationConfig, id: string) => {
  const url = `${cfg.portalUrl}/invoices/${encodeURIComponent(id)}`;
  return { orion_url: url, portal_url: url };
};

function jobHandler(
  defaults: (job: Record<string, unknown>) => unknown[],
  extra: (job: Record<string, unknown>, e: EventEnvelope) => Record<string, unknown> = () => ({}),
): Handler {
  return (e, ctx, cfg) => {
    const job = loadJob(e, ctx);
    const base = {
      job_id: job.id,
      job_address: job.address,
      partner_name: job.partner_name,
      technician_name: job.technician_name,
      ...jobLinks(cfg, String(job.id)),
      ...extra(job, e),
    };
    return {
      recipientIds: recipientsOr(e, defaults(job) as string[], "job's default recipient"),
      context: (r) => ({ ...base, user_id: r.userId, recipient_name: r.name }),
      organizationId: job.organization_id as string,
    };
  };
}

function invoiceHandler(defaults: (inv: Record<string, unknown>) => unknown[]): Handler {
  return (e, ctx, cfg) => {
    const inv = loadInvoice(e, ctx);
    const base = {
      invoice_id: inv.id,
      partner_name: inv.partner_name,
      amount: money(inv.amount, String(inv.currency ?? "USD")),
      due_date: day(inv.due_date),
      customer_name: inv.customer_name,
      paid_at: moment(inv.paid_at),
      sent_at: moment(inv.sent_at),
      ...invoiceLinks(cfg, String(inv.id)),
    };
    return {
      recipientIds: recipientsOr(e, defaults(inv) as string[], "invoice's partner contact"),
      context: (r) => ({ ...base, user_id: r.userId, recipient_name: r.name }),
      organizationId: inv.organization_id as string,
    };
  };
}

/** Event types whose handler reads its own rows (not only the push's one read). */
export const ownReads = new Set(["lead.created"]);

export const handlers: Record<string, Handler> = {
  "job.assigned": jobHandler((j) => [j.technician_id as string]),
  "job.status_changed": jobHandler((j) => [j.partner_contact as string], (j, e) => ({
    old_status: e.payload.old_status ?? "",
    new_status: e.payload.new_status ?? j.status,
  })),
  "job.completed": jobHandler((j) => [j.partner_contact as string, j.technician_id as string], (j) => ({
    completed_at: moment(j.completed_at ?? j.updated_at),
  })),
  "job.cancelled": jobHandler((j) => [j.technician_id as string, j.partner_contact as string], (j) => ({
    cancelled_at: moment(j.cancelled_at ?? j.updated_at),
  })),
  "invoice.created": invoiceHandler((i) => [i.billing_contact as string]),
  "invoice.sent": invoiceHandler((i) => [i.partner_contact as string]),
  "invoice.paid": invoiceHandler((i) => [i.billing_contact as string]),
  "auth.invite_sent": (e, ctx) => {
    if (!e.payload.invite_url) throw new PermanentPushError("payload.invite_url is required");
    const inviterName = userName(ctx, e.payload.inviter_id ?? e.payload.actor_id);
    return {
      recipientIds: recipientsOr(e, [], "invitee"),
      context: (r) => ({
        invitee_name: r.name,
        invitee_email: r.email,
        invite_url: e.payload.invite_url,
        inviter_name: inviterName || "Your administrator",
      }),
    };
  },
  "auth.password_reset": (e) => {
    if (!e.payload.reset_url) throw new PermanentPushError("payload.reset_url is required");
    return {
      recipientIds: recipientsOr(e, [e.payload.actor_id], "requesting user (actor_id)"),
      context: (r) => ({
        user_name: r.name,
        reset_url: e.payload.reset_url,
        expires_in: e.payload.expires_in ?? "1 hour",
      }),
    };
  },
  // Reads its own rows (the lead, the partner's staff): a second round trip for this event type.
  "lead.created": (e, _ctx, cfg, sql) => leadCreatedHandler(sql, e, cfg),
  "auth.account_locked": (e, _ctx, cfg) => ({
    recipientIds: recipientsOr(e, [e.payload.actor_id], "account owner (actor_id)"),
    context: (r) => ({ user_name: r.name, support_url: cfg.supportUrl }),
  }),
};
