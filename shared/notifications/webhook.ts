// Delivery webhooks (SPEC: POST /events/webhook): Standard Webhooks signatures (`webhook-*` headers, or
// `svix-*` as Resend sends them), 5-minute timestamp tolerance, constant-time comparison (standardwebhooks).
import { Webhook } from "standardwebhooks";
import type { Sql } from "../db/client.ts";

export class WebhookSignatureError extends Error {}
/** Correctly signed, but the body is not JSON: the sender's bug, not a forgery (400, not 403). */
export class WebhookBodyError extends Error {}

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
export function signWebhook(secret: string, id: string, body: string, at = new Date()): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, at, body),
  };
}

const STATUS_OF: Record<string, "delivered" | "bounced" | "complained"> = {
  "email.delivered": "delivered",
  "email.bounced": "bounced",
  "email.complained": "complained",
};

export interface WebhookResult {
  status: "ok" | "ignored";
  updated: number;
}

/** Applies a verified delivery event to the log rows of its provider email id. */
export async function applyDeliveryEvent(sql: Sql, event: unknown): Promise<WebhookResult> {
  const e = (event ?? {}) as { type?: unknown; data?: { email_id?: unknown; bounce?: { message?: unknown }; reason?: unknown } };
  const type = typeof e.type === "string" ? e.type : "";
  const emailId = typeof e.data?.email_id === "string" ? e.data.email_id : "";
  const handled = type === "email.opened" || type in STATUS_OF;
  if (!handled || !emailId) return { status: "ignored", updated: 0 };
  if (type === "email.opened") {
    const r = await sql`update public.notification_log set opened_at = now() where provider_email_id = ${emailId} returning id`;
    return { status: "ok", updated: r.length };
  }
  const status = STATUS_OF[type];
  const reason = type === "email.bounced" ? String(e.data?.bounce?.message ?? e.data?.reason ?? "bounced").slice(0, 2000) : null;
  const r = await sql`update public.notification_log
    set status = ${status},
        delivered_at = case when ${status} = 'delivered' then now() else delivered_at end,
        error_message = coalesce(${reason}, error_message)
    where provider_email_id = ${emailId} returning id`;
  return { status: "ok", updated: r.length };
}
