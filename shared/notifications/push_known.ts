// What a push's one read is asked (push_context.ts) and, for the last contexts read, what it answered (the
// event's job or invoice, the users it could go to with their opt-outs, and their fingerprint: migration
// 20261127100000), so that a push with the same question renders at once and checks the answer inside its
// write (push_fast.ts: one round trip). Only the message's own log keys are not remembered: the write
// checks them. Bounded per connection pool; the oldest entry goes first.
import type { Sql } from "../db/client.ts";
import type { EventEnvelope } from "../events/envelope.ts";

export interface ReadArgs {
  messageId: string;
  jobId: string | null;
  invoiceId: string | null;
  userIds: string[];
  eventType: string;
}

export interface KnownUser {
  id: string;
  email: string;
  full_name: string | null;
  opted_out: boolean;
  /** The user's organization now (null: none); a job's or invoice's email goes to its members only. */
  organization_id?: string | null;
}

export interface KnownContext {
  job: unknown;
  invoice: unknown;
  users: KnownUser[];
  fingerprint: string;
}

/** The read a push needs: its message, the event's job or invoice and the users its payload names. */
export function readArgs(messageId: string, e: EventEnvelope): ReadArgs {
  const p = e.payload;
  return {
    messageId,
    jobId: e.event_type.startsWith("job.") ? p.job_id ?? null : null,
    invoiceId: e.event_type.startsWith("invoice.") ? p.invoice_id ?? null : null,
    userIds: [...(p.recipient_ids ?? []), p.actor_id, p.inviter_id].filter((x): x is string => !!x),
    eventType: e.event_type,
  };
}

/** How many contexts are remembered per pool; 0 = none (every push reads: the two-statement way). */
export const knownContexts = { max: 1000 };
const known = new WeakMap<Sql, Map<string, KnownContext>>();
const keyOf = (a: ReadArgs) => JSON.stringify([a.eventType, a.jobId, a.invoiceId, a.userIds]);

export function remember(sql: Sql, args: ReadArgs, context: KnownContext): void {
  let m = known.get(sql);
  if (!m) known.set(sql, m = new Map());
  const key = keyOf(args);
  m.delete(key);
  m.set(key, context);
  while (m.size > knownContexts.max) m.delete(m.keys().next().value!);
}

export const recall = (sql: Sql, args: ReadArgs) =>
  knownContexts.max > 0 ? known.get(sql)?.get(keyOf(args)) : undefined;

export const forget = (sql: Sql, args: ReadArgs) => void known.get(sql)?.delete(keyOf(args));
