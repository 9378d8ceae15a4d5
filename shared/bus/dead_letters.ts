// The dead-letter topic's messages: list, inspect, replay (re-publish to the original topic).
import { Buffer } from "node:buffer";
import type { Platform } from "../platform.ts";
import { TOPICS } from "./topics.ts";
import { bus } from "./index.ts";

export interface DeadLetter {
  id: string;
  sourceTopic: string;
  sourceMessageId: string;
  subscription: string;
  attempts: number;
  lastError: string;
  publishTime: Date;
  replayedAt: Date | null;
  data: string;
  attributes: Record<string, string>;
}

const toDeadLetter = (r: Record<string, unknown>): DeadLetter => {
  const a = r.attributes as Record<string, string>;
  return {
    id: r.id as string,
    sourceTopic: a.CloudPubSubDeadLetterSourceTopic ?? "",
    sourceMessageId: a.CloudPubSubDeadLetterSourceMessageId ?? "",
    subscription: a.CloudPubSubDeadLetterSourceSubscription ?? "",
    attempts: Number(a.CloudPubSubDeadLetterSourceDeliveryCount ?? 0),
    lastError: a.CloudPubSubDeadLetterLastError ?? "",
    publishTime: r.publish_time as Date,
    replayedAt: r.replayed_at as Date | null,
    data: r.data as string,
    attributes: a,
  };
};

export async function listDeadLetters(
  p: Platform,
  opts: { includeReplayed?: boolean } = {},
): Promise<DeadLetter[]> {
  const rows = await p.sql`select * from bus.messages where topic = ${TOPICS.deadLetter}
    and (${opts.includeReplayed ?? false} or replayed_at is null) order by publish_time desc limit 500`;
  return rows.map(toDeadLetter);
}

export async function getDeadLetter(p: Platform, id: string): Promise<DeadLetter | null> {
  const rows = await p.sql`select * from bus.messages where topic = ${TOPICS.deadLetter} and id = ${id}`;
  return rows.length ? toDeadLetter(rows[0]) : null;
}

/** Decoded envelope text of a dead letter (for inspection). */
export const deadLetterText = (d: DeadLetter) => Buffer.from(d.data, "base64").toString("utf8");

/** Re-publishes a dead letter to the topic it came from (a new message id) and marks it replayed. */
export async function replayDeadLetter(
  p: Platform,
  id: string,
): Promise<{ messageId: string; topic: string }> {
  const d = await getDeadLetter(p, id);
  if (!d) throw new Error(`No dead-lettered message ${id}`);
  if (!d.sourceTopic) throw new Error(`Dead letter ${id} does not name its source topic`);
  const attributes = Object.fromEntries(
    Object.entries(d.attributes).filter(([k]) => !k.startsWith("CloudPubSubDeadLetter")),
  );
  const { messageId } = await bus(p).publish(d.sourceTopic, Buffer.from(d.data, "base64"), {
    ...attributes,
    replay_of: d.sourceMessageId,
  });
  await p.sql`update bus.messages set replayed_at = now() where id = ${id}`;
  return { messageId, topic: d.sourceTopic };
}
