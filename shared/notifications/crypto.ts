// Keyed signatures and constant-time comparison used by the unsubscribe links and the internal token.
import { Buffer } from "node:buffer";
import { createHash, timingSafeEqual } from "node:crypto";
import { encodeTime } from "ulid";

// HMAC-SHA256 (RFC 2104) from two SHA-256 passes over precomputed key pads: the same bytes as
// createHmac, at a fraction of its per-call cost in Deno (two of these run on every push).
const BLOCK = 64;
const pads = new Map<string, { inner: Buffer; outer: Buffer }>();

function padsOf(secret: string) {
  let p = pads.get(secret);
  if (!p) {
    let key = Buffer.from(secret, "utf8");
    if (key.length > BLOCK) key = createHash("sha256").update(key).digest();
    const inner = Buffer.alloc(BLOCK, 0x36);
    const outer = Buffer.alloc(BLOCK, 0x5c);
    for (let i = 0; i < key.length; i++) {
      inner[i] ^= key[i];
      outer[i] ^= key[i];
    }
    if (pads.size > 16) pads.clear();
    pads.set(secret, p = { inner, outer });
  }
  return p;
}

function hmac(secret: string, text: string): Buffer {
  const { inner, outer } = padsOf(secret);
  const h = createHash("sha256").update(inner).update(text, "utf8").digest();
  return createHash("sha256").update(outer).update(h).digest();
}

export function hmacHex(secret: string, text: string): string {
  return hmac(secret, text).toString("hex");
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
  const bytes = hmac(secret, seed);
  let random = "";
  for (let i = 0; i < 16; i++) random += CROCKFORD[bytes[i] & 31];
  return encodeTime(timeMs, 10) + random;
}
