import { SMTPServer } from "smtp-server";
import type { Sql } from "../db/client.ts";
import { errorText, log } from "../log.ts";
import { storeInbound } from "./embedded.ts";

/** Recipients one message may have on the embedded inbox (a bill is sent to one or two addresses). */
export const MAX_RECIPIENTS = 50;
/** Clients connected at once. */
export const MAX_CLIENTS = 50;

export interface SmtpListener {
  port: number;
  close(): Promise<void>;
}

/**
 * The embedded inbound mailbox's SMTP side: accepts mail for any recipient on `host:port` (no auth, no
 * TLS: a loopback dev server) up to `maxBytes`, and stores each message in mail.inbound_messages.
 * `swaks --server localhost:2525 --attach bill.pdf` or nodemailer can deliver a bill to it.
 */
export async function startSmtpListener(
  sql: Sql,
  opts: { port: number; host?: string; maxBytes?: number },
): Promise<SmtpListener> {
  const maxBytes = opts.maxBytes ?? 25 * 1024 * 1024;
  const server = new SMTPServer({
    name: "solar-inbox.local",
    banner: "solar platform embedded inbox",
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: maxBytes,
    // Bounds the library leaves open by default (security pass 10): recipients of one message (452 past it; each is
    // stored with the message) and clients at once.
    maxRecipients: MAX_RECIPIENTS,
    maxClients: MAX_CLIENTS,
    logger: false,
    onData(dataStream, session, callback) {
      const stream = dataStream as unknown as {
        on(ev: string, f: (...a: any[]) => void): void;
        sizeExceeded?: boolean;
      };
      // Only up to the limit is kept: past it the message is refused at its end anyway (552), and a sender streaming
      // gigabytes must not have them all held in memory first (security pass 10).
      const chunks: Uint8Array[] = [];
      let kept = 0;
      stream.on("data", (c: Uint8Array) => {
        if (kept + c.length > maxBytes) {
          chunks.length = 0;
          kept = maxBytes + 1;
          return;
        }
        chunks.push(c);
        kept += c.length;
      });
      stream.on("end", async () => {
        if (stream.sizeExceeded || kept > maxBytes) {
          const err = new Error(`Message exceeds the ${maxBytes} byte limit`) as Error & {
            responseCode: number;
          };
          err.responseCode = 552;
          return callback(err);
        }
        const raw = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
        let off = 0;
        for (const c of chunks) {
          raw.set(c, off);
          off += c.length;
        }
        try {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
          const to = session.envelope.rcptTo.map((r) => r.address);
          const id = await storeInbound(sql, raw, { from, to });
          log("info", "inbound mail stored", { id, from, to, bytes: raw.length });
          callback(null, `Queued as ${id}`);
        } catch (e) {
          log("error", "inbound mail not stored", { error: errorText(e) });
          const err = new Error("Temporary failure storing the message") as Error & { responseCode: number };
          err.responseCode = 451;
          callback(err);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host ?? "127.0.0.1", () => resolve());
  });
  const addr = (server as unknown as { server: { address(): { port: number } } }).server.address();
  return { port: addr.port, close: () => new Promise<void>((r) => server.close(() => r())) };
}
