// Third pass: wrong passwords for a registered email lock it after LOGIN_MAX_FAILURES (429 account_locked); an
// unregistered email answered 401 for ever, so six wrong passwords told whether an address has an account.
// Unknown emails now lock the same way: the two answer sequences, codes and Retry-After are alike.
import assert from "node:assert/strict";
import { createApp as authApp } from "../../../supabase/functions/authenticator-service/app.ts";
import { testPlatform } from "../../support/db.ts";
import { serveApp } from "../../support/http.ts";
import { jsonPost, userWithPassword } from "../resilience/helpers.ts";

Deno.test("sign-in: an unknown email locks after LOGIN_MAX_FAILURES like a registered one (no account-enumeration oracle)", async () => {
  const p = await testPlatform();
  const s = serveApp(authApp(p).fetch);
  try {
    const real = await userWithPassword(p, "the right password 1");
    const tries = async (email: string) => {
      const out: string[] = [];
      const retry: number[] = [];
      for (let i = 0; i < 7; i++) {
        // Case varies between tries: the account (or the unknown address) is the same.
        const r = await jsonPost(`${s.url}/authenticator-service/get-token`, {
          email: i % 2 ? email.toUpperCase() : email,
          password: `wrong password ${i}`,
        });
        out.push(`${r.status} ${(await r.json()).error.code}`);
        if (r.status === 429) retry.push(Number(r.headers.get("retry-after")));
      }
      return { out, retry };
    };
    const known = await tries(real.email);
    const unknown = await tries("nobody-here@resilience.test");
    const expected = [
      ...Array(5).fill("401 invalid_credentials"),
      ...Array(2).fill("429 account_locked"),
    ];
    assert.deepEqual(known.out, expected);
    assert.deepEqual(unknown.out, expected);
    // The lock's remaining time is the same kind of figure (LOGIN_LOCK_SECONDS, 900 by default, counting down).
    for (const r of [...known.retry, ...unknown.retry]) assert.ok(r > 880 && r <= 900, String(r));
    // Another unknown address is not affected.
    const other = await jsonPost(`${s.url}/authenticator-service/get-token`, {
      email: "someone-else@resilience.test",
      password: "x",
    });
    assert.equal(other.status, 401);
    await other.body?.cancel();
  } finally {
    await s.close();
    await p.close();
  }
});
