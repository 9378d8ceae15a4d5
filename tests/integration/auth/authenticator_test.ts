import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/authenticator-service/app.ts";
import { createApp as widgetApp } from "../../../supabase/functions/widget-service/app.ts";
import { hashPassword } from "../../../shared/auth/passwords.ts";
import { issueWidgetToken, revokeRefreshToken } from "../../../shared/identity/refresh_tokens.ts";
import { verifyIdToken } from "../../../shared/auth/tokens.ts";
import { override } from "../../../shared/platform.ts";
import { EmbeddedIdentity } from "../../../shared/identity/embedded.ts";

async function setup() {
  const p = await testPlatform();
  const [org] = await p
    .sql`insert into public.organizations (name, slug) values ('Sun Co', 'sun-co') returning id`;
  const [user] = await p
    .sql`insert into public.users (email, full_name, organization_id, role) values ('Pat@Sun.test', 'Pat', ${org.id}, 'partner_admin') returning id`;
  await p
    .sql`insert into identity.credentials (user_id, password_hash) values (${user.id}, ${await hashPassword(
      "correct horse",
    )})`;
  const [w] = await p
    .sql`insert into public.users (email, organization_id, role) values ('widget@sun.test', ${org.id}, 'widget') returning id`;
  const locked: string[] = [];
  override(
    p,
    "identity",
    new EmbeddedIdentity(p, {
      lockout: { maxFailures: 3, accountMaxFailures: 3, windowSeconds: 600, lockSeconds: 600 },
      onAccountLocked: (id) => Promise.resolve(void locked.push(id)),
    }),
  );
  const s = serveApp(createApp(p).fetch);
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${s.url}/authenticator-service${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  return {
    p,
    s,
    post,
    orgId: org.id as string,
    userId: user.id as string,
    widgetUserId: w.id as string,
    locked,
    async close() {
      await s.close();
      await p.close();
    },
  };
}

Deno.test("get-token: correct credentials give a verifiable short-lived ID token with org and role claims", async () => {
  const t = await setup();
  try {
    const res = await t.post("/get-token", { email: "pat@sun.test", password: "correct horse" });
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.tokenType, "Bearer");
    assert.equal(body.expiresIn, 3600);
    assert.match(body.refreshToken, /^rt_/);
    const auth = await verifyIdToken(t.p, body.idToken);
    assert.equal(auth.userId, t.userId);
    assert.equal(auth.orgId, t.orgId);
    assert.equal(auth.role, "partner_admin");
    const [header] = body.idToken.split(".");
    assert.equal(JSON.parse(atob(header.replace(/-/g, "+").replace(/_/g, "/"))).alg, "ES256");
  } finally {
    await t.close();
  }
});

Deno.test("get-token: wrong password and unknown email are 401 invalid_credentials; malformed bodies are 400", async () => {
  const t = await setup();
  try {
    for (
      const body of [{ email: "pat@sun.test", password: "nope" }, { email: "ghost@sun.test", password: "x" }]
    ) {
      const res = await t.post("/get-token", body);
      assert.equal(res.status, 401);
      assert.equal((await res.json()).error.code, "invalid_credentials");
    }
    for (
      const body of ["{not json", { email: "pat@sun.test" }, { email: "not-an-email", password: "x" }, [1, 2]]
    ) {
      const res = await t.post("/get-token", body);
      assert.equal(res.status, 400, JSON.stringify(body));
      const err = (await res.json()).error;
      assert.ok(err.code && err.message && !/at .*\.ts/.test(err.message));
    }
  } finally {
    await t.close();
  }
});

Deno.test("lockout: repeated failures lock the account (429) even for the right password, and announce it once", async () => {
  const t = await setup();
  try {
    for (let i = 0; i < 3; i++) {
      assert.equal(
        (await (await t.post("/get-token", { email: "pat@sun.test", password: "bad" })).json()).error.code,
        "invalid_credentials",
      );
    }
    const res = await t.post("/get-token", { email: "pat@sun.test", password: "correct horse" });
    assert.equal(res.status, 429);
    const retryAfter = Number(res.headers.get("retry-after"));
    assert.ok(
      retryAfter > 0 && retryAfter <= 900,
      `Retry-After: the lock's remaining seconds (got ${res.headers.get("retry-after")})`,
    );
    const err = (await res.json()).error;
    assert.equal(err.code, "account_locked");
    assert.match(err.message, /locked/);
    assert.deepEqual(t.locked, [t.userId]);
    // Lock over: the right password works again and resets the counter.
    await t.p.sql`update identity.credentials set locked_until = now() - interval '1 second'`;
    // (and this address's lock of the email, security pass 14)
    await t.p.sql`update security.rate_limits set window_start = now() - interval '1 second'
      where key like 'signin-pair:%'`;
    assert.equal(
      (await t.post("/get-token", { email: "pat@sun.test", password: "correct horse" })).status,
      200,
    );
  } finally {
    await t.close();
  }
});

