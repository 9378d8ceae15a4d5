import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { createOrganization, createUser, newWidgetToken, revokeRefreshToken, setPassword, unlock } from "../../../shared/identity/admin.ts";
import { identityProvider } from "../../../shared/identity/index.ts";
import { verifyIdToken } from "../../../shared/auth/tokens.ts";

Deno.test("identity admin: organisation, user with password, widget token, unlock and revoke", async () => {
  const p = await testPlatform();
  try {
    const org = await createOrganization(p.sql, "Sunny Roofs", "sunny-roofs");
    await createUser(p.sql, { email: "ops@sunny.test", orgSlug: "sunny-roofs", role: "partner_admin", password: "a-long-password" });
    await assert.rejects(setPassword(p.sql, "ops@sunny.test", "short"), /at least 10/);
    const id = identityProvider(p);
    const t = await id.passwordGrant("OPS@sunny.test", "a-long-password");
    assert.equal((await verifyIdToken(p, t.idToken)).orgId, org);
    const token = await newWidgetToken(p.sql, "sunny-roofs", "main site");
    assert.match(token, /^wgt_/);
    assert.equal((await verifyIdToken(p, (await id.refreshGrant(token)).idToken)).role, "widget");
    await p.sql`update identity.credentials set locked_until = now() + interval '1 hour'`;
    await assert.rejects(id.passwordGrant("ops@sunny.test", "a-long-password"), (e: Error & { code?: string }) => e.code === "account_locked");
    assert.equal(await unlock(p.sql, "ops@sunny.test"), true);
    await id.passwordGrant("ops@sunny.test", "a-long-password");
    assert.equal(await revokeRefreshToken(p.sql, token), true);
    await assert.rejects(id.refreshGrant(token), (e: Error & { code?: string }) => e.code === "refresh_token_revoked");
    await assert.rejects(createUser(p.sql, { email: "x@y.test", orgSlug: "nope", role: "partner_user" }), /No organisation/);
  } finally {
    await p.close();
  }
});
