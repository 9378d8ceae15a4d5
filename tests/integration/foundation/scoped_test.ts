import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { withAuth } from "../../../shared/db/scoped.ts";
import { verifyIdToken } from "../../../shared/auth/tokens.ts";

Deno.test("withAuth runs as the caller: RLS shows and lets write only the caller's organisation", async () => {
  const p = await testPlatform();
  try {
    const a = await tokensFor(p);
    const b = await tokensFor(p);
    await p
      .sql`insert into public.properties (organization_id, line1, state) values (${a.orgId}, '1 A St', 'TX'), (${b.orgId}, '2 B St', 'FL')`;
    const authA = await verifyIdToken(p, a.idToken);
    const seen = await withAuth(p.sql, authA, (tx) => tx`select line1 from public.properties`);
    assert.deepEqual(seen.map((r) => r.line1), ["1 A St"]);
    const role = await withAuth(
      p.sql,
      authA,
      (tx) => tx`select current_user as u, auth.uid() as uid, app.current_org_id() as org`,
    );
    assert.equal(role[0].u, "authenticated");
    assert.equal(role[0].uid, a.userId);
    assert.equal(role[0].org, a.orgId);
    await assert.rejects(
      withAuth(
        p.sql,
        authA,
        (tx) => tx`insert into public.properties (organization_id, line1) values (${b.orgId}, 'sneaky')`,
      ),
      /row-level security/,
    );
    const changed = await withAuth(
      p.sql,
      authA,
      (tx) => tx`update public.properties set city = 'X' where line1 = '2 B St' returning id`,
    );
    assert.equal(changed.length, 0);
    // The role and claims do not leak into the next use of the pooled connection.
    const after = await p.sql`select current_user as u, current_setting('request.jwt.claims', true) as c`;
    assert.equal(after[0].u, "postgres");
    assert.ok(!after[0].c);
  } finally {
    await p.close();
  }
});
