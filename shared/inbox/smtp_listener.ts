import { SMTPServer } from "smtp-server";
import type { Sql } from "../db/client.ts";
import { errorText, log } from "../log.ts";
import { storeInbound } from "./embedded.ts";

/** Recipients one message may have on the embedded inbox (a bill is sent to one or two addresses). */
export const MAX_RECIPIENTS = 50;
/** Clients connected at once. */
export const MAX_CLIENTS = 50;
/** Clients of one address connected at once (security pass 12), so one sender cannot take every place. */
export const MAX_CLIENTS_PER_ADDRESS = 10;
/**
 * A connection's whole life, whatever it sends (security pass 12): smtp-server's only time limit is its idle timeout
 * (60 s without a byte), so a client sending a byte every 50 s held its place for ever, and 50 of them shut the inbox.
 * 25 MB at 100 kB/s takes about 4 minutes.
 */
export const SESSION_SECONDS = 600;

/** A connection of smtp-server as far as the listener uses it. */
interface Connection {
  id: string;
  remoteAddress: string;
  send(code: number, message: string): void;
  close(): void;
}

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
  opts: { port: number; host?: string; maxBytes?: number; sessionSeconds?: number; maxPerAddress?: number },
): Promise<SmtpListener> {
  const maxBytes = opts.maxBytes ?? 25 * 1024 * 1024;
  const sessionMs = (opts.sessionSeconds ?? SESSION_SECONDS) * 1000;
  const maxPerAddress = opts.maxPerAddress ?? MAX_CLIENTS_PER_ADDRESS;
  const deadlines = new Map<string, ReturnType<typeof setTimeout>>();
  const connections = () => (server as unknown as { connections: Set<Connection> }).connections;
  const server: SMTPServer = new SMTPServer({
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
    onConnect(session, callback) {
      const conn = [...connections()].find((c) => c.id === session.id);
      const mine = [...connections()].filter((c) => c.remoteAddress === session.remoteAddress).length;
      if (mine > maxPerAddress) {
        const err = new Error("Too many connections from your address, try again later") as Error & {
          responseCode: number;
        };
        err.responseCode = 421;
        return callback(err);
      }
      if (conn) {
        const timer = setTimeout(() => {
          deadlines.delete(session.id);
          conn.send(421, "Session time limit reached, closing connection");
          conn.close();
        }, sessionMs);
        deadlines.set(session.id, timer);
      }
      callback();
    },
    onClose(session) {
      clearTimeout(deadlines.get(session.id));
      deadlines.delete(session.id);
    },
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
  return {
    port: addr.port,
    close: () =>
      new Promise<void>((r) =>
        server.close(() => {
          for (const t of deadlines.values()) clearTimeout(t);
          deadlines.clear();
          r();
        })
      ),
  };
}
