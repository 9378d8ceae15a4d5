import { createRoute, z } from "@hono/zod-openapi";
import { createServiceApp } from "../../../shared/http/app.ts";
import { authErrors, errorResponse, jsonBody as json, security } from "../../../shared/http/openapi.ts";
import type { Platform } from "../../../shared/platform.ts";
import { allowRoles } from "../../../shared/auth/permissions.ts";
import { PAGE_SIZES } from "../../../shared/pdf/page_sizes.ts";
import { renderHtmlToPdf } from "../../../shared/documents/render.ts";
import { renderSavingsReportPdf } from "../../../shared/savings/report_render.ts";
import { listTemplates, renderTemplateHtml } from "../../../shared/pdf/templates.ts";
import { savingsPdfRequest } from "../../../shared/savings/report_pdf_schema.ts";
import { pdfErrors, pdfResponse } from "../../../shared/pdf/http.ts";

// Staff and services only: the public widget token (anyone has it) renders nothing here; the widget's report PDF is
// rendered by widget-service's own flow (docs/security.md "Pass 6": a stranger had partner-branded PDFs of any text).
const callers = allowRoles("partner_admin", "partner_user", "service");
const pdfOut = (extra: Record<number, ReturnType<typeof errorResponse>> = {}) => ({
  200: { description: "application/pdf" },
  400: errorResponse("Invalid request or document"),
  ...authErrors,
  ...extra,
});

const margin = z.number().min(0).max(288);
export const pageOptions = z.object({
  pageSize: z.union([
    z.enum(Object.keys(PAGE_SIZES) as [string, ...string[]]),
    z.object({ width: z.number().min(144).max(2880), height: z.number().min(144).max(2880) }),
  ]).default("letter"),
  landscape: z.boolean().default(false),
  margins: z.union([
    margin,
    z.object({
      top: margin.optional(),
      right: margin.optional(),
      bottom: margin.optional(),
      left: margin.optional(),
    }),
  ]).optional(),
  title: z.string().max(200).optional(),
  filename: z.string().max(100).optional(),
});

export function createApp(p: Platform) {
  const app = createServiceApp(p, "pdf-generator-service", {
    maxBodyBytes: 5 * 1024 * 1024,
    description: "Renders an HTML subset, named Handlebars templates, or the designed savings report to PDF.",
  });

  app.openapi(
    createRoute({
      method: "post",
      path: "/generate-pdf-from-html",
      security,
      middleware: [callers] as const,
      request: { body: json(pageOptions.extend({ html: z.string().min(1).max(4 * 1024 * 1024) })) },
      responses: pdfOut(),
      description:
        "HTML subset: h1-h6, p, div, lists, strong/em, br, hr, tables, images as PNG/JPEG data: URIs only (URLs are never fetched); CSS: font-size, font-weight, font-style, color, background-color, text-align, margins, line-height, page-break-before.",
    }),
    async (c) => {
      const { html, filename, ...opts } = c.req.valid("json");
      return await pdfErrors(async () =>
        pdfResponse(await renderHtmlToPdf(html, opts), filename ?? "document.pdf")
      );
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/generate-pdf-from-template",
      security,
      middleware: [callers] as const,
      request: {
        body: json(
          pageOptions.extend({
            template: z.string().min(1).max(64),
            data: z.record(z.string(), z.unknown()).default({}),
          }),
        ),
      },
      responses: pdfOut({ 404: errorResponse("Unknown template") }),
      description:
        "Renders templates/pdf/<template>.hbs with `data`; a variable the template needs but the data lacks is a 400 naming it.",
    }),
    async (c) => {
      const { template, data, filename, ...opts } = c.req.valid("json");
      return await pdfErrors(async () =>
        pdfResponse(
          await renderHtmlToPdf(await renderTemplateHtml(template, data), opts),
          filename ?? `${template}.pdf`,
        )
      );
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/templates",
      security,
      middleware: [callers] as const,
      responses: { 200: { description: "{data: {items: [name]}}" } },
    }),
    async (c) => c.json({ data: { items: await listTemplates() } }, 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/generate-savings-report",
      security,
      middleware: [callers] as const,
      request: { body: json(savingsPdfRequest) },
      responses: pdfOut(),
      description: "The savings report (output of savings-insight-service) as a designed multi-page PDF.",
    }),
    async (c) => {
      const b = c.req.valid("json");
      return await pdfErrors(async () =>
        pdfResponse(
          await renderSavingsReportPdf({
            customerName: b.customerName,
            address: b.address,
            state: b.state,
            partner: { name: b.partner.name, logoDataUri: b.partner.logo, color: b.partner.color },
            figures: b.figures,
            sections: b.report.sections,
            generatedAt: b.generatedAt,
          }),
          "solar-savings-report.pdf",
        )
      );
    },
  );
  return app;
}
