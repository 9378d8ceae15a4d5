// The one HTTP client of the cloud adapters (Gemini, OpenAI, Google geocoding and Solar, HubSpot, Resend,
// Supabase Storage, Pub/Sub, the external scheduler): base URL, headers, JSON bodies, a timeout per attempt,
// retries with exponential backoff and jitter on 429/5xx/network failures honouring Retry-After (seconds or an
// HTTP date), a bounded number of attempts and a total deadline, a size limit on answers, and every failure as
// the one SeamUnavailableError (with the provider's status, never a secret or a query string).
import { SeamUnavailableError } from "../errors.ts";

export interface HttpJsonOptions {
  /** The seam the errors name (snake_case: "geocoder", "roof_data", "crm", …). */
  seam: string;
  /** The provider's name in log messages ("Google Solar API", "HubSpot"). */
  provider: string;
  baseUrl: string;
  /** Sent with every request; a function is called per attempt (e.g. an OAuth token that expires). */
  headers?: Record<string, string> | (() => Promise<Record<string, string>>);
  /** Per attempt, default 10 s. */
  timeoutMs?: number;
  /** Attempts in all, default 3. */
  attempts?: number;
  /** Total time for all attempts and waits, default timeoutMs × attempts + 5 s. */
  deadlineMs?: number;
  /** Largest answer read, default 10 MB. */
  maxResponseBytes?: number;
  /** First backoff, doubled per retry (with jitter), default 250 ms, capped at 5 s. */
  backoffMs?: number;
  /** Secrets that must never appear in an error message (API keys, tokens). */
  secrets?: (string | undefined)[];
}

export interface HttpRequest {
  method?: string;
  /** Query parameters (undefined values are left out). */
  query?: Record<string, string | undefined>;
  /** A JSON body (sets Content-Type: application/json). */
  json?: unknown;
  /** A raw body (form, bytes): give its Content-Type in headers. */
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Statuses that are answers for the caller to read rather than failures (e.g. 404 "no building", 409). */
  accept?: (status: number) => boolean;
  /** Answers worth retrying besides 408/429/5xx (e.g. Resend's 409 concurrent_idempotent_requests). */
  retryWhen?: (status: number, data: unknown) => boolean;
  /** Overrides of the client's attempts and timeout for this request. */
  attempts?: number;
  timeoutMs?: number;
  /** "json" (default) parses the answer; "bytes" returns it raw. */
  as?: "json" | "bytes";
}

export interface HttpAnswer<T> {
  status: number;
  headers: Headers;
  /** The parsed JSON (undefined for an empty body), or the bytes with `as: "bytes"`. */
  data: T;
}

const RETRYABLE_STATUS = (s: number) => s === 408 || s === 429 || s >= 500;
const MAX_BACKOFF_MS = 5000;

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Exponential backoff with jitter (50–100 % of the step) after the n-th failed attempt. */
export function backoffMs(attempt: number, base: number): number {
  const step = Math.min(MAX_BACKOFF_MS, base * 2 ** Math.max(0, attempt - 1));
  return Math.round(step * (0.5 + Math.random() * 0.5));
}

/** The provider's own message from an error body ({error:{message}}, {message}, {error:"…"}), if any. */
function providerMessage(data: unknown): string | undefined {
  if (typeof data === "string") return data.slice(0, 300) || undefined;
  const d = data as
    | { error?: { message?: unknown; status?: unknown } | string; message?: unknown }
    | undefined;
  const m = typeof d?.error === "object" ? d.error?.message : d?.message ?? d?.error;
  if (typeof m !== "string") return undefined;
  const status = typeof d?.error === "object" && typeof d.error.status === "string"
    ? `${d.error.status}: `
    : "";
  return `${status}${m}`.slice(0, 300);
}

class AnswerTooLarge extends Error {}

