// The caller's address for per-IP limits and the refresh grace. Deployed, the platform's proxy sets
// X-Forwarded-For (the first entry is the client); CLIENT_IP_HEADER names another header (e.g.
// cf-connecting-ip), read once per platform (shared/http/config.ts) and put on each request's context by
// createServiceApp. The local stack overwrites X-Forwarded-For with the socket's address, so a client
// cannot choose its own bucket there.
import type { Context } from "hono";
import { createHash } from "node:crypto";

export const DEFAULT_CLIENT_IP_HEADER = "x-forwarded-for";

/** The client's address, from `header` (default: the one the service app put on the context). */
export function clientIp(c: Context, header?: string): string {
  const name = header ?? (c.get("clientIpHeader") as string | undefined) ?? DEFAULT_CLIENT_IP_HEADER;
  const v = c.req.header(name) ?? "";
  return v.split(",")[0].trim().slice(0, 64) || "unknown";
}

/** A short fingerprint of the client (address and user agent); never stored in the clear. */
export function clientFingerprint(c: Context, header?: string): string {
  return createHash("sha256").update(`${clientIp(c, header)}\n${c.req.header("user-agent") ?? ""}`).digest(
    "base64url",
  ).slice(0, 22);
}
