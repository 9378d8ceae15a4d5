import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { allowRoles } from "../../../shared/auth/permissions.ts";
import { withAuth } from "../../../shared/db/scoped.ts";
import { type AppEnv, createServiceApp } from "../../../shared/http/app.ts";
import { errorResponse, jsonBody, security } from "../../../shared/http/openapi.ts";
import { badRequest, forbidden, notFound } from "../../../shared/http/errors.ts";
import type { Platform } from "../../../shared/platform.ts";
import type { UploadedFile } from "../../../shared/bills/document.ts";
import { billStatus, startBillExtraction } from "../../../shared/bills/jobs.ts";
import { billLimits } from "../../../shared/bills/limits.ts";
import { Envelope } from "../../../shared/bills/schema.ts";
import { processBill } from "../../../shared/bills/service.ts";
import { extractionByTransaction, type ExtractionRow } from "../../../shared/bills/store.ts";
import { uploadResponse } from "../../../shared/bills/upload_response.ts";

const PARTNER = ["partner_admin", "partner_user", "service"];
const uuid = z.string().uuid();
/** A segment that reads as another folder once some layer decodes it: "%2e%2e", "..%2f", "%5c". */
const disguisedSegment = (segment: string) => {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch { /* not percent-encoded: checked as it is */ }
  return decoded === "." || decoded === ".." || /[\/\\]/.test(decoded);
};
const ObjectPath = z.string().min(3).max(512).refine((p) => !p.split("/").some(disguisedSegment), {
  message: 'must not contain ".", ".." or slashes in a segment, percent-encoded or not',
});
/** A bill already in the object store: one file, or the pages of one bill as several files (in order). */
const StoredBillBody = z.object({
  objectPath: ObjectPath.optional().openapi({
    description: '"bills/<your org id>/<path>" of one PDF, PNG or JPEG',
  }),
  objectPaths: z.array(ObjectPath).min(1).max(50).optional().openapi({
    description: "Several files that make one bill, in page order",
  }),
  transactionId: uuid,
  transactionGroupId: uuid,
  externalId: z.string().max(320).optional(),
}).refine((b) => (b.objectPath === undefined) !== (b.objectPaths === undefined), {
  message: "give objectPath or objectPaths (exactly one of them)",
  path: ["objectPath"],
});
const errors = {
  400: errorResponse(
    "invalid_request, invalid_file_type, password_protected, incomplete_bill or subscription_inactive",
  ),
  413: errorResponse("Too many files, pages or bytes"),
  500: errorResponse("processing_failed"),
};
const multipart = (extra: Record<string, z.ZodTypeAny>) => ({
  content: {
    "multipart/form-data": {
      schema: z.object({
        files: z.any().openapi({ type: "array", items: { type: "string", format: "binary" } }),
        ...extra,
      }),
    },
  },
});

