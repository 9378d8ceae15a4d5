import type { CarriedWidgetSession } from "../auth/widget_session.ts";

/** The identity seam: the platform's embedded identity (Postgres) or Supabase Auth (GoTrue). */
export interface TokenSet {
  idToken: string;
  refreshToken: string;
  expiresIn: number;
  tokenType: "Bearer";
}

export interface IdentityProvider {
  /** Email + password → tokens. Throws IdentityError. */
  /** `client`: the caller's address, for the per-address sign-in lockout (the embedded identity's). */
  passwordGrant(email: string, password: string, client?: string): Promise<TokenSet>;
  /**
   * Refresh token → tokens (a session token rotates; a partner widget token is returned unchanged).
   * `client` fingerprints the caller (address + user agent) for the rotation's reuse grace. `carry`: the widget
   * session of the ID token the caller presented, kept when it was issued for this very widget token (pass 8).
   */
  refreshGrant(refreshToken: string, client?: string, carry?: CarriedWidgetSession | null): Promise<TokenSet>;
  /**
   * Signs a session out where it is kept, not only in the browser: the session of `refreshToken` ends, with its
   * refresh tokens and (through the gateway's session check) its ID tokens. `widget_token` for a partner's widget
   * token, which is public and revoked by its partner only; `unknown` when no session is found (the answer is the same
   * for a session that has already ended). Optional so test doubles of the seam need not implement it.
   */
  signOut?(refreshToken: string): Promise<SignOutResult>;
}

/** What a sign-out did (security pass 13: the console's "Sign out" only forgot the tokens in the browser). */
export type SignOutResult = "signed_out" | "widget_token" | "unknown";

export type IdentityErrorCode =
  | "invalid_credentials"
  | "account_locked"
  | "invalid_refresh_token"
  | "refresh_token_expired"
  | "refresh_token_revoked";

export class IdentityError extends Error {
  constructor(readonly code: IdentityErrorCode, message: string, readonly retryAfterSeconds?: number) {
    super(message);
  }
}
