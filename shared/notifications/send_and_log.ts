// Send one rendered notification with its idempotency key, then write its `sent` log row (SPEC: Delivery
// guarantees). With the embedded outbox provider both are one statement and one transaction,
// notify.push_send_and_log_many (migrations 20261125010000, 20261126120000; concurrent pushes share it): the log row's unique key is the dedupe record, the
// email is stored only with it, one commit, so either both exist or neither and the redelivery of a failed
// push sends the email once. The commit is synchronous unless every push of the batch is a pending delivery
// of the embedded bus in the same database (notify.push_defer_commit, migration 20261130120000: its
// acknowledgement follows the commit in the WAL, so a commit lost in a crash is redelivered). With any other provider: the provider's send (the
// key as its idempotency key), then the row insert.
import { ulid } from "../ids.ts";
import { isConnectionError, type Sql } from "../db/client.ts";
import { type Batcher, batcherFor, type ItemOutcome } from "../db/batcher.ts";
import { pushBatching } from "./push_batch.ts";
import type { Platform } from "../platform.ts";
import { type EmailMessage, emailProvider } from "../email/index.ts";
import { OutboxEmailProvider } from "../email/outbox.ts";
import { eventEmail, insertLogRow, type LogRow } from "./log_rows.ts";
import type { ReadArgs } from "./push_known.ts";

export interface Sent {
  /** The key's email; absent only for a duplicate of a row that logged no email (failed, skipped). */
  emailId?: string;
  /** False when a row with the key already existed (a concurrent delivery logged it). */
  fresh: boolean;
}

type SentRow = Omit<LogRow, "status" | "providerEmailId" | "sentAt" | "errorMessage">;

/** The bus delivery a push is, as its body names it: the subscription and the message id. */
export interface BusDelivery {
  subscription: string;
  messageId: string;
}

/**
 * Throws PermanentEmailError (refused, idempotency conflict) or a transient error (anything else). `delivery`:
 * the push's own, which lets the outbox write commit without waiting for the disk when the embedded bus of
 * the same database is delivering it (notify.push_defer_commit checks that; otherwise synchronous).
 */
export async function sendAndLog(
  p: Platform,
  msg: EmailMessage,
  row: SentRow,
  delivery?: BusDelivery,
): Promise<Sent> {
  const provider = emailProvider(p);
  if (provider instanceof OutboxEmailProvider && !msg.attachments?.length) {
    return await outboxSendAndLog(p, msg, row, delivery);
  }
  // The provider's send cannot be undone by the log row's insert: an email of this event to this recipient
  // already logged under another message id (the event replayed) is answered as a duplicate before sending.
  const before = await eventEmail(p.sql, row);
  if (before !== undefined) return { emailId: before, fresh: false };
  const { id } = await provider.send(msg, { idempotencyKey: row.idempotencyKey });
  const fresh = await insertLogRow(p.sql, {
    ...row,
    status: "sent",
    providerEmailId: id,
    sentAt: new Date(),
  });
  return { emailId: id, fresh };
}

/** The read a push was rendered from (push_fast.ts), checked again by its write. */
export type Check = ReadArgs & { fingerprint: string };

interface WriteArgs {
  msg: EmailMessage;
  row: SentRow;
  check?: Check;
  delivery?: BusDelivery;
}

/** The batched writes of a pool that stored something, by how they committed: waiting for the disk, or
 * deferred (every push of the batch a pending delivery of the embedded bus: migration 20261130120000). */
export interface CommitCounts {
  synchronous: number;
  deferred: number;
}
const commitCounts = new WeakMap<Sql, CommitCounts>();
export function pushCommits(sql: Sql): CommitCounts {
  let c = commitCounts.get(sql);
  if (!c) commitCounts.set(sql, c = { synchronous: 0, deferred: 0 });
  return c;
}

/** Every batched write statement a pool sent, and the pushes they carried (their mean: the batch size). */
const writeCounts = new WeakMap<Sql, { statements: number; pushes: number }>();
export function pushWrites(sql: Sql): { statements: number; pushes: number } {
  let c = writeCounts.get(sql);
  if (!c) writeCounts.set(sql, c = { statements: 0, pushes: 0 });
  return c;
}

/** Whether a push's email is stored by the batched outbox write (sendAndLog, sendAndLogChecked). */
export const batchedWrites = (p: Platform) => emailProvider(p) instanceof OutboxEmailProvider;

/**
 * The outbox write of a push rendered from a remembered read (push_fast.ts): ONE statement,
 * notify.push_send_and_log_checked (migration 20261127100000), which reads the context again and stores the
 * email and its row as notify.push_send_and_log_many does only if the message has no log key yet and the
 * context's fingerprint is unchanged; LOGGED when the message id is a log key already (a duplicate), null
 * when the context changed (nothing stored either way; the push then takes the two-statement way). Batched like the others (group commit).
 */
export function sendAndLogChecked(
  p: Platform,
  msg: EmailMessage,
  row: SentRow,
  check: Check,
  delivery?: BusDelivery,
) {
  return batcherFor(checkedBatchers, p.sql, () => ({
    maxBatch: () => pushBatching.max,
    hedgeAfterMs: () => pushBatching.hedgeAfterMs,
    flush: (items: WriteArgs[]) => writeMany(p.sql, items, true),
  })).run({ msg, row, check, delivery });
}

