// The push path's cheaper HMAC and ULIDs (issue 16) give the same bytes and formats as the library ones.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { decodeTime } from "ulid";
import { hmacHex } from "../../../shared/notifications/crypto.ts";
import { ulid } from "../../../shared/ids.ts";

Deno.test("hmacHex equals node:crypto's HMAC-SHA256 for short, block-sized, long and non-ASCII keys and texts", () => {
  const keys = ["", "k", "x".repeat(63), "y".repeat(64), "z".repeat(65), "whsec_clé-🔑".repeat(9)];
  const texts = ["", "user:job.assigned:01J", "é".repeat(300), "a".repeat(5000)];
  for (const k of keys) {
    for (const t of texts) {
      assert.equal(hmacHex(k, t), createHmac("sha256", k).update(t).digest("hex"), `key length ${k.length}`);
    }
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
