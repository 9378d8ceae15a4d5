import type { Platform } from "../platform.ts";
import { issueIdToken } from "../auth/tokens.ts";
import type { CarriedWidgetSession } from "../auth/widget_session.ts";
import { dummyHash, verifyPassword } from "../auth/passwords.ts";
import { clearPair, pairAttempt, unknownAccountAttempt } from "../ratelimit/unknown_account.ts";
import { log } from "../log.ts";
import { hashToken, storeRefreshToken } from "./refresh_tokens.ts";
import {
  admitAttempt,
  attemptFailed,
  attemptSucceeded,
  type LockoutPolicy,
  lockoutPolicy,
} from "./lockout.ts";
import { envInt } from "../config.ts";
import type { Tx } from "../db/client.ts";
import { IdentityError, type IdentityProvider, type SignOutResult, type TokenSet } from "./types.ts";

export interface EmbeddedIdentityOptions {
  lockout?: LockoutPolicy;
  /** Session refresh token lifetime (seconds). */
  sessionTtlSeconds?: number;
  /** Called once when an account becomes locked (publishes auth.account_locked). */
  onAccountLocked?: (userId: string) => Promise<void>;
  /** Seconds a rotated refresh token stays usable by the client that rotated it (REFRESH_REUSE_GRACE_SECONDS). */
  reuseGraceSeconds?: number;
}

/** Whether a session family still has a usable token (not revoked as a whole after a detected theft). */
async function familyAlive(tx: Tx, familyId: string): Promise<boolean> {
  const [r] =
    await tx`select exists(select 1 from identity.refresh_tokens where family_id = ${familyId} and revoked_at is null) as alive`;
  return !!r.alive;
}

interface UserRow {
  id: string;
  email: string;
  organization_id: string | null;
  role: string;
}

/** Users, hashed passwords and refresh tokens in Postgres; ID tokens signed with the platform's ES256 key. */
export class EmbeddedIdentity implements IdentityProvider {
  private readonly lockout: LockoutPolicy;
  private readonly sessionTtl: number;
  private readonly reuseGrace: number;

  constructor(private readonly p: Platform, private readonly opts: EmbeddedIdentityOptions = {}) {
    this.lockout = opts.lockout ?? lockoutPolicy(p);
    this.sessionTtl = opts.sessionTtlSeconds ?? 30 * 24 * 3600;
    this.reuseGrace = opts.reuseGraceSeconds ?? envInt("REFRESH_REUSE_GRACE_SECONDS", 10);
  }

  /**
   * `client` is the caller's address (an IPv6 caller's /64): LOGIN_MAX_FAILURES failures of one email from one address
   * lock that pair only, LOGIN_MAX_FAILURES_PER_ACCOUNT from all addresses the account (security pass 14). Callers
   * without an address (scripts, tests) share one pair.
   */
  async passwordGrant(email: string, password: string, client = ""): Promise<TokenSet> {
    const sql = this.p.sql;
    // Counted before the account is looked up, the same for known and unknown emails (no enumeration).
    const pair = await pairAttempt(sql, email, client, this.lockout);
    if (pair.locked) {
      log("warn", "sign-in refused: too many failures for this email from this address", {
        lockSeconds: this.lockout.lockSeconds,
      });
      throw this.lockedError(pair.until);
    }
    const account = { ...this.lockout, maxFailures: this.lockout.accountMaxFailures };
    const [row] = await sql`select u.id, u.email, u.organization_id, u.role, c.password_hash
      from public.users u join identity.credentials c on c.user_id = u.id where lower(u.email) = lower(${email})`;
    if (!row) {
      // An unknown email locks like an account would (shared/ratelimit/unknown_account.ts), and does the same
      // password work when it is not locked, so neither the answers nor their timing reveal accounts.
      const attempt = await unknownAccountAttempt(sql, email, account);
      if (attempt.locked) throw this.lockedError(attempt.until);
      await verifyPassword(password, dummyHash);
      throw new IdentityError("invalid_credentials", "Email or password is incorrect");
    }
    const userId = row.id as string;
    // The attempt is counted before the (slow) password check, in one locked statement: a burst cannot
    // pass the limit, and once the account is locked even the right password is refused.
    const admission = await admitAttempt(sql, userId, account);
    if (!admission.admitted) {
      if (admission.lockedNow) await this.announceLock(userId);
      throw this.lockedError(admission.lockedUntil);
    }
    if (!(await verifyPassword(password, row.password_hash as string))) {
      if (await attemptFailed(sql, userId, account)) await this.announceLock(userId);
      throw new IdentityError("invalid_credentials", "Email or password is incorrect");
    }
    const lockedMeanwhile = await attemptSucceeded(sql, userId);
    if (lockedMeanwhile) throw this.lockedError(lockedMeanwhile);
    await clearPair(sql, email, client);
    const familyId = crypto.randomUUID();
    const refresh = await storeRefreshToken(sql, {
      userId,
      kind: "session",
      familyId,
      ttlSeconds: this.sessionTtl,
    });
    return await this.tokens(row as unknown as UserRow, refresh.token, familyId);
  }

