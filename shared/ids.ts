// ULIDs for hot paths (a request id per request, an email id per push): the ulid package's format and
// encoder, with its random characters drawn from a pooled crypto.getRandomValues buffer instead of one
// getRandomValues call per character (≈16 calls and a PRNG lookup per id).
import { ulid as ulidWith } from "ulid";

const pool = new Uint8Array(4096);
let at = pool.length;

function prng(): number {
  if (at >= pool.length) {
    crypto.getRandomValues(pool);
    at = 0;
  }
  return pool[at++] / 256;
}

/** A ULID (time + 80 random bits from the platform's CSPRNG). */
export const ulid = (seedTime?: number): string => ulidWith(seedTime, prng);
