// Send one rendered notification with its idempotency key, then write its `sent` log row (SPEC: Delivery
// guarantees). With the embedded outbox provider both are one CALL of notify.send_outbox_and_log (the
// email committed first, then the row: the same order and crash windows as a remote provider, in one round
// trip; the procedure fingerprints the email for the idempotency check itself, migration 20261124004000);
// with any other provider, the provider's send and then the row insert.
import { ulid } from "../ids.ts";
import type { Platform } from "../platform.ts";
import { type EmailMessage, emailProvider, IdempotencyConflictError } from "../email/index.ts";
import { SeamUnavailableError } from "../errors.ts";
import { OutboxEmailProvider } from "../email/outbox.ts";
import { insertLogRow, type LogRow } from "./log_rows.ts";

export interface Sent {
  emailId: string;
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
  const [r] = await p.sql`call notify.send_outbox_and_log(
    ${row.idempotencyKey}, null, ${ulid()},
    ${msg.from}, ${msg.to}, ${msg.subject}, ${msg.html}, ${msg.text}, ${p.sql.json(msg.headers ?? {})}, ${
    msg.replyTo ?? null
  },
    ${row.eventType}, ${row.eventId}, ${row.recipientUserId}, ${row.recipientEmail}, null, null)`;
  const emailId = r.email_id as string;
  switch (r.outcome) {
    case "sent":
    case "resent":
      return { emailId, fresh: true };
    case "duplicate":
      return { emailId, fresh: false };
    case "conflict":
      throw new IdempotencyConflictError(
        `Idempotency key ${row.idempotencyKey} was used with a different request`,
      );
    default:
      throw new SeamUnavailableError("email", "idempotency key vanished during send; retry");
  }
}
