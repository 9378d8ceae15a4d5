// Secrets are compared in one place (shared/auth/safe_equal.ts): hashed to 32 bytes, then `timingSafeEqual`, so no
// length check returns early. Security pass 9: the queue-worker compared lengths first, the document engine's
// token was compared with `!==`.
import assert from "node:assert/strict";
import { bearerMatches, safeEqual } from "../../../shared/auth/safe_equal.ts";

const root = new URL("../../../", import.meta.url).pathname;

Deno.test("safeEqual: equality of the bytes, whatever the lengths (never throws on unequal lengths)", () => {
  const secret = "s3cret-token-0123456789abcdef";
  assert.equal(safeEqual(secret, secret), true);
  assert.equal(safeEqual(new TextEncoder().encode(secret), secret), true);
  assert.equal(safeEqual("", ""), true);
  // Every prefix, every extension and every one-character change is unequal, and goes through the same digest
  // compare (timingSafeEqual itself throws on buffers of unequal lengths: a length check would have had to run first).
  for (let n = 0; n <= secret.length + 40; n++) {
    const other = n <= secret.length ? secret.slice(0, n) : secret + "x".repeat(n - secret.length);
    assert.equal(safeEqual(other, secret), n === secret.length, `length ${n}`);
  }
  for (let i = 0; i < secret.length; i++) {
    assert.equal(safeEqual(secret.slice(0, i) + "#" + secret.slice(i + 1), secret), false);
  }
  assert.equal(safeEqual("é", "e\u0301"), false); // bytes, not a normalised text
  assert.equal(safeEqual("a".repeat(100_000), "a"), false);
});

Deno.test("bearerMatches: the whole header, a configured token only", () => {
  assert.equal(bearerMatches("Bearer tok", "tok"), true);
  for (
    const h of [null, "", "Bearer", "Bearer ", "bearer tok", "Bearer tok ", "Bearer tokx", "tok", "Basic tok"]
  ) {
    assert.equal(bearerMatches(h, "tok"), false, String(h));
  }
  assert.equal(bearerMatches("Bearer ", ""), false);
  assert.equal(bearerMatches("Bearer null", null), false);
  assert.equal(bearerMatches("Bearer undefined", undefined), false);
});

async function* sources(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(root + dir)) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) yield* sources(path);
    else if (e.name.endsWith(".ts")) yield path;
  }
}

Deno.test("no secret is compared outside safe_equal.ts (timingSafeEqual, or an Authorization header with ===)", async () => {
  const found: string[] = [];
  for (const dir of ["shared", "supabase/functions", "scripts"]) {
    for await (const path of sources(dir)) {
      if (path === "shared/auth/safe_equal.ts") continue;
      const text = await Deno.readTextFile(root + path);
      text.split("\n").forEach((line, i) => {
        if (/timingSafeEqual/.test(line) || /authorization["'`]?\)?\s*[!=]==|[!=]==\s*`Bearer/i.test(line)) {
          found.push(`${path}:${i + 1}: ${line.trim()}`);
        }
      });
    }
  }
  assert.deepEqual(found, []);
});
