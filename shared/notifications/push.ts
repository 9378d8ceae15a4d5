// POST /events/push after authentication (SPEC: push rules 3-8, Delivery guarantees): decode; one read for
// the dedupe on the message id, the event's record and its recipients (push_context.ts); route to the
// event's handler; per recipient: opt-out check (not for auth.*), render, send with the per-recipient
// idempotency key, then write the log row (send_and_log.ts: with the outbox provider one statement, the
// email and its row in one transaction). Permanent problems become `failed` rows and 200; anything else
// (database down, provider 5xx or timeout) is thrown for a 500 so the bus redelivers; a `sent` row is
// written only with (outbox) or after (remote provider) the accepted email.
import type { Platform } from "../platform.ts";
import { isAuthEvent } from "../events/catalogue.ts";
import type { EventEnvelope } from "../events/envelope.ts";
import { PermanentEmailError } from "../email/index.ts";
import { errorText, log } from "../log.ts";
import { notificationConfig } from "./config.ts";
import { decodePush, UndecodablePush } from "./decode.ts";
import { PermanentPushError } from "./errors.ts";
import { handlers, type Recipient } from "./handlers.ts";
import { insertLogRow, NO_RECIPIENT, recipientKey } from "./log_rows.ts";
import { loadMissingUsers, loadPushContext } from "./push_context.ts";
import { type BusDelivery, sendAndLog, type Sent } from "./send_and_log.ts";
import { deliverKnown } from "./push_fast.ts";
import { pushEmail, type PushRecipient, recipientOf } from "./push_email.ts";
import { outsiderReason } from "./members.ts";
import { MissingTemplateError, templates } from "./templates.ts";

export type RecipientOutcome = {
  user_id: string;
  status: "sent" | "skipped" | "failed" | "duplicate";
  reason?: string;
  email_id?: string;
};

export interface PushResult {
  status: "ok" | "duplicate" | "failed";
  reason?: string;
  results?: RecipientOutcome[];
}

/** Handles a push body; resolves with the 200 answer, or throws for a transient failure (500). */
export async function handlePush(p: Platform, body: unknown): Promise<PushResult> {
  let messageId: string | undefined;
  let envelope: EventEnvelope;
  let subscription: string | undefined;
  try {
    ({ messageId, envelope, subscription } = decodePush(body));
  } catch (e) {
    if (!(e instanceof UndecodablePush)) throw e;
    return await recordMessageFailure(p, e);
  }
  try {
    return await deliver(p, messageId, envelope, subscription ? { subscription, messageId } : undefined);
  } catch (e) {
    if (!(e instanceof PermanentPushError) && !(e instanceof MissingTemplateError)) throw e;
    return await recordMessageFailure(
      p,
      new UndecodablePush(
        errorText(e),
        messageId,
        envelope.event_type,
        envelope.event_id,
        envelope.payload.recipient_ids?.[0],
      ),
    );
  }
}

async function recordMessageFailure(p: Platform, e: UndecodablePush): Promise<PushResult> {
  log("warn", "push message failed permanently", {
    messageId: e.messageId,
    event_type: e.eventType,
    reason: e.message,
  });
  if (!e.messageId) return { status: "failed", reason: e.message };
  const fresh = await insertLogRow(p.sql, {
    idempotencyKey: e.messageId,
    eventType: e.eventType,
    eventId: e.eventId,
    recipientUserId: e.recipientId ?? NO_RECIPIENT,
    recipientEmail: "",
    status: "failed",
    errorMessage: e.message,
  });
  return fresh ? { status: "failed", reason: e.message } : { status: "duplicate" };
}

