// A push in one round trip (issue 16): when the service already read the context this push needs (the same
// event type, job or invoice and named users: push_known.ts), it renders the email from that context at once
// and sends ONE statement, the checked write (send_and_log.ts, notify.push_send_and_log_checked), which reads
// the context again inside the same transaction and stores the email and its `sent` row only if the message
// has no log key yet (rule 4: a message logged under its id answers duplicate, as the read would) and the
// context is unchanged (the same fingerprint: record, recipients, names,
// addresses, opt-outs). Otherwise nothing is stored and the push goes the two-statement way (push.ts: read,
// render, write), as does every push this path does not cover: no remembered context, another provider than
// the outbox, an event type whose handler reads its own rows, several recipients, a recipient opted out or
// unknown, or a context the handler refuses (each of those writes a `failed` or `skipped` row, which the
// two-statement way decides from a fresh read).
import type { Platform } from "../platform.ts";
import { isAuthEvent } from "../events/catalogue.ts";
import type { EventEnvelope } from "../events/envelope.ts";
import { notificationConfig } from "./config.ts";
import { PermanentPushError } from "./errors.ts";
import { handlers, ownReads } from "./handlers.ts";
import { pushEmail, recipientOf } from "./push_email.ts";
import { forget, readArgs, recall } from "./push_known.ts";
import { batchedWrites, type BusDelivery, LOGGED, sendAndLogChecked } from "./send_and_log.ts";
import type { PushContext } from "./push_context.ts";
import type { PushResult } from "./push.ts";
import { outsiderReason } from "./members.ts";

/** The push's answer, or undefined when it has to go the two-statement way (nothing was stored). */
export async function deliverKnown(
  p: Platform,
  messageId: string,
  envelope: EventEnvelope,
  delivery?: BusDelivery,
): Promise<PushResult | undefined> {
  const handler = handlers[envelope.event_type];
  if (!handler || ownReads.has(envelope.event_type) || !batchedWrites(p)) return;
  const args = readArgs(messageId, envelope);
  const known = recall(p.sql, args);
  if (!known) return;
  const ctx: PushContext = {
    done: new Set(),
    job: known.job as Record<string, unknown> | null,
    invoice: known.invoice as Record<string, unknown> | null,
    users: new Map(known.users.map((u) => [u.id, u])),
  };
  let prepared;
  try {
    prepared = await handler(envelope, ctx, notificationConfig(p), p.sql);
  } catch (e) {
    if (e instanceof PermanentPushError) return;
    throw e;
  }
  if (prepared.recipientIds.length !== 1) return;
  const recipient = recipientOf(ctx.users.get(prepared.recipientIds[0]));
  if (!recipient || (recipient.optedOut && !isAuthEvent(envelope.event_type))) return;
  if (outsiderReason(prepared, ctx.users.get(prepared.recipientIds[0]))) return; // logged by the two-statement way
  // One recipient: the log key is the message id (push.ts, logKeys).
  const msg = pushEmail(p, messageId, envelope, recipient, prepared.context);
  const sent = await sendAndLogChecked(
    p,
    msg,
    {
      idempotencyKey: messageId,
      eventType: envelope.event_type,
      eventId: envelope.event_id,
      recipientUserId: recipient.userId,
      recipientEmail: recipient.email,
    },
    { ...args, fingerprint: known.fingerprint },
    delivery,
  );
  // Rule 4: the message id is a log key already (a redelivery), as the read would have answered.
  if (sent === LOGGED) return { status: "duplicate" };
  if (!sent) {
    forget(p.sql, args);
    return;
  }
  const result = {
    user_id: recipient.userId,
    status: sent.fresh ? "sent" as const : "duplicate" as const,
    email_id: sent.emailId,
  };
  return { status: sent.fresh ? "ok" : "duplicate", results: [result] };
}
