import { errorText, log } from "../log.ts";
import { SeamUnavailableError } from "../errors.ts";
import type { Inbox, InboxMessage } from "./types.ts";

export interface ImapSettings {
  host: string;
  port: number;
  /** Implicit TLS (port 993); otherwise STARTTLS is used when the server offers it. */
  secure: boolean;
  user: string;
  password: string;
  mailbox: string;
  /** Accept self-signed certificates (tests, private servers). */
  allowSelfSigned?: boolean;
  /** Larger messages are not downloaded: only their headers are handed on, flagged oversized. */
  maxMessageBytes?: number;
}

/** An IMAP mailbox through imapflow: UNSEEN messages, fetched with BODY.PEEK, flagged \Seen once handled. */
export class ImapInbox implements Inbox {
  readonly name: string;
  constructor(private readonly s: ImapSettings) {
    this.name = `imap:${s.user}@${s.host}:${s.port}/${s.mailbox}`;
  }

  async receive(limit: number, handle: (m: InboxMessage) => Promise<void>): Promise<number> {
    // imapflow loads with the first IMAP check, not with every process that may run one.
    const { ImapFlow } = await import("imapflow");
    const client = new ImapFlow({
      host: this.s.host,
      port: this.s.port,
      secure: this.s.secure,
      auth: { user: this.s.user, pass: this.s.password },
      logger: false,
      tls: { rejectUnauthorized: !this.s.allowSelfSigned },
      connectionTimeout: 15_000,
      greetingTimeout: 10_000,
    });
    try {
      await client.connect();
    } catch (e) {
      throw new SeamUnavailableError(
        "inbox",
        `IMAP connection to ${this.s.host}:${this.s.port} failed: ${errorText(e)}`,
      );
    }
    let handled = 0;
    try {
      const lock = await client.getMailboxLock(this.s.mailbox);
      try {
        const found = await client.search({ seen: false }, { uid: true });
        const uids = (found || []).sort((a, b) => a - b).slice(0, limit);
        const max = this.s.maxMessageBytes ?? 25 * 1024 * 1024;
        for (const uid of uids) {
          const meta = await client.fetchOne(String(uid), { size: true, uid: true }, { uid: true });
          if (!meta) continue;
          if ((meta.size ?? 0) > max) {
            const head = await client.fetchOne(String(uid), { headers: true, uid: true }, { uid: true });
            await handle({
              ref: String(uid),
              raw: new Uint8Array(head && head.headers ? head.headers : new Uint8Array()),
              oversized: meta.size,
            });
          } else {
            const msg = await client.fetchOne(String(uid), { source: true, uid: true }, { uid: true });
            if (!msg || !msg.source) continue;
            await handle({ ref: String(uid), raw: new Uint8Array(msg.source) });
          }
          await client.messageFlagsAdd(String(uid), ["\\Seen"], { uid: true });
          handled++;
        }
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch((e) => log("warn", "IMAP logout failed", { error: errorText(e) }));
    }
    return handled;
  }
}