async function readLimited(res: Response, limit: number): Promise<Uint8Array> {
  const declared = Number(res.headers.get("content-length"));
  if (declared > limit) {
    await res.body?.cancel();
    throw new AnswerTooLarge(`answer of ${declared} bytes is over the ${limit}-byte limit`);
  }
  if (!res.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new AnswerTooLarge(`answer is over the ${limit}-byte limit`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) out.set(c, at), at += c.byteLength;
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class HttpJsonClient {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly attempts: number;
  private readonly maxBytes: number;
  private readonly backoff: number;
  private readonly secrets: string[];

  constructor(private readonly o: HttpJsonOptions) {
    this.baseUrl = o.baseUrl.replace(/\/+$/, "");
    this.timeoutMs = o.timeoutMs ?? 10_000;
    this.attempts = Math.max(1, o.attempts ?? 3);
    this.maxBytes = o.maxResponseBytes ?? 10 * 1024 * 1024;
    this.backoff = o.backoffMs ?? 250;
    this.secrets = (o.secrets ?? []).filter((s): s is string => !!s && s.length >= 4);
  }

  /** A message safe to log: no secret, no query string (Google keys travel in it), at most 500 characters. */
  private clean(text: string): string {
    let t = text.replace(/\?[^\s)"']*/g, "?…");
    for (const s of this.secrets) t = t.split(s).join("***");
    return t.slice(0, 500);
  }

  private fail(message: string, o: ConstructorParameters<typeof SeamUnavailableError>[2] = {}): never {
    throw new SeamUnavailableError(this.o.seam, this.clean(`${this.o.provider}: ${message}`), o);
  }

  /** A JSON answer's data (shorthand of request(...).data). */
  async json<T>(path: string, req: HttpRequest = {}): Promise<T> {
    return (await this.request<T>(path, req)).data;
  }

  async request<T>(path: string, req: HttpRequest = {}): Promise<HttpAnswer<T>> {
    const method = req.method ?? (req.json !== undefined || req.body !== undefined ? "POST" : "GET");
    const url = new URL(/^https?:\/\//.test(path) ? path : `${this.baseUrl}${path}`);
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
    const what = `${method} ${url.pathname}`;
    const attempts = Math.max(1, req.attempts ?? this.attempts);
    const timeoutMs = req.timeoutMs ?? this.timeoutMs;
    const deadline = Date.now() + (this.o.deadlineMs ?? timeoutMs * attempts + 5000);
    const body = req.json !== undefined ? JSON.stringify(req.json) : req.body;
    for (let attempt = 1;; attempt++) {
      const left = deadline - Date.now();
      if (left <= 0) this.fail(`${what}: no answer within the deadline`);
      const base = typeof this.o.headers === "function" ? await this.o.headers() : this.o.headers ?? {};
      const headers: Record<string, string> = {
        accept: "application/json",
        ...(req.json !== undefined ? { "content-type": "application/json" } : {}),
        ...base,
        ...req.headers,
      };
      let failure: { message: string; status?: number; retryAfter?: number; retryable: boolean };
      try {
        const res = await fetch(url, {
          method,
          headers,
          body,
          signal: AbortSignal.timeout(Math.min(timeoutMs, left)),
        });
        const bytes = await readLimited(res, this.maxBytes);
        let data: unknown = bytes;
        if (req.as !== "bytes" || !(res.ok || req.accept?.(res.status))) {
          const text = new TextDecoder().decode(bytes);
          try {
            data = text.trim() ? JSON.parse(text) : undefined;
          } catch {
            data = text;
            if (res.ok && req.as !== "bytes") {
              this.fail(`${what} answered a body that is not JSON`, { status: res.status, retryable: false });
            }
          }
        }
        const again = !res.ok && !!req.retryWhen?.(res.status, data);
        if (res.ok || (req.accept?.(res.status) && !again)) {
          return { status: res.status, headers: res.headers, data: data as T };
        }
        const detail = providerMessage(data);
        failure = {
          message: `${what} answered HTTP ${res.status}${detail ? ` ${detail}` : ""}`,
          status: res.status,
          retryAfter: retryAfterMs(res.headers.get("retry-after")),
          retryable: RETRYABLE_STATUS(res.status) || again,
        };
      } catch (e) {
        if (e instanceof SeamUnavailableError) throw e;
        if (e instanceof AnswerTooLarge) this.fail(`${what}: ${e.message}`, { retryable: false });
        const name = (e as Error)?.name;
        failure = {
          message: name === "TimeoutError"
            ? `${what}: no answer within ${Math.min(timeoutMs, left)} ms`
            : `${what} unreachable: ${(e as Error)?.message ?? String(e)}`,
          retryable: true,
        };
      }
      const wait = failure.retryAfter ?? backoffMs(attempt, this.backoff);
      if (!failure.retryable || attempt >= attempts || Date.now() + wait >= deadline) {
        this.fail(failure.message, {
          status: failure.status,
          retryable: failure.retryable,
          retryAfterMs: failure.retryAfter,
        });
      }
      await sleep(wait);
    }
  }
}
