// Issue 12: the login lockout must hold under a concurrent burst (it used to fall: 200 concurrent wrong
// passwords all got 401, and a right password inside a burst of wrong ones got a token).
import assert from "node:assert/strict";
import { createApp } from "../../../supabase/functions/authenticator-service/app.ts";
import { EmbeddedIdentity } from "../../../shared/identity/embedded.ts";
import { override } from "../../../shared/platform.ts";
import { rateLimitPolicyFromEnv } from "../../../shared/ratelimit/policy.ts";
import { jsonPost, serve, tally, userWithPassword } from "./helpers.ts";

const MAX = 5;

async function setup() {
  const env = await serve(createApp);
  const locked: string[] = [];
  override(
    env.p,
    "identity",
    new EmbeddedIdentity(env.p, {
      lockout: { maxFailures: MAX, accountMaxFailures: MAX, windowSeconds: 900, lockSeconds: 900 },
      onAccountLocked: (id) => Promise.resolve(void locked.push(id)),
    }),
  );
  // The burst comes from one address: the per-address sign-in limit is lifted here to test the lockout alone.
  override(env.p, "rateLimitPolicy", { ...rateLimitPolicyFromEnv(), signinPerIp: { max: 0 } });
  const user = await userWithPassword(env.p, "right password 1");
  const signIn = (password: string) =>
    jsonPost(`${env.s.url}/authenticator-service/get-token`, { email: user.email, password });
  return { ...env, user, locked, signIn };
}

Deno.test("lockout burst: 200 concurrent wrong passwords — at most LOGIN_MAX_FAILURES are checked, the rest are 429 with Retry-After", async () => {
  const t = await setup();
  try {
    const answers = await Promise.all(Array.from({ length: 200 }, () => t.signIn("wrong password")));
    const statuses = answers.map((r) => r.status);
    const retryAfter = answers.filter((r) => r.status === 429).map((r) =>
      Number(r.headers.get("retry-after"))
    );
    await Promise.all(answers.map((r) => r.body?.cancel()));
    const counts = tally(statuses);
    console.log(`lockout burst (200 wrong, limit ${MAX}): ${JSON.stringify(counts)}`);
    assert.deepEqual(Object.keys(counts).sort(), ["401", "429"]);
    assert.ok(counts[401] <= MAX, `at most ${MAX} attempts reach the password check, got ${counts[401]}`);
    assert.ok(counts[429] >= 200 - MAX);
    assert.ok(retryAfter.every((s) => s > 0 && s <= 900), "every 429 says when to retry");
    assert.deepEqual(t.locked, [t.user.userId], "auth.account_locked announced once");
    const right = await t.signIn("right password 1");
    assert.equal(right.status, 429, "locked: even the right password is refused");
    assert.equal((await right.json()).error.code, "account_locked");
  } finally {
    await t.close();
  }
});

Deno.test("lockout burst: 99 wrong + 1 right at once — only an attempt admitted before the limit can succeed; after it the right password is refused", async () => {
  const t = await setup();
  try {
    const passwords = [...Array.from({ length: 99 }, () => "wrong password"), "right password 1"];
    const answers = await Promise.all(passwords.map((pw) => t.signIn(pw)));
    const statuses = answers.map((r) => r.status);
    await Promise.all(answers.map((r) => r.body?.cancel()));
    const counts = tally(statuses);
    console.log(
      `lockout burst (99 wrong + 1 right, limit ${MAX}): ${JSON.stringify(counts)}; right one: ${
        statuses[99]
      }`,
    );
    assert.ok(
      (counts[401] ?? 0) + (counts[200] ?? 0) <= MAX,
      `at most ${MAX} admitted: ${JSON.stringify(counts)}`,
    );
    assert.ok([200, 429].includes(statuses[99]));
    // Locked now: the right password, alone, is refused until the lock ends.
    const after = await t.signIn("right password 1");
    assert.equal(after.status, 429);
    await after.body?.cancel();
    // The deterministic form of the attack: the right password right after the limit was reached.
    await t.p
      .sql`update identity.credentials set locked_until = null, failed_attempts = 0, first_failed_at = null`;
    await t.p.sql`delete from security.rate_limits where key like 'signin-pair:%'`; // the address's lock (pass 14)
    const wrong = await Promise.all(Array.from({ length: MAX }, () => t.signIn("wrong password")));
    assert.deepEqual(wrong.map((r) => r.status), Array(MAX).fill(401));
    await Promise.all(wrong.map((r) => r.body?.cancel()));
    const late = await t.signIn("right password 1");
    assert.equal(late.status, 429, "after LOGIN_MAX_FAILURES failures the right password gets no token");
    await late.body?.cancel();
  } finally {
    await t.close();
  }
});

Deno.test("lockout: a right password before the limit still works and resets the count", async () => {
  const t = await setup();
  try {
    for (let i = 0; i < MAX - 1; i++) {
      assert.equal((await (await t.signIn("wrong password")).json()).error.code, "invalid_credentials");
    }
    const ok = await t.signIn("right password 1");
    assert.equal(ok.status, 200);
    await ok.body?.cancel();
    for (let i = 0; i < MAX - 1; i++) assert.equal((await t.signIn("wrong password")).status, 401);
    assert.deepEqual(t.locked, []);
  } finally {
    await t.close();
  }
});