const checkedBatchers = new WeakMap<Sql, Batcher<WriteArgs, Sent | typeof LOGGED | null>>();

/** The checked write's answer for a message already logged under its id (rule 4: a duplicate). */
export const LOGGED = Symbol("logged");

/**
 * The email and its `sent` row in one transaction, shared by the pushes in flight (group commit,
 * shared/db/batcher.ts): the writes queued while the previous one ran go as ONE call of
 * notify.push_send_and_log_many (migration 20261126120000), one commit for all; a lone push is written at
 * once. Each push resolves only after the commit that stored its row.
 */
function outboxSendAndLog(
  p: Platform,
  msg: EmailMessage,
  row: SentRow,
  delivery?: BusDelivery,
): Promise<Sent> {
  return batcherFor(writeBatchers, p.sql, () => ({
    maxBatch: () => pushBatching.max,
    hedgeAfterMs: () => pushBatching.hedgeAfterMs,
    flush: (items: WriteArgs[]) => writeMany(p.sql, items, false),
  })).run({ msg, row, delivery }) as Promise<Sent>;
}

const writeBatchers = new WeakMap<Sql, Batcher<WriteArgs, Sent | typeof LOGGED | null>>();

/**
 * The batched write of `n` emails: `select … from notify.push_send_and_log_checked|many($1::jsonb,
 * array[$2 … $n+1]::text[], array[$n+2 … $2n+1]::text[])`, one text per statement and size, each prepared once
 * per connection (a batch holds at most pushBatching.max emails). In the same transaction, once per statement
 * (an uncorrelated subquery), notify.push_defer_commit (migration 20261130120000) turns the commit's wait for
 * the disk off when every push of the batch is a pending delivery of the embedded bus in this database, and
 * reports the setting the commit will use.
 */
function writeStatement(checked: boolean, n: number): string {
  const cache = checked ? checkedStatements : manyStatements;
  let text = cache[n];
  if (!text) {
    const list = (from: number) => Array.from({ length: n }, (_, i) => `$${from + i}`).join(", ");
    text =
      cache[n] =
        `select ord, email_id, outcome, (select notify.push_defer_commit($1::jsonb)) as commit_mode
      from notify.push_send_and_log_${checked ? "checked" : "many"}($1::jsonb, array[${
          list(2)
        }]::text[], array[${list(2 + n)}]::text[])`;
  }
  return text;
}
const checkedStatements: string[] = [];
const manyStatements: string[] = [];

async function writeMany(
  sql: Sql,
  items: WriteArgs[],
  checked: boolean,
): Promise<ItemOutcome<Sent | typeof LOGGED | null>[]> {
  // Each email's HTML and text go as plain text parameters (no JSON escaping here, no JSON parsing in
  // PostgreSQL: migration 20261129100000); the rest of the row as the JSON of the batch.
  const rows = items.map(({ msg, row, check, delivery }, i) => ({
    ord: i + 1,
    key: row.idempotencyKey,
    email_id: ulid(),
    from_address: msg.from,
    to_addresses: msg.to,
    subject: msg.subject,
    headers: msg.headers ?? {},
    reply_to: msg.replyTo ?? null,
    event_type: row.eventType,
    event_id: row.eventId,
    recipient_user_id: row.recipientUserId,
    recipient_email: row.recipientEmail,
    ...check && {
      message_id: check.messageId,
      job_id: check.jobId,
      invoice_id: check.invoiceId,
      user_ids: check.userIds.join(","),
      fingerprint: check.fingerprint,
    },
    ...delivery && { bus_subscription: delivery.subscription, bus_message_id: delivery.messageId },
  }));
  const params: unknown[] = [rows];
  for (const i of items) params.push(i.msg.html);
  for (const i of items) params.push(i.msg.text);
  const written = pushWrites(sql);
  written.statements++;
  written.pushes += items.length;
  try {
    const out = await sql.unsafe(writeStatement(checked, items.length), params as never[], { prepare: true });
    // One row per item, by `ord`. A duplicate of a `failed` or `skipped` row has no email id: none is
    // reported. Checked only: `logged` (the message id is a log key already) and `stale` store nothing.
    const outcomes = new Array<ItemOutcome<Sent | typeof LOGGED | null>>(items.length);
    let stored = false;
    for (const r of out) {
      stored ||= r.outcome === "sent";
      outcomes[(r.ord as number) - 1] = {
        ok: true,
        value: r.outcome === "stale" ? null : r.outcome === "logged" ? LOGGED : {
          emailId: (r.email_id as string | null) ?? undefined,
          fresh: r.outcome === "sent",
        },
      };
    }
    if (stored) pushCommits(sql)[out[0].commit_mode === "off" ? "deferred" : "synchronous"]++;
    return outcomes;
  } catch (e) {
    // The whole batch rolled back (nothing of it is stored). The database unreachable: every push of the
    // batch fails (500, redelivered). Any other error belongs to one row (a value the table refuses): each
    // is written alone, so that only its own push fails and the others are stored.
    if (items.length === 1 || isConnectionError(e)) throw e;
    return await Promise.all(
      items.map((i) =>
        writeMany(sql, [i], checked).then(([o]) => o, (error) => ({ ok: false as const, error }))
      ),
    );
  }
}
