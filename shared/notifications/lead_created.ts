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
import { leadFigures, utilityOf } from "./lead_figures.ts";
import type { SavingsFigures } from "../savings/calculate.ts";
import type { ReportBasis } from "../savings/report_basis.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_SQL = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

export async function leadCreatedHandler(
  sql: Sql,
  e: EventEnvelope,
  cfg: NotificationConfig,
): Promise<PreparedEvent> {
  const id = (e.payload as { lead_id?: unknown }).lead_id;
  if (typeof id !== "string" || !UUID.test(id)) {
    throw new PermanentPushError("payload.lead_id is required (a uuid)");
  }
  // One read: the lead, its partner, the report it points at (with the basis stored with it) and the bill's amount
  // as read (the lead's ids are text in jsonb/text columns: cast only when they are uuids).
  const [lead] = await sql`select l.*, o.name as partner_name,
      r.figures as report_figures, r.input->'basis' as report_basis, r.created_at as report_created_at,
      b.result->'data'->'items'->0->'billingInformation' as bill_info
    from public.leads l join public.organizations o on o.id = l.organization_id
    left join public.savings_reports r on r.id = case when l.report_transaction_id ~* ${UUID_SQL}
      then l.report_transaction_id::uuid end
    left join lateral (select coalesce(l.savings->>'billTransactionId', l.bill_reading->>'transactionId') as tx) t on true
    left join public.bill_extractions b on b.organization_id = l.organization_id
      and b.transaction_id = case when t.tx ~* ${UUID_SQL} then t.tx::uuid end
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
    report: lead.report_figures
      ? {
        figures: lead.report_figures as SavingsFigures,
        basis: (lead.report_basis ?? null) as ReportBasis | null,
        createdAt: lead.report_created_at,
      }
      : null,
    billReading: lead.bill_reading,
    billCorrections: lead.bill_corrections,
    chosenUtility: lead.utility_provider ? displayUtilityName(lead.utility_provider) : null,
    monthlyKwh: lead.monthly_kwh,
    billAmountDue: (lead.bill_info as { amountDue?: unknown } | null)?.amountDue ?? null,
    billPeriodEnd: (lead.bill_info as { billingPeriodEnd?: unknown } | null)?.billingPeriodEnd ?? null,
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
