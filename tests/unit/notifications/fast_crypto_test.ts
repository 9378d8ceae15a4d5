// The push path's cheaper HMAC and ULIDs (issue 16) give the same bytes and formats as the library ones.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { decodeTime } from "ulid";
import { derivedUlid, hmacHex } from "../../../shared/notifications/crypto.ts";
import { ulid } from "../../../shared/ids.ts";

Deno.test("hmacHex equals node:crypto's HMAC-SHA256 for short, block-sized, long and non-ASCII keys and texts", () => {
  const keys = ["", "k", "x".repeat(63), "y".repeat(64), "z".repeat(65), "whsec_clé-🔑".repeat(9)];
  // Every padding case of SHA-256 (a text of 55, 56, 63, 64 … bytes after the key's block), multi-byte text.
  const texts = ["", "user:job.assigned:01J", "é".repeat(300), "a".repeat(5000), "🔑x€"]
    .concat([54, 55, 56, 57, 63, 64, 65, 118, 119, 120, 127, 128, 129].map((n) => "b".repeat(n)));
  for (const k of keys) {
    for (const t of texts) {
      assert.equal(hmacHex(k, t), createHmac("sha256", k).update(t).digest("hex"), `key length ${k.length}`);
    }
  }
});

Deno.test("derivedUlid: its random part is the HMAC of the seed, as with node:crypto", () => {
  const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  for (const seed of ["01JD3ABCDEFGHJKMNPQRSTVWXY", "m:00000000-0000-0000-0000-0000000000d3", "é🔑"]) {
    const bytes = createHmac("sha256", "bench").update(seed).digest();
    const random = Array.from({ length: 16 }, (_, i) => crockford[bytes[i] & 31]).join("");
    assert.equal(derivedUlid("bench", seed, 1_700_000_000_000).slice(10), random);
  }
});

Deno.test("ulid: 26 Crockford characters, the given time, no repeats", () => {
  const ids = new Set(Array.from({ length: 10_000 }, () => ulid()));
  assert.equal(ids.size, 10_000);
  for (const id of [...ids].slice(0, 100)) assert.match(id, /^[0-9A-HJKMNP-TV-Z]{26}$/);
  assert.equal(decodeTime(ulid(1_700_000_000_000)), 1_700_000_000_000);
  // The random part is spread over the whole alphabet (a pooled byte maps to one of 32 characters).
  const chars = new Set([...ids].flatMap((id) => [...id.slice(10)]));
  assert.equal(chars.size, 32);
});
