import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { createServiceApp } from "../../../shared/http/app.ts";
import { contentDisposition, servedFileType } from "../../../shared/http/headers.ts";
import { errorResponse, jsonBody as json, security } from "../../../shared/http/openapi.ts";
import type { Platform } from "../../../shared/platform.ts";
import { allowRoles } from "../../../shared/auth/permissions.ts";
import { allowAdmin } from "../../../shared/auth/current_admin.ts";
import {
  type FileOut,
  leadBillFile,
  leadDetail,
  leadDocument,
  LeadFilters,
  leadReport,
  leadsCsv,
  listLeads,
  setLeadStatus,
} from "../../../shared/partner/leads.ts";
import { LEAD_STATUSES } from "../../../shared/leads/statuses.ts";
import {
  issueWidgetToken,
  listWidgetTokens,
  previewToken,
  renameWidgetToken,
  revokeWidgetToken,
} from "../../../shared/partner/tokens.ts";
import {
  addUser,
  listUsers,
  NewUser,
  PARTNER_ROLES,
  removeUser,
  setUserRole,
} from "../../../shared/partner/users.ts";
import {
  AcceptInvitation,
  acceptInvitation,
  describeInvitation,
  InvitationToken,
  inviteUser,
  listInvitations,
  NewInvitation,
  revokeInvitation,
} from "../../../shared/partner/invitations.ts";
import {
  addWebhook,
  deleteWebhook,
  getSettings,
  leadEmailPreference,
  listDeliveries,
  listWebhooks,
  PartnerSettingsInput,
  saveSettings,
  setLeadEmailPreference,
  testWebhook,
  updateWebhook,
  WebhookInput,
} from "../../../shared/partner/settings.ts";
import { embedSnippet } from "../../../shared/partner/snippet.ts";
import { PreviewDraft, savePreviewDraft } from "../../../shared/partner/preview.ts";

const partner = allowRoles("partner_admin", "partner_user");
const ok = (description: string) => ({
  200: { description },
  400: errorResponse("Invalid request"),
  401: errorResponse("Missing or invalid token"),
  403: errorResponse("Forbidden (role, or another partner's record)"),
  404: errorResponse("Unknown record"),
});
const Id = z.object({ id: z.string().uuid() });
const Name = z.object({ name: z.string().trim().min(1).max(80) });

function file(c: Context, f: FileOut) {
  return c.body(f.bytes as Uint8Array<ArrayBuffer>, 200, {
    // Both come from stored rows (an uploaded file's name and type): only a type that runs nothing is served as such.
    "content-type": servedFileType(f.contentType),
    "content-disposition": contentDisposition("inline", f.filename),
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
    // A stored file is shown, never run as this origin.
    "content-security-policy": "sandbox",
  });
}

