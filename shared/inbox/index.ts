import { env, envBool, envInt } from "../config.ts";
import { type Platform, provide } from "../platform.ts";
import { EmbeddedInbox } from "./embedded.ts";
import { ImapInbox } from "./imap.ts";
import type { Inbox } from "./types.ts";

/**
 * INBOX_PROVIDER=embedded (default: the SMTP-fed mailbox in Postgres) | imap (IMAP_HOST, IMAP_PORT,
 * IMAP_SECURE, IMAP_USER, IMAP_PASSWORD, IMAP_MAILBOX, IMAP_ALLOW_SELF_SIGNED, INBOX_MAX_MESSAGE_BYTES).
 */
export function inbox(p: Platform): Inbox {
  return provide(p, "inbox", () => {
    const kind = env("INBOX_PROVIDER", "embedded");
    if (kind === "imap") {
      const secure = envBool("IMAP_SECURE", true);
      return new ImapInbox({
        host: env("IMAP_HOST"),
        port: envInt("IMAP_PORT", secure ? 993 : 143),
        secure,
        user: env("IMAP_USER"),
        password: env("IMAP_PASSWORD"),
        mailbox: env("IMAP_MAILBOX", "INBOX"),
        allowSelfSigned: envBool("IMAP_ALLOW_SELF_SIGNED", false),
        maxMessageBytes: envInt("INBOX_MAX_MESSAGE_BYTES", 25 * 1024 * 1024),
      });
    }
    if (kind !== "embedded") throw new Error(`INBOX_PROVIDER must be embedded or imap, got "${kind}"`);
    return new EmbeddedInbox(p.sql);
  });
}
export type { Inbox, InboxMessage } from "./types.ts";

declare module "../platform.ts" {
  interface Seams {
    inbox: Inbox;
  }
}
