import assert from "node:assert/strict";
import { startGoTrueDouble } from "../../doubles/gotrue.ts";
import { SupabaseIdentity } from "../../../shared/identity/supabase.ts";
import { IdentityError, type IdentityProvider } from "../../../shared/identity/types.ts";
import { SeamUnavailableError } from "../../../shared/errors.ts";
import { override } from "../../../shared/platform.ts";
import { testPlatform } from "../../support/db.ts";
import { createApp } from "../../../supabase/functions/authenticator-service/app.ts";

const widgetSide: IdentityProvider & { seen: string[] } = {
  seen: [],
  passwordGrant: () => Promise.reject(new Error("not used")),
  refreshGrant(token) {
    this.seen.push(token);
    return Promise.resolve({ idToken: "own", refreshToken: token, expiresIn: 3600, tokenType: "Bearer" });
  },
};

async function rejects(p: Promise<unknown>, code: string) {
  await assert.rejects(p, (e) => e instanceof IdentityError && e.code === code);
}

Deno.test("Supabase Auth adapter: password and refresh grants over GoTrue's wire format", async () => {
  const gotrue = startGoTrueDouble({ "pat@sun.test": "s3cret" }, "anon-key");
  try {
    const id = new SupabaseIdentity(gotrue.url, "anon-key", widgetSide);
    const t = await id.passwordGrant("pat@sun.test", "s3cret");
    assert.equal(t.tokenType, "Bearer");
    assert.equal(t.expiresIn, 3600);
    assert.ok(t.idToken.startsWith("header."));
    assert.equal(gotrue.calls[0].grant, "password");
    assert.equal(gotrue.calls[0].apikey, "anon-key");
    const t2 = await id.refreshGrant(t.refreshToken);
    assert.notEqual(t2.refreshToken, t.refreshToken);
    await rejects(id.refreshGrant(t.refreshToken), "refresh_token_revoked");
    await rejects(id.refreshGrant("unknown-token"), "invalid_refresh_token");
    await rejects(id.passwordGrant("pat@sun.test", "wrong"), "invalid_credentials");
  } finally {
    await gotrue.close();
  }
});

Deno.test("Supabase Auth adapter: partner widget tokens stay with the platform's own non-rotating tokens", async () => {
  const gotrue = startGoTrueDouble({}, "anon-key");
  try {
    const id = new SupabaseIdentity(gotrue.url, "anon-key", widgetSide);
    const t = await id.refreshGrant("wgt_abcdefghijklmnop");
    assert.equal(t.refreshToken, "wgt_abcdefghijklmnop");
    assert.deepEqual(widgetSide.seen, ["wgt_abcdefghijklmnop"]);
    assert.equal(gotrue.calls.length, 0);
  } finally {
    await gotrue.close();
  }
});

Deno.test("Supabase Auth adapter: sign-out ends the GoTrue session (logout with an access token of it)", async () => {
  const gotrue = startGoTrueDouble({ "pat@sun.test": "s3cret" }, "anon-key");
  try {
    const id = new SupabaseIdentity(gotrue.url, "anon-key", widgetSide);
    const first = await id.passwordGrant("pat@sun.test", "s3cret");
    const other = await id.passwordGrant("pat@sun.test", "s3cret"); // another session of the same user
    const latest = await id.refreshGrant(first.refreshToken);
    assert.equal(await id.signOut(latest.refreshToken), "signed_out");
    assert.deepEqual(gotrue.calls.slice(-2).map((c) => [c.grant, c.apikey]), [
      ["refresh_token", "anon-key"],
      ["logout:local", "anon-key"],
    ]);
    // Nothing of the session is left to refresh; the other session goes on.
    assert.equal(await id.signOut(latest.refreshToken), "unknown");
    await rejects(id.refreshGrant(latest.refreshToken), "refresh_token_revoked");
    assert.ok((await id.refreshGrant(other.refreshToken)).idToken);
    assert.equal(await id.signOut("unknown-token"), "unknown");
    const calls = gotrue.calls.length;
    assert.equal(await id.signOut("wgt_abcdefghijklmnop"), "widget_token");
    assert.equal(gotrue.calls.length, calls, "a widget token never reaches GoTrue");
  } finally {
    await gotrue.close();
  }
});

Deno.test("Supabase Auth adapter: an unreachable provider is the one seam error, identity_unavailable", async () => {
  const id = new SupabaseIdentity("http://127.0.0.1:9", "anon-key", widgetSide);
  await assert.rejects(
    id.passwordGrant("a@b.test", "x"),
    (e) => e instanceof SeamUnavailableError && e.seam === "identity" && e.code === "identity_unavailable",
  );
});

Deno.test("authenticator-service: an unreachable identity provider answers 502 identity_unavailable, mapped once", async () => {
  const p = await testPlatform();
  try {
    override(p, "identity", new SupabaseIdentity("http://127.0.0.1:9", "anon-key", widgetSide));
    const res = await createApp(p).request("/authenticator-service/get-token", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "a@b.test", password: "x" }),
    });
    assert.equal(res.status, 502);
    const body = await res.json();
    assert.equal(body.error.code, "identity_unavailable");
    assert.ok(!body.error.message.includes("127.0.0.1"), "no provider address in the body");
  } finally {
    await p.close();
  }
});
