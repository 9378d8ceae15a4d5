// One-click unsubscribe (SPEC: GET /unsubscribe, Delivery guarantees 6, RFC 8058): signed links built at
// send time, verified in constant time, each nonce consumed once.
import type { Sql } from "../db/client.ts";
import type { NotificationConfig } from "./config.ts";
import { hmacHex, safeEqual } from "./crypto.ts";

export interface UnsubscribeParams {
  user_id: string;
  event_type: string;
  nonce: string;
}

export const signUnsubscribe = (secret: string, p: UnsubscribeParams) =>
  hmacHex(secret, `${p.user_id}:${p.event_type}:${p.nonce}`);

// The characters application/x-www-form-urlencoded (URLSearchParams) writes as they are.
const FORM_SAFE = /^[A-Za-z0-9*._-]*$/;

export function unsubscribeUrl(cfg: NotificationConfig, p: UnsubscribeParams): string {
  const sig = signUnsubscribe(cfg.unsubscribeSecret, p);
  // A push's values (a uuid, an event type, a ULID; the signature is hex) need no encoding: the text
  // URLSearchParams would write, without building one (a few µs per push); anything else goes through it.
  if (FORM_SAFE.test(p.user_id) && FORM_SAFE.test(p.event_type) && FORM_SAFE.test(p.nonce)) {
    return `${cfg.serviceUrl}/unsubscribe?user_id=${p.user_id}&event_type=${p.event_type}&nonce=${p.nonce}&sig=${sig}`;
  }
  const q = new URLSearchParams({ user_id: p.user_id, event_type: p.event_type, nonce: p.nonce, sig });
  return `${cfg.serviceUrl}/unsubscribe?${q}`;
}

/** The RFC 8058 headers of a non-auth email. */
export function unsubscribeHeaders(
  cfg: NotificationConfig,
  p: UnsubscribeParams,
  url: string,
): Record<string, string> {
  const mailto = `mailto:${cfg.unsubscribeMailto}?subject=${
    encodeURIComponent(`unsubscribe ${p.user_id} ${p.event_type} ${p.nonce}`)
  }`;
  return {
    "List-Unsubscribe": `<${url}>, <${mailto}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

export type UnsubscribeOutcome = "unsubscribed" | "tampered" | "nonce_used";

/** Verifies the signature, then consumes the nonce and opts the user out of the one event type. */
export async function unsubscribe(
  sql: Sql,
  secret: string,
  p: UnsubscribeParams & { sig: string },
): Promise<UnsubscribeOutcome> {
  if (!/^[0-9a-f]{64}$/.test(p.sig) || !safeEqual(signUnsubscribe(secret, p), p.sig)) return "tampered";
  // Every issued nonce is single-use: consuming it and opting out happen in one statement; a nonce
  // already in security.used_unsubscribe_nonces changes nothing.
  const rows = await sql`with consumed as (
      insert into security.used_unsubscribe_nonces (nonce, user_id, event_type) values (${p.nonce}, ${p.user_id}, ${p.event_type})
      on conflict (nonce) do nothing returning nonce)
    insert into public.user_notification_preference (user_id, event_type, email_enabled, used_nonce)
    select ${p.user_id}, ${p.event_type}, false, nonce from consumed
    on conflict (user_id, event_type) do update set email_enabled = false, used_nonce = excluded.used_nonce, updated_at = now()
    returning id`;
  return rows.length ? "unsubscribed" : "nonce_used";
}
