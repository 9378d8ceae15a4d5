// Concurrent requests for the same record (docs/security.md "Found and fixed"): six POST /users or /invitations of one
// email at once raced past the "does it exist?" check, and the losers' unique violations were 500s. Over real HTTP:
// users → one 201 and 409 email_taken for the rest; invitations → every one 201, exactly one left open.
import assert from "node:assert/strict";
import { partnerEnv } from "../partner/helpers.ts";

Deno.test("concurrent POST /users and /invitations of one email: no 500, one user, one open invitation", async () => {
  const env = await partnerEnv();
  try {
    const email = `race-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const users = await Promise.all(
      Array.from({ length: 6 }, () =>
        env.call(env.admin, "POST", "/partner-service/users", {
          email,
          full_name: "Race",
          password: "0123456789ab",
          role: "partner_user",
        })),
    );
    const userCodes = users.map((r) => `${r.status} ${r.json?.error?.code ?? ""}`.trim()).sort();
    assert.deepEqual(userCodes, ["201", ...Array(5).fill("409 email_taken")], JSON.stringify(userCodes));
    const [{ n }] = await env.p
      .sql`select count(*)::int as n from public.users where lower(email) = ${email}`;
    assert.equal(n, 1);

    const invitee = `invitee-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const invites = await Promise.all(
      Array.from(
        { length: 6 },
        () =>
          env.call(env.admin, "POST", "/partner-service/invitations", {
            email: invitee,
            role: "partner_user",
          }),
      ),
    );
    assert.deepEqual(invites.map((r) => r.status), Array(6).fill(201), invites.map((r) => r.text).join("\n"));
    const [{ open }] = await env.p.sql`select count(*)::int as open from public.partner_invitations
      where lower(email) = ${invitee} and accepted_at is null and revoked_at is null`;
    assert.equal(open, 1);
  } finally {
    await env.close();
  }
});
