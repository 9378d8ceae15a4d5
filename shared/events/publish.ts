// The one call publishers make (authenticator, appointment service, portal): build, validate, route, publish.
import { ulid } from "ulid";
import type { Platform } from "../platform.ts";
import { bus } from "../bus/index.ts";
import { DEFERRED_EVENT_TYPES, type EventType, topicFor } from "./catalogue.ts";
import { type EventEnvelope, InvalidEnvelopeError, parseEnvelope } from "./envelope.ts";
import { log } from "../log.ts";

export interface NewEvent {
  event_type: string;
  source: string;
  payload: Record<string, unknown>;
}

export interface Published {
  event_id: string;
  messageId: string;
  topic: string;
}

export function buildEnvelope(e: NewEvent): EventEnvelope {
  return parseEnvelope({
    event_id: ulid(),
    event_type: e.event_type,
    source: e.source,
    created_at: new Date().toISOString(),
    payload: e.payload,
  });
}

/** Publishes a validated envelope to the topic of its event type. */
export async function publish(
  p: Platform,
  topic: string,
  envelope: EventEnvelope,
): Promise<{ messageId: string }> {
  const valid = parseEnvelope(envelope);
  if (DEFERRED_EVENT_TYPES.has(valid.event_type)) {
    throw new InvalidEnvelopeError(
      `${valid.event_type} is in the catalog but not published in this version`,
    );
  }
  const expected = topicFor(valid.event_type as EventType);
  if (topic !== expected) {
    throw new InvalidEnvelopeError(`${valid.event_type} belongs on ${expected}, not ${topic}`);
  }
  const data = new TextEncoder().encode(JSON.stringify(valid));
  const { messageId } = await bus(p).publish(topic, data, {
    event_type: valid.event_type,
    event_id: valid.event_id,
    source: valid.source,
  });
  log("info", "event published", {
    topic,
    event_type: valid.event_type,
    event_id: valid.event_id,
    messageId,
  });
  return { messageId };
}

/** Builds the envelope (ULID event_id, UTC created_at), validates it, and publishes it on its topic. */
export async function publishEvent(p: Platform, e: NewEvent): Promise<Published> {
  const envelope = buildEnvelope(e);
  const topic = topicFor(envelope.event_type as EventType);
  const { messageId } = await publish(p, topic, envelope);
  return { event_id: envelope.event_id, messageId, topic };
}
