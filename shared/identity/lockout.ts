import { envInt, type EnvSource } from "../config.ts";
import type { Sql } from "../db/client.ts";
import { type Platform, provide } from "../platform.ts";

/**
 * Brute-force protection: LOGIN_MAX_FAILURES failures within LOGIN_FAILURE_WINDOW_SECONDS lock an email for the
 * client address they came from for LOGIN_LOCK_SECONDS; LOGIN_MAX_FAILURES_PER_ACCOUNT failures from any addresses
 * lock the account itself (security pass 14: before, five failures from anyone locked the account for everyone).
 */
export interface LockoutPolicy {
  maxFailures: number;
  /** Failures from all addresses that lock the account (the credential row's count). */
  accountMaxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

/** Read once per platform: lockoutPolicy(p). */
export function lockoutPolicyFromEnv(source: EnvSource = Deno.env): LockoutPolicy {
  return {
    maxFailures: envInt("LOGIN_MAX_FAILURES", 5, source),
    accountMaxFailures: envInt("LOGIN_MAX_FAILURES_PER_ACCOUNT", 100, source),
    windowSeconds: envInt("LOGIN_FAILURE_WINDOW_SECONDS", 900, source),
    lockSeconds: envInt("LOGIN_LOCK_SECONDS", 900, source),
  };
}

/** The platform's sign-in lockout (the embedded identity and invitation acceptance share it), read once. */
export function lockoutPolicy(p: Platform): LockoutPolicy {
  return provide(p, "lockoutPolicy", () => lockoutPolicyFromEnv());
}

declare module "../platform.ts" {
  interface Seams {
    lockoutPolicy: LockoutPolicy;
  }
}

export type Admission = { admitted: true } | { admitted: false; lockedUntil: Date; lockedNow: boolean };

/**
 * Admits one sign-in attempt, decided in the database under the credential row's lock
 * (identity.begin_sign_in): the attempt counts as a failure until it proves the password right, so a
 * burst of concurrent attempts cannot all pass the check before any failure is recorded.
 */
export async function admitAttempt(sql: Sql, userId: string, p: LockoutPolicy): Promise<Admission> {
  const [r] =
    await sql`select * from identity.begin_sign_in(${userId}, ${p.maxFailures}, ${p.windowSeconds}, ${p.lockSeconds})`;
  if (r.admitted) return { admitted: true };
  return {
    admitted: false,
    lockedUntil: (r.locked_until as Date | null) ?? new Date(Date.now() + 1000),
    lockedNow: !!r.locked_now,
  };
}

/** The admitted attempt's password was wrong; returns the lock's end when this failure locked the account. */
export async function attemptFailed(sql: Sql, userId: string, p: LockoutPolicy): Promise<Date | null> {
  const [r] =
    await sql`select identity.sign_in_failed(${userId}, ${p.maxFailures}, ${p.lockSeconds}) as until`;
  return (r?.until as Date | null) ?? null;
}

/** The admitted attempt's password was right; returns the lock's end when the account got locked meanwhile. */
export async function attemptSucceeded(sql: Sql, userId: string): Promise<Date | null> {
  const [r] = await sql`select identity.sign_in_succeeded(${userId}) as until`;
  return (r?.until as Date | null) ?? null;
}
