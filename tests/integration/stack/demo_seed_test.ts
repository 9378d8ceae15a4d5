// The demo login of `npm start`: a first start's password hash is computed before the seed (while the
// migrations run), and the seed uses that password; a later start keeps the saved one.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { prepareDemo, seedDemo } from "../../../shared/stack/demo_seed.ts";
import { verifyPassword } from "../../../shared/auth/passwords.ts";

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
