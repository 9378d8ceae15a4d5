import { createRoute, z } from "@hono/zod-openapi";
import { allowRoles } from "../../../shared/auth/permissions.ts";
import { pollAnalysis, startAnalysis } from "../../../shared/contracts/analyses.ts";
import { contractLimits } from "../../../shared/contracts/document.ts";
import { readAnalysisForm } from "../../../shared/contracts/form.ts";
import { ContractSummary } from "../../../shared/contracts/schema.ts";
import { createServiceApp } from "../../../shared/http/app.ts";
import { errorResponse as err, security } from "../../../shared/http/openapi.ts";
import type { Platform } from "../../../shared/platform.ts";

const binary = z.any().openapi({ type: "array", items: { type: "string", format: "binary" } });

const Status = z.object({
  transactionId: z.string().uuid(),
  status: z.enum(["IN_PROGRESS", "COMPLETED", "FAILED"]),
  percentage: z.string().openapi({ example: "50%" }),
  message: z.string().openapi({ example: "extracted" }),
  result: z.object({
    approvalStatus: z.enum(["APPROVED", "NEEDS_REVIEW", "REJECTED"]),
    reasons: z.array(
      z.object({ code: z.string(), severity: z.enum(["reject", "review"]), message: z.string() }),
    ),
    summary: ContractSummary,
    billCheck: z.any().optional(),
    propertyUuid: z.string().uuid().nullable(),
    model: z.string(),
    completedAt: z.string().nullable(),
  }).optional().openapi({ description: "Present once status is COMPLETED" }),
}).openapi("ContractAnalysisStatus");

const formFields = {
  files: binary.openapi({ description: "The contract: one PDF, or page images (PNG/JPEG)" }),
  property_uuid: z.string().uuid().optional().openapi({
    description: "The property the contract is for (address check)",
  }),
  transactionId: z.string().uuid().optional().openapi({
    description: "Client-chosen id; re-sending it returns the same analysis",
  }),
  externalId: z.string().max(200).optional(),
};
const accepted = {
  202: { description: "Analysis queued", content: { "application/json": { schema: Status } } },
};
const uploadErrors = {
  400: err("Missing or invalid file, malformed part"),
  401: err("Missing or invalid token"),
  403: err("Property of another organization"),
  404: err("Unknown property or bill extraction"),
  409: err("transactionId already used by another organization; bill extraction not completed"),
  413: err("Files too large"),
};

/** SPEC: contract-approval-service (async analysis with polling). */
export function createApp(p: Platform) {
  const limits = contractLimits(p);
  const app = createServiceApp(p, "contract-approval-service", {
    maxUploadBytes: limits.maxTotalBytes * 2 + 1024 * 1024,
    description:
      "Analyses solar contracts (text + OCR reader or Gemini) and judges them against the partner's approval rules.",
  });
  const roles = allowRoles("partner_admin", "partner_user", "service");
  app.use("/analyze-contract", roles);
  app.use("/analyze-contract-bill", roles);
  app.use("/poll-contract-approval-status", roles);

  app.openapi(
    createRoute({
      method: "post",
      path: "/analyze-contract",
      summary: "Upload a contract for analysis (async: poll with the transactionId)",
      security,
      request: {
        body: { required: true, content: { "multipart/form-data": { schema: z.object(formFields) } } },
      },
      responses: { ...accepted, ...uploadErrors },
    }),
    async (c) => c.json(await startAnalysis(p, c.get("auth"), await readAnalysisForm(c, "contract")), 202),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/analyze-contract-bill",
      summary:
        "Analyze a contract and cross-check it against the customer's bill (name, service address, usage vs system size)",
      security,
      request: {
        body: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: z.object({
                ...formFields,
                billTransactionId: z.string().uuid().optional().openapi({
                  description: "A COMPLETED bill extraction of the utility-bill-service (its transactionId)",
                }),
                billFiles: binary.optional().openapi({
                  description: "Or the customer's bill (PDF/PNG/JPEG), read by the bill extraction",
                }),
                bill: z.string().optional().openapi({
                  description:
                    "Or the bill extraction as JSON (an item, or the utility-bill-service envelope)",
                }),
              }),
            },
          },
        },
      },
      responses: { ...accepted, ...uploadErrors },
    }),
    async (c) =>
      c.json(await startAnalysis(p, c.get("auth"), await readAnalysisForm(c, "contract_bill")), 202),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/poll-contract-approval-status",
      summary: "Status of a contract analysis; the summary and approval decision once COMPLETED",
      security,
      request: {
        body: {
          required: true,
          content: { "application/json": { schema: z.object({ transactionId: z.string().uuid() }) } },
        },
      },
      responses: {
        200: { description: "Status", content: { "application/json": { schema: Status } } },
        400: err("Invalid body"),
        401: err("Missing or invalid token"),
        403: err("Another organization's analysis"),
        404: err("Unknown transactionId"),
      },
    }),
    async (c) => c.json(await pollAnalysis(p, c.get("auth"), c.req.valid("json").transactionId), 200),
  );
  return app;
}
