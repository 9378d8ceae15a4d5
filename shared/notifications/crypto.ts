// Keyed signatures and constant-time comparison used by the unsubscribe links and the internal token.
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import { encodeTime } from "ulid";

// HMAC-SHA256 (RFC 2104) in plain JavaScript: the same bytes as createHmac (tests/unit/notifications/
// fast_crypto_test.ts), for the short texts of the push path (two per push: the unsubscribe nonce and the
// link's signature). SHA-256's state after each key pad's block is computed once per secret, so an HMAC of
// a text under 56 bytes is three compressions; through node:crypto it was four hash objects and a dozen
// native calls per HMAC (~4 µs, and garbage, per HMAC on this machine).
const BLOCK = 64;
const K = Int32Array.of(
  0x428a2f98,
  0x71374491,
  0xb5c0fbcf,
  0xe9b5dba5,
  0x3956c25b,
  0x59f111f1,
  0x923f82a4,
  0xab1c5ed5,
  0xd807aa98,
  0x12835b01,
  0x243185be,
  0x550c7dc3,
  0x72be5d74,
  0x80deb1fe,
  0x9bdc06a7,
  0xc19bf174,
  0xe49b69c1,
  0xefbe4786,
  0x0fc19dc6,
  0x240ca1cc,
  0x2de92c6f,
  0x4a7484aa,
  0x5cb0a9dc,
  0x76f988da,
  0x983e5152,
  0xa831c66d,
  0xb00327c8,
  0xbf597fc7,
  0xc6e00bf3,
  0xd5a79147,
  0x06ca6351,
  0x14292967,
  0x27b70a85,
  0x2e1b2138,
  0x4d2c6dfc,
  0x53380d13,
  0x650a7354,
  0x766a0abb,
  0x81c2c92e,
  0x92722c85,
  0xa2bfe8a1,
  0xa81a664b,
  0xc24b8b70,
  0xc76c51a3,
  0xd192e819,
  0xd6990624,
  0xf40e3585,
  0x106aa070,
  0x19a4c116,
  0x1e376c08,
  0x2748774c,
  0x34b0bcb5,
  0x391c0cb3,
  0x4ed8aa4a,
  0x5b9cca4f,
  0x682e6ff3,
  0x748f82ee,
  0x78a5636f,
  0x84c87814,
  0x8cc70208,
  0x90befffa,
  0xa4506ceb,
  0xbef9a3f7,
  0xc67178f2,
);
const IV = Int32Array.of(
  0x6a09e667,
  0xbb67ae85,
  0x3c6ef372,
  0xa54ff53a,
  0x510e527f,
  0x9b05688c,
  0x1f83d9ab,
  0x5be0cd19,
);
const w = new Int32Array(64);

/** One SHA-256 compression of the 64 bytes of `b` at `o` into the state `h`. */
function compress(h: Int32Array, b: Uint8Array, o: number): void {
  for (let i = 0; i < 16; i++, o += 4) w[i] = (b[o] << 24) | (b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3];
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15], y = w[i - 2];
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
  }
  let a = h[0], bb = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
  for (let i = 0; i < 64; i++) {
    const s1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (hh + s1 + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
    const s0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (s0 + ((a & bb) ^ (a & c) ^ (bb & c))) | 0;
    hh = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = bb;
    bb = a;
    a = (t1 + t2) | 0;
  }
  h[0] = (h[0] + a) | 0;
  h[1] = (h[1] + bb) | 0;
  h[2] = (h[2] + c) | 0;
  h[3] = (h[3] + d) | 0;
  h[4] = (h[4] + e) | 0;
  h[5] = (h[5] + f) | 0;
  h[6] = (h[6] + g) | 0;
  h[7] = (h[7] + hh) | 0;
}

const tail = new Uint8Array(2 * BLOCK);

/** SHA-256 of (the 64-byte block that gave the state `from`) + the first `len` bytes of `data`. */
function digestAfterBlock(from: Int32Array, data: Uint8Array, len: number): Uint8Array {
  const h = from.slice();
  let o = 0;
  for (; len - o >= BLOCK; o += BLOCK) compress(h, data, o);
  const rest = len - o;
  tail.fill(0);
  tail.set(data.subarray(o, len));
  tail[rest] = 0x80;
  const blocks = rest + 9 > BLOCK ? 2 : 1;
  const bits = (BLOCK + len) * 8;
  const end = blocks * BLOCK;
  const high = Math.floor(bits / 0x100000000), low = bits >>> 0;
  tail[end - 8] = high >>> 24;
  tail[end - 7] = high >>> 16;
  tail[end - 6] = high >>> 8;
  tail[end - 5] = high;
  tail[end - 4] = low >>> 24;
  tail[end - 3] = low >>> 16;
  tail[end - 2] = low >>> 8;
  tail[end - 1] = low;
  compress(h, tail, 0);
  if (blocks === 2) compress(h, tail, BLOCK);
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    out[4 * i] = h[i] >>> 24;
    out[4 * i + 1] = h[i] >>> 16;
    out[4 * i + 2] = h[i] >>> 8;
    out[4 * i + 3] = h[i];
  }
  return out;
}

const pads = new Map<string, { inner: Int32Array; outer: Int32Array }>();

function padsOf(secret: string) {
  let p = pads.get(secret);
  if (!p) {
    let key = Buffer.from(secret, "utf8");
    if (key.length > BLOCK) key = createHash("sha256").update(key).digest();
    const inner = new Uint8Array(BLOCK).fill(0x36);
    const outer = new Uint8Array(BLOCK).fill(0x5c);
    for (let i = 0; i < key.length; i++) {
      inner[i] ^= key[i];
      outer[i] ^= key[i];
    }
    p = { inner: IV.slice(), outer: IV.slice() };
    compress(p.inner, inner, 0);
    compress(p.outer, outer, 0);
    if (pads.size > 16) pads.clear();
    pads.set(secret, p);
  }
  return p;
}

const encoder = new TextEncoder();
let text8 = new Uint8Array(256);

function hmac(secret: string, text: string): Uint8Array {
  const { inner, outer } = padsOf(secret);
  if (text8.length < text.length * 3) text8 = new Uint8Array(text.length * 3);
  const { written } = encoder.encodeInto(text, text8);
  return digestAfterBlock(outer, digestAfterBlock(inner, text8, written), 32);
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

export function hmacHex(secret: string, text: string): string {
  const bytes = hmac(secret, text);
  let hex = "";
  for (let i = 0; i < bytes.length; i++) hex += HEX[bytes[i]];
  return hex;
}

/** Compares two strings in constant time (one shared helper: shared/auth/safe_equal.ts). */
export { safeEqual } from "../auth/safe_equal.ts";

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
