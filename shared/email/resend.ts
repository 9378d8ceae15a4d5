// Resend through its SDK: the idempotency key goes in the Idempotency-Key header; Resend answers the same
// key + same payload with the first email's id, a different payload with 409 invalid_idempotent_request,
// and a request racing one in flight with 409 concurrent_idempotent_requests (retry later).
import { Buffer } from "node:buffer";
import { Resend } from "resend";
import {
  type EmailMessage,
  type EmailProvider,
  IdempotencyConflictError,
  PermanentEmailError,
  type SendResult,
  TransientEmailError,
} from "./types.ts";

/** 409 concurrent_idempotent_requests: another request with the same key is still in progress. */
class ConcurrentRequestError extends TransientEmailError {}

export interface ResendOptions {
  apiKey: string;
  /** https://api.resend.com in production; a local double in tests. */
  baseUrl?: string;
  timeoutMs?: number;
}

export class ResendEmailProvider implements EmailProvider {
  private client: Resend;

  constructor(private o: ResendOptions) {
    this.client = new Resend(o.apiKey, o.baseUrl ? { baseUrl: o.baseUrl } : undefined);
  }

  async send(msg: EmailMessage, opts: { idempotencyKey: string }): Promise<SendResult> {
    // A request racing another with the same key (two deliveries of one push message) is asked to retry
    // shortly; once the first finishes, Resend answers with the first email's id.
    for (let attempt = 1;; attempt++) {
      try {
        return await this.sendOnce(msg, opts);
      } catch (e) {
        if (!(e instanceof ConcurrentRequestError) || attempt >= 4) throw e;
        await new Promise((r) => setTimeout(r, 150 * attempt));
      }
    }
  }

  private async sendOnce(msg: EmailMessage, opts: { idempotencyKey: string }): Promise<SendResult> {
    const { data, error } = await this.client.emails.send(
      {
        from: msg.from,
        to: msg.to,
        subject: msg.subject,
        html: msg.html,
        text: msg.text,
        headers: msg.headers,
        replyTo: msg.replyTo,
        attachments: msg.attachments?.map((a) => ({
          filename: a.filename,
          content: Buffer.from(a.content).toString("base64"),
          contentType: a.contentType,
        })),
      },
      {
        idempotencyKey: opts.idempotencyKey,
        signal: AbortSignal.timeout(this.o.timeoutMs ?? 15_000),
      } as never,
    );
    if (data?.id) return { id: data.id };
    const e = (error ?? {}) as { name?: string; message?: string; statusCode?: number | null };
    const text = `Resend: ${e.name ?? "error"}: ${e.message ?? "no id returned"}`;
    if (e.name === "invalid_idempotent_request") throw new IdempotencyConflictError(text);
    if (e.name === "concurrent_idempotent_requests") throw new ConcurrentRequestError(text);
    const status = e.statusCode ?? 0;
    // No status (network, timeout), 429, 5xx: retry later.
    if (!status || status === 429 || status >= 500) {
      throw new TransientEmailError(text);
    }
    throw new PermanentEmailError(text);
  }
}
