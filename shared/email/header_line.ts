// Every value that becomes an email header (subject, From, Reply-To, the extra headers, attachment names) as one
// clean line, whoever supplied it (a homeowner's name in "New lead: …", a partner's name in the sender): control
// characters and the Unicode line separators become one space, bidi overrides and zero-width characters go, at most
// 998 characters (RFC 5322's line limit). Applied by both email providers before anything is sent or stored, so a
// template or a route that forgets it still sends one line (security pass 9: subjects lost only CR and LF).
import { oneLine } from "../validation/one_line.ts";
import type { EmailMessage } from "./types.ts";

export const headerLine = (s: string): string => oneLine(s).replace(/\s+/g, " ").trim().slice(0, 998);

export function withHeaderLines(msg: EmailMessage): EmailMessage {
  return {
    ...msg,
    from: headerLine(msg.from),
    to: msg.to.map(headerLine),
    subject: headerLine(msg.subject),
    ...(msg.replyTo == null ? {} : { replyTo: headerLine(msg.replyTo) }),
    ...(msg.headers
      ? {
        headers: Object.fromEntries(
          Object.entries(msg.headers).map(([k, v]) => [headerLine(k), headerLine(v)]),
        ),
      }
      : {}),
    ...(msg.attachments
      ? { attachments: msg.attachments.map((a) => ({ ...a, filename: headerLine(a.filename) })) }
      : {}),
  };
}
