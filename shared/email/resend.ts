// Resend's REST API (POST /emails) over the shared JSON client: the idempotency key goes in the Idempotency-Key
// header; Resend answers the same key + same payload with the first email's id, a different payload with 409
// invalid_idempotent_request, and a request racing one in flight with 409 concurrent_idempotent_requests (retried).
import { Buffer } from "node:buffer";
import { SeamUnavailableError } from "../errors.ts";
import { HttpJsonClient } from "../runtime/http_json.ts";
import {
  type EmailMessage,
  type EmailProvider,
  IdempotencyConflictError,
  PermanentEmailError,
  type SendResult,
} from "./types.ts";
import { withHeaderLines } from "./header_line.ts";

export interface ResendOptions {
  apiKey: string;
  /** https://api.resend.com in production; a local double in tests. */
  baseUrl?: string;
  timeoutMs?: number;
}

interface ResendAnswer {
  id?: string;
  name?: string;
  message?: string;
}

export class ResendEmailProvider implements EmailProvider {
  private readonly http: HttpJsonClient;

  constructor(o: ResendOptions) {
    this.http = new HttpJsonClient({
      seam: "email",
      provider: "Resend",
      baseUrl: o.baseUrl ?? "https://api.resend.com",
      headers: { authorization: `Bearer ${o.apiKey}` },
      timeoutMs: o.timeoutMs ?? 15_000,
      // A request racing another with the same key (two deliveries of one push message) is asked to retry
      // shortly; once the first finishes, Resend answers with the first email's id.
      attempts: 4,
      backoffMs: 150,
      secrets: [o.apiKey],
    });
  }

  /** Throws PermanentEmailError for a refusal, SeamUnavailableError (retryable) when Resend cannot take it now. */
  async send(message: EmailMessage, opts: { idempotencyKey: string }): Promise<SendResult> {
    const msg = withHeaderLines(message);
    const r = await this.http.request<ResendAnswer | undefined>("/emails", {
      json: {
        from: msg.from,
        to: msg.to,
        subject: msg.subject,
        html: msg.html,
        text: msg.text,
        headers: msg.headers,
        reply_to: msg.replyTo,
        attachments: msg.attachments?.map((a) => ({
          filename: a.filename,
          content: Buffer.from(a.content).toString("base64"),
          content_type: a.contentType,
        })),
      },
      headers: { "Idempotency-Key": opts.idempotencyKey },
      accept: (status) => status >= 400 && status < 500 && status !== 408 && status !== 429,
      retryWhen: (status, data) =>
        status === 409 && (data as ResendAnswer | undefined)?.name === "concurrent_idempotent_requests",
    });
    if (r.status < 300 && r.data?.id) return { id: r.data.id };
    const text = `Resend: ${r.data?.name ?? "error"}: ${r.data?.message ?? "no id returned"}`;
    if (r.data?.name === "invalid_idempotent_request") throw new IdempotencyConflictError(text);
    if (r.status < 300) throw new SeamUnavailableError("email", text, { status: r.status });
    throw new PermanentEmailError(text);
  }
}