export function createApp(p: Platform) {
  const app = createServiceApp(p, "partner-service", {
    description:
      "The partner console's API: leads (list, CSV, detail, status, report and bill files), widget tokens, users, " +
      "contact details for homeowner emails, notification preferences, webhooks and their delivery log. Roles partner_admin and " +
      "partner_user; tokens, users, invitations, settings and webhooks are partner_admin only. An invitee reads and accepts their " +
      "invitation without a token (POST /invitations/lookup, /invitations/accept). Widget settings are widget-service's GET /widget-info and PUT /widget-config.",
    publicPaths: ["/invitations/lookup", "/invitations/accept"],
  });
  const route = <T extends Parameters<typeof createRoute>[0]>(r: T) => createRoute({ security, ...r });
  // The role in the token and, still, in the database (security pass 11).
  const admin = allowAdmin(p);

  app.openapi(
    route({
      method: "get",
      path: "/me",
      middleware: [partner] as const,
      responses: ok("{data: {user_id, email, role, org_id, partner_name}}"),
    }),
    async (c) => {
      const a = c.get("auth");
      const s = await getSettings(p, a);
      return c.json({
        data: {
          user_id: a.userId,
          email: a.email,
          role: a.role,
          org_id: a.orgId,
          partner_name: s.partner_name,
        },
      }, 200);
    },
  );

  app.openapi(
    route({
      method: "get",
      path: "/leads",
      middleware: [partner] as const,
      request: { query: LeadFilters },
      responses: ok("{data: {items: [lead], total}}"),
    }),
    async (c) => c.json({ data: await listLeads(p, c.get("auth"), c.req.valid("query")) }, 200),
  );

  app.openapi(
    route({
      method: "get",
      path: "/leads.csv",
      middleware: [partner] as const,
      request: { query: LeadFilters },
      responses: {
        200: {
          description: "text/csv of every matching lead (no paging)",
          content: { "text/csv": { schema: z.string() } },
        },
        400: { description: "Invalid filter" },
      },
    }),
    async (c) => {
      const csv = await leadsCsv(p, c.get("auth"), c.req.valid("query"));
      return c.body(csv, 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`,
      });
    },
  );

  app.openapi(
    route({
      method: "get",
      path: "/leads/{id}",
      middleware: [partner] as const,
      request: { params: Id },
      responses: ok("{data: lead detail}"),
    }),
    async (c) => c.json({ data: await leadDetail(p, c.get("auth"), c.req.valid("param").id) }, 200),
  );

  app.openapi(
    route({
      method: "patch",
      path: "/leads/{id}",
      middleware: [partner] as const,
      request: { params: Id, body: json(z.object({ status: z.enum(LEAD_STATUSES) })) },
      responses: ok("{data: lead}"),
    }),
    async (c) =>
      c.json({
        data: await setLeadStatus(p, c.get("auth"), c.req.valid("param").id, c.req.valid("json").status),
      }, 200),
  );

  app.openapi(
    route({
      method: "get",
      path: "/leads/{id}/report",
      middleware: [partner] as const,
      request: { params: Id },
      responses: ok("application/pdf"),
    }),
    async (c) => file(c, await leadReport(p, c.get("auth"), c.req.valid("param").id)),
  );

  app.openapi(
    route({
      method: "get",
      path: "/leads/{id}/bill/{n}",
      middleware: [partner] as const,
      request: { params: Id.extend({ n: z.coerce.number().int().min(0).max(100) }) },
      responses: ok("the bill file (PDF or image)"),
    }),
    async (c) =>
      file(c, await leadBillFile(p, c.get("auth"), c.req.valid("param").id, c.req.valid("param").n)),
  );

  app.openapi(
    route({
      method: "get",
      path: "/leads/{id}/documents/{doc}",
      middleware: [partner] as const,
      request: { params: Id.extend({ doc: z.string().uuid() }) },
      responses: ok("the property document"),
    }),
    async (c) =>
      file(c, await leadDocument(p, c.get("auth"), c.req.valid("param").id, c.req.valid("param").doc)),
  );

  app.openapi(
    route({
      method: "get",
      path: "/widget-tokens",
      middleware: [admin] as const,
      responses: ok("{data: [token]} (values are never shown again)"),
    }),
    async (c) => c.json({ data: await listWidgetTokens(p, c.get("auth")) }, 200),
  );
  app.openapi(
    route({
      method: "post",
      path: "/widget-tokens",
      middleware: [admin] as const,
      request: { body: json(Name) },
      responses: { 201: { description: "{data: {id, name, token, snippet}}: the value once" }, ...ok("") },
    }),
    async (c) => {
      const t = await issueWidgetToken(p, c.get("auth"), c.req.valid("json").name);
      return c.json({ data: { ...t, snippet: embedSnippet(p.config.publicUrl, t.token) } }, 201);
    },
  );
  app.openapi(
    route({
      method: "patch",
      path: "/widget-tokens/{id}",
      middleware: [admin] as const,
      request: { params: Id, body: json(Name) },
      responses: ok("{data: token}"),
    }),
    async (c) =>
      c.json({
        data: await renameWidgetToken(p, c.get("auth"), c.req.valid("param").id, c.req.valid("json").name),
      }, 200),
  );
  app.openapi(
    route({
      method: "delete",
      path: "/widget-tokens/{id}",
      middleware: [admin] as const,
      request: { params: Id },
      responses: ok("{data: token} revoked"),
    }),
    async (c) => c.json({ data: await revokeWidgetToken(p, c.get("auth"), c.req.valid("param").id) }, 200),
  );
  app.openapi(
    route({
      method: "post",
      path: "/preview-token",
      middleware: [partner] as const,
      responses: {
        201: {
          description:
            "{data: {token, expires_in, preview_id}}: a one-hour widget token for the live preview; PUT /preview/{preview_id} sets its draft",
        },
        ...ok(""),
      },
    }),
    async (c) => c.json({ data: await previewToken(p, c.get("auth")) }, 201),
  );
  app.openapi(
    route({
      method: "put",
      path: "/preview/{id}",
      middleware: [partner] as const,
      request: { params: Id, body: json(PreviewDraft) },
      responses: ok(
        "{data: {preview_id, logo_url, theme}}: the unsaved colors and logo the preview session's widget-info answers " +
          "(a widget on another origin than the console; reload it to see them)",
      ),
    }),
    async (c) =>
      c.json({
        data: await savePreviewDraft(p, c.get("auth"), c.req.valid("param").id, c.req.valid("json")),
      }, 200),
  );

  app.openapi(
    route({ method: "get", path: "/users", middleware: [partner] as const, responses: ok("{data: [user]}") }),
    async (c) => c.json({ data: await listUsers(p, c.get("auth")) }, 200),
  );
  app.openapi(
    route({
      method: "post",
      path: "/users",
      middleware: [admin] as const,
      request: { body: json(NewUser) },
      responses: { 201: { description: "{data: user}" }, 409: { description: "email_taken" }, ...ok("") },
    }),
    async (c) => c.json({ data: await addUser(p, c.get("auth"), c.req.valid("json")) }, 201),
  );
  app.openapi(
    route({
      method: "patch",
      path: "/users/{id}",
      middleware: [admin] as const,
      request: { params: Id, body: json(z.object({ role: z.enum(PARTNER_ROLES) })) },
      responses: { ...ok("{data: user}"), 409: { description: "last_admin" } },
    }),
    async (c) =>
      c.json(
        { data: await setUserRole(p, c.get("auth"), c.req.valid("param").id, c.req.valid("json").role) },
        200,
      ),
  );

  app.openapi(
    route({
      method: "delete",
      path: "/users/{id}",
      middleware: [admin] as const,
      request: { params: Id },
      responses: {
        ...ok("{data: user} removed: account, password and sessions"),
        409: { description: "cannot_remove_self, last_admin" },
      },
    }),
    async (c) => c.json({ data: await removeUser(p, c.get("auth"), c.req.valid("param").id) }, 200),
  );

  app.openapi(
    route({
      method: "get",
      path: "/invitations",
      middleware: [partner] as const,
      responses: ok(
        "{data: [{id, email, role, invited_by, created_at, expires_at, expired}]}: open invitations",
      ),
    }),
    async (c) => c.json({ data: await listInvitations(p, c.get("auth")) }, 200),
  );
  app.openapi(
    route({
      method: "post",
      path: "/invitations",
      middleware: [admin] as const,
      request: { body: json(NewInvitation) },
      responses: {
        201: {
          description: "{data: invitation}: the invitation email is sent (a single-use link that expires)",
        },
        409: { description: "email_taken" },
        502: { description: "email_unavailable: the email could not be sent; nothing was saved" },
        ...ok(""),
      },
    }),
    async (c) => c.json({ data: await inviteUser(p, c.get("auth"), c.req.valid("json")) }, 201),
  );
  app.openapi(
    route({
      method: "delete",
      path: "/invitations/{id}",
      middleware: [admin] as const,
      request: { params: Id },
      responses: ok("{data: invitation} revoked: its link no longer works"),
    }),
    async (c) => c.json({ data: await revokeInvitation(p, c.get("auth"), c.req.valid("param").id) }, 200),
  );
  app.openapi(
    createRoute({
      method: "post",
      path: "/invitations/lookup",
      request: { body: json(InvitationToken) },
      responses: {
        200: { description: "{data: {partner_name, email, role, expires_at, account_exists}}" },
        400: { description: "Invalid token format" },
        404: { description: "invitation_not_found (unknown or revoked)" },
        409: { description: "invitation_used, invitation_expired" },
      },
    }),
    async (c) => c.json({ data: await describeInvitation(p, c.req.valid("json").token) }, 200),
  );
  app.openapi(
    createRoute({
      method: "post",
      path: "/invitations/accept",
      request: { body: json(AcceptInvitation) },
      responses: {
        201: {
          description: "{data: {user_id, email, role, organization_id}}: sign in with the email and password",
        },
        400: { description: "Invalid request (password under 10 characters)" },
        401: { description: "invalid_credentials: an existing account's password is wrong" },
        404: { description: "invitation_not_found" },
        409: { description: "invitation_used, invitation_expired, email_taken" },
        429: {
          description:
            "invitation_locked: LOGIN_MAX_FAILURES wrong passwords through this link (its own count)",
        },
      },
    }),
    async (c) => c.json({ data: await acceptInvitation(p, c.req.valid("json")) }, 201),
  );

  app.openapi(
    route({
      method: "get",
      path: "/settings",
      middleware: [partner] as const,
      responses: ok("{data: {partner_name, reply_to_email, phone, website_url}}"),
    }),
    async (c) => c.json({ data: await getSettings(p, c.get("auth")) }, 200),
  );
  app.openapi(
    route({
      method: "put",
      path: "/settings",
      middleware: [admin] as const,
      request: { body: json(PartnerSettingsInput) },
      responses: ok("{data: settings}"),
    }),
    async (c) => c.json({ data: await saveSettings(p, c.get("auth"), c.req.valid("json")) }, 200),
  );

  app.openapi(
    route({
      method: "get",
      path: "/notification-preferences",
      middleware: [partner] as const,
      responses: ok("{data: {lead_created_email}}"),
    }),
    async (c) => c.json({ data: await leadEmailPreference(p, c.get("auth")) }, 200),
  );
  app.openapi(
    route({
      method: "put",
      path: "/notification-preferences",
      middleware: [partner] as const,
      request: { body: json(z.object({ lead_created_email: z.boolean() })) },
      responses: ok("{data: {lead_created_email}}"),
    }),
    async (c) =>
      c.json(
        { data: await setLeadEmailPreference(p, c.get("auth"), c.req.valid("json").lead_created_email) },
        200,
      ),
  );

  app.openapi(
    route({
      method: "get",
      path: "/webhooks",
      middleware: [admin] as const,
      responses: ok("{data: [{id, url, enabled, secret}]}"),
    }),
    async (c) => c.json({ data: await listWebhooks(p, c.get("auth")) }, 200),
  );
  app.openapi(
    route({
      method: "post",
      path: "/webhooks",
      middleware: [admin] as const,
      request: { body: json(WebhookInput) },
      responses: { 201: { description: "{data: webhook} with its whsec_ secret" }, ...ok("") },
    }),
    async (c) => c.json({ data: await addWebhook(p, c.get("auth"), c.req.valid("json")) }, 201),
  );
  app.openapi(
    route({
      method: "patch",
      path: "/webhooks/{id}",
      middleware: [admin] as const,
      request: {
        params: Id,
        body: json(WebhookInput.partial().extend({ rotate_secret: z.boolean().optional() })),
      },
      responses: ok("{data: webhook}"),
    }),
    async (c) =>
      c.json(
        { data: await updateWebhook(p, c.get("auth"), c.req.valid("param").id, c.req.valid("json")) },
        200,
      ),
  );
  app.openapi(
    route({
      method: "delete",
      path: "/webhooks/{id}",
      middleware: [admin] as const,
      request: { params: Id },
      responses: { 204: { description: "Removed" }, ...ok("") },
    }),
    async (c) => {
      await deleteWebhook(p, c.get("auth"), c.req.valid("param").id);
      return c.body(null, 204);
    },
  );
  app.openapi(
    route({
      method: "post",
      path: "/webhooks/{id}/test",
      middleware: [admin] as const,
      request: { params: Id },
      responses: {
        202: { description: "{data: {delivery_id}}: a signed webhook.test request is queued" },
        ...ok(""),
      },
    }),
    async (c) => c.json({ data: await testWebhook(p, c.get("auth"), c.req.valid("param").id) }, 202),
  );
  app.openapi(
    route({
      method: "get",
      path: "/webhook-deliveries",
      middleware: [partner] as const,
      request: { query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }) },
      responses: ok("{data: [delivery]}"),
    }),
    async (c) => c.json({ data: await listDeliveries(p, c.get("auth"), c.req.valid("query").limit) }, 200),
  );

  return app;
}
