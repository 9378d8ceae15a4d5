// One recipient's email of a push (SPEC: Email templates, Delivery guarantees 6): the event's template
// rendered with the handler's context, and for every event but auth.* the signed one-click unsubscribe link
// and its RFC 8058 headers. The nonce is derived from the log key and the event time, so a redelivery
// renders the same bytes.
import type { Platform } from "../platform.ts";
import { eventLabel, isAuthEvent } from "../events/catalogue.ts";
import type { EventEnvelope } from "../events/envelope.ts";
import type { EmailMessage } from "../email/index.ts";
import { notificationConfig } from "./config.ts";
import { derivedUlid } from "./crypto.ts";
import type { Recipient } from "./handlers.ts";
import type { KnownUser } from "./push_known.ts";
import { templates } from "./templates.ts";
import { unsubscribeHeaders, unsubscribeUrl } from "./unsubscribe.ts";

export type PushRecipient = Recipient & { optedOut: boolean };

export const recipientOf = (u: KnownUser | undefined): PushRecipient | undefined =>
  u && { userId: u.id, email: u.email, name: u.full_name || u.email, optedOut: u.opted_out };

export function pushEmail(
  p: Platform,
  key: string,
  envelope: EventEnvelope,
  recipient: PushRecipient,
  context: (r: Recipient) => Record<string, unknown>,
): EmailMessage {
  const cfg = notificationConfig(p);
  const ctx: Record<string, unknown> = {
    ...context(recipient),
    event_label: eventLabel(envelope.event_type),
  };
  let headers: Record<string, string> | undefined;
  if (!isAuthEvent(envelope.event_type)) {
    // The nonce is fresh per message and recipient but stable across redeliveries (same email, same key).
    const nonce = derivedUlid(cfg.unsubscribeSecret, key, Date.parse(envelope.created_at));
    const params = { user_id: recipient.userId, event_type: envelope.event_type, nonce };
    const url = unsubscribeUrl(cfg, params);
    headers = unsubscribeHeaders(cfg, params, url);
    Object.assign(ctx, {
      user_id: recipient.userId,
      unsubscribe_url: url,
      preferences_url: cfg.preferencesUrl,
    });
  }
  const rendered = templates(p).render(envelope.event_type, ctx);
  return { from: cfg.from, to: [recipient.email], ...rendered, headers };
}
