import { Buffer } from "node:buffer";

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
  /** Shown inline by the HTML body (multipart/related, referenced by cid): a logo rather than a document. */
  related?: boolean;
}

export interface ParsedMail {
  messageId: string;
  from: { address: string | null; name: string | null };
  to: string[];
  subject: string;
  date: Date | null;
  text: string;
  attachments: MailAttachment[];
}

/** Parses an RFC 5322 message (MIME, encodings, attachments). A message without Message-ID gets a stable one from its bytes. */
export async function parseMail(raw: Uint8Array): Promise<ParsedMail> {
  // mailparser loads with the first message, not with every process that may parse one.
  const { simpleParser } = await import("mailparser");
  const m = await simpleParser(Buffer.from(raw), { skipHtmlToText: false, skipTextLinks: true });
  const addresses = (v: unknown): { address?: string; name?: string }[] => {
    const list = Array.isArray(v) ? v : v ? [v] : [];
    return list.flatMap((a: { value?: { address?: string; name?: string }[] }) => a.value ?? []);
  };
  const from = addresses(m.from)[0];
  const text = m.text ?? (typeof m.html === "string" ? m.html.replace(/<[^>]+>/g, " ") : "");
  const messageId = clean(m.messageId?.trim() ?? "");
  return {
    messageId: messageId || `<sha256-${await sha256Hex(raw)}@generated.local>`,
    from: {
      address: clean(from?.address?.toLowerCase() ?? "") || null,
      name: clean(from?.name ?? "") || null,
    },
    to: [...addresses(m.to), ...addresses(m.cc)].map((a) => clean(a.address?.toLowerCase() ?? "")).filter(
      Boolean,
    ),
    subject: clean(m.subject ?? ""),
    date: plausibleDate(m.date),
    text: clean(text),
    attachments: (m.attachments ?? [])
      .filter((a) => a.contentDisposition !== "inline" || a.filename)
      .map((a, i) => ({
        filename: clean(a.filename ?? "") || `attachment-${i + 1}`,
        contentType: clean(a.contentType ?? "") || "application/octet-stream",
        content: new Uint8Array(a.content),
        related: a.related === true,
      })),
  };
}

/**
 * Anyone can send the inbox a message, and what it says goes into text and jsonb columns, which refuse NUL and
 * (jsonb) unpaired surrogates: such a message made every later check of the inbox fail (docs/security.md, fourth
 * pass). NUL characters are dropped and unpaired surrogates become U+FFFD.
 */
// deno-lint-ignore no-control-regex
const clean = (s: string): string => s.replace(/\u0000/g, "").toWellFormed();

/** A Date header PostgreSQL can store and that means something (years 1970–2100), else none. */
function plausibleDate(d: Date | undefined): Date | null {
  if (!d || Number.isNaN(d.getTime())) return null;
  const year = d.getUTCFullYear();
  return year >= 1970 && year <= 2100 ? d : null;
}

export async function sha256Hex(bytes: Uint8Array | string): Promise<string> {
  const data = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
  const d = await crypto.subtle.digest("SHA-256", data as BufferSource);
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("");
}
