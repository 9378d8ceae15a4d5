// Security pass 12: an ID token that no session check covers (an external issuer's, e.g. Supabase Auth; here a
// platform token without `session_id`, which the gateway treats the same way) kept the routes both partner roles share
// after its user was demoted or removed, until it expired (pass 11 closed only the admin routes). Over real HTTP.
import assert from "node:assert/strict";
import { partnerEnv } from "../partner/helpers.ts";
import { tokensFor } from "../../support/auth.ts";

const SHARED: [string, string][] = [
  ["GET", "/partner-service/me"],
  ["GET", "/partner-service/leads"],
  ["GET", "/partner-service/leads.csv"],
  ["GET", "/partner-service/users"],
];

Deno.test("stale member token: a demoted or removed user's session-less token loses the shared routes at once", async () => {
  const e = await partnerEnv();
  try {
    const demoted = await tokensFor(e.p, { role: "partner_admin", orgId: e.admin.orgId });
    const removedAdmin = await tokensFor(e.p, { role: "partner_admin", orgId: e.admin.orgId });
    const removedUser = await tokensFor(e.p, { role: "partner_user", orgId: e.admin.orgId });
    const kept = await tokensFor(e.p, { role: "partner_user", orgId: e.admin.orgId });
    for (const who of [demoted, removedAdmin, removedUser, kept]) {
      for (const [method, path] of SHARED) {
        assert.equal((await e.call(who, method, path)).status, 200, `${who.role} ${path} before`);
      }
    }
    const changes = [
      await e.call(e.admin, "PATCH", `/partner-service/users/${demoted.userId}`, { role: "partner_user" }),
      await e.call(e.admin, "DELETE", `/partner-service/users/${removedAdmin.userId}`),
      await e.call(e.admin, "DELETE", `/partner-service/users/${removedUser.userId}`),
    ];
    for (const c of changes) assert.equal(c.status, 200, c.text);
    for (const who of [demoted, removedAdmin, removedUser]) {
      for (const [method, path] of SHARED) {
        const r = await e.call(who, method, path);
        assert.equal(r.status, 403, `${who.email} ${method} ${path} after the change: ${r.status} ${r.text}`);
        assert.equal(r.json.error.code, "forbidden");
      }
      // The widget service's shared routes too.
      const w = await e.call(who, "GET", "/widget-service/widget-config");
      assert.equal(w.status, 403, `widget-config: ${w.status} ${w.text}`);
    }
    // Colleagues whose rows did not change, and the admin who acted, are unaffected.
    for (const who of [kept, e.admin, e.user]) {
      for (const [method, path] of SHARED) assert.equal((await e.call(who, method, path)).status, 200);
    }
  } finally {
    await e.close();
  }
});

Deno.test("stale member token: a change made outside the routes (another instance, SQL) is read from the database", async () => {
  const e = await partnerEnv();
  try {
    // Never seen by this process before the change: nothing remembered, the row decides.
    const moved = await tokensFor(e.p, { role: "partner_user", orgId: e.admin.orgId });
    const promoted = await tokensFor(e.p, { role: "partner_user", orgId: e.admin.orgId });
    await e.p.sql`update public.users set organization_id = ${e.other.orgId} where id = ${moved.userId}`;
    await e.p.sql`update public.users set role = 'partner_admin' where id = ${promoted.userId}`;
    const r = await e.call(moved, "GET", "/partner-service/leads");
    assert.equal(r.status, 403, `moved: ${r.status} ${r.text}`);
    // A promoted user's older token claims less than they hold: still good for what it claims, not for admin routes.
    assert.equal((await e.call(promoted, "GET", "/partner-service/leads")).status, 200);
    assert.equal((await e.call(promoted, "GET", "/partner-service/widget-tokens")).status, 403);
    // A removed user's token never seen before.
    const forged = await tokensFor(e.p, { role: "partner_admin", orgId: e.admin.orgId });
    await e.p.sql`delete from public.users where id = ${forged.userId}`;
    assert.equal((await e.call(forged, "GET", "/partner-service/me")).status, 403);
  } finally {
    await e.close();
  }
});
