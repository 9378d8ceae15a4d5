// Issue 12: concurrent refreshes of one token by one client must not log the user out; an ID token of a
// revoked session must stop working at once; a platform-signed token without `exp` must be refused.
import assert from "node:assert/strict";
import { SignJWT } from "jose";
import { createStackHandler } from "../../../shared/stack/server.ts";
import { signingKey } from "../../../shared/auth/keys.ts";
import { issueWidgetToken, revokeRefreshToken } from "../../../shared/identity/refresh_tokens.ts";
import { revokeSessions } from "../../../shared/identity/admin.ts";
import { testPlatform } from "../../support/db.ts";
import { serveApp } from "../../support/http.ts";
import { jsonPost, tally, userWithPassword } from "./helpers.ts";

async function stack() {
  const p = await testPlatform();
  const s = serveApp(createStackHandler(p, [], "development"));
  const user = await userWithPassword(p, "right password 1");
  const token = (body: unknown, headers: Record<string, string> = {}) =>
    jsonPost(`${s.url}/v1/authenticator-service/refresh-token`, body, headers);
  const signIn = async () =>
    await (await jsonPost(`${s.url}/v1/authenticator-service/get-token`, {
      email: user.email,
      password: "right password 1",
    })).json();
  const widgetInfo = (idToken: string) =>
    fetch(`${s.url}/v1/widget-service/widget-info`, { headers: { Authorization: `Bearer ${idToken}` } });
  return {
    p,
    s,
    user,
    token,
    signIn,
    widgetInfo,
    close: async () => {
      await s.close();
      await p.close();
    },
  };
}

Deno.test("refresh grace: 8 concurrent refreshes of one token by one client all succeed and the session stays alive", async () => {
  const t = await stack();
  try {
    const first = await t.signIn();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.token({ refreshToken: first.refreshToken })),
    );
    const bodies = await Promise.all(answers.map((r) => r.json()));
    console.log(
      `concurrent refreshes (8, same client): ${JSON.stringify(tally(answers.map((r) => r.status)))}`,
    );
    assert.deepEqual(answers.map((r) => r.status), Array(8).fill(200), JSON.stringify(bodies));
    // Every answer's tokens work: the session was not revoked as a theft.
    for (const b of bodies) {
      assert.equal((await t.token({ refreshToken: b.refreshToken })).status, 200);
    }
    const info = await t.widgetInfo(bodies[0].idToken);
    assert.notEqual(info.status, 401);
    await info.body?.cancel();
  } finally {
    await t.close();
  }
});

Deno.test("revoked session: its ID token is refused by the gateway at once (session check), a widget token's too", async () => {
  const t = await stack();
  try {
    const first = await t.signIn();
    const ok = await t.widgetInfo(first.idToken);
    assert.notEqual(ok.status, 401);
    await ok.body?.cancel();
    // Theft detected: the rotated token presented by another client revokes the family.
    const second = await (await t.token({ refreshToken: first.refreshToken })).json();
    const theft = await t.token({ refreshToken: first.refreshToken }, { "user-agent": "thief/1.0" });
    assert.equal(theft.status, 401);
    await theft.body?.cancel();
    for (const idToken of [first.idToken, second.idToken]) {
      const res = await t.widgetInfo(idToken);
      assert.equal(res.status, 401);
      assert.equal((await res.json()).error.code, "invalid_token");
    }
    // A partner widget token revoked: the ID tokens it bought stop at once.
    const [w] = await t.p
      .sql`insert into public.users (email, organization_id, role) values ('w@res.test', ${t.user.orgId}, 'widget') returning id`;
    const wgt = await issueWidgetToken(t.p.sql, w.id as string);
    const widgetId = (await (await t.token({ refreshToken: wgt })).json()).idToken;
    const before = await t.widgetInfo(widgetId);
    assert.notEqual(before.status, 401);
    await before.body?.cancel();
    await revokeRefreshToken(t.p.sql, wgt);
    const after = await t.widgetInfo(widgetId);
    assert.equal(after.status, 401);
    await after.body?.cancel();
  } finally {
    await t.close();
  }
});

Deno.test("revoke-sessions: signing a user out everywhere ends the ID tokens of all their sessions at once", async () => {
  const t = await stack();
  try {
    const a = await t.signIn();
    const b = await t.signIn();
    for (const s of [a, b]) {
      const res = await t.widgetInfo(s.idToken);
      assert.notEqual(res.status, 401);
      await res.body?.cancel();
    }
    assert.equal(await revokeSessions(t.p.sql, t.user.email.toUpperCase()), 2);
    for (const s of [a, b]) {
      const res = await t.widgetInfo(s.idToken);
      assert.equal(res.status, 401);
      await res.body?.cancel();
      const refresh = await t.token({ refreshToken: s.refreshToken });
      assert.equal(refresh.status, 401);
      await refresh.body?.cancel();
    }
  } finally {
    await t.close();
  }
});

Deno.test("a platform-signed ID token without exp is refused", async () => {
  const t = await stack();
  try {
    const key = await signingKey(t.p.sql);
    const forever = await new SignJWT({
      email: t.user.email,
      org_id: t.user.orgId,
      app_role: "partner_admin",
    })
      .setProtectedHeader({ alg: "ES256", kid: key.kid }).setSubject(t.user.userId)
      .setIssuer(t.p.config.jwtIssuer).setAudience(t.p.config.jwtAudience).setIssuedAt().sign(key.privateKey);
    const res = await t.widgetInfo(forever);
    assert.equal(res.status, 401);
    assert.equal((await res.json()).error.code, "invalid_token");
  } finally {
    await t.close();
  }
});
