import { z } from "@hono/zod-openapi";
import type { Platform } from "../platform.ts";
import { type AuthContext, withAuth } from "../db/scoped.ts";
import { badRequest, DomainError } from "../errors.ts";
import type { Handler } from "../queue/queue.ts";
import { PermanentJobError } from "../queue/queue.ts";
import { createSavingsReport } from "../savings/pipeline.ts";
import { REPORT_BUCKET } from "../savings/delivery.ts";
import { BEYOND_HOME_USE, type SavingsFigures } from "../savings/calculate.ts";
import { CRM_NOTE_QUEUE, enqueueCrmJob } from "../crm/sync.ts";
import { enqueue } from "../queue/queue.ts";
import { objectStore } from "../storage/index.ts";
import { assertOwned } from "../auth/ownership.ts";
import { Address, ContactInput } from "./schemas.ts";
import { createLead } from "./leads.ts";
import { reportLogoOf } from "./config.ts";
import {
  extractionItem,
  Group,
  marksLine,
  readingLimits,
  ReadingValues,
  reviewReadingFor,
  usageForReport,
  UsageMonth,
} from "./reading.ts";
import { jsonb } from "../db/client.ts";
import { type HomeFixedCharge, homeFixedCharge, otherBillUtility } from "./fixed_charge.ts";
import { retailBillRate } from "./bill_rate.ts";

export const ATTACH_REPORT_QUEUE = "widget.attach-report";

/** The widget's bill extraction result (only the usage is needed here) + address + contact, or an existing lead. */
export const SavingsInfoInput = z.object({
  lead_id: z.string().uuid().optional(),
  idempotency_key: z.string().trim().min(8).max(200).optional(),
  contact: ContactInput.optional(),
  address: Address.optional(),
  property_id: z.string().uuid().optional(),
  transaction_id: z.string().uuid().optional().describe(
    "The bill extraction's transactionId (recorded on the lead)",
  ),
  usage_by_month: z.array(UsageMonth).min(1).max(24).optional(),
  bill: z.object({
    electricityUsage: z.object({ usageByMonth: z.array(UsageMonth).min(1).max(24) }).passthrough(),
  }).passthrough().optional()
    .describe(
      "A bill extraction result item (data.items[0]); its usageByMonth is used when usage_by_month is absent",
    ),
  location: z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }).optional(),
  consent: z.boolean().optional(),
  reading: ReadingValues.omit({ usage_by_month: true }).optional()
    .describe(
      "What the homeowner made of the bill reading on the confirm step (service address, utility); the name is the lead's",
    ),
  confirmed: z.array(Group).max(4).optional()
    .describe(
      "Confirm-step lines the homeowner confirmed as right although a check failed (name, address, utility, usage)",
    ),
  roof_ownership: z.enum(["own", "not_owned"]).optional()
    .describe(
      "Who owns the roof, asked by the widget when the address is a unit (shared/savings/roof_access.ts): without it a unit's report asks",
    ),
}).openapi("WidgetSavingsInfo");
export type SavingsInfoInputT = z.infer<typeof SavingsInfoInput>;

export interface WidgetSavingsSummary {
  transactionId: string;
  leadId: string;
  systemKw: number;
  panels: number;
  annualProductionKwh: number;
  grossCost: number;
  federalCredit: number;
  /** The federal credit on the report's date for the partner's offer (shared/savings/credit.ts). */
  credit: SavingsFigures["credit"];
  netCost: number;
  netAnnualSavings: number;
  paybackYears: number | null;
  annualKwh: number;
  monthlyKwh: number[];
  /** The months (1-12) of monthlyKwh that are estimated, not from a bill or typed by the homeowner. */
  estimatedMonths: number[];
  offsetPct: number;
  /**
   * Why no system is offered (systemKw 0): roof_not_owned, below_minimum_size (the use needs under 2 kW),
   * roof_below_minimum (the roof holds under 2 kW), zero_usage, no_usable_roof; else null.
   */
  noSystemReason: string | null;
  /** The yearly use is beyond the gate's residential bound (`beyond_home_use`): the summary says what that means. */
  beyondHomeUse: boolean;
  emailSentTo: string;
  deliveryStatus: string;
}

