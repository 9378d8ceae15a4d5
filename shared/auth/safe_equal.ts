// The one comparison of a secret a caller presented (a bearer token, a signature, a password hash) with the
// expected one. Both are hashed to 32 bytes first and the digests compared with `timingSafeEqual`, so the same
// fixed-length work runs whatever the two lengths are: no length check returns early (the time would tell the
// secret's length) and `timingSafeEqual` never sees unequal lengths (it throws on them). SHA-256 collisions aside,
// the answer is plain equality of the bytes (a string is compared as its UTF-8).
import { createHash, timingSafeEqual } from "node:crypto";

const digest = (v: string | Uint8Array): Uint8Array => createHash("sha256").update(v).digest();

export function safeEqual(given: string | Uint8Array, expected: string | Uint8Array): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** `Authorization: Bearer <token>` compared with the expected token; false when no token is configured. */
export function bearerMatches(authorization: string | null, token: string | null | undefined): boolean {
  if (!token) return false;
  return safeEqual(authorization ?? "", `Bearer ${token}`);
}
