import assert from "node:assert/strict";
import { partnerEnv } from "./helpers.ts";
import { refreshWithToken } from "./refresh.ts";

Deno.test("widget tokens: only partner_admin issues, names, revokes; an issued token works until revoked", async () => {
  const e = await partnerEnv();
  try {
    assert.equal(
      (await e.call(e.user, "POST", "/partner-service/widget-tokens", { name: "Site" })).status,
      403,
      "partner_user cannot manage tokens",
    );
    assert.equal((await e.call(e.user, "GET", "/partner-service/widget-tokens")).status, 403);
    const made = await e.call(e.admin, "POST", "/partner-service/widget-tokens", { name: "Main website" });
    assert.equal(made.status, 201);
    assert.match(made.json.data.token, /^wgt_/);
    assert.ok(made.json.data.snippet.includes(`token=${made.json.data.token}`), made.json.data.snippet);
    assert.equal((await refreshWithToken(e.p, made.json.data.token)).role, "widget");
    const renamed = await e.call(e.admin, "PATCH", `/partner-service/widget-tokens/${made.json.data.id}`, {
      name: "Landing page",
    });
    assert.equal(renamed.json.data.name, "Landing page");
    // A preview token is short-lived and not listed.
    assert.equal((await e.call(e.user, "POST", "/partner-service/preview-token")).status, 201);
    const list = await e.call(e.admin, "GET", "/partner-service/widget-tokens");
    assert.deepEqual(list.json.data.map((t: { name: string; active: boolean }) => [t.name, t.active]), [[
      "Landing page",
      true,
    ]]);
    assert.ok(!JSON.stringify(list.json).includes("wgt_"), "values are never listed");
    assert.equal(
      (await e.call(e.other, "DELETE", `/partner-service/widget-tokens/${made.json.data.id}`)).status,
      404,
      "another partner's token is not found",
    );
    const revoked = await e.call(e.admin, "DELETE", `/partner-service/widget-tokens/${made.json.data.id}`);
    assert.equal(revoked.json.data.active, false);
    await assert.rejects(refreshWithToken(e.p, made.json.data.token), /revoked/);
  } finally {
    await e.close();
  }
});

Deno.test("users: listed for both roles, added and re-roled by partner_admin only, no duplicates, no self-demotion", async () => {
  const e = await partnerEnv();
  try {
    const listed = await e.call(e.user, "GET", "/partner-service/users");
    assert.deepEqual(
      listed.json.data.map((u: { email: string }) => u.email).sort(),
      [e.admin.email, e.user.email].sort(),
      "the widget user is not listed",
    );
    const body = {
      email: "new.rep@example.com",
      full_name: "New Rep",
      role: "partner_user",
      password: "correct horse battery",
    };
    assert.equal((await e.call(e.user, "POST", "/partner-service/users", body)).status, 403);
    const added = await e.call(e.admin, "POST", "/partner-service/users", body);
    assert.equal(added.status, 201);
    assert.equal(
      (await e.call(e.admin, "POST", "/partner-service/users", body)).json.error.code,
      "email_taken",
    );
    assert.equal(
      (await e.call(e.admin, "POST", "/partner-service/users", {
        ...body,
        email: "x@example.com",
        password: "short",
      })).status,
      400,
    );
    const promoted = await e.call(e.admin, "PATCH", `/partner-service/users/${added.json.data.id}`, {
      role: "partner_admin",
    });
    assert.equal(promoted.json.data.role, "partner_admin");
    assert.equal(
      (await e.call(e.admin, "PATCH", `/partner-service/users/${e.admin.userId}`, { role: "partner_user" }))
        .json.error.code,
      "last_admin",
    );
    assert.equal(
      (await e.call(e.other, "PATCH", `/partner-service/users/${added.json.data.id}`, {
        role: "partner_user",
      })).status,
      404,
    );
    const [cred] = await e.p.sql`select 1 from identity.credentials where user_id = ${added.json.data.id}`;
    assert.ok(cred, "the new user can sign in with the first password");
  } finally {
    await e.close();
  }
});