  /**
   * Ends the session family of a user's refresh token, rotated or not (a rotated one is still proof that its holder
   * had the session): every token of the family is revoked, so its ID tokens fail the gateway's session check at once.
   * A widget token is left alone (anyone holding the public token could otherwise end it for every homeowner).
   */
  async signOut(refreshToken: string): Promise<SignOutResult> {
    const [t] = await this.p.sql`select kind, family_id from identity.refresh_tokens
      where token_hash = ${hashToken(refreshToken)}`;
    if (!t) return "unknown";
    if (t.kind === "widget") return "widget_token";
    const ended = await this.p.sql`update identity.refresh_tokens set revoked_at = now()
      where family_id = ${t.family_id as string} and revoked_at is null returning id`;
    return ended.length ? "signed_out" : "unknown";
  }

  private lockedError(until: Date): IdentityError {
    const secs = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
    return new IdentityError(
      "account_locked",
      `Too many failed sign-in attempts. The account is locked; try again in ${
        Math.ceil(secs / 60)
      } minute(s).`,
      secs,
    );
  }

  private async announceLock(userId: string): Promise<void> {
    log("warn", "account locked after repeated failed sign-ins", {
      userId,
      lockSeconds: this.lockout.lockSeconds,
    });
    await this.opts.onAccountLocked?.(userId);
  }

  /**
   * Rotates a session refresh token (a widget token is returned unchanged). A rotated token presented again
   * revokes its whole family, except by the same client (`client`: a fingerprint of address and user agent)
   * within the reuse grace: concurrent refreshes of one browser then each get a fresh token of the family.
   */
  async refreshGrant(
    refreshToken: string,
    client = "",
    carry?: CarriedWidgetSession | null,
  ): Promise<TokenSet> {
    const sql = this.p.sql;
    // Errors are returned, not thrown, from the transaction so that the family revocation commits.
    const result = await sql.begin(async (tx): Promise<TokenSet | IdentityError> => {
      const [t] = await tx`select t.id, t.kind, t.family_id, t.expires_at, t.revoked_at, t.replaced_by,
          t.rotated_client, t.rotated_at > now() - make_interval(secs => ${this.reuseGrace}) as in_grace,
          u.id as user_id, u.email, u.organization_id, u.role
        from identity.refresh_tokens t join public.users u on u.id = t.user_id
        where t.token_hash = ${hashToken(refreshToken)} for update of t`;
      if (!t) return new IdentityError("invalid_refresh_token", "Refresh token is not recognized");
      const user = {
        id: t.user_id,
        email: t.email,
        organization_id: t.organization_id,
        role: t.role,
      } as UserRow;
      if (t.revoked_at) {
        if (t.kind === "session" && t.replaced_by) {
          if (t.in_grace && t.rotated_client === client && await familyAlive(tx, t.family_id as string)) {
            const sibling = await storeRefreshToken(tx, {
              userId: user.id,
              kind: "session",
              familyId: t.family_id as string,
              ttlSeconds: this.sessionTtl,
            });
            return await this.tokens(user, sibling.token, t.family_id as string);
          }
          // A rotated session token presented again means it leaked: end the whole session family.
          await tx`update identity.refresh_tokens set revoked_at = coalesce(revoked_at, now()) where family_id = ${t
            .family_id as string}`;
          log("warn", "refresh token reuse detected; session family revoked", { userId: t.user_id });
        }
        return new IdentityError("refresh_token_revoked", "Refresh token has been revoked");
      }
      if (t.expires_at && (t.expires_at as Date) <= new Date()) {
        return new IdentityError("refresh_token_expired", "Refresh token has expired");
      }
      if (t.kind === "widget") {
        await tx`update identity.refresh_tokens set last_used_at = now() where id = ${t.id as string}`;
        // The widget's homeowner session goes on only from an ID token of this very widget token (pass 8).
        const same = carry && carry.userId === user.id && carry.sessionId === t.family_id;
        return await this.tokens(
          user,
          refreshToken,
          t.family_id as string,
          same ? carry.widgetSession : undefined,
        );
      }
      const next = await storeRefreshToken(tx, {
        userId: user.id,
        kind: "session",
        familyId: t.family_id as string,
        ttlSeconds: this.sessionTtl,
      });
      await tx`update identity.refresh_tokens set revoked_at = now(), replaced_by = ${next.id}, last_used_at = now(),
          rotated_at = now(), rotated_client = ${client}
        where id = ${t.id as string}`;
      return await this.tokens(user, next.token, t.family_id as string);
    }) as TokenSet | IdentityError;
    if (result instanceof IdentityError) throw result;
    return result;
  }

  private async tokens(
    u: UserRow,
    refreshToken: string,
    sessionId: string,
    widgetSession?: string,
  ): Promise<TokenSet> {
    const { token, expiresIn } = await issueIdToken(this.p, {
      userId: u.id,
      email: u.email,
      orgId: u.organization_id,
      role: u.role,
      sessionId,
      widgetSession,
    });
    return { idToken: token, refreshToken, expiresIn, tokenType: "Bearer" };
  }
}
