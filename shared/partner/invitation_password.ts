// The password check of an existing account that accepts an invitation (docs/security.md, pass 15). It used the
// account's sign-in counter with LOGIN_MAX_FAILURES: after five failed sign-ins from anywhere (an attacker's, counted
// there up to LOGIN_MAX_FAILURES_PER_ACCOUNT since pass 14) the invitee's one wrong password locked the account, and
// five wrong passwords at the link locked the account's sign-in for everyone. Now the link has its own count, under
// the invitation (LOGIN_MAX_FAILURES failures lock the link for LOGIN_LOCK_SECONDS): neither flow locks the other.
import type { Platform } from "../platform.ts";
import { DomainError } from "../errors.ts";
import { verifyPassword } from "../auth/passwords.ts";
import { lockoutPolicy } from "../identity/lockout.ts";
import { clearInvitationAttempts, invitationAttempt } from "../ratelimit/unknown_account.ts";

/** Too many wrong passwords through this invitation link: 429 with Retry-After. */
export class InvitationLockedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      "rate_limited",
      "invitation_locked",
      `Too many wrong passwords through this invitation; try again in ${
        Math.ceil(retryAfterSeconds / 60)
      } minute(s)`,
    );
  }
}

export async function checkInvitationPassword(
  p: Platform,
  invitationId: string,
  userId: string,
  password: string,
): Promise<void> {
  const attempt = await invitationAttempt(p.sql, invitationId, lockoutPolicy(p));
  if (attempt.locked) {
    throw new InvitationLockedError(Math.max(1, Math.ceil((attempt.until.getTime() - Date.now()) / 1000)));
  }
  const [c] = await p.sql`select password_hash from identity.credentials where user_id = ${userId}`;
  if (!c?.password_hash || !(await verifyPassword(password, c.password_hash as string))) {
    throw new DomainError(
      "unauthenticated",
      "invalid_credentials",
      "The password of this account is not right",
    );
  }
  await clearInvitationAttempts(p.sql, invitationId);
}
