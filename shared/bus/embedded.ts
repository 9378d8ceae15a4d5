// The embedded bus: a message row per publish; the insert trigger fans it out to the topic's push
// subscriptions (bus.deliveries), which the push loop (pusher.ts) delivers.
import { ulid } from "../ids.ts";
import { Buffer } from "node:buffer";
import type { Sql } from "../db/client.ts";
import type { Bus } from "./types.ts";

export class PostgresBus implements Bus {
  constructor(private sql: Sql) {}

  async publish(topic: string, data: Uint8Array, attributes: Record<string, string> = {}) {
    const messageId = ulid();
    const rows = await this.sql`insert into bus.messages (id, topic, data, attributes)
      select ${messageId}, name, ${Buffer.from(data).toString("base64")}, ${
      this.sql.json(attributes)
    } from bus.topics where name = ${topic}
      returning id`;
    if (!rows.length) throw new Error(`Unknown topic ${topic}`);
    return { messageId };
  }
}
