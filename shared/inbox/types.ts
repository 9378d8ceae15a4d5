/** The inbox seam: an IMAP mailbox (imapflow) in production, the embedded SMTP-fed mailbox locally. */
export interface InboxMessage {
  /** The message's id within the inbox (IMAP UID, or the embedded mailbox row id). */
  ref: string;
  /** The full RFC 5322 message; only its header block when the message is over the size limit. */
  raw: Uint8Array;
  /** Set (to the message's size in bytes) when the message exceeds the inbox's size limit. */
  oversized?: number;
}

export interface Inbox {
  /** Where messages come from, for logs and the email_messages.inbox column (no secrets). */
  readonly name: string;
  /**
   * Hands each new (unseen) message, oldest first, up to `limit`, to `handle`, and marks it seen only after
   * `handle` resolved: a message whose handling failed is offered again at the next check. Returns how
   * many messages were handled.
   */
  receive(limit: number, handle: (m: InboxMessage) => Promise<void>): Promise<number>;
}

// A mailbox that cannot be reached fails with SeamUnavailableError("inbox", …) (shared/errors.ts): 502.
