import type { CarriedWidgetSession } from "../auth/widget_session.ts";
import { HttpJsonClient } from "../runtime/http_json.ts";
import { IdentityError, type IdentityProvider, type SignOutResult, type TokenSet } from "./types.ts";

interface GoTrueSession {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
}

/**
 * Supabase Auth (GoTrue) token endpoint: POST {SUPABASE_URL}/auth/v1/token?grant_type=password|refresh_token
 * with the project's anon key. Partner widget tokens ("wgt_…") are always the platform's own (GoTrue refresh
 * tokens rotate on use, a widget token must not), so those go to `widgetTokens`.
 */
export class SupabaseIdentity implements IdentityProvider {
  private readonly http: HttpJsonClient;

  constructor(url: string, anonKey: string, private readonly widgetTokens: IdentityProvider) {
    this.http = new HttpJsonClient({
      seam: "identity",
      provider: "Supabase Auth",
      baseUrl: url,
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
      timeoutMs: 10_000,
      attempts: 2,
      secrets: [anonKey],
    });
  }

  passwordGrant(email: string, password: string): Promise<TokenSet> {
    return this.token("password", { email, password });
  }

  refreshGrant(
    refreshToken: string,
    client?: string,
    carry?: CarriedWidgetSession | null,
  ): Promise<TokenSet> {
    if (refreshToken.startsWith("wgt_")) return this.widgetTokens.refreshGrant(refreshToken, client, carry);
    return this.token("refresh_token", { refresh_token: refreshToken });
  }

  /**
   * GoTrue ends a session on `POST /logout?scope=local` with one of its access tokens: the refresh token buys one (it
   * is then spent, like any refresh) and signs that session out. A widget token stays with the platform's tokens.
   */
  async signOut(refreshToken: string): Promise<SignOutResult> {
    if (refreshToken.startsWith("wgt_")) {
      return await this.widgetTokens.signOut?.(refreshToken) ?? "widget_token";
    }
    let session: TokenSet;
    try {
      session = await this.token("refresh_token", { refresh_token: refreshToken });
    } catch (e) {
      if (e instanceof IdentityError) return "unknown"; // no live session: nothing to end
      throw e;
    }
    const res = await this.http.request<unknown>("/auth/v1/logout?scope=local", {
      method: "POST",
      headers: { Authorization: `Bearer ${session.idToken}` },
      accept: (status) => status >= 400 && status < 500,
    });
    return res.status < 300 ? "signed_out" : "unknown";
  }

  private async token(grant: "password" | "refresh_token", body: Record<string, string>): Promise<TokenSet> {
    // 4xx are GoTrue's answers (a 429 is its lockout, not a reason to retry); 5xx and network are retried.
    // An unreachable or failing provider is the one seam error, SeamUnavailableError("identity"): 502
    // identity_unavailable, mapped by the HTTP layer like every seam's.
    const res = await this.http.request<Record<string, unknown> | undefined>(
      `/auth/v1/token?grant_type=${grant}`,
      {
        json: body,
        accept: (status) => status >= 400 && status < 500,
      },
    );
    const json = res.data ?? {};
    if (res.status < 300) {
      const s = json as unknown as GoTrueSession;
      return {
        idToken: s.access_token,
        refreshToken: s.refresh_token,
        expiresIn: s.expires_in,
        tokenType: "Bearer",
      };
    }
    const code = String(json.error_code ?? json.error ?? "");
    if (res.status === 429) {
      throw new IdentityError(
        "account_locked",
        "Too many attempts; try again later",
        Number(res.headers.get("retry-after") ?? 60),
      );
    }
    if (grant === "password") {
      throw new IdentityError("invalid_credentials", "Email or password is incorrect");
    }
    if (code === "refresh_token_already_used" || code === "session_not_found") {
      throw new IdentityError("refresh_token_revoked", "Refresh token has been revoked");
    }
    if (code === "session_expired") {
      throw new IdentityError("refresh_token_expired", "Refresh token has expired");
    }
    throw new IdentityError("invalid_refresh_token", "Refresh token is not recognized");
  }
}
