// Send one rendered notification with its idempotency key, then write its `sent` log row (SPEC: Delivery
// guarantees). With the embedded outbox provider both are one statement and one transaction,
// notify.push_send_and_log (migration 20261125010000): the log row's unique key is the dedupe record, the
// email is stored only with it, one synchronous commit, so either both exist or neither and the
// redelivery of a failed push sends the email once. With any other provider: the provider's send (the
// key as its idempotency key), then the row insert.
import { ulid } from "../ids.ts";
import type { Platform } from "../platform.ts";
import { type EmailMessage, emailProvider } from "../email/index.ts";
import { OutboxEmailProvider } from "../email/outbox.ts";
import { insertLogRow, type LogRow } from "./log_rows.ts";

export interface Sent {
  /** The key's email; absent only for a duplicate of a row that logged no email (failed, skipped). */
  emailId?: string;
  /** False when a row with the key already existed (a concurrent delivery logged it). */
  fresh: boolean;
}

type SentRow = Omit<LogRow, "status" | "providerEmailId" | "sentAt" | "errorMessage">;

/** Throws PermanentEmailError (refused, idempotency conflict) or a transient error (anything else). */
export async function sendAndLog(p: Platform, msg: EmailMessage, row: SentRow): Promise<Sent> {
  const provider = emailProvider(p);
  if (provider instanceof OutboxEmailProvider && !msg.attachments?.length) {
    return await outboxSendAndLog(p, msg, row);
  }
  const { id } = await provider.send(msg, { idempotencyKey: row.idempotencyKey });
  const fresh = await insertLogRow(p.sql, {
    ...row,
    status: "sent",
    providerEmailId: id,
    sentAt: new Date(),
  });
  return { emailId: id, fresh };
}

async function outboxSendAndLog(p: Platform, msg: EmailMessage, row: SentRow): Promise<Sent> {
  const [r] = await p.sql`select email_id, outcome from notify.push_send_and_log(
    ${row.idempotencyKey}, ${ulid()},
    ${msg.from}, ${msg.to}, ${msg.subject}, ${msg.html}, ${msg.text}, ${p.sql.json(msg.headers ?? {})}, ${
    msg.replyTo ?? null
  },
    ${row.eventType}, ${row.eventId}, ${row.recipientUserId}, ${row.recipientEmail})`;
  // A duplicate of a `failed` or `skipped` row has no email id: none is reported.
  return { emailId: (r.email_id as string | null) ?? undefined, fresh: r.outcome === "sent" };
}
