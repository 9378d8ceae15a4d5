// Keyed signatures and constant-time comparison used by the unsubscribe links and the internal token.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { encodeTime } from "ulid";

export function hmacHex(secret: string, text: string): string {
  return createHmac("sha256", secret).update(text).digest("hex");
}

/** Compares two strings in constant time (hashing first so lengths leak nothing either). */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash("sha256").update(a).digest();
  const hb = createHash("sha256").update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * A ULID whose time part is `timeMs` and whose random part comes from HMAC(secret, seed): fresh for every
 * message and recipient, yet the same on a redelivery of that message, so the rendered email (and so the
 * provider idempotency fingerprint) does not change between attempts.
 */
export function derivedUlid(secret: string, seed: string, timeMs: number): string {
  const bytes = createHmac("sha256", secret).update(seed).digest();
  let random = "";
  for (let i = 0; i < 16; i++) random += CROCKFORD[bytes[i] & 31];
  return encodeTime(timeMs, 10) + random;
}
