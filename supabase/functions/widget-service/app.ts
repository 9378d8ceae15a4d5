import { createRoute, z } from "@hono/zod-openapi";
import { createServiceApp } from "../../../shared/http/app.ts";
import { authErrors, errorResponse, jsonBody as json, security } from "../../../shared/http/openapi.ts";
import type { Platform } from "../../../shared/platform.ts";
import { rateLimitPolicy } from "../../../shared/ratelimit/policy.ts";
import { countStaffReportEmail } from "../../../shared/ratelimit/report_emails.ts";
import { allowRoles } from "../../../shared/auth/permissions.ts";
import { allowAdmin } from "../../../shared/auth/current_admin.ts";
import { badRequest } from "../../../shared/http/errors.ts";
import { getWidgetConfig, saveWidgetConfig, WidgetConfigInput } from "../../../shared/widget/config.ts";
import { widgetFrameOrigins } from "../../../shared/partner/widget_origins.ts";
import { links } from "../../../shared/urls.ts";
import { providersForState, providersForZip } from "../../../shared/providers/lookup.ts";
import {
  ContactInput,
  LeadInput,
  OpportunityInput,
  PropertyInput,
  PropertyPatch,
  StateCode,
  Zip,
} from "../../../shared/widget/schemas.ts";
import { createContact, createProperty, updateProperty } from "../../../shared/widget/records.ts";
import { attachDocuments, MAX_DOCUMENT_BYTES, MAX_DOCUMENTS } from "../../../shared/widget/documents.ts";
import { createLead, createOpportunity } from "../../../shared/widget/leads.ts";
import { autocomplete, geocode, roofAnalysis } from "../../../shared/widget/location.ts";
import { processWidgetSavings, SavingsInfoInput } from "../../../shared/widget/savings.ts";
import {
  extractionItem,
  ReadingCheckInput,
  readingLimits,
  reviewReadingFor,
} from "../../../shared/widget/reading.ts";

const anyPartner = allowRoles("widget", "partner_admin", "partner_user");
const ok = (description: string) => ({
  200: { description },
  400: errorResponse("Invalid request"),
  ...authErrors,
});
const Uuid = z.object({ property_uuid: z.string().uuid() });
const idempotencyKey = (header: string | undefined, body: string | undefined) => body ?? header?.trim();

