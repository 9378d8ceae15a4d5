// The caller's address for per-IP limits and the refresh grace. Deployed, the platform's proxy sets
// X-Forwarded-For; CLIENT_IP_HEADER names another header (e.g. cf-connecting-ip), read once per platform
// (shared/http/config.ts) and put on each request's context by createServiceApp. The local stack overwrites
// X-Forwarded-For with the socket's address, so a client cannot choose its own bucket there.
//
// Which entry of the header is the client's (CLIENT_IP_PROXY_HOPS, "hops"):
// - 0 (the default): the first entry; right for a proxy that OVERWRITES the header (the local stack, an edge
//   that sets cf-connecting-ip). Behind a proxy that APPENDS, the first entry is whatever the client sent.
// - n > 0: the header is appended to by n proxies of ours; the client's address is the n-th entry from the
//   right (the one our outermost proxy saw), and everything left of it is the client's own text, ignored.
//   With fewer than n entries the leftmost is taken (the request passed fewer proxies).
import type { Context } from "hono";
import { createHash } from "node:crypto";

export const DEFAULT_CLIENT_IP_HEADER = "x-forwarded-for";

/** Where the address is read: the header and the number of trusted proxy hops that append to it. */
export interface ClientIpSource {
  header: string;
  hops: number;
}

/** The client's entry of a forwarded-for value, `hops` trusted appending proxies counted from the right. */
export function clientEntry(value: string, hops: number): string {
  const entries = value.split(",").map((e) => e.trim());
  const entry = hops > 0 ? entries[Math.max(0, entries.length - hops)] : entries[0];
  return entry.slice(0, 64) || "unknown";
}

/** The client's address, from `source` (default: the one the service app put on the context). */
export function clientIp(c: Context, source?: ClientIpSource): string {
  const s = source ?? (c.get("clientIpSource") as ClientIpSource | undefined) ??
    { header: DEFAULT_CLIENT_IP_HEADER, hops: 0 };
  return clientEntry(c.req.header(s.header) ?? "", s.hops);
}

/** A short fingerprint of the client (address and user agent); never stored in the clear. */
export function clientFingerprint(c: Context, source?: ClientIpSource): string {
  return createHash("sha256").update(`${clientIp(c, source)}\n${c.req.header("user-agent") ?? ""}`).digest(
    "base64url",
  ).slice(0, 22);
}
