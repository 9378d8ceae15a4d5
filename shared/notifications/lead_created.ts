// lead.created in the notification service: every partner_admin and partner_user of the lead's partner
// (each may opt out in the console), with the lead's details read at delivery time (the event carries ids only).
import type { Sql } from "../db/client.ts";
import type { EventEnvelope } from "../events/envelope.ts";
import type { NotificationConfig } from "./config.ts";
import { PermanentPushError } from "./errors.ts";
import type { PreparedEvent, Recipient } from "./handlers.ts";
import { moment } from "./format.ts";
import { STATUS_LABELS } from "../leads/statuses.ts";
import { displayUtilityName } from "../providers/names.ts";
import { leadFigures, type StoredReportFigures, utilityOf } from "./lead_figures.ts";
import type { SavingsFigures } from "../savings/calculate.ts";
import type { ReportBasis } from "../savings/pipeline.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function leadCreatedHandler(
  sql: Sql,
  e: EventEnvelope,
  cfg: NotificationConfig,
): Promise<PreparedEvent> {
  const id = (e.payload as { lead_id?: unknown }).lead_id;
  if (typeof id !== "string" || !UUID.test(id)) {
    throw new PermanentPushError("payload.lead_id is required (a uuid)");
  }
  const [lead] =
    await sql`select l.*, o.name as partner_name from public.leads l join public.organizations o on o.id = l.organization_id
    where l.id = ${id}`;
  if (!lead) throw new PermanentPushError(`lead ${id} not found`);
  const staff = await sql`select id from public.users where organization_id = ${lead
    .organization_id as string}
    and role in ('partner_admin', 'partner_user') order by (role = 'partner_admin') desc, created_at`;
  const ids = e.payload.recipient_ids?.length
    ? [...new Set(e.payload.recipient_ids)]
    : staff.map((r) => r.id as string);
  if (!ids.length) {
    throw new PermanentPushError("no recipients: the lead's partner has no partner_admin or partner_user");
  }
  const a = (lead.address ?? {}) as Record<string, string>;
  const figures = leadFigures({
    outOfArea: lead.out_of_area === true,
    reportClaimed: !!lead.report_transaction_id,
    report: await storedReport(sql, lead.report_transaction_id as string | null),
    billReading: lead.bill_reading,
    billCorrections: lead.bill_corrections,
    monthlyKwh: lead.monthly_kwh,
    ...await billAsRead(sql, lead),
  }, a.state ?? "");
  const url = `${cfg.consoleUrl}#/leads/${id}`;
  const base = {
    lead_id: id,
    partner_name: lead.partner_name,
    lead_name: [lead.first_name, lead.last_name].filter(Boolean).join(" ") || lead.email,
    lead_email: lead.email,
    lead_phone: lead.phone ?? "",
    lead_address: [a.line1, a.line2, a.city, [a.state, a.zip].filter(Boolean).join(" ")].filter(Boolean).join(
      ", ",
    ),
    lead_state: a.state ?? "",
    out_of_area: lead.out_of_area === true,
    // Leads made before the names were cleaned keep the reference's wording ("Electrical Dist No8 Maricopa").
    utility_provider: lead.utility_provider
      ? displayUtilityName(lead.utility_provider)
      : utilityOf(null, lead.bill_reading, lead.bill_corrections),
    ...figures,
    status_label: STATUS_LABELS[lead.status as keyof typeof STATUS_LABELS] ?? lead.status,
    created_at: moment(lead.created_at),
    lead_url: url,
    // The partner's own preference page (the footer's "Manage notification preferences").
    console_preferences_url: `${cfg.consoleUrl}#/notifications`,
    orion_url: url,
  };
  return {
    recipientIds: ids,
    context: (r: Recipient) => ({ ...base, user_id: r.userId, recipient_name: r.name }),
  };
}

/** The homeowner's report the lead points at, with its stored basis; null before it exists. */
async function storedReport(sql: Sql, id: string | null): Promise<StoredReportFigures | null> {
  if (!id || !UUID.test(id)) return null;
  const [r] = await sql`select figures, input->'basis' as basis, created_at from public.savings_reports
    where id = ${id}::uuid`;
  return r
    ? {
      figures: r.figures as SavingsFigures,
      basis: (r.basis ?? null) as ReportBasis | null,
      createdAt: r.created_at,
    }
    : null;
}

/** The amount due and billing period end the reader read from the lead's bill (none without a bill). */
async function billAsRead(sql: Sql, lead: Record<string, unknown>) {
  const tx = (lead.savings as { billTransactionId?: unknown } | null)?.billTransactionId ??
    (lead.bill_reading as { transactionId?: unknown } | null)?.transactionId;
  if (typeof tx !== "string" || !UUID.test(tx)) return { billAmountDue: null, billPeriodEnd: null };
  const [b] = await sql`select result->'data'->'items'->0->'billingInformation' as info
    from public.bill_extractions where organization_id = ${lead
    .organization_id as string} and transaction_id = ${tx}`;
  const info = (b?.info ?? {}) as { amountDue?: unknown; billingPeriodEnd?: unknown };
  return { billAmountDue: info.amountDue ?? null, billPeriodEnd: info.billingPeriodEnd ?? null };
}
