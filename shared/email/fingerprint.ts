import { createHash } from "node:crypto";
import type { EmailMessage } from "./types.ts";

/** A stable hash of everything that makes two send requests "the same" for idempotency. */
export function messageFingerprint(msg: EmailMessage): string {
  const h = createHash("sha256");
  const headers = Object.entries(msg.headers ?? {}).sort(([a], [b]) => a.localeCompare(b));
  h.update(JSON.stringify([msg.from, msg.to, msg.subject, msg.html, msg.text, headers, msg.replyTo ?? null]));
  for (const a of msg.attachments ?? []) {
    h.update(JSON.stringify([a.filename, a.contentType, a.content.length]));
    h.update(a.content);
  }
  return h.digest("hex");
}
