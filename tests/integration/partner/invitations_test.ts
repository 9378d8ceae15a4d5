import assert from "node:assert/strict";
import { anonymous, partnerEnv } from "./helpers.ts";
import { listOutbox } from "../../../shared/email/outbox.ts";
import { identityProvider } from "../../../shared/identity/index.ts";
import { setPassword } from "../../../shared/identity/admin.ts";
import { override } from "../../../shared/platform.ts";
import { loadPartnerConfig } from "../../../shared/partner/config.ts";
import { loadLinkConfig } from "../../../shared/urls.ts";
import { SeamUnavailableError } from "../../../shared/errors.ts";

const claims = (idToken: string) =>
  JSON.parse(atob(idToken.split(".")[1].replace(/-/g, "+").replace(/_/g, "/")));

/** The invitation link's token from the email sent to `to` (HTML and text must carry the same link). */
async function mailedToken(sql: Parameters<typeof listOutbox>[0], to: string) {
  const [mail] = await listOutbox(sql, { to });
  assert.ok(mail, `an invitation email to ${to}`);
  const link = mail.text.match(/https?:\/\/\S+#\/invitation\/(inv_[A-Za-z0-9_-]{43})/);
  assert.ok(link, mail.text);
  assert.ok(mail.html.includes(link[0]), "the HTML part has the same link");
  return { mail, token: link[1] };
}

Deno.test("invitations: an admin invites, the email carries a single-use link, accepting lands the user in the org with the role", async () => {
  const e = await partnerEnv();
  try {
    const body = { email: "New.Rep@Example.com", role: "partner_admin" };
    assert.equal((await e.call(e.user, "POST", "/partner-service/invitations", body)).status, 403);
    assert.equal((await e.call(e.widget, "GET", "/partner-service/invitations")).status, 403);
    const made = await e.call(e.admin, "POST", "/partner-service/invitations", body);
    assert.equal(made.status, 201, made.text);
    assert.equal(made.json.data.email, "new.rep@example.com");
    assert.equal(made.json.data.expired, false);
    const { mail, token } = await mailedToken(e.p.sql, "new.rep@example.com");
    assert.match(mail.from, /^"Sunny Roofs LLC" </, "sent in the partner's name");
    assert.match(mail.subject, /Sunny Roofs LLC/);
    assert.match(mail.text, /as an admin/);
    assert.ok(!JSON.stringify(made.json).includes(token), "the token is only in the email");
    const [stored] = await e.p
      .sql`select token_hash from public.partner_invitations where id = ${made.json.data.id}`;
    assert.notEqual(stored.token_hash, token, "only the token's hash is stored");

    // Both roles see the pending invitation; another partner does not.
    const listed = await e.call(e.user, "GET", "/partner-service/invitations");
    assert.deepEqual(listed.json.data.map((i: { email: string }) => i.email), ["new.rep@example.com"]);
    assert.equal(listed.json.data[0].invited_by, e.admin.email);
    assert.deepEqual((await e.call(e.other, "GET", "/partner-service/invitations")).json.data, []);

    // The invitee, without any token, reads and accepts.
    const look = await e.call(anonymous, "POST", "/partner-service/invitations/lookup", {
      token,
    });
    assert.equal(look.status, 200, look.text);
    assert.deepEqual(
      [look.json.data.partner_name, look.json.data.email, look.json.data.role, look.json.data.account_exists],
      ["Sunny Roofs LLC", "new.rep@example.com", "partner_admin", false],
    );
    const short = await e.call(anonymous, "POST", "/partner-service/invitations/accept", {
      token,
      password: "short",
    });
    assert.equal(short.status, 400);
    assert.equal(short.json.error.code, "invalid_request");
    const accepted = await e.call(anonymous, "POST", "/partner-service/invitations/accept", {
      token,
      full_name: "New Rep",
      password: "correct horse battery",
    });
    assert.equal(accepted.status, 201, accepted.text);
    const session = await identityProvider(e.p).passwordGrant("new.rep@example.com", "correct horse battery");
    const c = claims(session.idToken);
    assert.deepEqual(
      [c.org_id, c.app_role],
      [e.admin.orgId, "partner_admin"],
      "signed in, in the org, with the role",
    );

    // Single use; no longer listed.
    const again = await e.call(anonymous, "POST", "/partner-service/invitations/accept", {
      token,
      password: "another long password",
    });
    assert.equal(again.status, 409);
    assert.equal(again.json.error.code, "invitation_used");
    assert.deepEqual((await e.call(e.admin, "GET", "/partner-service/invitations")).json.data, []);
    // Inviting someone who already has an account is refused.
    const taken = await e.call(e.admin, "POST", "/partner-service/invitations", { email: e.user.email });
    assert.equal(taken.status, 409);
    assert.equal(taken.json.error.code, "email_taken");
  } finally {
    await e.close();
  }
});

Deno.test("invitations: revoked, replaced and expired links do not work; a bad token is a 400 or 404, never a 500", async () => {
  const e = await partnerEnv();
  try {
    await e.call(e.admin, "POST", "/partner-service/invitations", { email: "a@example.org" });
    const first = (await mailedToken(e.p.sql, "a@example.org")).token;
    // Inviting the same email again replaces the first link.
    const second = await e.call(e.admin, "POST", "/partner-service/invitations", { email: "a@example.org" });
    const mails = await listOutbox(e.p.sql, { to: "a@example.org" });
    assert.equal(mails.length, 2);
    assert.equal(
      (await e.call(anonymous, "POST", "/partner-service/invitations/lookup", { token: first })).status,
      404,
    );
    assert.equal(
      (await e.call(e.other, "DELETE", `/partner-service/invitations/${second.json.data.id}`)).status,
      404,
      "another partner cannot revoke it",
    );
    assert.equal(
      (await e.call(e.user, "DELETE", `/partner-service/invitations/${second.json.data.id}`)).status,
      403,
    );
    const revoked = await e.call(e.admin, "DELETE", `/partner-service/invitations/${second.json.data.id}`);
    assert.equal(revoked.status, 200);
    const latest = mails.map((m) => m.text.match(/(inv_[A-Za-z0-9_-]{43})/)![1]).find((t) => t !== first)!;
    const gone = await e.call(anonymous, "POST", "/partner-service/invitations/accept", {
      token: latest,
      password: "correct horse battery",
    });
    assert.equal(gone.status, 404);
    assert.equal(gone.json.error.code, "invitation_not_found");

    await e.call(e.admin, "POST", "/partner-service/invitations", { email: "late@example.org" });
    const late = (await mailedToken(e.p.sql, "late@example.org")).token;
    await e.p
      .sql`update public.partner_invitations set created_at = now() - interval '9 days', expires_at = now() - interval '1 day'
      where email = 'late@example.org'`;
    assert.equal(
      (await e.call(e.admin, "GET", "/partner-service/invitations")).json.data.find((i: { email: string }) =>
        i.email === "late@example.org"
      ).expired,
      true,
    );
    const expired = await e.call(anonymous, "POST", "/partner-service/invitations/accept", {
      token: late,
      password: "correct horse battery",
    });
    assert.equal(expired.status, 409);
    assert.equal(expired.json.error.code, "invitation_expired");

    for (const token of ["", "inv_short", "x".repeat(5000)]) {
      const r = await e.call(anonymous, "POST", "/partner-service/invitations/lookup", { token });
      assert.equal(r.status, 400, r.text);
    }
    const unknown = await e.call(anonymous, "POST", "/partner-service/invitations/lookup", {
      token: `inv_${"A".repeat(43)}`,
    });
    assert.equal(unknown.status, 404);
    assert.equal((await e.call(anonymous, "GET", "/partner-service/invitations")).status, 401);
  } finally {
    await e.close();
  }
});

Deno.test("invitations: an account without an organisation joins after its password is checked; no email, no invitation", async () => {
  const e = await partnerEnv();
  try {
    await e.p
      .sql`insert into public.users (email, full_name, organization_id, role) values ('loose@example.org', 'Loose', null, 'partner_user')`;
    await setPassword(e.p.sql, "loose@example.org", "my own old password");
    await e.call(e.admin, "POST", "/partner-service/invitations", { email: "loose@example.org" });
    const { token } = await mailedToken(e.p.sql, "loose@example.org");
    assert.equal(
      (await e.call(anonymous, "POST", "/partner-service/invitations/lookup", { token })).json.data
        .account_exists,
      true,
    );
    const wrong = await e.call(anonymous, "POST", "/partner-service/invitations/accept", {
      token,
      password: "not the right password",
    });
    assert.equal(wrong.status, 401);
    const ok = await e.call(anonymous, "POST", "/partner-service/invitations/accept", {
      token,
      password: "my own old password",
    });
    assert.equal(ok.status, 201, ok.text);
    const [u] = await e.p
      .sql`select organization_id, role from public.users where email = 'loose@example.org'`;
    assert.deepEqual([u.organization_id, u.role], [e.admin.orgId, "partner_user"]);

    // Guessing an existing account's password through an invitation meets the invitation's own lockout (pass 15).
    await e.p
      .sql`insert into public.users (email, organization_id, role) values ('guarded@example.org', null, 'partner_user')`;
    await setPassword(e.p.sql, "guarded@example.org", "the real password");
    await e.call(e.admin, "POST", "/partner-service/invitations", { email: "guarded@example.org" });
    const guarded = (await mailedToken(e.p.sql, "guarded@example.org")).token;
    const attempt = (password: string) =>
      e.call(anonymous, "POST", "/partner-service/invitations/accept", { token: guarded, password });
    for (let i = 0; i < 5; i++) assert.equal((await attempt(`wrong guess ${i}0000`)).status, 401);
    const locked = await attempt("the real password");
    assert.equal(locked.status, 429, locked.text);
    assert.equal(locked.json.error.code, "invitation_locked");
    assert.ok(Number(locked.headers.get("retry-after")) > 0, "Retry-After");

    // When the email cannot be sent, the invitation is not kept.
    override(e.p, "email", {
      send: () => Promise.reject(new SeamUnavailableError("email", "provider down: secret answer")),
    });
    const failed = await e.call(e.admin, "POST", "/partner-service/invitations", {
      email: "nomail@example.org",
    });
    assert.equal(failed.status, 502, failed.text);
    assert.equal(failed.json.error.code, "email_unavailable");
    assert.ok(!failed.text.includes("secret answer"), "the provider's answer stays in the log");
    const [n] = await e.p
      .sql`select count(*)::int as n from public.partner_invitations where email = 'nomail@example.org'`;
    assert.equal(n.n, 0);
  } finally {
    await e.close();
  }
});

Deno.test("users: partner_admin removes a colleague (sessions end), never themselves nor the last admin", async () => {
  const e = await partnerEnv();
  try {
    await setPassword(e.p.sql, e.user.email, "the user's password");
    const session = await identityProvider(e.p).passwordGrant(e.user.email, "the user's password");
    assert.equal((await e.call(e.user, "DELETE", `/partner-service/users/${e.admin.userId}`)).status, 403);
    assert.equal((await e.call(e.other, "DELETE", `/partner-service/users/${e.user.userId}`)).status, 404);
    const self = await e.call(e.admin, "DELETE", `/partner-service/users/${e.admin.userId}`);
    assert.equal(self.status, 409);
    assert.equal(self.json.error.code, "cannot_remove_self");
    const removed = await e.call(e.admin, "DELETE", `/partner-service/users/${e.user.userId}`);
    assert.equal(removed.status, 200, removed.text);
    assert.deepEqual(
      (await e.call(e.admin, "GET", "/partner-service/users")).json.data.map((u: { email: string }) =>
        u.email
      ),
      [e.admin.email],
    );
    await assert.rejects(identityProvider(e.p).refreshGrant(session.refreshToken), "the session ends");
    await assert.rejects(identityProvider(e.p).passwordGrant(e.user.email, "the user's password"));
    assert.equal((await e.call(e.admin, "DELETE", `/partner-service/users/${e.user.userId}`)).status, 404);

    // A second admin can be removed; the last admin cannot, whatever the caller's (older) token says: a caller
    // the database no longer holds as an admin is refused before anything is looked at (security pass 11).
    const [second] = await e.p.sql`insert into public.users (email, organization_id, role)
      values ('second.admin@example.org', ${e.admin.orgId}, 'partner_admin') returning id`;
    assert.equal((await e.call(e.admin, "DELETE", `/partner-service/users/${second.id}`)).status, 200);
    const [third] = await e.p.sql`insert into public.users (email, organization_id, role)
      values ('third@example.org', ${e.admin.orgId}, 'partner_admin') returning id`;
    await e.p.sql`update public.users set role = 'partner_user' where id = ${e.admin.userId}`;
    const last = await e.call(e.admin, "DELETE", `/partner-service/users/${third.id}`);
    assert.equal(last.status, 403);
    assert.equal(last.json.error.code, "forbidden");
    const [kept] = await e.p.sql`select role from public.users where id = ${third.id}`;
    assert.equal(kept.role, "partner_admin");
  } finally {
    await e.close();
  }
});

Deno.test("invitations: the link's lifetime and the console URL come from the platform's settings, read once", async () => {
  const e = await partnerEnv();
  override(e.p, "partnerConfig", loadPartnerConfig(new Map([["PARTNER_INVITATION_TTL_HOURS", "2"]])));
  override(
    e.p,
    "links",
    loadLinkConfig(e.p.config.publicUrl, new Map([["CONSOLE_URL", "https://console.test/"]])),
  );
  Deno.env.set("PARTNER_INVITATION_TTL_HOURS", "500");
  Deno.env.set("CONSOLE_URL", "https://later.test/");
  try {
    const made = await e.call(e.admin, "POST", "/partner-service/invitations", {
      email: "short@example.com",
    });
    assert.equal(made.status, 201, made.text);
    const [row] = await e.p.sql`select extract(epoch from expires_at - created_at)::int as s
      from public.partner_invitations where id = ${made.json.data.id}`;
    assert.equal(row.s, 2 * 3600, "PARTNER_INVITATION_TTL_HOURS of the settings, not of the env now");
    const { mail } = await mailedToken(e.p.sql, "short@example.com");
    assert.match(mail.text, /https:\/\/console\.test\/#\/invitation\/inv_/);
  } finally {
    Deno.env.delete("PARTNER_INVITATION_TTL_HOURS");
    Deno.env.delete("CONSOLE_URL");
    await e.close();
  }
});
