// notification_log writes and reads (append-only: rows are inserted once; webhooks update status columns).
import type { Sql } from "../db/client.ts";

export type LogStatus = "sent" | "delivered" | "bounced" | "complained" | "failed" | "skipped";

export interface LogRow {
  idempotencyKey: string;
  eventType: string;
  eventId: string;
  recipientUserId: string;
  recipientEmail: string;
  status: LogStatus;
  providerEmailId?: string | null;
  sentAt?: Date | null;
  errorMessage?: string | null;
}

/** The user id recorded for a failure that names no (valid) recipient. */
export const NO_RECIPIENT = "00000000-0000-0000-0000-000000000000";

/** The log key of one recipient of one push message. */
export const recipientKey = (messageId: string, userId: string) => `${messageId}:${userId}`;

/**
 * Inserts a row; false when a row with its idempotency key already exists (a concurrent duplicate), or, for a
 * row that records an email, when the event's email to that recipient is logged already (the same event under
 * another message id: one email per event, template and recipient, migration 20261204110000).
 */
export async function insertLogRow(sql: Sql, r: LogRow): Promise<boolean> {
  const rows = await sql`insert into public.notification_log
      (idempotency_key, event_type, event_id, recipient_user_id, recipient_email, status, provider_email_id, sent_at, error_message)
    values (${r.idempotencyKey}, ${r.eventType.slice(0, 200)}, ${
    r.eventId.slice(0, 200)
  }, ${r.recipientUserId}, ${r.recipientEmail},
      ${r.status}, ${r.providerEmailId ?? null}, ${r.sentAt ?? null}, ${
    r.errorMessage?.slice(0, 2000) ?? null
  })
    on conflict do nothing
    returning id`;
  return rows.length > 0;
}

/**
 * The email id of the event's email to this recipient when one is logged (under any message id), else
 * undefined. One probe of the event index (migration 20261204110000; its statuses: those of an email that went out).
 */
export async function eventEmail(
  sql: Sql,
  r: { eventType: string; eventId: string; recipientUserId: string },
): Promise<string | undefined> {
  const [row] = await sql`select provider_email_id from public.notification_log
    where event_id = ${r.eventId.slice(0, 200)} and event_type = ${r.eventType.slice(0, 200)}
      and recipient_user_id = ${r.recipientUserId} and status in ('sent', 'delivered', 'bounced', 'complained')
    order by created_at, id limit 1`;
  return row ? (row.provider_email_id as string) : undefined;
}
