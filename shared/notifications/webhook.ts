// Delivery webhooks (SPEC: POST /events/webhook): Standard Webhooks signatures (`webhook-*` headers, or
// `svix-*` as Resend sends them), 5-minute timestamp tolerance, constant-time comparison (standardwebhooks).
import { Webhook } from "standardwebhooks";
import type { Sql } from "../db/client.ts";

export class WebhookSignatureError extends Error {}
/** Correctly signed, but the body is not JSON: the sender's bug, not a forgery (400, not 403). */
export class WebhookBodyError extends Error {}

/** The id of a webhook delivery (`webhook-id`, or `svix-id` as Resend sends it). */
export const webhookIdOf = (headers: Headers) => headers.get("webhook-id") ?? headers.get("svix-id") ?? "";

/** Verifies the raw body against the signature headers; returns the parsed event. */
export function verifyWebhook(secret: string, rawBody: string, headers: Headers): unknown {
  const prefix = headers.has("webhook-signature") ? "webhook" : "svix";
  const h = {
    "webhook-id": headers.get(`${prefix}-id`) ?? "",
    "webhook-timestamp": headers.get(`${prefix}-timestamp`) ?? "",
    "webhook-signature": headers.get(`${prefix}-signature`) ?? "",
  };
  if (!h["webhook-id"] || !h["webhook-timestamp"] || !h["webhook-signature"]) {
    throw new WebhookSignatureError("missing webhook signature headers");
  }
  try {
    return new Webhook(secret).verify(rawBody, h);
  } catch (e) {
    // standardwebhooks verifies the signature first, then JSON.parses the body.
    if (e instanceof SyntaxError) throw new WebhookBodyError("webhook body is not JSON");
    throw new WebhookSignatureError(`webhook signature rejected: ${(e as Error).message}`);
  }
}

/** Signs a webhook body as the provider does (the dev mailbox and tests use it). */
export function signWebhook(
  secret: string,
  id: string,
  body: string,
  at = new Date(),
): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, at, body),
  };
}

// The states a delivery event may move a row FROM: status only moves forward (sent → delivered →
// bounced/complained); a late `delivered` never overwrites a bounce or a complaint.
const TRANSITIONS: Record<string, { status: "delivered" | "bounced" | "complained"; from: string[] }> = {
  "email.delivered": { status: "delivered", from: ["sent"] },
  "email.bounced": { status: "bounced", from: ["sent", "delivered"] },
  "email.complained": { status: "complained", from: ["sent", "delivered", "bounced"] },
};

export interface WebhookResult {
  status: "ok" | "ignored" | "duplicate";
  updated: number;
}

/** How long an applied webhook id is remembered (the signature's 5-minute tolerance refuses older replays). */
const SEEN_TTL_HOURS = 24;
const PRUNE_EVERY = 500;
let sincePrune = 0;

/**
 * Applies a verified delivery event to the log rows of its provider email id, once per webhook id: the id
 * is recorded in security.seen_webhooks in the same transaction, so a replayed webhook changes nothing.
 */
export async function applyDeliveryEvent(
  sql: Sql,
  event: unknown,
  webhookId?: string,
): Promise<WebhookResult> {
  const e = (event ?? {}) as {
    type?: unknown;
    data?: { email_id?: unknown; bounce?: { message?: unknown }; reason?: unknown };
  };
  const type = typeof e.type === "string" ? e.type : "";
  // A NUL cannot match a stored id (and PostgreSQL refuses it): such an event is ignored, never a 500.
  const emailId = typeof e.data?.email_id === "string" && !e.data.email_id.includes("\u0000")
    ? e.data.email_id.slice(0, 200)
    : "";
  // Own keys only: "constructor" or "__proto__" are not event types.
  const handled = type === "email.opened" || Object.hasOwn(TRANSITIONS, type);
  if (!handled || !emailId) return { status: "ignored", updated: 0 };
  if (++sincePrune >= PRUNE_EVERY) {
    sincePrune = 0;
    sql`delete from security.seen_webhooks where seen_at < now() - make_interval(hours => ${SEEN_TTL_HOURS})`
      .catch(() => {});
  }
  return await sql.begin(async (tx) => {
    if (webhookId) {
      const fresh = await tx`insert into security.seen_webhooks (webhook_id) values (${
        webhookId.slice(0, 200)
      }) on conflict do nothing returning webhook_id`;
      if (!fresh.length) return { status: "duplicate", updated: 0 } as WebhookResult;
    }
    if (type === "email.opened") {
      const r =
        await tx`update public.notification_log set opened_at = coalesce(opened_at, now()) where provider_email_id = ${emailId} returning id`;
      return { status: "ok", updated: r.length } as WebhookResult;
    }
    const t = TRANSITIONS[type];
    const reason = type === "email.bounced"
      ? String(e.data?.bounce?.message ?? e.data?.reason ?? "bounced").replaceAll("\u0000", "").slice(0, 2000)
      : null;
    const r = await tx`update public.notification_log
      set status = ${t.status},
          delivered_at = case when ${t.status} = 'delivered' then now() else delivered_at end,
          error_message = coalesce(${reason}, error_message)
      where provider_email_id = ${emailId} and status in ${tx(t.from)} returning id`;
    return { status: "ok", updated: r.length } as WebhookResult;
  });
}
