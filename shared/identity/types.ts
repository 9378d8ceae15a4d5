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
  passwordGrant(email: string, password: string): Promise<TokenSet>;
  /**
   * Refresh token → tokens (a session token rotates; a partner widget token is returned unchanged).
   * `client` fingerprints the caller (address + user agent) for the rotation's reuse grace. `carry`: the widget
   * session of the ID token the caller presented, kept when it was issued for this very widget token (pass 8).
   */
  refreshGrant(refreshToken: string, client?: string, carry?: CarriedWidgetSession | null): Promise<TokenSet>;
}

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
