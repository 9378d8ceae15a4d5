/** The email seam: Resend in production, the Postgres outbox (with a dev mailbox page) locally. */
export interface EmailAttachment {
  filename: string;
  content: Uint8Array;
  contentType: string;
}

export interface EmailMessage {
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
  attachments?: EmailAttachment[];
  replyTo?: string;
}

export interface SendResult {
  /** The provider's email id (matched later by delivery webhooks). */
  id: string;
}

export interface EmailProvider {
  /**
   * Sends once per idempotency key: the same key with the same message returns the first email's id and
   * sends nothing; the same key with a different message is rejected. Throws SeamUnavailableError("email")
   * when the provider could not be reached or failed (retry later), PermanentEmailError when it refused the message.
   */
  send(msg: EmailMessage, opts: { idempotencyKey: string }): Promise<SendResult>;
}

export class PermanentEmailError extends Error {}

/** The idempotency key was already used with a different request (Resend answers 409). */
export class IdempotencyConflictError extends PermanentEmailError {}
