// Everything the database decides before an email of a push exists, in one statement (issue 16): the log
// keys already written for the message (rule 4, dedupe), the job or invoice of the event with its default
// recipients, and every user the message could go to with their opt-out of the event type. The handlers
// then pick the recipients from these rows (handlers.ts) without further queries.
import { isConnectionError, type Sql } from "../db/client.ts";
import { type Batcher, batcherFor, type ItemOutcome } from "../db/batcher.ts";
import { pushBatching } from "./push_batch.ts";
import type { EventEnvelope } from "../events/envelope.ts";
import { type KnownUser, type ReadArgs, readArgs, remember } from "./push_known.ts";

export type PushUser = KnownUser;

export interface PushContext {
  /** Log keys of this message already written: its id and its "<id>:<user id>" keys. */
  done: Set<string>;
  /** The event's job (job.*), with partner_name, technician_name and partner_contact; null when unknown. */
  job: Record<string, unknown> | null;
  /** The event's invoice (invoice.*), with partner_name, billing_contact and partner_contact; null when unknown. */
  invoice: Record<string, unknown> | null;
  /** The users the message could go to (explicit recipients, actor, inviter, the record's contacts). */
  users: Map<string, PushUser>;
}

type ContextRow = { done: string[]; job: unknown; invoice: unknown; users: PushUser[]; fingerprint: string };

/**
 * One round trip, shared by the pushes in flight (group commit, shared/db/batcher.ts): the reads queued
 * while the previous one ran go as ONE call of notify.push_contexts (migration 20261126120000), each row
 * notify.push_context (20261125010100), whose statement PostgreSQL plans once per connection, with its
 * fingerprint (20261127100000). A lone push is read at once. Dates come back as ISO text and amounts as JSON numbers (format.ts reads both).
 */
export async function loadPushContext(sql: Sql, messageId: string, e: EventEnvelope): Promise<PushContext> {
  const args = readArgs(messageId, e);
  const row = await readBatcher(sql).run(args);
  const { job, invoice, users, fingerprint } = row;
  remember(sql, args, { job, invoice, users, fingerprint }); // for the next push with the same read (push_fast.ts)
  return {
    done: new Set(row.done),
    job: row.job as Record<string, unknown> | null,
    invoice: row.invoice as Record<string, unknown> | null,
    users: new Map(row.users.map((u) => [u.id, u])),
  };
}

const readBatchers = new WeakMap<Sql, Batcher<ReadArgs, ContextRow>>();
const readBatcher = (sql: Sql) =>
  batcherFor(
    readBatchers,
    sql,
    () => ({
      maxBatch: () => pushBatching.max,
      hedgeAfterMs: () => pushBatching.hedgeAfterMs,
      flush: (items) => readMany(sql, items),
    }),
  );

async function readMany(sql: Sql, items: ReadArgs[]): Promise<ItemOutcome<ContextRow>[]> {
  try {
    const rows = await sql`select done, job, invoice, users,
      notify.push_context_fingerprint(job, invoice, users) as fingerprint from notify.push_contexts(
      ${items.map((i) => i.messageId)}::text[], ${items.map((i) => i.jobId)}::text[],
      ${items.map((i) => i.invoiceId)}::text[], ${items.map((i) => i.userIds.join(","))}::text[],
      ${items.map((i) => i.eventType)}::text[])`;
    return rows.map((r) => ({ ok: true, value: r as unknown as ContextRow }));
  } catch (e) {
    // The database is unreachable: every push of the batch fails (500, redelivered). Any other error
    // belongs to one of the items (e.g. a user id that is not a uuid): each is read alone, so that only
    // its own push fails.
    if (items.length === 1 || isConnectionError(e)) throw e;
    return await Promise.all(
      items.map((i) => readMany(sql, [i]).then(([o]) => o, (error) => ({ ok: false as const, error }))),
    );
  }
}

/** Adds to `ctx.users` the recipients a handler chose that the one read did not cover (their opt-outs too). */
export async function loadMissingUsers(
  sql: Sql,
  ctx: PushContext,
  ids: string[],
  eventType: string,
): Promise<void> {
  const missing = ids.filter((id) => !ctx.users.has(id));
  if (!missing.length) return;
  const rows = await sql`select u.id, u.email, u.full_name, u.organization_id,
    coalesce(not pr.email_enabled, false) as opted_out
    from public.users u
    left join public.user_notification_preference pr on pr.user_id = u.id and pr.event_type = ${eventType}
    where u.id = any(${missing}::uuid[])`;
  for (const u of rows as unknown as PushUser[]) ctx.users.set(u.id, u);
}
