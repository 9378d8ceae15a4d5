// Security pass 11: a partner user's role is a claim of their ID token (valid for ID_TOKEN_TTL_SECONDS, an hour). An
// admin demoted by a colleague kept acting as an admin with the token they held: they promoted themselves back
// (PATCH /users/{self} is allowed to keep one's own admin role), and could add admins, webhooks and widget tokens. Two
// admins demoting each other at once both succeeded, leaving the partner without an admin. Over real HTTP.
import assert from "node:assert/strict";
import { anonymous, bearer, partnerEnv } from "../partner/helpers.ts";
import { listOutbox } from "../../../shared/email/outbox.ts";
import { identityProvider } from "../../../shared/identity/index.ts";
import { tokensFor } from "../../support/auth.ts";

Deno.test("role change: a demoted admin's ID token ends at once, so the old role cannot promote itself back", async () => {
  const e = await partnerEnv();
  try {
    const password = "correct horse battery";
    const added = await e.call(e.admin, "POST", "/partner-service/users", {
      email: "second-admin@example.com",
      role: "partner_admin",
      password,
    });
    assert.equal(added.status, 201, added.text);
    const bId = added.json.data.id as string;
    const signedIn = await identityProvider(e.p).passwordGrant("second-admin@example.com", password);
    const b = bearer(signedIn.idToken);
    assert.equal((await e.call(b, "GET", "/partner-service/widget-tokens")).status, 200);

    const demoted = await e.call(e.admin, "PATCH", `/partner-service/users/${bId}`, { role: "partner_user" });
    assert.equal(demoted.status, 200, demoted.text);

    // The token B held before the change (it says partner_admin, and has not expired).
    const back = await e.call(b, "PATCH", `/partner-service/users/${bId}`, { role: "partner_admin" });
    assert.equal(back.status, 401, `self-promotion with the old token: ${back.status} ${back.text}`);
    const hook = await e.call(b, "POST", "/partner-service/webhooks", {
      url: "https://hooks.example.com/in",
      events: ["lead.created"],
    });
    assert.equal(hook.status, 401, `webhook with the old token: ${hook.status}`);
    const [row] = await e.p.sql`select role from public.users where id = ${bId}`;
    assert.equal(row.role, "partner_user");
    // The old refresh token is ended too; signing in again gives the new role.
    await assert.rejects(
      identityProvider(e.p).refreshGrant(signedIn.refreshToken),
      (err: Error & { code?: string }) => err.code === "refresh_token_revoked",
    );
    const again = bearer(
      (await identityProvider(e.p).passwordGrant("second-admin@example.com", password)).idToken,
    );
    assert.equal((await e.call(again, "GET", "/partner-service/users")).status, 200);
    assert.equal(
      (await e.call(again, "PATCH", `/partner-service/users/${bId}`, { role: "partner_admin" })).status,
      403,
    );
    // Setting the role a user already has ends nothing.
    const same = await e.call(e.admin, "PATCH", `/partner-service/users/${bId}`, { role: "partner_user" });
    assert.equal(same.status, 200);
    assert.equal((await e.call(again, "GET", "/partner-service/users")).status, 200);
  } finally {
    await e.close();
  }
});

Deno.test("role change: two admins demoting each other at once leave one admin", async () => {
  const e = await partnerEnv();
  try {
    for (let round = 0; round < 3; round++) {
      const x = await tokensFor(e.p, { role: "partner_admin" });
      const y = await tokensFor(e.p, { role: "partner_admin", orgId: x.orgId });
      const [rx, ry] = await Promise.all([
        e.call(x, "PATCH", `/partner-service/users/${y.userId}`, { role: "partner_user" }),
        e.call(y, "PATCH", `/partner-service/users/${x.userId}`, { role: "partner_user" }),
      ]);
      assert.deepEqual([rx.status, ry.status].sort(), [200, 403], `${rx.text} ${ry.text}`);
      const admins = await e.p.sql`select id from public.users where organization_id = ${x.orgId}
        and role = 'partner_admin'`;
      assert.equal(admins.length, 1);
    }
  } finally {
    await e.close();
  }
});

