// Security pass 13: the partner console's "Sign out" only forgot its tokens in the browser. The refresh token stayed
// good for 30 days and the ID token for its hour, so a token copied before the sign-out (a shared computer, a browser
// extension, a proxy or crash log) kept the partner's leads open. `POST /authenticator-service/sign-out` ends the
// session on the server: its refresh tokens are revoked, and the gateway's session check refuses its ID tokens at once.
// Over real HTTP: the authenticator, partner-service and the console's own Api class (console/src/api.ts).
import assert from "node:assert/strict";
import { bearer, partnerEnv } from "../partner/helpers.ts";
import { serveApp } from "../../support/http.ts";
import { createApp as authApp } from "../../../supabase/functions/authenticator-service/app.ts";
import { issueWidgetToken } from "../../../shared/identity/refresh_tokens.ts";
import { Api } from "../../../console/src/api.ts";

const password = "correct horse battery";

async function withAuth(
  fn: (ctx: {
    e: Awaited<ReturnType<typeof partnerEnv>>;
    url: string;
    post: (path: string, body: unknown) => Promise<{ status: number; json: any }>;
    email: string;
  }) => Promise<void>,
) {
  const e = await partnerEnv();
  const auth = authApp(e.p);
  // The console calls /v1/<service>/…, as on the stack's gateway.
  const s = serveApp((req) => {
    const u = new URL(req.url);
    u.pathname = u.pathname.replace(/^\/v1/, "");
    return auth.fetch(new Request(u, req));
  });
  try {
    const email = `signout-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const added = await e.call(e.admin, "POST", "/partner-service/users", {
      email,
      role: "partner_user",
      password,
    });
    assert.equal(added.status, 201, added.text);
    const post = (path: string, body: unknown) =>
      fetch(`${s.url}/v1/authenticator-service/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, json: await r.json() }));
    await fn({ e, url: s.url, post, email });
  } finally {
    await s.close();
    await e.close();
  }
}

Deno.test("sign-out: the session's refresh and ID tokens stop working at once; other sessions and widget tokens stay", async () => {
  await withAuth(async ({ e, post, email }) => {
    const me = (idToken: string) =>
      e.call(bearer(idToken), "GET", "/partner-service/me").then((r) => r.status);
    const first = (await post("get-token", { email, password })).json;
    const other = (await post("get-token", { email, password })).json; // the same person on another computer
    const rotated = (await post("refresh-token", { refreshToken: first.refreshToken })).json;
    assert.ok(rotated.idToken, JSON.stringify(rotated));
    assert.equal(await me(rotated.idToken), 200);

    const out = await post("sign-out", { refreshToken: rotated.refreshToken });
    assert.deepEqual(out, { status: 200, json: { status: "signed_out" } });
    assert.equal(await me(rotated.idToken), 401, "the ID token of the signed-out session");
    assert.equal(await me(first.idToken), 401, "an earlier ID token of the same session");
    const again = await post("refresh-token", { refreshToken: rotated.refreshToken });
    assert.equal(again.status, 401, JSON.stringify(again.json));
    assert.equal(again.json.error.code, "refresh_token_revoked");
    // Nor does the token the session rotated away from, though the same client presents it within the reuse grace.
    const graced = await post("refresh-token", { refreshToken: first.refreshToken });
    assert.equal(graced.status, 401, JSON.stringify(graced.json));

    // The other session of the same user goes on.
    assert.equal(await me(other.idToken), 200);
    assert.equal((await post("refresh-token", { refreshToken: other.refreshToken })).status, 200);

    // The same answer for a session already ended and for a token nobody issued.
    assert.deepEqual(await post("sign-out", { refreshToken: rotated.refreshToken }), out);
    assert.deepEqual(await post("sign-out", { refreshToken: "rt_no-such-token-at-all" }), out);

    // An earlier (rotated) token of a session ends it too: its holder had the session.
    const third = (await post("get-token", { email, password })).json;
    const next = (await post("refresh-token", { refreshToken: third.refreshToken })).json;
    assert.deepEqual(await post("sign-out", { refreshToken: third.refreshToken }), out);
    assert.equal(await me(next.idToken), 401);

    // A partner's widget token is public: nobody signs it out for every homeowner.
    const wgt = await issueWidgetToken(e.p.sql, e.widget.userId);
    const refused = await post("sign-out", { refreshToken: wgt });
    assert.equal(refused.status, 400, JSON.stringify(refused.json));
    assert.equal(refused.json.error.code, "widget_token");
    assert.equal((await post("refresh-token", { refreshToken: wgt })).status, 200);
  });
});

Deno.test("sign-out: the console's Sign out ends the session on the server", async () => {
  await withAuth(async ({ e, url, post, email }) => {
    sessionStorage.clear();
    const api = new Api(url);
    await api.signIn(email, password);
    const held = JSON.parse(sessionStorage.getItem("partner-console.session")!);
    let signedOut = false;
    api.onSignedOut = () => signedOut = true;
    api.signOut();
    assert.ok(signedOut && !api.signedIn);
    assert.equal(sessionStorage.getItem("partner-console.session"), null);
    // The request is not awaited by the console: wait (bounded) for the session to end.
    let status = 200;
    for (let i = 0; i < 50 && status === 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await e.call(bearer(held.idToken), "GET", "/partner-service/me")).status;
    }
    assert.equal(status, 401, "the ID token the console held");
    const refreshed = await post("refresh-token", { refreshToken: held.refreshToken });
    assert.equal(refreshed.status, 401, JSON.stringify(refreshed.json));
  });
});
