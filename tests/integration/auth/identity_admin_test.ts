import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import {
  createOrganization,
  createUser,
  newWidgetToken,
  revokeRefreshToken,
  setPassword,
  unlock,
} from "../../../shared/identity/admin.ts";
import { identityProvider } from "../../../shared/identity/index.ts";
import { verifyIdToken } from "../../../shared/auth/tokens.ts";

Deno.test("identity admin: organisation, user with password, widget token, unlock and revoke", async () => {
  const p = await testPlatform();
  try {
    const org = await createOrganization(p.sql, "Sunny Roofs", "sunny-roofs");
    await createUser(p.sql, {
      email: "ops@sunny.test",
      orgSlug: "sunny-roofs",
      role: "partner_admin",
      password: "a-long-password",
    });
    await assert.rejects(setPassword(p.sql, "ops@sunny.test", "short"), /at least 10/);
    const id = identityProvider(p);
    const t = await id.passwordGrant("OPS@sunny.test", "a-long-password");
    assert.equal((await verifyIdToken(p, t.idToken)).orgId, org);
    const token = await newWidgetToken(p.sql, "sunny-roofs", "main site");
    assert.match(token, /^wgt_/);
    assert.equal((await verifyIdToken(p, (await id.refreshGrant(token)).idToken)).role, "widget");
    await p.sql`update identity.credentials set locked_until = now() + interval '1 hour'`;
    await assert.rejects(
      id.passwordGrant("ops@sunny.test", "a-long-password"),
      (e: Error & { code?: string }) => e.code === "account_locked",
    );
    assert.equal(await unlock(p.sql, "ops@sunny.test"), true);
    await id.passwordGrant("ops@sunny.test", "a-long-password");
    assert.equal(await revokeRefreshToken(p.sql, token), true);
    await assert.rejects(
      id.refreshGrant(token),
      (e: Error & { code?: string }) => e.code === "refresh_token_revoked",
    );
    await assert.rejects(
      createUser(p.sql, { email: "x@y.test", orgSlug: "nope", role: "partner_user" }),
      /No organization/,
    );
    // Bad arguments: a clear message (not a raw check-constraint name), and no half-made user left behind.
    await assert.rejects(
      createUser(p.sql, { email: "k@sunny.test", orgSlug: "sunny-roofs", role: "king" }),
      /Unknown role "king": one of partner_admin/,
    );
    await assert.rejects(
      createUser(p.sql, { email: "not-an-email", orgSlug: "sunny-roofs", role: "partner_user" }),
      /not an email address/,
    );
    await assert.rejects(
      createUser(p.sql, {
        email: "s@sunny.test",
        orgSlug: "sunny-roofs",
        role: "partner_user",
        password: "short",
      }),
      /at least 10/,
    );
    assert.equal(
      (await p.sql`select 1 from public.users where email in ('k@sunny.test', 's@sunny.test')`).length,
      0,
      "nothing written",
    );
    // Re-running create-user changes the role within the organisation, but never moves the user to another one.
    await createOrganization(p.sql, "Other Roofs", "other-roofs");
    await assert.rejects(
      createUser(p.sql, { email: "OPS@sunny.test", orgSlug: "other-roofs", role: "partner_admin" }),
      /already belongs to organization "sunny-roofs"/,
    );
    await createUser(p.sql, { email: "ops@sunny.test", orgSlug: "sunny-roofs", role: "partner_user" });
    const [ops] = await p.sql`select organization_id, role from public.users where email = 'ops@sunny.test'`;
    assert.deepEqual([ops.organization_id, ops.role], [org, "partner_user"]);
  } finally {
    await p.close();
  }
});

Deno.test("identity CLI: --help prints the usage; an unknown option or role is a short message, never a stack trace", async () => {
  const p = await testPlatform();
  const deno = new URL("../../../node_modules/.bin/deno", import.meta.url).pathname;
  const script = new URL("../../../scripts/identity.ts", import.meta.url).pathname;
  const run = async (...args: string[]) => {
    const out = await new Deno.Command(deno, {
      args: ["run", "-A", script, ...args],
      env: { DATABASE_URL: p.db.url },
      stdout: "piped",
      stderr: "piped",
    }).output();
    return {
      code: out.code,
      stdout: new TextDecoder().decode(out.stdout),
      stderr: new TextDecoder().decode(out.stderr),
    };
  };
  try {
    const help = await run("--help");
    assert.equal(help.code, 0, help.stderr);
    assert.match(help.stdout, /Usage: npm run identity/);
    const bogus = await run("create-org", "--bogus", "x");
    assert.equal(bogus.code, 2);
    assert.match(bogus.stderr, /Unknown option '--bogus'/);
    assert.doesNotMatch(bogus.stderr, /\bat .*(parse_args|identity\.ts)/, "no stack trace");
    assert.equal((await run("create-org", "--name", "Cli Roofs", "--slug", "cli-roofs")).code, 0);
    const role = await run("create-user", "--email", "c@cli.test", "--org", "cli-roofs", "--role", "king");
    assert.equal(role.code, 1);
    assert.match(role.stderr, /Unknown role "king"/);
    assert.doesNotMatch(role.stderr, /users_role_check/);
  } finally {
    await p.close();
  }
});