/** The invitation link's token in the last invitation email to `to`. */
async function invitationToken(sql: Parameters<typeof listOutbox>[0], to: string): Promise<string> {
  const [mail] = await listOutbox(sql, { to });
  return mail.text.match(/#\/invitation\/(inv_[A-Za-z0-9_-]{43})/)![1];
}

Deno.test("role change: an admin's open invitations are withdrawn when they are demoted or removed", async () => {
  const e = await partnerEnv();
  try {
    for (const act of ["demote", "remove"] as const) {
      const b = await tokensFor(e.p, { role: "partner_admin", orgId: e.admin.orgId });
      const invite = `${act}-alt@example.com`;
      // B, while still an admin, invites another mailbox of theirs as an admin.
      const sent = await e.call(b, "POST", "/partner-service/invitations", {
        email: invite,
        role: "partner_admin",
      });
      assert.equal(sent.status, 201, sent.text);
      const token = await invitationToken(e.p.sql, invite);
      const done = act === "demote"
        ? await e.call(e.admin, "PATCH", `/partner-service/users/${b.userId}`, { role: "partner_user" })
        : await e.call(e.admin, "DELETE", `/partner-service/users/${b.userId}`);
      assert.equal(done.status, 200, done.text);
      const accepted = await e.call(anonymous, "POST", "/partner-service/invitations/accept", {
        token,
        password: "correct horse battery",
      });
      assert.equal(accepted.status, 404, `${act}: ${accepted.status} ${accepted.text}`);
      assert.equal(accepted.json.error.code, "invitation_not_found");
      const [made] = await e.p.sql`select 1 from public.users where email = ${invite}`;
      assert.equal(made, undefined);
    }
    // An invitation of an admin who stays an admin still works.
    const kept = await e.call(e.admin, "POST", "/partner-service/invitations", { email: "rep@example.com" });
    assert.equal(kept.status, 201);
    const token = await invitationToken(e.p.sql, "rep@example.com");
    const ok = await e.call(anonymous, "POST", "/partner-service/invitations/accept", {
      token,
      password: "correct horse battery",
    });
    assert.equal(ok.status, 201, ok.text);
  } finally {
    await e.close();
  }
});

Deno.test("role change: a token that still says partner_admin gets no admin route once the database says otherwise", async () => {
  const e = await partnerEnv();
  try {
    // Tokens not tied to a session of the embedded identity (as an external issuer's are): the claim alone.
    const b = await tokensFor(e.p, { role: "partner_admin", orgId: e.admin.orgId });
    const calls: [string, string, unknown][] = [
      ["POST", "/partner-service/invitations", { email: "alt@example.com", role: "partner_admin" }],
      ["POST", "/partner-service/widget-tokens", { name: "mine" }],
      ["POST", "/partner-service/webhooks", {
        url: "https://hooks.example.com/in",
        events: ["lead.created"],
      }],
      ["PUT", "/partner-service/settings", { contact_email: "b@example.com" }],
      ["GET", "/partner-service/widget-tokens", undefined],
      ["PUT", "/widget-service/widget-config", { serving_states: ["TX"], roof_types: ["Metal"] }],
    ];
    for (const [method, path, body] of calls) {
      const r = await e.call(b, method, path, body);
      assert.ok(
        r.status < 300 || r.status === 400,
        `${method} ${path} while an admin: ${r.status} ${r.text}`,
      );
    }
    assert.equal(
      (await e.call(e.admin, "PATCH", `/partner-service/users/${b.userId}`, { role: "partner_user" })).status,
      200,
    );
    for (const [method, path, body] of calls) {
      const r = await e.call(b, method, path, body);
      assert.equal(r.status, 403, `${method} ${path} after the demotion: ${r.status} ${r.text}`);
      assert.equal(r.json.error.code, "forbidden");
    }
    const [config] = await e.p
      .sql`select serving_states from public.widget_configs where organization_id = ${e.admin.orgId}`;
    assert.deepEqual(config.serving_states, ["TX"]);
    // A removed admin's token, the same.
    const c = await tokensFor(e.p, { role: "partner_admin", orgId: e.admin.orgId });
    assert.equal((await e.call(e.admin, "DELETE", `/partner-service/users/${c.userId}`)).status, 200);
    assert.equal((await e.call(c, "GET", "/partner-service/widget-tokens")).status, 403);
    // The admin who stays is unaffected.
    assert.equal((await e.call(e.admin, "GET", "/partner-service/widget-tokens")).status, 200);
  } finally {
    await e.close();
  }
});
