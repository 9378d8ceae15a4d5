import { createRoute, z } from "@hono/zod-openapi";
import { createServiceApp } from "../../../shared/http/app.ts";
import { authErrors, errorResponse, jsonBody as json, security } from "../../../shared/http/openapi.ts";
import type { Platform } from "../../../shared/platform.ts";
import { allowRoles } from "../../../shared/auth/permissions.ts";
import { allowAdmin } from "../../../shared/auth/current_admin.ts";
import { badRequest } from "../../../shared/http/errors.ts";
import { insightsRequest, savingsRequest } from "../../../shared/savings/input.ts";
import { createSavingsReport, generateInsights } from "../../../shared/savings/pipeline.ts";
import { rateLimitPolicy } from "../../../shared/ratelimit/policy.ts";
import { countStaffReportEmail } from "../../../shared/ratelimit/report_emails.ts";
import { storedReport } from "../../../shared/savings/stored.ts";
import {
  readSavingsSettings,
  savingsSettingsBody,
  writeSavingsSettings,
} from "../../../shared/savings/settings.ts";
import { partnerBranding, REPORT_BUCKET, reportDocument } from "../../../shared/savings/delivery.ts";
import { objectStore } from "../../../shared/storage/index.ts";
import { renderSavingsReportPdf } from "../../../shared/savings/report_render.ts";
import { reportSchema } from "../../../shared/savings/report/schema.ts";
import { figuresForPdf } from "../../../shared/savings/report_pdf_schema.ts";
import { pdfErrors, pdfResponse } from "../../../shared/pdf/http.ts";

// Staff and services only: the public widget token (anyone has it) asks for reports through widget-service's
// process-widget-savings-info (plausibility gate, confirmation), which calls the savings domain in-process; here it
// ran the pipeline, or rendered a partner-branded PDF of any text, around those checks (docs/security.md "Pass 6").
const callers = allowRoles("partner_admin", "partner_user", "service");
const responses = (description: string) => ({
  200: { description },
  400: errorResponse("Invalid request"),
  ...authErrors,
  500: errorResponse("Report generation failed (report_invalid)"),
  502: errorResponse("A provider failed (geocoder_unavailable)"),
});

const pdfRequest = z.object({
  transactionId: z.string().uuid().optional(),
  report: reportSchema.optional(),
  figures: figuresForPdf.optional(),
  customerName: z.string().trim().min(1).max(200).optional(),
  address: z.string().trim().max(400).optional(),
  state: z.string().max(2).optional(),
  partnerLogo: z.string().max(500_000).regex(
    /^data:image\/(png|jpe?g);base64,/i,
    "must be a PNG or JPEG data: URI",
  ).optional(),
});

export function createApp(p: Platform) {
  const app = createServiceApp(p, "savings-insight-service", {
    maxBodyBytes: 2 * 1024 * 1024,
    description:
      "Solar savings: the full pipeline (geocode, roof, rates, calculation, report, PDF + email), report-only generation, and PDF rendering of stored reports.",
  });

  app.openapi(
    createRoute({
      method: "post",
      path: "/savings-insight-report",
      security,
      middleware: [callers] as const,
      request: { body: json(savingsRequest) },
      responses: responses(
        "{apiVersion, transactionId, data: {items: [{report: {sections}, figures, address, roof, rates, program, writer, delivery}]}}",
      ),
      description:
        "Full pipeline; the PDF and the email to the customer are delivered by a queued job (the response does not wait).",
    }),
    async (c) => {
      const body = c.req.valid("json");
      // A partner's staff may have at most so many reports emailed a day (security pass 14; 429 report_email_limit).
      if (body.deliver !== false) await countStaffReportEmail(p.sql, rateLimitPolicy(p), c.get("auth"));
      const r = await createSavingsReport(p, c.get("auth"), body);
      const { transactionId, ...item } = r;
      return c.json({ apiVersion: "v1", transactionId, data: { items: [item] } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/generate-savings-insights",
      security,
      middleware: [callers] as const,
      request: { body: json(insightsRequest) },
      responses: responses("{apiVersion, data: {items: [{report: {sections}, figures, writer}]}}"),
      description:
        "Report sections only, from caller-supplied usage and financial data; state averages fill what is omitted.",
    }),
    async (c) =>
      c.json({
        apiVersion: "v1",
        data: { items: [await generateInsights(p, c.req.valid("json"), c.get("auth"))] },
      }, 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/generate-pdf-report",
      security,
      middleware: [callers] as const,
      request: { body: json(pdfRequest) },
      responses: { ...responses("application/pdf"), 404: { description: "Unknown transaction id" } },
      description:
        "Renders a stored report (transactionId) or a report JSON (report + figures + customerName) as the designed PDF.",
    }),
    async (c) => {
      const body = c.req.valid("json");
      const auth = c.get("auth");
      return await pdfErrors(async () => {
        if (body.transactionId) {
          const r = await storedReport(p, auth, body.transactionId);
          // The PDF the customer received, when it has been delivered (and no other logo is asked for).
          const delivered = r.pdf_path && !body.partnerLogo
            ? await objectStore(p).get(REPORT_BUCKET, r.pdf_path)
            : null;
          if (delivered) return pdfResponse(delivered.bytes, `solar-savings-report-${r.id}.pdf`);
          const pdf = await renderSavingsReportPdf(
            reportDocument(r, await partnerBranding(p.sql, r.organization_id), body.partnerLogo),
          );
          return pdfResponse(pdf, `solar-savings-report-${r.id}.pdf`);
        }
        if (!body.report || !body.figures || !body.customerName) {
          throw badRequest("invalid_request", "body: give transactionId, or report + figures + customerName");
        }
        const partner = auth.orgId ? await partnerBranding(p.sql, auth.orgId) : { name: "Solar partner" };
        const pdf = await renderSavingsReportPdf({
          customerName: body.customerName,
          address: body.address ?? "",
          state: body.state ?? "",
          partner: { ...partner, logoDataUri: body.partnerLogo },
          figures: body.figures,
          sections: body.report.sections,
        });
        return pdfResponse(pdf, "solar-savings-report.pdf");
      });
    },
  );
  const partners = allowRoles("partner_admin", "partner_user");
  app.openapi(
    createRoute({
      method: "get",
      path: "/savings-settings",
      security,
      middleware: [partners] as const,
      responses: {
        200: { description: "{apiVersion, data: {offerOwnership, creditOverride}}" },
        401: { description: "Missing or invalid token" },
        403: { description: "Forbidden" },
      },
      description:
        "The organization's savings settings: the ownership of the offer the report shows and the partner's own stated credit (null: the platform's dated policy).",
    }),
    async (c) => c.json({ apiVersion: "v1", data: await readSavingsSettings(p.sql, c.get("auth")) }, 200),
  );

  app.openapi(
    createRoute({
      method: "put",
      path: "/savings-settings",
      security,
      middleware: [allowAdmin(p)] as const,
      request: { body: json(savingsSettingsBody) },
      responses: {
        200: { description: "{apiVersion, data: {offerOwnership, creditOverride}}" },
        400: { description: "Invalid request" },
        401: { description: "Missing or invalid token" },
        403: { description: "Forbidden (partner_admin only)" },
      },
      description:
        "Sets the offer's ownership (owned: cash/loan; third_party: lease/PPA) and, optionally, the partner's own credit figure with its name, condition and source.",
    }),
    async (c) =>
      c.json({
        apiVersion: "v1",
        data: await writeSavingsSettings(p.sql, c.get("auth"), c.req.valid("json")),
      }, 200),
  );
  return app;
}