async function deliver(
  p: Platform,
  messageId: string,
  envelope: EventEnvelope,
  delivery: BusDelivery | undefined,
): Promise<PushResult> {
  const handler = handlers[envelope.event_type];
  if (!handler) throw new PermanentPushError(`no handler for event type ${envelope.event_type}`);
  const set = templates(p);
  if (!set.loaded) await set.load(); // the first push of the process imports Handlebars (template_set.ts)
  set.require(envelope.event_type);
  // One round trip when this push's context was read before and is unchanged (push_fast.ts).
  const known = await deliverKnown(p, messageId, envelope, delivery);
  if (known) return known;
  const cfg = notificationConfig(p);
  // One read: rule 4 (dedupe), the event's record and every possible recipient with their opt-out.
  const ctx = await loadPushContext(p.sql, messageId, envelope);
  if (ctx.done.has(messageId)) return { status: "duplicate" };
  const prepared = await handler(envelope, ctx, cfg, p.sql);
  const keyOf = logKeys(messageId, prepared.recipientIds, ctx.done);
  const pending = prepared.recipientIds.filter((id) => !ctx.done.has(keyOf(id)));
  if (!pending.length) return { status: "duplicate" };
  await loadMissingUsers(p.sql, ctx, pending, envelope.event_type);

  const settled = await Promise.allSettled(
    pending.map((id) =>
      deliverOne(p, keyOf(id), envelope, id, recipientOf(ctx.users.get(id)), prepared.context, delivery, {
        outsider: outsiderReason(prepared, ctx.users.get(id)),
      })
    ),
  );
  const transient = settled.find((s) => s.status === "rejected");
  if (transient) throw (transient as PromiseRejectedResult).reason;
  const results = settled.map((s) => (s as PromiseFulfilledResult<RecipientOutcome>).value);
  if (results.every((r) => r.status === "duplicate")) return { status: "duplicate", results };
  if (results.every((r) => r.status === "failed" || r.status === "duplicate")) {
    return { status: "failed", reason: results.map((r) => r.reason).filter(Boolean).join("; "), results };
  }
  return { status: "ok", results };
}

/**
 * The log (and provider idempotency) key of each recipient: the bare message id when the message has one
 * recipient (SPEC: the key holds the push message id), "<messageId>:<user id>" when it has several (one
 * row per recipient under a unique key). A message already logged per recipient stays per recipient.
 */
function logKeys(messageId: string, recipientIds: string[], done: Set<string>): (userId: string) => string {
  const perRecipient = recipientIds.length > 1 || [...done].some((k) => k !== messageId);
  return (userId) => (perRecipient ? recipientKey(messageId, userId) : messageId);
}

async function deliverOne(
  p: Platform,
  key: string,
  envelope: EventEnvelope,
  userId: string,
  recipient: PushRecipient | undefined,
  context: (r: Recipient) => Record<string, unknown>,
  delivery: BusDelivery | undefined,
  check: { outsider: string | null },
): Promise<RecipientOutcome> {
  const row = {
    idempotencyKey: key,
    eventType: envelope.event_type,
    eventId: envelope.event_id,
    recipientUserId: userId,
  };
  const outcome = async (
    status: "skipped" | "failed",
    extra: { email?: string; error?: string },
  ): Promise<RecipientOutcome> => {
    const fresh = await insertLogRow(p.sql, {
      ...row,
      recipientEmail: extra.email ?? "",
      status,
      errorMessage: extra.error,
    });
    if (status === "failed") {
      log("warn", "notification failed", {
        key,
        event_type: envelope.event_type,
        user_id: userId,
        reason: extra.error,
      });
    }
    return fresh
      ? { user_id: userId, status, reason: extra.error }
      : { user_id: userId, status: "duplicate" };
  };
  if (!recipient) return await outcome("failed", { error: `unknown recipient ${userId}` });
  // Not a member of the job's or invoice's organization (moved, removed, or named by another partner): nothing sent.
  if (check.outsider) return await outcome("skipped", { error: check.outsider });
  // Opt-outs never apply to auth emails (SPEC: Authentication 7).
  if (recipient.optedOut && !isAuthEvent(envelope.event_type)) {
    return await outcome("skipped", { email: recipient.email });
  }

  const msg = pushEmail(p, key, envelope, recipient, context);
  let sent: Sent;
  try {
    sent = await sendAndLog(p, msg, { ...row, recipientEmail: recipient.email }, delivery);
  } catch (e) {
    if (e instanceof PermanentEmailError) {
      return await outcome("failed", { email: recipient.email, error: errorText(e) });
    }
    throw e;
  }
  // Sent, skipped and duplicate outcomes are in the route's one log line per push (its `results`).
  const { emailId, fresh } = sent;
  return fresh
    ? { user_id: userId, status: "sent", email_id: emailId }
    : { user_id: userId, status: "duplicate", email_id: emailId };
}
