// The demo login of `npm start`: a first start's password hash is computed before the seed (while the
// migrations run), and the seed uses that password; a later start keeps the saved one.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { prepareDemo, seedDemo } from "../../../shared/stack/demo_seed.ts";
import { verifyPassword } from "../../../shared/auth/passwords.ts";
import type { StackExtension } from "../../../shared/stack/extension.ts";

Deno.test("demo seed: the password prepared beforehand is the one that signs in; a second start keeps it", async () => {
  const p = await testPlatform();
  try {
    const prepared = await prepareDemo(p.config.dataDir);
    assert.ok(prepared.fresh, "no demo.json: a new password, its hash under way");
    const demo = await seedDemo(p, Promise.resolve(prepared));
    assert.equal(demo.adminPassword, prepared.fresh.password);
    const [cred] = await p
      .sql`select password_hash from identity.credentials where user_id = ${demo.adminUserId}`;
    assert.equal(cred.password_hash, await prepared.fresh.hash, "the hash computed beforehand is stored");
    assert.ok(await verifyPassword(demo.adminPassword, cred.password_hash as string));

    const again = await prepareDemo(p.config.dataDir);
    assert.equal(again.fresh, undefined, "demo.json holds the password: nothing to hash");
    const second = await seedDemo(p, Promise.resolve(again));
    assert.equal(second.adminPassword, demo.adminPassword);
    assert.equal(second.partnerToken, demo.partnerToken);
  } finally {
    await p.close();
  }
});

// Issue #16: the demo seed and every extension's seed commit once (one WAL flush on a first start's critical
// path instead of one per statement), and a failing seed leaves nothing half seeded.
Deno.test("demo seed: the partner and every extension's demo data are one transaction", async () => {
  const { extensions } = await import("../../../shared/stack/extensions/index.ts");
  const p = await testPlatform();
  try {
    const demo = await seedDemo(p, undefined, extensions);
    const rows = await p.sql`
      select 'organizations' as t, xmin::text as x from public.organizations where id = ${demo.orgId}
      union all select 'users', xmin::text from public.users where organization_id = ${demo.orgId}
      union all select 'credentials', xmin::text from identity.credentials where user_id = ${demo.adminUserId}
      union all select 'refresh_tokens', xmin::text from identity.refresh_tokens where user_id = ${demo.widgetUserId}
      union all select 'bill_subscriptions', xmin::text from public.bill_subscriptions where organization_id = ${demo.orgId}
      union all select 'widget_configs', xmin::text from public.widget_configs where organization_id = ${demo.orgId}
      union all select 'partner_settings', xmin::text from public.partner_settings where organization_id = ${demo.orgId}
      union all select 'jobs', xmin::text from public.jobs where organization_id = ${demo.orgId}
      union all select 'technicians', xmin::text from public.technicians where organization_id = ${demo.orgId}`;
    const tables = new Set(rows.map((r) => r.t));
    assert.equal(tables.size, 9, `every table seeded: ${[...tables].join(", ")}`);
    assert.deepEqual(new Set(rows.map((r) => r.x)).size, 1, "one transaction wrote them all");
    assert.equal(
      (await p.sql`select count(*)::int as n from public.technicians where organization_id = ${demo.orgId}`)[
        0
      ].n,
      2,
      "operations saw the technician notifications seeded before it, in the same transaction",
    );

    // A second start reuses everything (no new rows, same login).
    const again = await seedDemo(p, undefined, extensions);
    assert.equal(again.partnerToken, demo.partnerToken);
    assert.equal(again.adminPassword, demo.adminPassword);
    const [{ n }] = await p
      .sql`select count(*)::int as n from public.technicians where organization_id = ${demo.orgId}`;
    assert.equal(n, 2);
  } finally {
    await p.close();
  }
});

Deno.test("demo seed: an extension's failing seed rolls the whole seed back and writes no demo.json", async () => {
  const p = await testPlatform();
  try {
    const failing: StackExtension = {
      name: "failing",
      seed: async (q, demo) => {
        await q.sql`insert into public.partner_settings (organization_id) values (${demo.orgId})`;
        throw new Error("seed failed");
      },
    };
    await assert.rejects(seedDemo(p, undefined, [failing]), /seed failed/);
    const [{ n }] = await p
      .sql`select count(*)::int as n from public.organizations where slug = 'demo-solar'`;
    assert.equal(n, 0, "the partner inserted before the failure is rolled back");
    await assert.rejects(Deno.stat(`${p.config.dataDir}/demo.json`), Deno.errors.NotFound);
    const demo = await seedDemo(p);
    assert.ok(demo.partnerToken.startsWith("wgt_"), "a later start seeds from scratch");
  } finally {
    await p.close();
  }
});
