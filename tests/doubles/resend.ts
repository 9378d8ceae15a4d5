// A local double of the Resend REST API (POST /emails), speaking its wire format: Bearer API key, JSON
// body in Resend's field names, the Idempotency-Key header (same key + same body → the first id; same key +
// other body → 409 invalid_idempotent_request), 422 validation errors, and scripted failures.
import { serveApp, type Served } from "../support/http.ts";

export interface ResendRequest {
  headers: Record<string, string>;
  body: any;
}

export interface ResendDouble extends Served {
  apiKey: string;
  requests: ResendRequest[];
  /** Emails actually accepted (idempotent replays are not counted). */
  sent: { id: string; body: any }[];
  /** The next answers, in order: an HTTP status to fail with, "hang" to never answer, or "concurrent" for
   * Resend's 409 concurrent_idempotent_requests (another request with the key is still in progress). */
  script(...answers: Scripted[]): void;
  /** Fail every request for this recipient with this status, `times` times. */
  failFor(to: string, status: number, times?: number): void;
}

type Scripted = number | "hang" | "concurrent";

const err = (status: number, name: string, message: string) =>
  Response.json({ statusCode: status, name, message }, { status });

export function startResendDouble(apiKey = "re_test_key"): ResendDouble {
  const requests: ResendRequest[] = [];
  const sent: { id: string; body: any }[] = [];
  const queue: Scripted[] = [];
  const failures = new Map<string, { status: number; times: number }>();
  const keys = new Map<string, { body: string; id: string }>();
  const hanging: (() => void)[] = [];
  const served = serveApp(async (req) => {
    const url = new URL(req.url);
    if (req.method !== "POST" || url.pathname !== "/emails") {
      return err(404, "not_found", "The requested endpoint does not exist.");
    }
    if (req.headers.get("authorization") !== `Bearer ${apiKey}`) {
      return err(401, "missing_api_key", "Missing API key in the authorization header.");
    }
    const text = await req.text();
    let body: any;
    try {
      body = JSON.parse(text);
    } catch {
      return err(400, "invalid_parameter", "Body is not valid JSON");
    }
    requests.push({ headers: Object.fromEntries(req.headers), body });
    const next = queue.shift();
    if (next === "hang") {
      await new Promise<void>((r) => hanging.push(r));
      return err(504, "application_error", "gave up");
    }
    if (next === "concurrent") {
      return err(
        409,
        "concurrent_idempotent_requests",
        "Same idempotency key used while original request is still in progress. Try the request again later.",
      );
    }
    if (typeof next === "number") {
      return err(next, next === 429 ? "rate_limit_exceeded" : "application_error", "scripted failure");
    }
    for (const field of ["from", "to", "subject"]) {
      if (!body[field] || (Array.isArray(body[field]) && !body[field].length)) {
        return err(422, "validation_error", `The \`${field}\` field is required.`);
      }
    }
    const to = Array.isArray(body.to) ? body.to[0] : body.to;
    const f = failures.get(to);
    if (f && f.times > 0) {
      f.times--;
      return err(f.status, "application_error", "scripted failure for recipient");
    }
    const key = req.headers.get("idempotency-key");
    if (key) {
      const prior = keys.get(key);
      if (prior && prior.body !== text) {
        return err(
          409,
          "invalid_idempotent_request",
          "Same idempotency key used with a different request payload. Change your idempotency key or payload.",
        );
      }
      if (prior) return Response.json({ id: prior.id });
    }
    const id = crypto.randomUUID();
    if (key) keys.set(key, { body: text, id });
    sent.push({ id, body });
    return Response.json({ id });
  });
  const stop = served.close;
  return Object.assign(served, {
    apiKey,
    requests,
    sent,
    script: (...a: Scripted[]) => void queue.push(...a),
    failFor: (to: string, status: number, times = 1) => void failures.set(to, { status, times }),
    close: async () => {
      for (const r of hanging) r();
      await stop();
    },
  });
}
