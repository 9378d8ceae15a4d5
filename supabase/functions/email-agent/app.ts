import { createRoute, z } from "@hono/zod-openapi";
import { allowRoles } from "../../../shared/auth/permissions.ts";
import { checkViewFor } from "../../../shared/email-agent/check_view.ts";
import { checkInbox } from "../../../shared/email-agent/check.ts";
import {
  applyUpdates,
  listTracked,
  refreshTracking,
  trackedJson,
} from "../../../shared/email-agent/track.ts";
import { createServiceApp } from "../../../shared/http/app.ts";
import { errorResponse as err, security } from "../../../shared/http/openapi.ts";
import { ApiError } from "../../../shared/http/errors.ts";
import type { Platform } from "../../../shared/platform.ts";

const Category = z.enum([
  "utility_bill",
  "billing_statement",
  "payment_confirmation",
  "past_due_notice",
  "other",
]);
const Status = z.enum(["received", "extracting", "extracted", "linked", "unmatched", "ignored", "failed"]);

const TrackedMessage = z.object({
  message_uuid: z.string().uuid(),
  message_id: z.string().openapi({ example: "<bill-2026-11@fpl.example>" }),
  organization_uuid: z.string().uuid().nullable(),
  from: z.string().nullable(),
  subject: z.string(),
  received_at: z.string(),
  category: z.string().openapi({
    description: "utility_bill, billing_statement, payment_confirmation, past_due_notice or other",
  }),
  status: z.string().openapi({
    description: "received, extracting, extracted, linked, unmatched, ignored or failed",
  }),
  account_number: z.string().nullable(),
  customer_name: z.string().nullable(),
  service_address: z.any().nullable(),
  amount_due: z.string().nullable(),
  due_date: z.string().nullable(),
  property_uuid: z.string().uuid().nullable(),
  contact_uuid: z.string().uuid().nullable(),
  linked_by: z.string().nullable().openapi({ description: "account_number, address or manual" }),
  bill_transaction_id: z.string().uuid().nullable().openapi({
    description: "Poll with utility-bill-service /poll-utility-bill-status",
  }),
  attachments: z.array(z.object({
    filename: z.string(),
    contentType: z.string(),
    size: z.number(),
    bill: z.boolean(),
    extracted: z.boolean().openapi({ description: "Part of the document handed to bill extraction" }),
  })),
  notes: z.string().nullable(),
  error: z.string().nullable(),
}).openapi("TrackedEmailMessage");

const checkInboxRoute = createRoute({
  method: "post",
  path: "/check-inbox",
  summary: "Fetch new messages from the configured inbox, classify and record them, hand bills to extraction",
  security,
  request: {
    body: {
      required: false,
      content: {
        "application/json": { schema: z.object({ limit: z.number().int().min(1).max(200).optional() }) },
      },
    },
  },
  responses: {
    200: {
      description:
        "What the check found; `messages` are the new messages routed to the caller's organization",
      content: {
        "application/json": {
          schema: z.object({
            inbox: z.string(),
            fetched: z.number().int(),
            recorded: z.number().int(),
            duplicates: z.number().int(),
            billing: z.number().int(),
            extractionsStarted: z.number().int(),
            messages: z.array(TrackedMessage),
          }),
        },
      },
    },
    400: err("Invalid body"),
    401: err("Missing or invalid token"),
    403: err("Role not allowed (partner admins and the service role only)"),
    429: err("Too many inbox checks (per partner, and by all partners together)"),
    502: err("Inbox unreachable"),
  },
});

const trackRoute = createRoute({
  method: "post",
  path: "/track-billing-email-messages",
  summary: "Update the tracking of billing-related messages and list them with filters",
  security,
  request: {
    body: {
      required: false,
      content: {
        "application/json": {
          schema: z.object({
            updates: z.array(z.object({
              message_uuid: z.string().uuid(),
              status: z.enum(["ignored", "unmatched", "linked"]).optional(),
              property_uuid: z.string().uuid().optional(),
              notes: z.string().max(2000).optional(),
            })).max(100).optional(),
            filters: z.object({
              status: z.array(Status).max(7).optional(),
              category: z.array(Category).max(5).optional(),
              linked: z.boolean().optional(),
              account_number: z.string().max(40).optional(),
              property_uuid: z.string().uuid().optional(),
              since: z.string().datetime({ offset: true }).optional(),
              until: z.string().datetime({ offset: true }).optional(),
              limit: z.number().int().min(1).max(200).optional(),
              offset: z.number().int().min(0).max(100000).optional(),
            }).optional(),
            refresh: z.boolean().optional().openapi({
              description: "Bring extractions in progress up to date first (default true)",
            }),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: "Tracked billing messages, newest first",
      content: {
        "application/json": {
          schema: z.object({
            refreshed: z.number().int(),
            count: z.number().int(),
            messages: z.array(TrackedMessage),
          }),
        },
      },
    },
    400: err("Invalid body"),
    401: err("Missing or invalid token"),
    403: err("Message or property of another organization"),
    404: err("Unknown message or property"),
  },
});

/** SPEC: email-agent. */
export function createApp(p: Platform) {
  const app = createServiceApp(p, "email-agent", {
    maxBodyBytes: 64 * 1024,
    description:
      "Checks the billing inbox (IMAP, or the embedded SMTP-fed mailbox) and tracks billing-related email.",
  });
  // The inbox is the platform's, shared by every partner: a check fetches up to 200 messages of all of them and starts
  // their bill readings. The scheduler (`service`) and partner admins only (pass 12: any partner user could, without
  // limit); an admin's checks are counted per partner and in all (RATE_LIMIT_INBOX_CHECKS_*, shared/ratelimit).
  app.use("/check-inbox", allowRoles("partner_admin", "service"));
  app.use("/track-billing-email-messages", allowRoles("partner_admin", "partner_user", "service"));

  app.openapi(checkInboxRoute, async (c) => {
    const body = c.req.header("content-length") === "0" || !c.req.header("content-type")
      ? {}
      : c.req.valid("json") ?? {};
    const auth = c.get("auth");
    // A mailbox that cannot be reached is a SeamUnavailableError: 502 inbox_unavailable.
    const r = await checkInbox(p, { limit: body.limit });
    // A partner's admin sees the counts of their own organisation's messages only (pass 12).
    const { rows, ...counts } = await checkViewFor(p, auth, r);
    return c.json({ ...counts, messages: rows.map(trackedJson) }, 200);
  });

  app.openapi(trackRoute, async (c) => {
    const body = c.req.header("content-length") === "0" || !c.req.header("content-type")
      ? {}
      : c.req.valid("json") ?? {};
    const auth = c.get("auth");
    if (!auth.orgId) throw new ApiError(403, "forbidden", "The caller belongs to no organization");
    const refreshed = body.refresh === false ? 0 : await refreshTracking(p, auth.orgId);
    if (body.updates?.length) await applyUpdates(p, auth, body.updates);
    const messages = await listTracked(p, auth, body.filters ?? {});
    return c.json({ refreshed, count: messages.length, messages }, 200);
  });
  return app;
}