export function createApp(p: Platform) {
  const app = createServiceApp(p, "widget-service", {
    maxUploadBytes: MAX_DOCUMENTS * MAX_DOCUMENT_BYTES + 64 * 1024,
    description:
      "The lead widget's backend: partner configuration, providers, roof data, contacts, properties, leads.",
  });

  app.openapi(
    createRoute({
      method: "get",
      path: "/widget-info",
      security,
      middleware: [anyPartner] as const,
      responses: ok("{data: partner widget configuration}"),
    }),
    async (c) => {
      const auth = c.get("auth");
      // `frame_origins`: who may frame the widget, for the widget's own check on a static host (security pass 16).
      const [config, frame_origins] = await Promise.all([
        getWidgetConfig(p, auth),
        widgetFrameOrigins(p.sql, auth.orgId, [p.config.publicUrl, links(p).consoleUrl]),
      ]);
      return c.json({ data: { ...config, frame_origins } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "put",
      path: "/widget-config",
      security,
      middleware: [allowAdmin(p)] as const,
      request: { body: json(WidgetConfigInput) },
      responses: ok("{data: the saved configuration}"),
      description:
        "Partner admin: create or replace the widget configuration (widget_info HTML is sanitised).",
    }),
    async (c) => {
      const auth = c.get("auth");
      return c.json({ data: await saveWidgetConfig(p, auth.orgId!, c.req.valid("json"), auth) }, 200);
    },
  );

  const ProvidersQuery = z.object({ zip: Zip.optional(), state: StateCode.optional() });
  const providers = async (q: z.infer<typeof ProvidersQuery>) => {
    if (q.zip) return { zip: q.zip, state: q.state ?? null, items: await providersForZip(p.sql, q.zip) };
    if (q.state) return { zip: null, state: q.state, items: await providersForState(p.sql, q.state) };
    throw badRequest("invalid_request", "query: give zip or state");
  };
  for (const path of ["/utility-providers", "/energy-providers"]) {
    app.openapi(
      createRoute({
        method: "get",
        path,
        security,
        middleware: [anyPartner] as const,
        request: { query: ProvidersQuery },
        responses: ok("{data: {zip, state, items: [{id, eiaId, name, ownership, match}]}}"),
      }),
      async (c) => c.json({ data: await providers(c.req.valid("query")) }, 200),
    );
  }

  app.openapi(
    createRoute({
      method: "get",
      path: "/address-autocomplete",
      security,
      middleware: [anyPartner] as const,
      request: {
        query: z.object({
          q: z.string().trim().min(2).max(200),
          limit: z.coerce.number().int().min(1).max(10).default(5),
        }),
      },
      responses: ok(
        "{data: {items: [{description, line1, city, state, zip, zipConfirmed, lat, lon}]}}; zipConfirmed false: " +
          "the ZIP is only the city's default, geocode the suggestion before using it",
      ),
    }),
    async (c) => {
      const q = c.req.valid("query");
      return c.json({ data: { items: await autocomplete(p, q.q, q.limit) } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/geocode",
      security,
      middleware: [anyPartner] as const,
      request: { query: z.object({ address: z.string().trim().min(3).max(300) }) },
      responses: {
        ...ok(
          "{data: {formattedAddress, line1, city, state, zip, lat, lon, precision, source, zipConfirmed, " +
            "zipCandidates?}}; zipConfirmed false: zip is a default among the city's zipCandidates (no ZIP typed and " +
            "several in the city, or a typed ZIP of no area or another state's): the homeowner confirms or types " +
            "theirs before it is used",
        ),
        404: { description: "Address not found" },
      },
    }),
    async (c) => c.json({ data: await geocode(p, c.req.valid("query").address) }, 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/roof-analysis",
      security,
      middleware: [anyPartner] as const,
      request: {
        query: z.object({
          lat: z.coerce.number().min(-90).max(90).optional(),
          lon: z.coerce.number().min(-180).max(180).optional(),
          property_uuid: z.string().uuid().optional(),
        }),
      },
      responses: { ...ok("{data: roof data}"), 404: { description: "No roof data" } },
    }),
    async (c) => c.json({ data: await roofAnalysis(p, c.get("auth"), c.req.valid("query")) }, 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/contact",
      security,
      middleware: [anyPartner] as const,
      request: { body: json(ContactInput) },
      responses: { 201: { description: "{data: contact}" }, ...ok("") },
    }),
    async (c) => c.json({ data: await createContact(p, c.get("auth"), c.req.valid("json")) }, 201),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/property",
      security,
      middleware: [anyPartner] as const,
      request: { body: json(PropertyInput) },
      responses: { 201: { description: "{data: property with property_uuid}" }, ...ok("") },
    }),
    async (c) => c.json({ data: await createProperty(p, c.get("auth"), c.req.valid("json")) }, 201),
  );

  app.openapi(
    createRoute({
      method: "put",
      path: "/property/{property_uuid}",
      security,
      middleware: [anyPartner] as const,
      request: { params: Uuid, body: json(PropertyPatch) },
      responses: { ...ok("{data: property}"), 404: { description: "Unknown property" } },
    }),
    async (c) =>
      c.json({
        data: await updateProperty(p, c.get("auth"), c.req.valid("param").property_uuid, c.req.valid("json")),
      }, 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/property/{property_uuid}/upload",
      security,
      middleware: [anyPartner] as const,
      request: { params: Uuid },
      description:
        "multipart/form-data: one or more `files` (PDF, PNG, JPEG, WebP; 10 MB each, 10 at most) and an optional `kind` (document, utility_bill, photo, report).",
      responses: {
        201: { description: "{data: {items: [document]}}" },
        ...ok(""),
        404: { description: "Unknown property" },
      },
    }),
    async (c) => {
      const form = await c.req.parseBody({ all: true }).catch(() => {
        throw badRequest("invalid_request", "Body must be multipart/form-data");
      });
      const raw = [form.files, form.file].flat().filter((f): f is File => f instanceof File);
      const files = await Promise.all(
        raw.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })),
      );
      const kind = typeof form.kind === "string" ? form.kind : "document";
      return c.json({
        data: {
          items: await attachDocuments(p, c.get("auth"), c.req.valid("param").property_uuid, files, kind),
        },
      }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/create-lead",
      security,
      middleware: [anyPartner] as const,
      request: { body: json(LeadInput) },
      description:
        "Idempotent on `idempotency_key` (body) or the Idempotency-Key header: a repeat answers 200 with the first lead.",
      responses: {
        201: { description: "{data: lead}" },
        ...ok("{data: lead} (repeat of an idempotency key)"),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const { lead, created } = await createLead(p, c.get("auth"), {
        ...body,
        idempotency_key: idempotencyKey(c.req.header("idempotency-key"), body.idempotency_key),
      });
      return c.json({ data: lead }, created ? 201 : 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/create-opportunity",
      security,
      middleware: [anyPartner] as const,
      request: { body: json(OpportunityInput) },
      responses: {
        201: { description: "{data: opportunity}" },
        ...ok("{data: opportunity} (repeat of an idempotency key)"),
        404: { description: "Unknown lead" },
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const { opportunity, created } = await createOpportunity(p, c.get("auth"), {
        ...body,
        idempotency_key: idempotencyKey(c.req.header("idempotency-key"), body.idempotency_key),
      });
      return c.json({ data: opportunity }, created ? 201 : 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/bill-reading",
      security,
      middleware: [anyPartner] as const,
      request: { body: json(ReadingCheckInput) },
      description:
        "The plausibility gate on a bill reading (with the homeowner's corrections): what was read, the checks that failed, " +
        "and `needsConfirmation`, the confirm-step lines (name, address, utility, usage) to confirm or correct before a report.",
      responses: {
        ...ok(
          "{data: {transactionId, read, checks, needsConfirmation, unconfirmed, corrections, confirmed}}",
        ),
        404: { description: "Unknown bill extraction" },
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const item = body.transaction_id
        ? await extractionItem(p, c.get("auth"), body.transaction_id)
        : body.bill ?? null;
      return c.json({
        data: await reviewReadingFor(p, {
          limits: readingLimits(p),
          item,
          transactionId: body.transaction_id,
          values: body.values,
          addressState: body.address_state,
          home: { city: body.address_city, zip: body.address_zip },
          chosenUtility: body.utility_provider,
          confirmed: body.confirmed,
        }),
      }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/process-widget-savings-info",
      security,
      middleware: [anyPartner] as const,
      request: { body: json(SavingsInfoInput) },
      description:
        "Runs the savings pipeline for a lead (or creates the lead from contact + address): the report is emailed to the homeowner and attached to the lead. Once per lead; a repeat answers with the same figures.",
      responses: {
        ...ok(
          "{data: savings summary}; 400 needs_confirmation (details: {needsConfirmation, checks}) for an implausible reading nobody confirmed",
        ),
        404: { description: "Unknown lead" },
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      // With a staff token the report is emailed to the lead's address: the partner's daily bound (security pass 14).
      await countStaffReportEmail(p.sql, rateLimitPolicy(p), c.get("auth"));
      return c.json({
        data: await processWidgetSavings(p, c.get("auth"), {
          ...body,
          idempotency_key: idempotencyKey(c.req.header("idempotency-key"), body.idempotency_key),
        }),
      }, 200);
    },
  );

  return app;
}
