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

export async function unknownAccountAttempt(
  sql: Sql,
  email: string,
  p: LockoutFigures,
): Promise<UnknownAttempt> {
  const key = `unknown-signin:${
    createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 22)
  }`;
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
