// Accepting an invitation for an existing account checks its password under the invitation's own count (docs/security.md,
// pass 15). It shared the account's sign-in counter with LOGIN_MAX_FAILURES: five failed sign-ins from anywhere (an
// attacker's) made the invitee's first wrong password at the link lock the account, and five wrong passwords at the
// link locked the account's sign-in for everyone, whatever LOGIN_MAX_FAILURES_PER_ACCOUNT said.
import assert from "node:assert/strict";
import { anonymous, partnerEnv } from "../partner/helpers.ts";
import { listOutbox } from "../../../shared/email/outbox.ts";
import { identityProvider } from "../../../shared/identity/index.ts";
import { setPassword, unlock } from "../../../shared/identity/admin.ts";

async function invitedAccount(e: Awaited<ReturnType<typeof partnerEnv>>, email: string) {
  await e.p
    .sql`insert into public.users (email, organization_id, role) values (${email}, null, 'partner_user')`;
  await setPassword(e.p.sql, email, "the real password");
  assert.equal((await e.call(e.admin, "POST", "/partner-service/invitations", { email })).status, 201);
  const [mail] = await listOutbox(e.p.sql, { to: email });
  const token = mail.text.match(/#\/invitation\/(inv_[A-Za-z0-9_-]{43})/)![1];
  return (password: string) =>
    e.call(anonymous, "POST", "/partner-service/invitations/accept", { token, password });
}

const signIn = async (
  e: Awaited<ReturnType<typeof partnerEnv>>,
  email: string,
  password: string,
  client: string,
) => {
  try {
    await identityProvider(e.p).passwordGrant(email, password, client);
    return "ok";
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  }
};

Deno.test("failed sign-ins (an attacker's) do not lock the invitee out of the invitation link", async () => {
  const e = await partnerEnv();
  try {
    const accept = await invitedAccount(e, "invitee@example.org");
    for (let i = 0; i < 5; i++) {
      assert.equal(
        await signIn(e, "invitee@example.org", `guess ${i}`, "198.51.100.7"),
        "invalid_credentials",
      );
    }
    // The invitee mistypes once, then types the right password.
    assert.equal((await accept("a typo of mine")).status, 401);
    const ok = await accept("the real password");
    assert.equal(ok.status, 201, ok.text);
  } finally {
    await e.close();
  }
});

Deno.test("wrong passwords at the invitation link lock the link only, not the account's sign-in", async () => {
  const e = await partnerEnv();
  try {
    const accept = await invitedAccount(e, "owner@example.org");
    for (let i = 0; i < 5; i++) assert.equal((await accept(`wrong guess ${i}`)).status, 401);
    const locked = await accept("the real password");
    assert.equal(locked.status, 429, locked.text);
    assert.equal(locked.json.error.code, "invitation_locked");
    assert.ok(Number(locked.headers.get("retry-after")) > 0);
    // The account's owner signs in as before.
    assert.equal(await signIn(e, "owner@example.org", "the real password", "203.0.113.5"), "ok");
    const [c] = await e.p.sql`select c.locked_until from identity.credentials c
      join public.users u on u.id = c.user_id where u.email = 'owner@example.org'`;
    assert.equal(c.locked_until, null, "the account was never locked");
  } finally {
    await e.close();
  }
});

Deno.test("the operator's `identity unlock` lifts the invitation link's lock too (pass 16)", async () => {
  const e = await partnerEnv();
  try {
    const accept = await invitedAccount(e, "Locked.Out@example.org");
    for (let i = 0; i < 5; i++) assert.equal((await accept(`wrong guess ${i}`)).status, 401);
    assert.equal((await accept("the real password")).json?.error?.code, "invitation_locked");
    // Another invitee's locked link stays locked: unlock names one email.
    const other = await invitedAccount(e, "someone.else@example.org");
    for (let i = 0; i < 5; i++) assert.equal((await other(`wrong guess ${i}`)).status, 401);
    assert.equal(await unlock(e.p.sql, "locked.out@EXAMPLE.org"), true);
    const ok = await accept("the real password");
    assert.equal(ok.status, 201, ok.text);
    assert.equal((await other("the real password")).json?.error?.code, "invitation_locked");
  } finally {
    await e.close();
  }
});
