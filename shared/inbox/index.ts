import { env, envBool, envInt, type EnvSource } from "../config.ts";
import { type Platform, provide } from "../platform.ts";
import { EmbeddedInbox } from "./embedded.ts";
import { ImapInbox, type ImapSettings } from "./imap.ts";
import type { Inbox } from "./types.ts";

/**
 * INBOX_PROVIDER=embedded (default: the SMTP-fed mailbox in Postgres) | imap (IMAP_HOST, IMAP_PORT,
 * IMAP_SECURE, IMAP_USER, IMAP_PASSWORD, IMAP_MAILBOX, IMAP_ALLOW_SELF_SIGNED, INBOX_MAX_MESSAGE_BYTES).
 */
export function inbox(p: Platform): Inbox {
  return provide(p, "inbox", () => {
    const c = loadInboxConfig();
    return c.provider === "imap" ? new ImapInbox(c.imap) : new EmbeddedInbox(p.sql);
  });
}

export type InboxConfig = { provider: "embedded" } | { provider: "imap"; imap: ImapSettings };

/** The inbox seam's settings, read once when the seam is provided. */
export function loadInboxConfig(source: EnvSource = Deno.env): InboxConfig {
  const kind = env("INBOX_PROVIDER", "embedded", source);
  if (kind === "embedded") return { provider: "embedded" };
  if (kind !== "imap") throw new Error(`INBOX_PROVIDER must be embedded or imap, got "${kind}"`);
  const secure = envBool("IMAP_SECURE", true, source);
  return {
    provider: "imap",
    imap: {
      host: env("IMAP_HOST", undefined, source),
      port: envInt("IMAP_PORT", secure ? 993 : 143, source),
      secure,
      user: env("IMAP_USER", undefined, source),
      password: env("IMAP_PASSWORD", undefined, source),
      mailbox: env("IMAP_MAILBOX", "INBOX", source),
      allowSelfSigned: envBool("IMAP_ALLOW_SELF_SIGNED", false, source),
      maxMessageBytes: envInt("INBOX_MAX_MESSAGE_BYTES", 25 * 1024 * 1024, source),
    },
  };
}
export type { Inbox, InboxMessage } from "./types.ts";

declare module "../platform.ts" {
  interface Seams {
    inbox: Inbox;
  }
}
