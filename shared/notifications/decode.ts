// Push body → push message id + validated envelope (SPEC: push rules 3 and 7). Every way a body can be
// wrong becomes a PermanentPushError carrying whatever could be read, for the failed log row.
import { Buffer } from "node:buffer";
import { isEventType } from "../events/catalogue.ts";
import { type EventEnvelope, InvalidEnvelopeError, parseEnvelope } from "../events/envelope.ts";
import { PermanentPushError } from "./errors.ts";
import { inspectJsonText } from "../validation/json_guard.ts";
import { fastEnvelope } from "../events/envelope_fast.ts";

/** Envelopes are shallow (envelope → payload → a list of ids): anything deeper is not one. */
const MAX_DEPTH = 16;

export interface DecodedPush {
  messageId: string;
  envelope: EventEnvelope;
  deliveryAttempt?: number;
  /** The subscription the push names (the last part of `projects/…/subscriptions/<name>`), if any. */
  subscription?: string;
}

/** What is known of a message that failed to decode. */
export class UndecodablePush extends PermanentPushError {
  constructor(
    reason: string,
    readonly messageId?: string,
    readonly eventType = "unknown",
    readonly eventId = "",
    readonly recipientId?: string,
  ) {
    super(reason);
  }
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
// Any text id without control characters (Pub/Sub ids are decimal strings, the local bus uses ULIDs).
// deno-lint-ignore no-control-regex -- control characters are exactly what an id must not contain
const MESSAGE_ID = /^[^\x00-\x1f\x7f]{1,200}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === "object" && !Array.isArray(v);

export function decodePush(body: unknown): DecodedPush {
  if (!isObject(body) || !isObject(body.message)) {
    throw new UndecodablePush("push body has no message object");
  }
  const m = body.message;
  const messageId = m.messageId ?? m.message_id;
  if (typeof messageId !== "string" || !MESSAGE_ID.test(messageId)) {
    throw new UndecodablePush("message.messageId is missing or invalid");
  }
  if (typeof m.data !== "string" || m.data.length === 0) {
    throw new UndecodablePush("message.data is missing", messageId);
  }
  if (!BASE64.test(m.data)) throw new UndecodablePush("message.data is not valid base64", messageId);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(m.data, "base64"));
  } catch {
    throw new UndecodablePush("message.data is not UTF-8 text", messageId);
  }
  // NUL, unpaired surrogates (PostgreSQL refuses both) and deep nesting are permanent: refused before parsing.
  const problem = inspectJsonText(text, MAX_DEPTH);
  if (problem) {
    throw new UndecodablePush(`message.data: ${problem.message.replace("Request body", "text")}`, messageId);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UndecodablePush("message.data is not valid JSON", messageId);
  }
  const partial = isObject(json) ? json : {};
  const eventType = typeof partial.event_type === "string" ? partial.event_type.slice(0, 100) : "unknown";
  const eventId = typeof partial.event_id === "string" ? partial.event_id.slice(0, 100) : "";
  const ids = isObject(partial.payload) ? partial.payload.recipient_ids : undefined;
  const recipient = Array.isArray(ids) && typeof ids[0] === "string" && UUID.test(ids[0])
    ? ids[0]
    : undefined;
  if (isObject(json) && typeof json.event_type === "string" && !isEventType(json.event_type)) {
    throw new UndecodablePush(`unknown event type ${eventType}`, messageId, eventType, eventId, recipient);
  }
  try {
    const attempt = typeof body.deliveryAttempt === "number" ? body.deliveryAttempt : undefined;
    const subscription = typeof body.subscription === "string"
      ? body.subscription.slice(body.subscription.lastIndexOf("/") + 1) || undefined
      : undefined;
    const envelope = fastEnvelope(json) ?? parseEnvelope(json);
    return { messageId, envelope, deliveryAttempt: attempt, subscription };
  } catch (e) {
    if (e instanceof InvalidEnvelopeError) {
      throw new UndecodablePush(e.message, messageId, eventType, eventId, recipient);
    }
    throw e;
  }
}