const NO_SYSTEM = ["roof_not_owned", "below_minimum_size", "zero_usage", "no_usable_roof"];

/**
 * The summary's reason code. Under the 2 kW minimum because of the roof (`roof_limited`) is not the use needing
 * less: the widget said "The system your use needs (or your roof allows) would be under the 2 kW minimum" and the
 * console "the home needs less than the 2 kW minimum" for a roof too small (QA pass 4).
 */
export function noSystemReason(flags: string[]): string | null {
  const reason = flags.find((x) => NO_SYSTEM.includes(x)) ?? null;
  return reason === "below_minimum_size" && flags.includes("roof_limited") ? "roof_below_minimum" : reason;
}

function summary(
  leadId: string,
  transactionId: string,
  f: SavingsFigures,
  email: string,
  deliveryStatus: string,
): WidgetSavingsSummary {
  return {
    transactionId,
    leadId,
    systemKw: f.systemKw,
    panels: f.panels,
    annualProductionKwh: f.annualProductionKwh,
    grossCost: f.grossCost,
    federalCredit: f.federalCredit,
    credit: f.credit,
    netCost: f.netCost,
    netAnnualSavings: f.netAnnualSavings,
    paybackYears: f.paybackYears,
    annualKwh: f.annualKwh,
    monthlyKwh: f.monthlyKwh,
    estimatedMonths: f.extrapolatedMonths ?? [],
    offsetPct: f.offsetPct,
    noSystemReason: f.systemKw > 0 ? null : noSystemReason(f.flags ?? []),
    beyondHomeUse: (f.flags ?? []).includes(BEYOND_HOME_USE),
    emailSentTo: email,
    deliveryStatus,
  };
}

async function existingReport(
  p: Platform,
  leadId: string,
  reportId: string,
  email: string,
): Promise<WidgetSavingsSummary | null> {
  // A concurrent request may still be running the pipeline for this lead: wait a little for its report.
  for (let i = 0; i < 40; i++) {
    const [r] = await p
      .sql`select figures, delivery_status from public.savings_reports where id = ${reportId}`;
    if (r) return summary(leadId, reportId, r.figures as SavingsFigures, email, r.delivery_status as string);
    const [l] = await p.sql`select report_transaction_id from public.leads where id = ${leadId}`;
    if (l?.report_transaction_id !== reportId) return null;
    await new Promise((res) => setTimeout(res, 250));
  }
  throw new DomainError(
    "conflict",
    "savings_in_progress",
    "The savings report for this lead is still being prepared; try again shortly",
  );
}

/** The savings request's fixed-charge fields: the home's utility's charge, or the other utility's left out. */
const fixedChargeFor = (h: HomeFixedCharge) => ({
  fixedChargeMonthly: h.charge,
  fixedChargeOfOtherUtility: h.otherUtility || undefined,
});

/**
 * Runs the savings pipeline once per lead: the report is emailed to the homeowner (queued PDF + email) and
 * attached to the lead; a repeated call answers with the same figures and sends nothing again.
 */
