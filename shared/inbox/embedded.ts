import type { Sql } from "../db/client.ts";
import type { Inbox, InboxMessage } from "./types.ts";

/** The embedded mailbox: messages the local SMTP listener stored in mail.inbound_messages. */
export class EmbeddedInbox implements Inbox {
  readonly name = "embedded";
  constructor(private readonly sql: Sql, private readonly mailbox = "INBOX") {}

  async receive(limit: number, handle: (m: InboxMessage) => Promise<void>): Promise<number> {
    const rows = await this.sql`select id, raw from mail.inbound_messages
      where fetched_at is null and mailbox = ${this.mailbox} order by id limit ${limit}`;
    let handled = 0;
    for (const r of rows) {
      await handle({ ref: String(r.id), raw: new Uint8Array(r.raw as Uint8Array) });
      await this.sql`update mail.inbound_messages set fetched_at = now() where id = ${r.id as string}`;
      handled++;
    }
    return handled;
  }
}

/** Stores one received message (used by the SMTP listener). */
export async function storeInbound(
  sql: Sql,
  raw: Uint8Array,
  envelope: { from: string | null; to: string[] },
  mailbox = "INBOX",
): Promise<string> {
  const [row] = await sql`insert into mail.inbound_messages (mailbox, envelope_from, envelope_to, raw, size)
    values (${mailbox}, ${envelope.from}, ${envelope.to}, ${raw}, ${raw.length}) returning id`;
  return String(row.id);
}
