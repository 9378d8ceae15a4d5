// Sign-in to an email that has no account must look like a wrong password on one that has: the real accounts
// lock after LOGIN_MAX_FAILURES failures (identity.begin_sign_in: the failure that reaches the limit locks, the
// next attempts answer 429 account_locked with the lock's remaining seconds), so an email that never locked was
// an account-enumeration oracle (six wrong passwords told whether the address is registered). The same state
// machine runs here for unknown emails, in security.rate_limits under a hash of the lower-cased email, in one
// upsert: `hits` is the failure count with `window_start` the first failure, or -1 with `window_start` the lock's
// end. Windows (15 min) are shorter than the counters' prune age (1 h), and a lock row's time is in the future.
import { createHash } from "node:crypto";
import type { Sql } from "../db/client.ts";

export interface LockoutFigures {
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

/** Outcome of one attempt on an unknown email: refused as locked (with the lock's end), or a plain failure. */
export type UnknownAttempt = { locked: true; until: Date } | { locked: false };

const digest = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 22);

export async function unknownAccountAttempt(
  sql: Sql,
  email: string,
  p: LockoutFigures,
): Promise<UnknownAttempt> {
  return await lockingAttempt(sql, `unknown-signin:${digest(email.trim().toLowerCase())}`, p);
}

/**
 * Sign-in attempts on one email from one client address (security pass 14): the first `maxFailures` of a window are
 * admitted (the one reaching the limit locks the pair for the attempts after it), then 429 until the lock ends. The
 * key holds a hash of the email and one of the address (an IPv6 caller's /64), never either in the clear, and starts
 * with the email's hash so `identity unlock` can lift every address's lock of an email.
 */
export async function pairAttempt(
  sql: Sql,
  email: string,
  client: string,
  p: LockoutFigures,
): Promise<UnknownAttempt> {
  return await lockingAttempt(sql, pairKey(email, client), p);
}

/** A right password from this address: its count starts again. */
export async function clearPair(sql: Sql, email: string, client: string): Promise<void> {
  await sql`delete from security.rate_limits where key = ${pairKey(email, client)}`;
}

/** Lifts the locks of `email` from every address (`npm run identity -- unlock`). */
export async function clearPairs(sql: Sql, email: string): Promise<number> {
  const r = await sql`delete from security.rate_limits
    where key like ${`${PAIR_PREFIX}${digest(email.trim().toLowerCase())}:%`}`;
  return r.count;
}

const PAIR_PREFIX = "signin-pair:";
const pairKey = (email: string, client: string) =>
  `${PAIR_PREFIX}${digest(email.trim().toLowerCase())}:${digest(client)}`;

/**
 * Password attempts through one invitation link (accepting it for an existing account, security pass 15): counted
 * under the invitation, not on the account's sign-in counters, so failed sign-ins do not lock the invitee out of the
 * link and failures at the link do not lock the account for sign-in. The link is a secret sent to the account's email.
 */
export async function invitationAttempt(
  sql: Sql,
  invitationId: string,
  p: LockoutFigures,
): Promise<UnknownAttempt> {
  return await lockingAttempt(sql, `${INVITATION_PREFIX}${invitationId}`, p);
}

/** The invitation's password was right: its count ends. */
export async function clearInvitationAttempts(sql: Sql, invitationId: string): Promise<void> {
  await sql`delete from security.rate_limits where key = ${`${INVITATION_PREFIX}${invitationId}`}`;
}

const INVITATION_PREFIX = "invitation-password:";

/**
 * Lifts the locks of every invitation link addressed to `email` (`npm run identity -- unlock`, security pass 16):
 * the operator's unlock ended the account's and the addresses' locks but left the invitee's link 429
 * `invitation_locked` until `LOGIN_LOCK_SECONDS` ran out.
 */
export async function clearInvitationLocks(sql: Sql, email: string): Promise<number> {
  const r = await sql`delete from security.rate_limits
    where key in (select ${INVITATION_PREFIX} || i.id::text from public.partner_invitations i
      where lower(i.email) = lower(${email.trim()}))`;
  return r.count;
}

/** One attempt counted under `key` with the state machine above: refused (locked) or admitted. */
async function lockingAttempt(sql: Sql, key: string, p: LockoutFigures): Promise<UnknownAttempt> {
  const [r] = await sql`
    with s as (select now() as t, make_interval(secs => ${p.lockSeconds}) as lock,
      make_interval(secs => ${p.windowSeconds}) as win, ${p.maxFailures}::int as max)
    insert into security.rate_limits as r (key, window_start, hits)
    select ${key}, case when 1 >= s.max then s.t + s.lock else s.t end, case when 1 >= s.max then -1 else 1 end from s
    on conflict (key) do update set
      hits = (select case
        when r.hits < 0 and r.window_start > s.t then -1
        when r.hits < 0 or r.window_start < s.t - s.win then case when 1 >= s.max then -1 else 1 end
        when r.hits + 1 >= s.max then -1
        else r.hits + 1 end from s),
      window_start = (select case
        when r.hits < 0 and r.window_start > s.t then r.window_start
        when r.hits < 0 or r.window_start < s.t - s.win then case when 1 >= s.max then s.t + s.lock else s.t end
        when r.hits + 1 >= s.max then s.t + s.lock
        else r.window_start end from s)
    returning hits, window_start, (hits < 0 and window_start <> now() + make_interval(secs => ${p.lockSeconds})) as was_locked`;
  return r.was_locked ? { locked: true, until: r.window_start as Date } : { locked: false };
}
