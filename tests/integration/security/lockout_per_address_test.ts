// Security pass 14: anyone who knew a staff email could lock that person out of the console for LOGIN_LOCK_SECONDS
// with LOGIN_MAX_FAILURES wrong passwords, again after each lock. The lock is now per (email, client address):
// LOGIN_MAX_FAILURES failures from one address lock that address only (an IPv6 caller is its /64); the account itself
// locks after LOGIN_MAX_FAILURES_PER_ACCOUNT failures from all addresses (an attacker with that many addresses). Known
// and unknown emails answer alike. Real HTTP; the address is the first X-Forwarded-For entry (CLIENT_IP_HEADER).
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/authenticator-service/app.ts";
import { hashPassword } from "../../../shared/auth/passwords.ts";
import { override } from "../../../shared/platform.ts";
import { EmbeddedIdentity } from "../../../shared/identity/embedded.ts";
import { lockoutPolicyFromEnv } from "../../../shared/identity/lockout.ts";
import { unlock } from "../../../shared/identity/admin.ts";

Deno.test("sign-in lockout: per email and address; the account itself only after LOGIN_MAX_FAILURES_PER_ACCOUNT", async () => {
  const p = await testPlatform();
  const policy = lockoutPolicyFromEnv(
    new Map([["LOGIN_MAX_FAILURES", "3"], ["LOGIN_MAX_FAILURES_PER_ACCOUNT", "10"]]),
  );
  assert.deepEqual(
    [lockoutPolicyFromEnv(new Map()).maxFailures, lockoutPolicyFromEnv(new Map()).accountMaxFailures],
    [5, 100],
    "the defaults",
  );
  const locked: string[] = [];
  override(
    p,
    "identity",
    new EmbeddedIdentity(p, {
      lockout: policy,
      onAccountLocked: (id) => Promise.resolve(void locked.push(id)),
    }),
  );
  const s = serveApp(createApp(p).fetch);
  try {
    const [org] = await p
      .sql`insert into public.organizations (name, slug) values ('Lock Co', 'lock-co') returning id`;
    const [user] = await p.sql`insert into public.users (email, full_name, organization_id, role)
      values ('dana@lock.test', 'Dana', ${org.id}, 'partner_admin') returning id`;
    await p.sql`insert into identity.credentials (user_id, password_hash)
      values (${user.id}, ${await hashPassword("the right password")})`;
    const signIn = async (email: string, password: string, from: string) => {
      const r = await fetch(`${s.url}/authenticator-service/get-token`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": from },
        body: JSON.stringify({ email, password }),
      });
      const body = await r.json();
      return r.status === 200 ? "200" : `${r.status} ${body.error.code}`;
    };
    const attacker = "198.51.100.7", owner = "203.0.113.5";
    const burst = [];
    for (let i = 0; i < 5; i++) burst.push(await signIn("dana@lock.test", "guess", attacker));
    assert.deepEqual(burst, [
      "401 invalid_credentials",
      "401 invalid_credentials",
      "401 invalid_credentials",
      "429 account_locked",
      "429 account_locked",
    ]);
    // Before: the owner, from her own address and with the right password, was 429 for LOGIN_LOCK_SECONDS.
    assert.equal(await signIn("dana@lock.test", "the right password", owner), "200");
    assert.equal(await signIn("dana@lock.test", "the right password", attacker), "429 account_locked");
    assert.deepEqual(locked, [], "the account is not locked");

    // An unknown email answers the same way (no enumeration): three failures, then 429 from that address only.
    const unknown = [];
    for (let i = 0; i < 4; i++) unknown.push(await signIn("nobody@lock.test", "guess", attacker));
    assert.deepEqual(unknown, [...burst.slice(0, 3), "429 account_locked"]);
    assert.equal(await signIn("nobody@lock.test", "guess", owner), "401 invalid_credentials");

    // An IPv6 caller is its /64: another address of the same /64 shares the lock.
    for (let i = 0; i < 3; i++) await signIn("dana@lock.test", "guess", `2001:db8:1:2::${i + 1}`);
    assert.equal(await signIn("dana@lock.test", "guess", "2001:db8:1:2::ffff"), "429 account_locked");

    // Enough addresses lock the account itself: the owner's sign-in reset its count; 3 failures from the /64, then
    // one each from seven more addresses make 10; then the owner is refused too, and the lock is announced once.
    for (let i = 0; i < 7; i++) {
      assert.equal(await signIn("dana@lock.test", "guess", `192.0.2.${i + 1}`), "401 invalid_credentials");
    }
    assert.equal(await signIn("dana@lock.test", "the right password", "192.0.2.200"), "429 account_locked");
    assert.deepEqual(locked, [user.id]);

    // `identity unlock` lifts the account's lock and every address's.
    assert.equal(await unlock(p.sql, "dana@lock.test"), true);
    assert.equal(await signIn("dana@lock.test", "the right password", attacker), "200");
  } finally {
    await s.close();
    await p.close();
  }
});
