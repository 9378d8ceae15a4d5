// Delivery of a stored savings report: render the designed PDF, keep it in the object store, email it to
// the customer with the PDF attached (idempotent per report, so a retried job never sends twice).
import type { Sql } from "../db/client.ts";
import { emailProvider, PermanentEmailError } from "../email/index.ts";
import { partnerSender, renderReportEmail } from "./report_email.ts";
import { errorText, log } from "../log.ts";
import type { Platform } from "../platform.ts";
import { type Job, PermanentJobError } from "../queue/queue.ts";
import { objectStore } from "../storage/index.ts";
import type { SavingsReportDocument } from "./report_pdf.ts";
import { renderSavingsReportPdf } from "./report_render.ts";
import type { SavingsFigures } from "./calculate.ts";
import type { ReportSection } from "./report/types.ts";

export const REPORT_BUCKET = "savings-reports";

export interface StoredReport {
  id: string;
  organization_id: string;
  customer_name: string;
  email: string;
  state: string;
  address: { formattedAddress: string };
  figures: SavingsFigures;
  report: { sections: ReportSection[] };
  created_at: Date;
  delivery_status: string;
  pdf_path: string | null;
}

export async function partnerBranding(sql: Sql, orgId: string): Promise<{ name: string; color?: string }> {
  const [org] = await sql`select name from public.organizations where id = ${orgId}`;
  let color: string | undefined;
  try {
    const [w] = await sql`select theme from public.widget_configs where organization_id = ${orgId}`;
    color = typeof w?.theme?.primary === "string" ? w.theme.primary : undefined;
  } catch {
    // the widget configuration table belongs to another area; the report works without it
  }
  return { name: (org?.name as string) ?? "Your solar partner", color };
}

export function reportDocument(
  r: StoredReport,
  partner: { name: string; color?: string },
  logo?: string,
): SavingsReportDocument {
  return {
    customerName: r.customer_name,
    address: r.address.formattedAddress,
    state: r.state,
    partner: { name: partner.name, color: partner.color, logoDataUri: logo },
    figures: r.figures,
    sections: r.report.sections,
    generatedAt: r.created_at,
    transactionId: r.id,
  };
}

export const pdfPath = (r: { organization_id: string; id: string }) => `${r.organization_id}/${r.id}.pdf`;

export async function deliverReport(
  p: Platform,
  job: Job<{ reportId: string; partnerLogo?: string }>,
): Promise<void> {
  const [row] = await p.sql`select * from public.savings_reports where id = ${job.payload.reportId}`;
  if (!row) throw new PermanentJobError(`Savings report ${job.payload.reportId} does not exist`);
  const r = row as unknown as StoredReport;
  if (r.delivery_status === "sent") return;
  try {
    const partner = await partnerBranding(p.sql, r.organization_id);
    // A retry reuses the PDF stored by an earlier attempt: a new render differs in bytes (font subset tags,
    // dates), and the email provider refuses the same idempotency key with a different message.
    const store = objectStore(p);
    let pdf = (await store.get(REPORT_BUCKET, pdfPath(r)))?.bytes;
    if (!pdf) {
      pdf = await renderSavingsReportPdf(reportDocument(r, partner, job.payload.partnerLogo));
      await store.put(REPORT_BUCKET, pdfPath(r), pdf, "application/pdf");
    }
    // The email speaks for the partner (sender name, reply-to, logo, next step): shared/savings/report_email.ts.
    const email = await renderReportEmail(p, await partnerSender(p, r.organization_id), {
      customerName: r.customer_name,
      figures: r.figures,
    });
    const sent = await emailProvider(p).send({
      ...email,
      to: [r.email],
      attachments: [{ filename: "solar-savings-report.pdf", content: pdf, contentType: "application/pdf" }],
    }, { idempotencyKey: `savings-report:${r.id}` });
    await p.sql`update public.savings_reports set delivery_status = 'sent', pdf_path = ${
      pdfPath(r)
    }, email_id = ${sent.id},
      delivered_at = now(), delivery_error = null where id = ${r.id}`;
    log("info", "savings report delivered", { transactionId: r.id, emailId: sent.id, pdfBytes: pdf.length });
  } catch (e) {
    const final = e instanceof PermanentEmailError || e instanceof PermanentJobError ||
      job.attempts >= job.max_attempts;
    await p.sql`update public.savings_reports set delivery_status = ${
      final ? "failed" : "queued"
    }, delivery_error = ${errorText(e).slice(0, 500)} where id = ${r.id}`;
    if (e instanceof PermanentEmailError) throw new PermanentJobError(errorText(e));
    throw e;
  }
}