export function createApp(p: Platform) {
  const limits = billLimits(p);
  const app = createServiceApp(p, "utility-bill-service", {
    maxUploadBytes: limits.maxTotalBytes + 1024 * 1024,
    description:
      "Extracts structured data from electricity bills (PDF, PNG, JPEG): sync, async and the widget's upload.",
  });

  app.use("/process-bill", allowRoles(...PARTNER));
  app.use("/process-utility-bill", allowRoles(...PARTNER));
  app.use("/poll-utility-bill-status", allowRoles(...PARTNER, "widget"));
  app.use("/upload", allowRoles("widget", ...PARTNER));
  // Before the route's validator (which would answer 415 with a generic code): 400 invalid_request.
  for (const path of ["/process-bill", "/upload"]) {
    app.use(path, async (c, next) => {
      if (c.req.method === "POST" && !isMultipart(c)) throw badRequest("invalid_request", MULTIPART_ONLY);
      await next();
    });
  }

  app.openapi(
    createRoute({
      method: "post",
      path: "/process-bill",
      summary: "Upload a bill and get the extraction (sync)",
      security,
      request: {
        body: multipart({ transactionId: uuid, transactionGroupId: uuid, externalId: z.string().optional() }),
      },
      responses: {
        200: { description: "Extraction envelope", content: { "application/json": { schema: Envelope } } },
        ...errors,
      },
    }),
    async (c) => {
      const form = await readForm(c);
      const transactionId = requiredUuid(form, "transactionId");
      const transactionGroupId = requiredUuid(form, "transactionGroupId");
      const externalId = optionalText(form, "externalId");
      const envelope = await processBill(p, {
        auth: c.get("auth"),
        files: await filesOf(form),
        transactionId,
        transactionGroupId,
        externalId,
        mode: "sync",
      });
      return c.json(envelope, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/upload",
      summary: "The widget's bill upload: extraction plus what the widget needs next",
      security,
      request: {
        body: multipart({
          transactionId: z.string().optional().openapi({
            description: "uuid; made by the service when absent",
          }),
          transactionGroupId: z.string().optional().openapi({
            description: "uuid; made by the service when absent",
          }),
        }),
      },
      responses: {
        200: {
          description: "Extraction envelope with a usage summary",
          content: { "application/json": { schema: z.any() } },
        },
        ...errors,
      },
    }),
    async (c) => {
      const form = await readForm(c);
      // The widget may name its own ids (uuids); anything else is replaced, never refused.
      const given = (name: string) => {
        const v = optionalText(form, name);
        return v && uuid.safeParse(v).success ? v : undefined;
      };
      const transactionId = given("transactionId") ?? crypto.randomUUID();
      const transactionGroupId = given("transactionGroupId") ?? crypto.randomUUID();
      const envelope = await processBill(p, {
        auth: c.get("auth"),
        files: await filesOf(form),
        transactionId,
        transactionGroupId,
        mode: "upload",
      });
      return c.json(uploadResponse(envelope), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/process-utility-bill",
      summary: "Start the extraction of a bill already in the object store (async)",
      security,
      request: { body: jsonBody(StoredBillBody) },
      responses: {
        202: {
          description: "Accepted",
          content: {
            "application/json": {
              schema: z.object({
                transactionId: uuid,
                status: z.string(),
                percentage: z.string(),
                message: z.string(),
              }),
            },
          },
        },
        ...errors,
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const auth = c.get("auth");
      // A caller reads only its own organisation's bills: "bills/<its org id>/…" (never another partner's
      // upload, never another bucket such as the email agent's attachments).
      const own = `bills/${auth.orgId}/`;
      const objectPaths = body.objectPaths ?? [body.objectPath!];
      if (!auth.orgId || !objectPaths.every((o) => o.startsWith(own))) {
        throw forbidden("forbidden", `objectPath must be in your organization's folder: "${own}<path>"`);
      }
      const transactionId = await startBillExtraction(p, {
        objectPaths,
        transactionId: body.transactionId,
        transactionGroupId: body.transactionGroupId,
        orgId: auth.orgId!,
        userId: auth.userId,
        externalId: body.externalId ?? auth.email,
      });
      return c.json({ transactionId, status: "IN_PROGRESS", percentage: "0%", message: "initiated" }, 202);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/poll-utility-bill-status",
      summary: "Status of an extraction; the envelope once COMPLETED",
      security,
      request: { body: jsonBody(z.object({ transactionId: uuid })) },
      responses: {
        200: {
          description: "{status, percentage, message} (+ result when COMPLETED, error when FAILED)",
          content: { "application/json": { schema: z.any() } },
        },
        404: errorResponse("Unknown transactionId"),
      },
    }),
    async (c) => {
      const { transactionId } = c.req.valid("json");
      const auth = c.get("auth");
      // Under RLS: another organisation's transaction is as unknown as a missing one.
      const row = await withAuth(p.sql, auth, (tx) =>
        extractionByTransaction(
          tx,
          auth.orgId ?? "00000000-0000-0000-0000-000000000000",
          transactionId,
        ));
      if (!row) {
        throw notFound("not_found", `No bill extraction with transactionId ${transactionId}`);
      }
      return c.json(billStatus(row as ExtractionRow), 200);
    },
  );

  return app;
}

type Form = Record<string, string | File | (string | File)[]>;

const MULTIPART_ONLY = "Send multipart/form-data with one or more `files` parts";
const isMultipart = (c: Context<AppEnv>) =>
  (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");

async function readForm(c: Context<AppEnv>): Promise<Form> {
  if (!isMultipart(c)) throw badRequest("invalid_request", MULTIPART_ONLY);
  try {
    return await c.req.parseBody({ all: true }) as Form;
  } catch {
    throw badRequest("invalid_request", "The multipart body could not be read");
  }
}

async function filesOf(form: Form): Promise<UploadedFile[]> {
  const raw = form["files"] ?? form["files[]"] ?? form["file"];
  const list = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter((f): f is File =>
    typeof f !== "string"
  );
  if (!list.length) throw badRequest("invalid_request", "body.files: at least one file is required");
  return await Promise.all(
    list.map(async (f, i) => ({
      filename: f.name || `file-${i + 1}`,
      bytes: new Uint8Array(await f.arrayBuffer()),
    })),
  );
}

function optionalText(form: Form, name: string): string | undefined {
  const v = form[name];
  const s = Array.isArray(v) ? v[0] : v;
  return typeof s === "string" && s.trim() ? s.trim() : undefined;
}

function requiredUuid(form: Form, name: string): string {
  const v = optionalText(form, name);
  if (!v || !uuid.safeParse(v).success) {
    throw badRequest("invalid_request", `body.${name}: a uuid is required`);
  }
  return v;
}
