// One handler per event type (SPEC: Events, Email templates): who gets the email by default, and the data
// each template needs, fetched at delivery time from the portal's tables.
import type { Sql } from "../db/client.ts";
import type { EventEnvelope } from "../events/envelope.ts";
import type { NotificationConfig } from "./config.ts";
import { PermanentPushError } from "./errors.ts";
import { day, moment, money } from "./format.ts";
import { leadCreatedHandler } from "../partner/lead_email.ts";

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
}

type Handler = (sql: Sql, e: EventEnvelope, cfg: NotificationConfig) => Promise<PreparedEvent>;

const unique = (ids: (string | null | undefined)[]) => [...new Set(ids.filter((x): x is string => !!x))];

function recipientsOr(e: EventEnvelope, defaults: (string | null | undefined)[], what: string): string[] {
  const ids = e.payload.recipient_ids?.length ? unique(e.payload.recipient_ids) : unique(defaults);
  if (!ids.length) throw new PermanentPushError(`no recipients: payload.recipient_ids is absent and the ${what} is not set`);
  return ids;
}

async function loadJob(sql: Sql, e: EventEnvelope) {
  const id = e.payload.job_id;
  if (!id) throw new PermanentPushError("payload.job_id is required");
  const rows = await sql`
    select j.*, o.name as partner_name, coalesce(t.full_name, '') as technician_name,
           coalesce(j.partner_contact_id, pc.contact_user_id) as partner_contact
    from public.jobs j join public.organizations o on o.id = j.organization_id
    left join public.users t on t.id = j.technician_id
    left join public.partner_contacts pc on pc.organization_id = j.organization_id
    where j.id = ${id}`;
  if (!rows.length) throw new PermanentPushError(`job ${id} not found`);
  return rows[0];
}

async function loadInvoice(sql: Sql, e: EventEnvelope) {
  const id = e.payload.invoice_id;
  if (!id) throw new PermanentPushError("payload.invoice_id is required");
  const rows = await sql`
    select i.*, o.name as partner_name, coalesce(i.billing_contact_id, pc.billing_contact_user_id) as billing_contact,
           pc.contact_user_id as partner_contact
    from public.invoices i join public.organizations o on o.id = i.organization_id
    left join public.partner_contacts pc on pc.organization_id = i.organization_id
    where i.id = ${id}`;
  if (!rows.length) throw new PermanentPushError(`invoice ${id} not found`);
  return rows[0];
}

async function userName(sql: Sql, id: string | undefined): Promise<string> {
  if (!id) return "";
  const rows = await sql`select full_name, email from public.users where id = ${id}`;
  return rows.length ? String(rows[0].full_name || "") : "";
}

const jobLinks = (cfg: NotificationConfig, jobId: string) => {
  const url = `${cfg.portalUrl}/jobs/${encodeURIComponent(jobId)}`;
  return { orion_url: url, portal_url: url };
};
const invoiceLinks = (cfg: NotificationConfig, id: string) => {
  const url = `${cfg.portalUrl}/invoices/${encodeURIComponent(id)}`;
  return { orion_url: url, portal_url: url };
};

function jobHandler(defaults: (job: Record<string, unknown>) => unknown[], extra: (job: Record<string, unknown>, e: EventEnvelope) => Record<string, unknown> = () => ({})): Handler {
  return async (sql, e, cfg) => {
    const job = await loadJob(sql, e);
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
    };
  };
}

function invoiceHandler(defaults: (inv: Record<string, unknown>) => unknown[]): Handler {
  return async (sql, e, cfg) => {
    const inv = await loadInvoice(sql, e);
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
    };
  };
}

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
  "auth.invite_sent": async (sql, e) => {
    if (!e.payload.invite_url) throw new PermanentPushError("payload.invite_url is required");
    const inviterName = await userName(sql, e.payload.inviter_id ?? e.payload.actor_id);
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
  "auth.password_reset": (_sql, e) => {
    if (!e.payload.reset_url) throw new PermanentPushError("payload.reset_url is required");
    return Promise.resolve({
      recipientIds: recipientsOr(e, [e.payload.actor_id], "requesting user (actor_id)"),
      context: (r) => ({ user_name: r.name, reset_url: e.payload.reset_url, expires_in: e.payload.expires_in ?? "1 hour" }),
    });
  },
  "lead.created": leadCreatedHandler,
  "auth.account_locked": (_sql, e, cfg) =>
    Promise.resolve({
      recipientIds: recipientsOr(e, [e.payload.actor_id], "account owner (actor_id)"),
      context: (r) => ({ user_name: r.name, support_url: cfg.supportUrl }),
    }),
};
