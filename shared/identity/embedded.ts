import type { Platform } from "../platform.ts";
import { issueIdToken } from "../auth/tokens.ts";
import { dummyHash, verifyPassword } from "../auth/passwords.ts";
import { log } from "../log.ts";
import { hashToken, storeRefreshToken } from "./refresh_tokens.ts";
import { type LockoutPolicy, lockoutPolicyFromEnv } from "./lockout.ts";
import { IdentityError, type IdentityProvider, type TokenSet } from "./types.ts";

export interface EmbeddedIdentityOptions {
  lockout?: LockoutPolicy;
  /** Session refresh token lifetime (seconds). */
  sessionTtlSeconds?: number;
  /** Called once when an account becomes locked (publishes auth.account_locked). */
  onAccountLocked?: (userId: string) => Promise<void>;
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

  constructor(private readonly p: Platform, private readonly opts: EmbeddedIdentityOptions = {}) {
    this.lockout = opts.lockout ?? lockoutPolicyFromEnv();
    this.sessionTtl = opts.sessionTtlSeconds ?? 30 * 24 * 3600;
  }

  async passwordGrant(email: string, password: string): Promise<TokenSet> {
    const sql = this.p.sql;
    const [row] = await sql`select u.id, u.email, u.organization_id, u.role, c.password_hash, c.locked_until
      from public.users u join identity.credentials c on c.user_id = u.id where lower(u.email) = lower(${email})`;
    if (!row) {
      await verifyPassword(password, dummyHash); // same work either way, so timing does not reveal accounts
      throw new IdentityError("invalid_credentials", "Email or password is incorrect");
    }
    if (row.locked_until && (row.locked_until as Date) > new Date()) {
      throw this.lockedError(row.locked_until as Date);
    }
    if (!(await verifyPassword(password, row.password_hash as string))) {
      await this.recordFailure(row.id as string);
      throw new IdentityError("invalid_credentials", "Email or password is incorrect");
    }
    await sql`update identity.credentials set failed_attempts = 0, first_failed_at = null, locked_until = null, updated_at = now() where user_id = ${row.id as string}`;
    const refresh = await storeRefreshToken(sql, { userId: row.id as string, kind: "session", ttlSeconds: this.sessionTtl });
    return await this.tokens(row as unknown as UserRow, refresh.token, refresh.id);
  }

  private lockedError(until: Date): IdentityError {
    const secs = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
    return new IdentityError("account_locked", `Too many failed sign-in attempts. The account is locked; try again in ${Math.ceil(secs / 60)} minute(s).`, secs);
  }

  /** Counts a failure inside the window; the failure that reaches the limit locks the account. */
  private async recordFailure(userId: string): Promise<void> {
    const { maxFailures, windowSeconds, lockSeconds } = this.lockout;
    const [r] = await this.p.sql`update identity.credentials set
        failed_attempts = case when first_failed_at is null or first_failed_at < now() - make_interval(secs => ${windowSeconds}) then 1 else failed_attempts + 1 end,
        first_failed_at = case when first_failed_at is null or first_failed_at < now() - make_interval(secs => ${windowSeconds}) then now() else first_failed_at end,
        updated_at = now()
      where user_id = ${userId} returning failed_attempts`;
    if ((r?.failed_attempts as number) >= maxFailures) {
      const locked = await this.p.sql`update identity.credentials set locked_until = now() + make_interval(secs => ${lockSeconds}),
          failed_attempts = 0, first_failed_at = null
        where user_id = ${userId} and (locked_until is null or locked_until < now()) returning user_id`;
      if (locked.length) {
        log("warn", "account locked after repeated failed sign-ins", { userId, lockSeconds });
        await this.opts.onAccountLocked?.(userId);
      }
    }
  }

  async refreshGrant(refreshToken: string): Promise<TokenSet> {
    const sql = this.p.sql;
    // Errors are returned, not thrown, from the transaction so that the family revocation commits.
    const result = await sql.begin(async (tx): Promise<TokenSet | IdentityError> => {
      const [t] = await tx`select t.id, t.kind, t.family_id, t.expires_at, t.revoked_at, t.replaced_by,
          u.id as user_id, u.email, u.organization_id, u.role
        from identity.refresh_tokens t join public.users u on u.id = t.user_id
        where t.token_hash = ${hashToken(refreshToken)} for update of t`;
      if (!t) return new IdentityError("invalid_refresh_token", "Refresh token is not recognised");
      if (t.revoked_at) {
        // A rotated session token presented again means it leaked: end the whole session family.
        if (t.kind === "session" && t.replaced_by) {
          await tx`update identity.refresh_tokens set revoked_at = coalesce(revoked_at, now()) where family_id = ${t.family_id as string}`;
          log("warn", "refresh token reuse detected; session family revoked", { userId: t.user_id });
        }
        return new IdentityError("refresh_token_revoked", "Refresh token has been revoked");
      }
      if (t.expires_at && (t.expires_at as Date) <= new Date()) return new IdentityError("refresh_token_expired", "Refresh token has expired");
      const user = { id: t.user_id, email: t.email, organization_id: t.organization_id, role: t.role } as UserRow;
      if (t.kind === "widget") {
        await tx`update identity.refresh_tokens set last_used_at = now() where id = ${t.id as string}`;
        return await this.tokens(user, refreshToken, t.id as string);
      }
      const next = await storeRefreshToken(tx, { userId: user.id, kind: "session", familyId: t.family_id as string, ttlSeconds: this.sessionTtl });
      await tx`update identity.refresh_tokens set revoked_at = now(), replaced_by = ${next.id}, last_used_at = now() where id = ${t.id as string}`;
      return await this.tokens(user, next.token, t.family_id as string);
    }) as TokenSet | IdentityError;
    if (result instanceof IdentityError) throw result;
    return result;
  }

  private async tokens(u: UserRow, refreshToken: string, sessionId: string): Promise<TokenSet> {
    const { token, expiresIn } = await issueIdToken(this.p, { userId: u.id, email: u.email, orgId: u.organization_id, role: u.role, sessionId });
    return { idToken: token, refreshToken, expiresIn, tokenType: "Bearer" };
  }
}
