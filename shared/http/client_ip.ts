// The caller's address for per-IP limits and the refresh grace. Deployed, the platform's proxy sets
// X-Forwarded-For (the first entry is the client); CLIENT_IP_HEADER names another header (e.g.
// cf-connecting-ip). The local stack overwrites X-Forwarded-For with the socket's address, so a client
// cannot choose its own bucket there.
import type { Context } from "hono";
import { createHash } from "node:crypto";
import { envOptional } from "../config.ts";

export function clientIp(c: Context): string {
  const header = envOptional("CLIENT_IP_HEADER") ?? "x-forwarded-for";
  const v = c.req.header(header) ?? "";
  return v.split(",")[0].trim().slice(0, 64) || "unknown";
}

/** A short fingerprint of the client (address and user agent); never stored in the clear. */
export function clientFingerprint(c: Context): string {
  return createHash("sha256").update(`${clientIp(c)}\n${c.req.header("user-agent") ?? ""}`).digest(
    "base64url",
  ).slice(0, 22);
}
