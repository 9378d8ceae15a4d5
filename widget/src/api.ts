// Talks to the platform API only. The ID token lives in memory (never storage) and is refreshed before it expires.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** A 429's Retry-After, in seconds. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/**
 * When to refresh an ID token that lives `expiresIn` seconds: a minute early for normal lifetimes, at three
 * quarters of very short ones, so a long session never sends an expired token.
 */
export function refreshDelayMs(expiresIn: number): number {
  const ttl = Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600;
  return Math.max(1000, (ttl > 240 ? ttl - 60 : ttl * 0.75) * 1000);
}

export interface UploadProgress {
  (fraction: number): void;
}

export class Api {
  private idToken = "";
  private refreshTimer: number | undefined;

  constructor(
    readonly base: string,
    private readonly partnerToken: string,
    /** Where the last ID token is kept across a reload (session.ts), so the homeowner session goes on. */
    private readonly kept?: { load(): string | null; save(idToken: string): void },
  ) {}

  /** Rule 1: exchanges the partner's refresh token for an ID token; throws ApiError when it is refused. */
  async authenticate(): Promise<void> {
    if (!this.idToken) this.idToken = this.kept?.load() ?? "";
    // The ID token held so far goes along: the new one keeps its homeowner session, the capability that lets this
    // page (and no other) reach the property, lead and bill it created (docs/security.md, pass 8).
    const res = await this.raw("POST", "/v1/authenticator-service/refresh-token", {
      json: { refreshToken: this.partnerToken },
      auth: true,
    });
    const body = res as { idToken: string; expiresIn: number };
    if (!body?.idToken) throw new ApiError(401, "invalid_token", "No ID token");
    this.idToken = body.idToken;
    this.kept?.save(body.idToken);
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(
      () => this.authenticate().catch(() => {}),
      refreshDelayMs(Number(body.expiresIn)),
    ) as unknown as number;
  }

  /** Stops the background refresh (the page is going away, or a test is done). */
  stop(): void {
    clearTimeout(this.refreshTimer);
  }

  get<T>(path: string, query: Record<string, string | number | undefined> = {}): Promise<T> {
    const qs = Object.entries(query).filter(([, v]) => v !== undefined && v !== "").map(([k, v]) =>
      `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`
    ).join("&");
    return this.call<T>("GET", qs ? `${path}?${qs}` : path, {});
  }

  send<T>(
    method: "POST" | "PUT",
    path: string,
    json: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    return this.call<T>(method, path, { json, headers });
  }

  private async call<T>(
    method: string,
    path: string,
    opts: { json?: unknown; headers?: Record<string, string> },
  ): Promise<T> {
    try {
      return await this.raw(method, path, { ...opts, auth: true }) as T;
    } catch (e) {
      // The token may have expired while the tab slept: refresh once and repeat.
      if (e instanceof ApiError && e.status === 401) {
        await this.authenticate();
        return await this.raw(method, path, { ...opts, auth: true }) as T;
      }
      throw e;
    }
  }

  private async raw(
    method: string,
    path: string,
    opts: { json?: unknown; headers?: Record<string, string>; auth: boolean },
  ): Promise<unknown> {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.auth && this.idToken) headers.authorization = `Bearer ${this.idToken}`;
    if (opts.json !== undefined) headers["content-type"] = "application/json";
    let res: Response;
    try {
      res = await fetch(this.base + path, {
        method,
        headers,
        body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
      });
    } catch {
      throw new ApiError(0, "network", "network");
    }
    return await parse(res.status, await res.text(), res.headers.get("retry-after"));
  }

  /** Multipart upload with progress (fetch has no upload progress; XMLHttpRequest does). */
  upload<T>(path: string, form: FormData, onProgress: UploadProgress): Promise<T> {
    const once = () =>
      new Promise<T>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open("POST", this.base + path);
        xhr.setRequestHeader("authorization", `Bearer ${this.idToken}`);
        xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
        xhr.onerror = () => reject(new ApiError(0, "network", "network"));
        xhr.onload = () =>
          parse(xhr.status, xhr.responseText, xhr.getResponseHeader("retry-after")).then(
            (v) => resolve(v as T),
            reject,
          );
        xhr.send(form);
      });
    return once().catch(async (e) => {
      if (e instanceof ApiError && e.status === 401) {
        await this.authenticate();
        return await once();
      }
      throw e;
    });
  }
}

export function parse(status: number, text: string, retryAfter?: string | null): Promise<unknown> {
  let body: any = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch { /* not JSON */ }
  if (status >= 200 && status < 300) return Promise.resolve(body);
  const err = body?.error ?? {};
  return Promise.reject(
    new ApiError(
      status,
      String(err.code ?? "http_" + status),
      String(err.message ?? "Request failed"),
      err.details,
      retryAfter && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined,
    ),
  );
}