export async function processWidgetSavings(
  p: Platform,
  auth: AuthContext,
  input: SavingsInfoInputT,
): Promise<WidgetSavingsSummary> {
  const usage = input.usage_by_month ?? input.bill?.electricityUsage.usageByMonth;
  if (!usage?.length) {
    throw badRequest(
      "invalid_request",
      "body.usage_by_month: Required (or give bill.electricityUsage.usageByMonth)",
    );
  }
  // The gate (issue 11 §2): the report never rests on an implausible value nobody confirmed. The bill, recorded on
  // the lead, is one of this partner's own extractions (and a widget token's, of its own session): else 404.
  const billItem = input.transaction_id
    ? await extractionItem(p, auth, input.transaction_id)
    : input.bill ?? null;
  let leadId = input.lead_id;
  if (leadId) await assertOwned(p, auth, "leads", leadId);
  else {
    if (!input.contact || !input.address) {
      throw badRequest("invalid_request", "body: give lead_id, or contact and address");
    }
    const { lead } = await createLead(p, auth, {
      idempotency_key: input.idempotency_key,
      contact: input.contact,
      address: input.address,
      property_id: input.property_id,
      consent: input.consent ?? false,
      monthly_kwh: usage.map((u) => u.value),
    });
    leadId = lead.id as string;
  }
  const [lead] = await p.sql`select * from public.leads where id = ${leadId}`;
  if (lead.out_of_area) throw badRequest("out_of_area", "This address is outside the partner's serving area");

  const address = lead.address as Record<string, string>;
  const review = await reviewReadingFor(p, {
    limits: readingLimits(p),
    item: billItem,
    transactionId: input.transaction_id,
    addressState: address.state,
    home: { city: address.city, zip: address.zip },
    chosenUtility: lead.utility_provider as string | null,
    values: {
      ...input.reading,
      customer_name: billItem ? [lead.first_name, lead.last_name].filter(Boolean).join(" ") : undefined,
      usage_by_month: usage,
    },
    confirmed: input.confirmed,
  });
  if (review.unconfirmed.length) {
    const asked = review.checks.filter((c) => review.unconfirmed.includes(c.group) && marksLine(c));
    const reasons = asked.map((c) => c.message);
    throw badRequest(
      "needs_confirmation",
      `Confirm or correct ${
        billItem ? "what was read from the bill" : "the usage given"
      } before a report is made: ${reasons.join("; ")}`,
      {
        needsConfirmation: review.unconfirmed,
        checks: asked,
      },
    );
  }

  // Claim the lead for one report (a double click or retry must not email twice).
  const reportId = crypto.randomUUID();
  const claimed = await withAuth(
    p.sql,
    auth,
    (tx) =>
      tx`update public.leads set report_transaction_id = ${reportId}, updated_at = now() where id = ${leadId} and report_transaction_id is null returning id`,
  );
  if (!claimed.length) {
    // Another request holds the claim (it may have taken it after the lead was read above).
    const [now] = await p.sql`select report_transaction_id from public.leads where id = ${leadId}`;
    const prior = now?.report_transaction_id
      ? await existingReport(p, leadId!, now.report_transaction_id as string, lead.email as string)
      : null;
    if (prior) return prior;
    throw new DomainError(
      "conflict",
      "savings_in_progress",
      "The savings report for this lead is being prepared; try again shortly",
    );
  }
  try {
    const result = await createSavingsReport(p, auth, {
      customerName: [lead.first_name, lead.last_name].filter(Boolean).join(" ") || String(lead.email),
      email: lead.email as string,
      address: {
        line1: address.line1,
        line2: address.line2 ?? undefined,
        city: address.city,
        state: address.state,
        zip: address.zip,
      },
      usageByMonth: usageForReport(billItem, usage).map((u) => ({
        month: u.month,
        year: u.year,
        value: u.value,
        unit: u.unit ?? "kWh",
        estimated: u.estimated,
        fromChart: u.fromChart,
      })),
      transactionId: reportId,
      location: input.location,
      partnerLogo: (await reportLogoOf(p, auth.orgId ?? null)) ?? undefined,
      roofOwnership: input.roof_ownership,
      utility: (lead.utility_provider as string | null) ?? undefined,
      otherBillUtility: otherBillUtility(review),
      // a retail provider's bill in a retail-choice area is the home's own: its rate is the home's (bill_rate.ts)
      ratePerKwh: retailBillRate(billItem, review, {
        state: address.state,
        chosenUtility: lead.utility_provider as string | null,
      }, readingLimits(p)),
      ...fixedChargeFor(homeFixedCharge(billItem, review, address.state)),
      deliver: true,
    });
    const s = summary(leadId!, reportId, result.figures, lead.email as string, result.delivery.status);
    await withAuth(p.sql, auth, async (tx) => {
      await tx`update public.leads set savings = ${
        jsonb(tx, { ...s, monthlyKwh: undefined })
      }, monthly_kwh = ${jsonb(tx, result.figures.monthlyKwh)},
        status = case when status = 'new' then 'report_sent' else status end, updated_at = now() where id = ${leadId}`;
      if (input.transaction_id) {
        await tx`update public.leads set savings = savings || ${
          jsonb(tx, { billTransactionId: input.transaction_id })
        } where id = ${leadId}`;
      }
      const { corrections, unconfirmed: _u, ...reading } = review;
      await tx`update public.leads set bill_reading = ${
        jsonb(tx, { ...reading, checkedAt: new Date().toISOString() })
      },
        bill_corrections = ${jsonb(tx, corrections)} where id = ${leadId}`;
      await tx`reset role`;
      await enqueue(tx, ATTACH_REPORT_QUEUE, { leadId, reportId }, {
        dedupeKey: `${ATTACH_REPORT_QUEUE}:${reportId}`,
        maxAttempts: 12,
        delaySeconds: 3,
      });
      await tx`set local role authenticated`;
    });
    return s;
  } catch (e) {
    // Release the claim so the homeowner can try again.
    await p
      .sql`update public.leads set report_transaction_id = null where id = ${leadId} and report_transaction_id = ${reportId}`;
    throw e;
  }
}

