// The partner's contact details for homeowner emails, the caller's own "new lead" email preference, and
// webhook endpoints with their delivery log. RLS: partner_settings readable by the partner's people and written
// by its admins; webhooks only by admins; the delivery log readable by both partner roles.
import { z } from "@hono/zod-openapi";
import type { Platform } from "../platform.ts";
import { type AuthContext, withAuth } from "../db/scoped.ts";
import { badRequest, conflict, notFound } from "../errors.ts";
import { setPreference } from "../notifications/preferences.ts";
import { newWebhookSecret, queueTestDelivery } from "./webhooks.ts";
import { webhookUrlProblem } from "./webhook_url.ts";
import { partnerConfig } from "./config.ts";
import { WidgetOrigins } from "./widget_origins.ts";

export const PartnerSettingsInput = z.object({
  reply_to_email: z.string().trim().toLowerCase().email().max(254).nullable().optional(),
  // One line each (pass 15): a CR/LF or a quote in the phone or the website went as typed into the homeowner's report
  // email (the text part's "Call us at" line, the website's link).
  phone: z.string().trim().regex(/^[+()\d .-]{3,40}$/, "must be a phone number").nullable().optional(),
  website_url: z.string().trim().max(500).refine(isWebsite, "must be an http(s) URL").nullable().optional(),
  /** The pages allowed to frame the widget besides the website's origin (pass 14): omitted keeps the stored list. */
  widget_origins: WidgetOrigins.optional().openapi({
    type: "array",
    items: { type: "string", example: "https://www.partner.example" },
    maxItems: 20,
  }),
}).openapi("PartnerSettings");

