// The console's session: an ID token (memory + sessionStorage, so a reload keeps the partner signed in) and
// the rotating refresh token, renewed on a 401. Errors keep the API's {error: {code, message}}, the message as a
// partner reads it (readableMessage).
import { readableMessage } from "./messages.ts";

export class ApiError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

interface Session {
  idToken: string;
  refreshToken: string;
}

const KEY = "partner-console.session";

export class Api {
  private session: Session | null;
  onSignedOut: () => void = () => {};

  constructor(readonly base: string) {
    try {
      this.session = JSON.parse(sessionStorage.getItem(KEY) ?? "null");
    } catch {
      this.session = null;
    }
  }

  get signedIn(): boolean {
    return !!this.session;
  }

  private save(s: Session | null) {
    this.session = s;
    if (s) sessionStorage.setItem(KEY, JSON.stringify(s));
    else sessionStorage.removeItem(KEY);
  }

  async signIn(email: string, password: string): Promise<void> {
    const body = await this.request(
      "POST",
      "/v1/authenticator-service/get-token",
      { email, password },
      false,
    ) as Session;
    this.save({ idToken: body.idToken, refreshToken: body.refreshToken });
  }

  /**
   * Ends the session on the server too (its refresh and ID tokens stop working; security pass 13), then forgets it
   * here. The request is not awaited: signing out never waits for the network, and `keepalive` lets it finish after
   * the page is left.
   */
  signOut(): void {
    const refreshToken = this.session?.refreshToken;
    if (refreshToken) {
      fetch(this.base + "/v1/authenticator-service/sign-out", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ refreshToken }),
        keepalive: true,
      }).catch(() => {});
    }
    this.save(null);
    this.onSignedOut();
  }

  private async refresh(): Promise<boolean> {
    if (!this.session) return false;
    try {
      const body = await this.request("POST", "/v1/authenticator-service/refresh-token", {
        refreshToken: this.session.refreshToken,
      }, false) as Session;
      this.save({ idToken: body.idToken, refreshToken: body.refreshToken ?? this.session.refreshToken });
      return true;
    } catch {
      return false;
    }
  }

  private async request(
    method: string,
    path: string,
    json?: unknown,
    auth = true,
    raw = false,
  ): Promise<unknown> {
    const headers: Record<string, string> = {};
    if (json !== undefined) headers["content-type"] = "application/json";
    if (auth && this.session) headers.authorization = `Bearer ${this.session.idToken}`;
    let res: Response;
    try {
      res = await fetch(this.base + path, {
        method,
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
      });
    } catch {
      throw new ApiError(
        0,
        "network",
        "The server could not be reached. Check your connection and try again.",
      );
    }
    if (res.ok) return raw ? res : res.status === 204 ? null : await res.json();
    const err = await res.json().catch(() => ({})) as { error?: { code?: string; message?: string } };
    throw new ApiError(
      res.status,
      err.error?.code ?? "error",
      err.error?.message ? readableMessage(err.error.message) : `Request failed (${res.status})`,
    );
  }

  /** A call without the session (an invitation's lookup and acceptance). */
  async publicCall<T>(method: string, path: string, json?: unknown): Promise<T> {
    return await this.request(method, path, json, false) as T;
  }

  /** An authenticated call; a 401 refreshes the session once, then signs out. */
  async call<T>(method: string, path: string, json?: unknown): Promise<T> {
    return await this.withRetry(() => this.request(method, path, json)) as T;
  }

  /** A file (PDF, bill, CSV) as a blob, for a download or a new tab. */
  async blob(path: string): Promise<Blob> {
    const res = await this.withRetry(() => this.request("GET", path, undefined, true, true)) as Response;
    return await res.blob();
  }

  private async withRetry(fn: () => Promise<unknown>): Promise<unknown> {
    try {
      return await fn();
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 401) throw e;
      if (await this.refresh()) return await fn();
      this.signOut();
      throw e;
    }
  }
}

export const svc = (path: string) => `/v1/partner-service${path}`;
export const qs = (q: Record<string, string | number | undefined>) => {
  const s = Object.entries(q).filter(([, v]) => v !== undefined && v !== "").map(([k, v]) =>
    `${k}=${encodeURIComponent(String(v))}`
  ).join("&");
  return s ? `?${s}` : "";
};