Deno.test("refresh: a session refresh token rotates; a rotated one presented by another client revokes the whole family", async () => {
  const t = await setup();
  try {
    const first = await (await t.post("/get-token", { email: "pat@sun.test", password: "correct horse" }))
      .json();
    const second = await (await t.post("/refresh-token", { refreshToken: first.refreshToken })).json();
    assert.notEqual(second.refreshToken, first.refreshToken);
    assert.ok((await verifyIdToken(t.p, second.idToken)).userId === t.userId);
    // Another client (address + user agent) presenting the rotated token: a thief, even within the grace.
    const reuse = await t.post("/refresh-token", { refreshToken: first.refreshToken }, {
      "user-agent": "thief/1.0",
    });
    assert.equal(reuse.status, 401);
    assert.equal((await reuse.json()).error.code, "refresh_token_revoked");
    const afterTheft = await t.post("/refresh-token", { refreshToken: second.refreshToken });
    assert.equal(afterTheft.status, 401, "the newer token of the family is revoked too");
    await assert.rejects(
      verifyIdToken(t.p, second.idToken),
      /revoked/,
      "the session's ID tokens end with it",
    );
  } finally {
    await t.close();
  }
});

Deno.test("refresh: the same client presenting a rotated token after the grace revokes the family", async () => {
  const t = await setup();
  try {
    override(t.p, "identity", new EmbeddedIdentity(t.p, { reuseGraceSeconds: 0 }));
    const first = await (await t.post("/get-token", { email: "pat@sun.test", password: "correct horse" }))
      .json();
    const second = await (await t.post("/refresh-token", { refreshToken: first.refreshToken })).json();
    const reuse = await t.post("/refresh-token", { refreshToken: first.refreshToken });
    assert.equal(reuse.status, 401);
    assert.equal((await t.post("/refresh-token", { refreshToken: second.refreshToken })).status, 401);
  } finally {
    await t.close();
  }
});

Deno.test("refresh: a partner widget token does not rotate, works many times, and stops working once revoked", async () => {
  const t = await setup();
  try {
    const token = await issueWidgetToken(t.p.sql, t.widgetUserId);
    for (let i = 0; i < 3; i++) {
      const res = await t.post("/refresh-token", { refreshToken: token });
      assert.equal(res.status, 200);
      const body = await res.json();
      assert.equal(body.refreshToken, token);
      const auth = await verifyIdToken(t.p, body.idToken);
      assert.equal(auth.role, "widget");
      assert.equal(auth.orgId, t.orgId);
    }
    assert.ok(await revokeRefreshToken(t.p.sql, token));
    const res = await t.post("/refresh-token", { refreshToken: token });
    assert.equal(res.status, 401);
    assert.equal((await res.json()).error.code, "refresh_token_revoked");
  } finally {
    await t.close();
  }
});

Deno.test("refresh: unknown and expired refresh tokens are 401", async () => {
  const t = await setup();
  try {
    const unknown = await t.post("/refresh-token", { refreshToken: "rt_" + "x".repeat(40) });
    assert.equal(unknown.status, 401);
    assert.equal((await unknown.json()).error.code, "invalid_refresh_token");
    const first = await (await t.post("/get-token", { email: "pat@sun.test", password: "correct horse" }))
      .json();
    await t.p.sql`update identity.refresh_tokens set expires_at = now() - interval '1 minute'`;
    const expired = await t.post("/refresh-token", { refreshToken: first.refreshToken });
    assert.equal(expired.status, 401);
    assert.equal((await expired.json()).error.code, "refresh_token_expired");
  } finally {
    await t.close();
  }
});

Deno.test("an ID token from the authenticator is accepted by the gateway of another service", async () => {
  const t = await setup();
  const w = serveApp(widgetApp(t.p).fetch);
  try {
    const { idToken } =
      await (await t.post("/get-token", { email: "pat@sun.test", password: "correct horse" })).json();
    const res = await fetch(`${w.url}/widget-service/no-such-route`, {
      headers: { Authorization: `Bearer ${idToken}` },
    });
    assert.equal(res.status, 404, "past the gateway (401 would mean the token was refused)");
    await res.body?.cancel();
  } finally {
    await w.close();
    await t.close();
  }
});

Deno.test("lockout publishes one auth.account_locked event on platform.auth, with ids only", async () => {
  const p = await testPlatform();
  try {
    const [org] = await p
      .sql`insert into public.organizations (name, slug) values ('Lock Co', 'lock-co') returning id`;
    const [user] = await p
      .sql`insert into public.users (email, organization_id, role) values ('lock@co.test', ${org.id}, 'partner_user') returning id`;
    await p
      .sql`insert into identity.credentials (user_id, password_hash) values (${user.id}, ${await hashPassword(
        "right password",
      )})`;
    const { identityProvider } = await import("../../../shared/identity/index.ts");
    const { lockoutPolicyFromEnv } = await import("../../../shared/identity/lockout.ts");
    const { override } = await import("../../../shared/platform.ts");
    // The account itself locks after LOGIN_MAX_FAILURES_PER_ACCOUNT failures from any addresses (pass 14).
    override(p, "lockoutPolicy", lockoutPolicyFromEnv(new Map([["LOGIN_MAX_FAILURES_PER_ACCOUNT", "5"]])));
    const id = identityProvider(p);
    for (let i = 0; i < 6; i++) {
      await id.passwordGrant("lock@co.test", "wrong", `203.0.113.${i}`).catch(() => {});
    }
    const msgs = await p.sql`select topic, data from bus.messages`;
    assert.equal(msgs.length, 1);
    assert.equal(msgs[0].topic, "platform.auth");
    const envelope = JSON.parse(atob(msgs[0].data as string));
    assert.equal(envelope.event_type, "auth.account_locked");
    assert.equal(envelope.source, "authenticator-service");
    assert.deepEqual(envelope.payload.recipient_ids, [user.id]);
    assert.doesNotMatch(JSON.stringify(envelope), /lock@co\.test/);
  } finally {
    await p.close();
  }
});