/** An http(s) URL as a browser would write it: no white space, quotes, angle brackets or control characters. */
function isWebsite(text: string): boolean {
  if (!/^https?:\/\/[^\s"'<>\\^`{|}\p{Cc}]+$/u.test(text)) return false;
  try {
    return !!new URL(text).host;
  } catch {
    return false;
  }
}

export async function getSettings(p: Platform, auth: AuthContext) {
  return await withAuth(p.sql, auth, async (tx) => {
    const [s] =
      await tx`select reply_to_email, phone, website_url, widget_origins, updated_at from public.partner_settings where organization_id = ${auth.orgId}`;
    const [o] = await tx`select name from public.organizations where id = ${auth.orgId}`;
    return {
      partner_name: o?.name ?? "",
      reply_to_email: s?.reply_to_email ?? null,
      phone: s?.phone ?? null,
      website_url: s?.website_url ?? null,
      widget_origins: (s?.widget_origins as string[] | undefined) ?? [],
    };
  });
}

/**
 * Saves the fields the request gives; an omitted one keeps its stored value (null clears it), so the console's
 * "Emails to homeowners" form and its "Sites that may show the widget" form (pass 15) do not wipe each other's fields.
 */
export async function saveSettings(
  p: Platform,
  auth: AuthContext,
  input: z.infer<typeof PartnerSettingsInput>,
) {
  const given = (k: keyof typeof input) => input[k] !== undefined;
  await withAuth(
    p.sql,
    auth,
    (tx) =>
      tx`insert into public.partner_settings (organization_id, reply_to_email, phone, website_url, widget_origins, updated_by)
    values (${auth.orgId}, ${input.reply_to_email ?? null}, ${input.phone ?? null}, ${
        input.website_url ?? null
      }, ${input.widget_origins ?? []}::text[], ${auth.userId})
    on conflict (organization_id) do update set updated_by = excluded.updated_by, updated_at = now()${
        given("reply_to_email") ? tx`, reply_to_email = excluded.reply_to_email` : tx``
      }${given("phone") ? tx`, phone = excluded.phone` : tx``}${
        given("website_url") ? tx`, website_url = excluded.website_url` : tx``
      }${given("widget_origins") ? tx`, widget_origins = excluded.widget_origins` : tx``}`,
  );
  return await getSettings(p, auth);
}

/** The caller's own choice for the "new lead" email (a missing preference row means on). */
export async function leadEmailPreference(p: Platform, auth: AuthContext) {
  const [r] = await p
    .sql`select email_enabled from public.user_notification_preference where user_id = ${auth.userId} and event_type = 'lead.created'`;
  return { lead_created_email: r ? r.email_enabled === true : true };
}

export async function setLeadEmailPreference(p: Platform, auth: AuthContext, enabled: boolean) {
  await setPreference(p.sql, auth.userId, "lead.created", enabled);
  return { lead_created_email: enabled };
}

// Where the URL may point depends on the platform's settings (partnerConfig), so it is checked by
// addWebhook/updateWebhook, not by the schema.
export const WebhookInput = z.object({
  url: z.string().trim().max(2000),
  enabled: z.boolean().default(true),
}).openapi("WebhookInput");

const hookView = (r: Record<string, unknown>) => ({
  id: r.id,
  url: r.url,
  enabled: r.enabled,
  secret: r.secret,
  created_at: r.created_at,
});

export async function listWebhooks(p: Platform, auth: AuthContext) {
  const rows = await withAuth(
    p.sql,
    auth,
    (tx) => tx`select * from public.partner_webhooks order by created_at`,
  );
  return rows.map(hookView);
}

/** A 400 naming body.url when the URL cannot receive webhooks on this platform. */
function checkWebhookUrl(p: Platform, url: string): void {
  const cfg = partnerConfig(p);
  const problem = webhookUrlProblem(url, cfg.webhookAllowPrivate, cfg.webhookPorts);
  if (problem) throw badRequest("invalid_request", `body.url: ${problem}`);
}

export async function addWebhook(p: Platform, auth: AuthContext, input: z.infer<typeof WebhookInput>) {
  checkWebhookUrl(p, input.url);
  const max = partnerConfig(p).webhooksMax;
  const [row] = await withAuth(p.sql, auth, async (tx) => {
    // Counted under a lock per organization, so additions at once cannot all pass the bound (security pass 13).
    await tx`select pg_advisory_xact_lock(hashtextextended(${`webhooks:${auth.orgId}`}, 0))`;
    const [{ n }] =
      await tx`select count(*)::int as n from public.partner_webhooks where organization_id = ${auth
        .orgId!}`;
    if (n >= max) {
      throw conflict(
        "webhook_limit",
        `An organization may have at most ${max} webhooks: remove one, or point one at an endpoint that fans out`,
      );
    }
    return await tx`insert into public.partner_webhooks (organization_id, url, secret, enabled, created_by)
    values (${auth.orgId}, ${input.url}, ${newWebhookSecret()}, ${input.enabled}, ${auth.userId}) returning *`;
  });
  return hookView(row);
}

export async function updateWebhook(
  p: Platform,
  auth: AuthContext,
  id: string,
  input: Partial<z.infer<typeof WebhookInput>> & { rotate_secret?: boolean },
) {
  if (input.url !== undefined) checkWebhookUrl(p, input.url);
  const [row] = await withAuth(p.sql, auth, (tx) =>
    tx`update public.partner_webhooks set
      url = coalesce(${input.url ?? null}, url), enabled = coalesce(${input.enabled ?? null}, enabled),
      secret = case when ${
      input.rotate_secret === true
    } then ${newWebhookSecret()} else secret end, updated_at = now()
    where id = ${id} returning *`);
  if (!row) throw notFound("not_found", `No webhook ${id}`);
  return hookView(row);
}

export async function deleteWebhook(p: Platform, auth: AuthContext, id: string) {
  const rows = await withAuth(
    p.sql,
    auth,
    (tx) => tx`delete from public.partner_webhooks where id = ${id} returning id`,
  );
  if (!rows.length) throw notFound("not_found", `No webhook ${id}`);
}

export async function listDeliveries(p: Platform, auth: AuthContext, limit: number) {
  const rows = await withAuth(
    p.sql,
    auth,
    (tx) =>
      tx`select id, webhook_id, url, event_type, message_id, lead_id, status, attempts,
      response_status, last_error, next_attempt_at, delivered_at, created_at
    from public.partner_webhook_deliveries order by created_at desc limit ${limit}`,
  );
  return rows;
}

/** Queues a signed test request to one of the caller's endpoints (RLS: only the partner's admin sees it). */
export async function testWebhook(p: Platform, auth: AuthContext, id: string) {
  const [hook] = await withAuth(
    p.sql,
    auth,
    (tx) => tx`select id, url from public.partner_webhooks where id = ${id}`,
  );
  if (!hook) throw notFound("not_found", `No webhook ${id}`);
  const { partner_name } = await getSettings(p, auth);
  return {
    delivery_id: await queueTestDelivery(p, auth.orgId!, hook as { id: string; url: string }, partner_name),
  };
}
