// How a webhook request leaves the platform: the endpoint's host is resolved ONCE, every answer is judged
// (webhook_url.ts: loopback, private, link-local, metadata, v4 and v6, mapped and embedded forms), and the
// request goes to exactly the address that was checked: a TCP connection to that address, TLS with the URL's
// host name as SNI and as the name the certificate must carry, `Host:` the URL's host. `fetch` would resolve
// the name a second time (a DNS-rebinding window: a TTL-0 name answering a public address to the check and
// 127.0.0.1 or 169.254.169.254 to the connection) and has no resolver hook, so the request is written here:
// one HTTP/1.1 POST with a Content-Length, `Connection: close`, redirects never followed, only the status
// line read back (at most MAX_HEAD bytes), the whole exchange bounded by the timeout.
import { type Platform, provide } from "../platform.ts";
import { isPrivateAddress, urlPort, webhookPortProblem } from "./webhook_url.ts";

/** A host name's addresses (A then AAAA answers). */
export type Resolve = (host: string) => Promise<string[]>;

export interface WebhookTransport {
  resolve: Resolve;
  /** Extra root certificates (PEM) trusted for https endpoints (tests: a local receiver's own certificate). */
  caCerts?: string[];
  timeoutMs: number;
}

const MAX_HEAD = 16 * 1024;

/** Deno.resolveDns for A and AAAA (through `nameServer` when given: tests point it at a local DNS double). */
export function dnsResolver(nameServer?: { ipAddr: string; port?: number }): Resolve {
  return async (host) => {
    const out: string[] = [];
    for (const type of ["A", "AAAA"] as const) {
      try {
        out.push(...await Deno.resolveDns(host, type, nameServer ? { nameServer } : {}));
      } catch { /* no record of this type */ }
    }
    return out;
  };
}

/** The platform's transport (tests replace it with override(p, "webhookTransport", …)). */
export const webhookTransport = (p: Platform) =>
  provide(p, "webhookTransport", () => ({ resolve: dnsResolver(), timeoutMs: 10_000 }));

export class WebhookTargetError extends Error {}

/**
 * The one address a request to `url` may go to: an IP literal as written, else the first answer of ONE
 * resolution, every answer of which must be public (unless allowPrivate: local development and tests, where
 * `localhost` is 127.0.0.1 since DNS does not read /etc/hosts).
 */
export async function pinnedAddress(
  url: URL,
  allowPrivate: boolean,
  resolve: Resolve,
  ports: readonly number[] = [443],
): Promise<string> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = /^[\d.]+$/.test(host) || host.includes(":");
  if (!allowPrivate && isPrivateAddress(host)) {
    throw new WebhookTargetError("the endpoint is a private address");
  }
  // A URL saved before the port rule (or while private addresses were allowed) is judged again here, unresolved.
  const portProblem = allowPrivate ? null : webhookPortProblem(url, ports);
  if (portProblem) throw new WebhookTargetError(`the endpoint's port ${portProblem}`);
  if (literal) return host;
  if (allowPrivate && (host === "localhost" || host.endsWith(".localhost"))) return "127.0.0.1";
  const ips = await resolve(host);
  if (!ips.length) throw new WebhookTargetError(`the endpoint's host ${host} does not resolve`);
  if (!allowPrivate && ips.some((ip) => isPrivateAddress(ip))) {
    throw new WebhookTargetError("the endpoint resolves to a private address");
  }
  return ips[0];
}

function timeout<T>(ms: number, work: (cancel: (fn: () => void) => void) => Promise<T>): Promise<T> {
  let onTimeout = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new WebhookTargetError(`no answer within ${ms} ms`));
    }, ms);
  });
  return Promise.race([work((fn) => (onTimeout = fn)), expired]).finally(() => clearTimeout(timer));
}

/** The status of the final (non-1xx) answer in the head bytes read so far, or null while incomplete. */
export function statusOfHead(head: string): number | null {
  let rest = head;
  while (true) {
    const end = rest.indexOf("\r\n\r\n");
    if (end < 0) return null;
    const m = rest.match(/^HTTP\/1\.[01] (\d{3})[ \r]/);
    if (!m) throw new WebhookTargetError("the endpoint did not answer HTTP/1.1");
    const status = Number(m[1]);
    if (status >= 200 || status < 100) return status;
    rest = rest.slice(end + 4);
  }
}

/**
 * POSTs `body` to `url` over a connection to `address` (the checked one), answering the response status.
 * `headers` must be header-safe (signedHeaders: ours); Host, Content-Length and Connection are set here.
 */
export function postPinned(
  url: URL,
  address: string,
  headers: Record<string, string>,
  body: string,
  t: Pick<WebhookTransport, "caCerts" | "timeoutMs">,
): Promise<number> {
  const https = url.protocol === "https:";
  const port = urlPort(url);
  const payload = new TextEncoder().encode(body);
  const lines = [`POST ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`];
  for (const [k, v] of Object.entries(headers)) {
    if (/[\r\n]/.test(k + v)) throw new WebhookTargetError(`header ${k} is not a header value`);
    lines.push(`${k}: ${v}`);
  }
  lines.push(`Content-Length: ${payload.length}`, "Connection: close", "", "");
  const head = new TextEncoder().encode(lines.join("\r\n"));
  return timeout(t.timeoutMs, async (onTimeout) => {
    let conn: Deno.Conn | undefined;
    onTimeout(() => conn?.close());
    try {
      conn = await Deno.connect({ hostname: address, port });
      if (https) {
        const host = url.hostname.replace(/^\[|\]$/g, "");
        conn = await Deno.startTls(conn as Deno.TcpConn, {
          hostname: host,
          caCerts: t.caCerts,
          alpnProtocols: ["http/1.1"],
        });
      }
      const request = new Uint8Array(head.length + payload.length);
      request.set(head);
      request.set(payload, head.length);
      for (let at = 0; at < request.length;) at += await conn.write(request.subarray(at));
      const buf = new Uint8Array(4096);
      let text = "";
      while (text.length < MAX_HEAD) {
        const n = await conn.read(buf);
        if (n === null) break;
        text += new TextDecoder("latin1").decode(buf.subarray(0, n));
        const status = statusOfHead(text);
        if (status !== null) return status;
      }
      throw new WebhookTargetError(
        text.length >= MAX_HEAD
          ? "the endpoint's answer head is too long"
          : "the endpoint closed without an answer",
      );
    } finally {
      try {
        conn?.close();
      } catch { /* already closed (timeout) */ }
    }
  });
}

declare module "../platform.ts" {
  interface Seams {
    webhookTransport: WebhookTransport;
  }
}