/**
 * Once the savings PDF is delivered, attaches it to the lead (and its property's documents) and notes it in
 * the CRM. Retries with backoff until the delivery job has produced the PDF.
 */
export async function attachReport(p: Platform, leadId: string, reportId: string): Promise<void> {
  const [r] = await p
    .sql`select delivery_status, pdf_path, figures from public.savings_reports where id = ${reportId}`;
  if (!r) throw new PermanentJobError(`savings report ${reportId} does not exist`);
  if (r.delivery_status === "failed") {
    throw new PermanentJobError(`savings report ${reportId} could not be delivered`);
  }
  if (r.delivery_status !== "sent" || !r.pdf_path) {
    throw new Error(`savings report ${reportId} is not delivered yet (${r.delivery_status})`);
  }
  const [lead] = await p.sql`select organization_id, property_id from public.leads where id = ${leadId}`;
  if (!lead) throw new PermanentJobError(`lead ${leadId} no longer exists`);
  const f = r.figures as SavingsFigures;
  const pdf = await objectStore(p).get(REPORT_BUCKET, r.pdf_path as string);
  await p.sql.begin(async (tx) => {
    await tx`update public.leads set report_bucket = ${REPORT_BUCKET}, report_path = ${r
      .pdf_path as string}, updated_at = now() where id = ${leadId}`;
    if (lead.property_id) {
      await tx`insert into public.property_documents (organization_id, property_id, kind, filename, content_type, size_bytes, bucket, path)
        select ${lead.organization_id as string}, ${lead
        .property_id as string}, 'report', 'solar-savings-report.pdf', 'application/pdf', ${
        pdf?.bytes.length ?? 0
      },
          ${REPORT_BUCKET}, ${r.pdf_path as string}
        where not exists (select 1 from public.property_documents where bucket = ${REPORT_BUCKET} and path = ${r
        .pdf_path as string})`;
    }
    const note =
      `Solar savings report sent to the homeowner: ${f.systemKw} kW system, net cost $${
        Math.round(f.netCost).toLocaleString("en-US")
      }, ` +
      `annual savings $${Math.round(f.netAnnualSavings).toLocaleString("en-US")}, payback ${
        f.paybackYears ?? "n/a"
      } years. PDF: ${REPORT_BUCKET}/${r.pdf_path}`;
    await enqueueCrmJob(tx, CRM_NOTE_QUEUE, { leadId, text: note }, `${CRM_NOTE_QUEUE}:${reportId}`);
  });
}

export function widgetJobHandlers(p: Platform): Record<string, Handler> {
  return {
    [ATTACH_REPORT_QUEUE]: (job) => attachReport(p, String(job.payload.leadId), String(job.payload.reportId)),
  };
}