Deno.test("settings, notification preference and webhooks: admin writes, user reads, RLS keeps partners apart", async () => {
  Deno.env.delete("PARTNER_WEBHOOK_ALLOW_PRIVATE");
  const e = await partnerEnv();
  try {
    const put = await e.call(e.admin, "PUT", "/partner-service/settings", {
      reply_to_email: "Hello@SunnyRoofs.example",
      phone: "+1 (415) 555-0199",
      website_url: "https://sunny.example",
    });
    assert.equal(put.status, 200);
    assert.equal(put.json.data.reply_to_email, "hello@sunnyroofs.example");
    assert.equal(
      (await e.call(e.user, "GET", "/partner-service/settings")).json.data.phone,
      "+1 (415) 555-0199",
    );
    assert.equal((await e.call(e.user, "PUT", "/partner-service/settings", { phone: "1" })).status, 403);
    assert.equal((await e.call(e.other, "GET", "/partner-service/settings")).json.data.phone, null);
    assert.equal(
      (await e.call(e.admin, "PUT", "/partner-service/settings", { website_url: "javascript:alert(1)" }))
        .status,
      400,
    );

    assert.equal(
      (await e.call(e.user, "GET", "/partner-service/notification-preferences")).json.data.lead_created_email,
      true,
    );
    await e.call(e.user, "PUT", "/partner-service/notification-preferences", { lead_created_email: false });
    assert.equal(
      (await e.call(e.user, "GET", "/partner-service/notification-preferences")).json.data.lead_created_email,
      false,
    );
    assert.equal(
      (await e.call(e.admin, "GET", "/partner-service/notification-preferences")).json.data
        .lead_created_email,
      true,
      "per user",
    );

    assert.equal(
      (await e.call(e.user, "POST", "/partner-service/webhooks", { url: "https://hooks.example/x" })).status,
      403,
    );
    const hook = await e.call(e.admin, "POST", "/partner-service/webhooks", {
      url: "https://hooks.example/x",
    });
    assert.equal(hook.status, 201);
    assert.match(hook.json.data.secret, /^whsec_/);
    const rotated = await e.call(e.admin, "PATCH", `/partner-service/webhooks/${hook.json.data.id}`, {
      rotate_secret: true,
      enabled: false,
    });
    assert.notEqual(rotated.json.data.secret, hook.json.data.secret);
    assert.equal(rotated.json.data.enabled, false);
    assert.equal(
      (await e.call(e.other, "PATCH", `/partner-service/webhooks/${hook.json.data.id}`, { enabled: true }))
        .status,
      404,
      "RLS hides it",
    );
    assert.equal(
      (await e.call(e.admin, "POST", "/partner-service/webhooks", { url: "ftp://x" })).status,
      400,
    );
    // Never into the platform's own network.
    for (
      const url of [
        "http://hooks.example/x",
        "https://localhost/x",
        "https://127.0.0.1:5432/",
        "https://10.0.0.5/hook",
        "https://169.254.169.254/latest",
        "https://[::1]/x",
        "https://user:pw@hooks.example/x",
        "https://db.internal/x",
      ]
    ) {
      const r = await e.call(e.admin, "POST", "/partner-service/webhooks", { url });
      assert.equal(r.status, 400, url);
      assert.match(r.json.error.message, /url/, url);
    }
    // "Send a test": a signed webhook.test delivery in the log.
    await e.call(e.admin, "PATCH", `/partner-service/webhooks/${hook.json.data.id}`, { enabled: true });
    assert.equal(
      (await e.call(e.user, "POST", `/partner-service/webhooks/${hook.json.data.id}/test`)).status,
      403,
    );
    assert.equal(
      (await e.call(e.other, "POST", `/partner-service/webhooks/${hook.json.data.id}/test`)).status,
      404,
    );
    const test = await e.call(e.admin, "POST", `/partner-service/webhooks/${hook.json.data.id}/test`);
    assert.equal(test.status, 202);
    const log = await e.call(e.user, "GET", "/partner-service/webhook-deliveries");
    assert.deepEqual(
      log.json.data.map((
        d: { id: string; event_type: string; status: string },
      ) => [d.id, d.event_type, d.status]),
      [[test.json.data.delivery_id, "webhook.test", "pending"]],
    );
    assert.equal(
      (await e.call(e.admin, "DELETE", `/partner-service/webhooks/${hook.json.data.id}`)).status,
      204,
    );
  } finally {
    await e.close();
  }
});
