import assert from "node:assert/strict";
import { createRoute, z } from "@hono/zod-openapi";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createServiceApp } from "../../../shared/http/app.ts";
import { ApiError } from "../../../shared/http/errors.ts";
import { allowRoles } from "../../../shared/auth/permissions.ts";
import { env } from "../../../shared/config.ts";

Deno.test("service app: one error shape, field-named validation, 413, no stack traces, CORS, request id, roles", async () => {
  const p = await testPlatform();
  const app = createServiceApp(p, "demo-service", { maxBodyBytes: 1000 });
  app.openapi(
    createRoute({
      method: "post",
      path: "/things",
      request: {
        body: {
          content: {
            "application/json": { schema: z.object({ name: z.string().min(2), count: z.number().int() }) },
          },
        },
      },
      responses: { 200: { description: "ok" } },
    }),
    (c) => c.json({ got: c.req.valid("json") }, 200),
  );
  app.get("/boom", () => {
    throw new Error("secret internal detail at db.ts:12");
  });
  app.get("/conflict", () => {
    throw new ApiError(409, "slot_taken", "That slot was just booked");
  });
  app.get("/admins-only", allowRoles("partner_admin"), (c) => c.json({ ok: true }));
  const s = serveApp(app.fetch);
  try {
    const admin = await tokensFor(p, { role: "partner_admin" });
    const widget = await tokensFor(p, { role: "widget", orgId: admin.orgId });
    const post = (body: string) =>
      fetch(`${s.url}/demo-service/things`, {
        method: "POST",
        headers: { ...admin.headers, "content-type": "application/json" },
        body,
      });

    const ok = await post(JSON.stringify({ name: "ab", count: 2 }));
    assert.equal(ok.status, 200);
    assert.match(ok.headers.get("x-request-id") ?? "", /^[0-9A-Z]{26}$/);
    assert.deepEqual(await ok.json(), { got: { name: "ab", count: 2 } });

    const invalid = await post(JSON.stringify({ name: "a" }));
    assert.equal(invalid.status, 400);
    const e = (await invalid.json()).error;
    assert.equal(e.code, "invalid_request");
    assert.match(e.message, /body\.name/);
    assert.match(e.message, /body\.count/);

    const notJson = await post("{oops");
    assert.equal(notJson.status, 400);
    assert.ok((await notJson.json()).error.code);

    const big = await post(JSON.stringify({ name: "x".repeat(5000), count: 1 }));
    assert.equal(big.status, 413);
    assert.equal((await big.json()).error.code, "payload_too_large");

    const boom = await fetch(`${s.url}/demo-service/boom`, { headers: admin.headers });
    assert.equal(boom.status, 500);
    const text = await boom.text();
    assert.deepEqual(JSON.parse(text), {
      error: { code: "internal_error", message: "Unexpected processing failure" },
    });
    assert.doesNotMatch(text, /secret|db\.ts/);

    const conflict = await fetch(`${s.url}/demo-service/conflict`, { headers: admin.headers });
    assert.equal(conflict.status, 409);
    assert.deepEqual(await conflict.json(), {
      error: { code: "slot_taken", message: "That slot was just booked" },
    });

    assert.equal(
      (await (await fetch(`${s.url}/demo-service/admins-only`, { headers: admin.headers })).json()).ok,
      true,
    );
    const denied = await fetch(`${s.url}/demo-service/admins-only`, { headers: widget.headers });
    assert.equal(denied.status, 403);
    assert.equal((await denied.json()).error.code, "forbidden");

    const pre = await fetch(`${s.url}/demo-service/things`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://partner.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization,content-type",
      },
    });
    assert.ok(pre.status === 204 || pre.status === 200);
    assert.equal(pre.headers.get("access-control-allow-origin"), "*");
    await pre.body?.cancel();

    const doc = await (await fetch(`${s.url}/demo-service/openapi.json`)).json();
    assert.ok(doc.paths["/demo-service/things"]?.post, "routes appear in the OpenAPI document");
  } finally {
    await s.close();
    await p.close();
  }
});

Deno.test("service app: a body of the wrong Content-Type is 415 unsupported_media_type naming the type (curl -d without -H)", async () => {
  const p = await testPlatform();
  const app = createServiceApp(p, "demo-service");
  app.openapi(
    createRoute({
      method: "post",
      path: "/things",
      request: {
        body: { required: true, content: { "application/json": { schema: z.object({ name: z.string() }) } } },
      },
      responses: { 200: { description: "ok" } },
    }),
    (c) => c.json({ got: c.req.valid("json") }, 200),
  );
  const s = serveApp(app.fetch);
  try {
    const admin = await tokensFor(p, { role: "partner_admin" });
    const form = await fetch(`${s.url}/demo-service/things`, {
      method: "POST",
      headers: { ...admin.headers, "content-type": "application/x-www-form-urlencoded" },
      body: '{"name":"x"}',
    });
    assert.equal(form.status, 415);
    const body = await form.json();
    assert.equal(body.error.code, "unsupported_media_type");
    assert.match(body.error.message, /application\/x-www-form-urlencoded.*application\/json/);
  } finally {
    await s.close();
    await p.close();
  }
});

Deno.test("service app: a missing required environment variable is 503 not_configured, the variable named in the log only", async () => {
  const p = await testPlatform();
  const app = createServiceApp(p, "demo-service");
  app.get("/needs-config", (c) => c.json({ url: env("AUDITB_SURELY_UNSET_VARIABLE") }));
  const s = serveApp(app.fetch);
  try {
    const admin = await tokensFor(p, { role: "partner_admin" });
    const res = await fetch(`${s.url}/demo-service/needs-config`, { headers: admin.headers });
    assert.equal(res.status, 503);
    const body = await res.json();
    assert.equal(body.error.code, "not_configured");
    assert.doesNotMatch(JSON.stringify(body), /AUDITB_SURELY_UNSET_VARIABLE|at .*\.ts/);
  } finally {
    await s.close();
    await p.close();
  }
});
