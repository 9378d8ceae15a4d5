// The embedded email provider: emails land in mail.outbox (read by the dev mailbox page and by tests),
// with Resend's idempotency semantics: a key is kept 24 hours; the same key with the same request returns
// the first email's id and stores nothing; the same key with another request is refused.
import { ulid } from "ulid";
import type { Db, Sql } from "../db/client.ts";
import { isConnectionError } from "../db/client.ts";
import { messageFingerprint } from "./fingerprint.ts";
import {
  type EmailAttachment,
  type EmailMessage,
  type EmailProvider,
  IdempotencyConflictError,
  type SendResult,
} from "./types.ts";
import { withHeaderLines } from "./header_line.ts";
import { SeamUnavailableError } from "../errors.ts";

export class OutboxEmailProvider implements EmailProvider {
  constructor(private sql: Sql) {}

  async send(message: EmailMessage, opts: { idempotencyKey: string }): Promise<SendResult> {
    const msg = withHeaderLines(message);
    const hash = messageFingerprint(msg);
    const id = ulid();
    try {
      // Claim the key (or reclaim it when older than 24 h) and store the email with it, atomically.
      const stored = msg.attachments?.length
        ? await this.sql.begin(async (tx) => {
          const ok = await this.claim(tx, msg, hash, id, opts.idempotencyKey);
          if (ok) await this.storeAttachments(tx, id, msg.attachments!);
          return ok;
        })
        : await this.claim(this.sql, msg, hash, id, opts.idempotencyKey);
      if (stored) return { id };
      const [prior] = await this
        .sql`select request_hash, email_id from mail.idempotency_keys where key = ${opts.idempotencyKey}`;
      if (!prior) throw new SeamUnavailableError("email", "idempotency key vanished during send; retry");
      if (prior.request_hash !== hash) {
        throw new IdempotencyConflictError(
          `Idempotency key ${opts.idempotencyKey} was used with a different request`,
        );
      }
      return { id: prior.email_id as string };
    } catch (e) {
      if (isConnectionError(e)) {
        throw new SeamUnavailableError("email", `outbox unavailable: ${(e as Error).message}`);
      }
      throw e;
    }
  }

  private async claim(q: Db, msg: EmailMessage, hash: string, id: string, key: string): Promise<boolean> {
    const rows = await q`
      with key as (
        insert into mail.idempotency_keys (key, request_hash, email_id) values (${key}, ${hash}, ${id})
        on conflict (key) do update set request_hash = excluded.request_hash, email_id = excluded.email_id, created_at = now()
          where mail.idempotency_keys.created_at < now() - interval '24 hours'
        returning email_id
      ), email as (
        insert into mail.outbox (id, from_address, to_addresses, subject, html, text_body, headers, reply_to)
        select ${id}, ${msg.from}, ${msg.to}, ${msg.subject}, ${msg.html}, ${msg.text}, ${
      q.json(msg.headers ?? {})
    }, ${msg.replyTo ?? null}
        from key returning id
      )
      select id from email`;
    return rows.length > 0;
  }

  private async storeAttachments(q: Db, id: string, attachments: EmailAttachment[]) {
    const rows = attachments.map((a, position) => ({
      email_id: id,
      position,
      filename: a.filename,
      content_type: a.contentType,
      content: a.content,
    }));
    await q`insert into mail.attachments ${q(rows)}`;
  }
}

export interface OutboxEmail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  replyTo: string | null;
  lastEvent: string | null;
  createdAt: Date;
  attachments: { position: number; filename: string; contentType: string; size: number }[];
}

const SELECT_EMAILS = `
  select o.*, coalesce((select json_agg(json_build_object('position', a.position, 'filename', a.filename,
           'contentType', a.content_type, 'size', octet_length(a.content)) order by a.position)
         from mail.attachments a where a.email_id = o.id), '[]') as attachment_list
  from mail.outbox o`;

/** The emails in the outbox, newest first; `to` filters on a recipient (case-insensitive). */
export async function listOutbox(
  sql: Sql,
  filter: { to?: string; since?: Date; limit?: number } = {},
): Promise<OutboxEmail[]> {
  const rows = await sql.unsafe(
    `${SELECT_EMAILS}
    where ($1::text is null or lower($1) = any(select lower(t) from unnest(o.to_addresses) t))
      and ($2::timestamptz is null or o.created_at >= $2)
    order by o.created_at desc, o.id desc
    limit $3`,
    [filter.to ?? null, filter.since ?? null, filter.limit ?? 100],
  );
  return rows.map(toEmail);
}

export async function getOutboxEmail(sql: Sql, id: string): Promise<OutboxEmail | null> {
  const rows = await sql.unsafe(`${SELECT_EMAILS} where o.id = $1`, [id]);
  return rows.length ? toEmail(rows[0]) : null;
}

export async function getOutboxAttachment(
  sql: Sql,
  id: string,
  position: number,
): Promise<EmailAttachment | null> {
  const rows =
    await sql`select filename, content_type, content from mail.attachments where email_id = ${id} and position = ${position}`;
  if (!rows.length) return null;
  return {
    filename: rows[0].filename as string,
    contentType: rows[0].content_type as string,
    content: new Uint8Array(rows[0].content as Uint8Array),
  };
}

/** Records the last delivery event the dev mailbox fired for an email (shown on the page). */
export async function markOutboxEvent(sql: Sql, id: string, event: string): Promise<void> {
  await sql`update mail.outbox set last_event = ${event} where id = ${id}`;
}

function toEmail(r: Record<string, unknown>): OutboxEmail {
  return {
    id: r.id as string,
    from: r.from_address as string,
    to: r.to_addresses as string[],
    subject: r.subject as string,
    html: r.html as string,
    text: r.text_body as string,
    headers: r.headers as Record<string, string>,
    replyTo: r.reply_to as string | null,
    lastEvent: r.last_event as string | null,
    createdAt: r.created_at as Date,
    attachments:
      (typeof r.attachment_list === "string"
        ? JSON.parse(r.attachment_list)
        : r.attachment_list) as OutboxEmail["attachments"],
  };
}
