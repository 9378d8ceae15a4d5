// SPEC "Authentication": every gateway route but health needs a valid Bearer ID token. This walks every
// route of every service (as registered in the apps, so routes added later are covered automatically).
import assert from "node:assert/strict";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createStackHandler } from "../../../shared/stack/server.ts";
import { serviceFactories, serviceNames } from "../../../shared/stack/services.ts";
import { signingKey } from "../../../shared/auth/keys.ts";

// Routes with their own auth scheme (SPEC Authentication 2 and 6; an invitation's single-use token, docs/partner.md;
// a widget booking's signed confirmation link, docs/security.md "Pass 7", tested in widget_appointment_hold_test.ts;
// a sign-out's refresh token, pass 13, tested in sign_out_test.ts).
const ownAuth = (svc: string, path: string) =>
  svc === "notification-service" ||
  (svc === "appointment-handling-service" && path === "/confirm-appointment") ||
  (svc === "authenticator-service" && ["/get-token", "/refresh-token", "/sign-out"].includes(path)) ||
  (svc === "partner-service" && ["/invitations/lookup", "/invitations/accept"].includes(path));

function routesOf(svc: string, p: Parameters<typeof serviceFactories[string]>[0]) {
  const app = serviceFactories[svc](p) as unknown as { routes: { method: string; path: string }[] };
  const seen = new Set<string>();
  return app.routes
    .filter((r) => r.method !== "ALL" && !r.path.includes("*"))
    .map((r) => ({ method: r.method, path: r.path.slice(svc.length + 1) || "/" }))
    .filter((r) => !["/health", "/health/ready", "/openapi.json"].includes(r.path) && !ownAuth(svc, r.path))
    .filter((r) => !seen.has(r.method + r.path) && seen.add(r.method + r.path));
}

const fill = (path: string) => path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, crypto.randomUUID());

Deno.test("gateway auth matrix: every route of every service answers 401 to missing, malformed, expired, forged and misaddressed tokens", async () => {
  const p = await testPlatform();
  const stack = serveApp(createStackHandler(p, []));
  try {
    const id = await tokensFor(p);
    const key = await signingKey(p.sql);
    const now = Math.floor(Date.now() / 1000);
    const sign = (claims: Record<string, unknown>, privateKey: CryptoKey = key.privateKey) =>
      new SignJWT({ email: id.email, org_id: id.orgId, app_role: "partner_admin", ...claims })
        .setProtectedHeader({ alg: "ES256", kid: key.kid })
        .setSubject(id.userId)
        .setIssuer(String(claims.iss ?? p.config.jwtIssuer))
        .setAudience(String(claims.aud ?? p.config.jwtAudience))
        .setIssuedAt(now - 7200)
        .setExpirationTime(Number(claims.exp ?? now + 600))
        .sign(privateKey);
    // Platform-signed, right issuer and audience, but no expiry: would be valid forever.
    const noExp = await new SignJWT({ email: id.email, org_id: id.orgId, app_role: "partner_admin" })
      .setProtectedHeader({ alg: "ES256", kid: key.kid }).setSubject(id.userId).setIssuer(p.config.jwtIssuer)
      .setAudience(p.config.jwtAudience).setIssuedAt(now).sign(key.privateKey);
    const other = await generateKeyPair("ES256");
    await exportJWK(other.publicKey);
    const none = `${btoa(JSON.stringify({ alg: "none" })).replace(/=/g, "")}.${
      btoa(JSON.stringify({ sub: id.userId })).replace(/=/g, "")
    }.`;
    const cases: [string, string | undefined, string][] = [
      ["no Authorization header", undefined, "missing_token"],
      ["not a Bearer header", `Basic ${btoa("a:b")}`, "invalid_token"],
      ["garbage token", "Bearer not.a.jwt", "invalid_token"],
      ["alg none", `Bearer ${none}x`, "invalid_token"],
      ["expired", `Bearer ${await sign({ exp: now - 60 })}`, "token_expired"],
      ["signed by another key", `Bearer ${await sign({}, other.privateKey)}`, "invalid_token"],
      ["wrong audience", `Bearer ${await sign({ aud: "someone-else" })}`, "invalid_token"],
      ["wrong issuer", `Bearer ${await sign({ iss: "https://evil.example/auth/v1" })}`, "invalid_token"],
      ["no exp claim", `Bearer ${noExp}`, "invalid_token"],
    ];
    let checked = 0;
    for (const svc of serviceNames) {
      const health = await fetch(`${stack.url}/v1/${svc}/health`);
      assert.equal(health.status, 200, `${svc} health`);
      assert.deepEqual(await health.json(), { status: "ok" });
      for (const r of routesOf(svc, p)) {
        for (const [name, header, code] of cases) {
          const res = await fetch(`${stack.url}/v1/${svc}${fill(r.path)}`, {
            method: r.method,
            headers: header
              ? { Authorization: header, "content-type": "application/json" }
              : { "content-type": "application/json" },
            body: ["GET", "HEAD"].includes(r.method) ? undefined : "{}",
          });
          assert.equal(res.status, 401, `${r.method} /v1/${svc}${r.path} with ${name}`);
          assert.equal((await res.json()).error.code, code, `${r.method} /v1/${svc}${r.path} with ${name}`);
          checked++;
        }
      }
    }
    console.log(`auth matrix: ${checked} route/case combinations answered 401`);
    assert.ok(
      checked >= cases.length * 20,
      `expected the matrix to cover the services' routes, covered ${checked / cases.length}`,
    );
    // The same valid token passes the gateway (whatever the route then answers, it is not 401).
    // A refresh or widget token sent as the bearer: 401 that says what to do with it.
    for (
      const refresh of [
        "wgt_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdEF",
        "rt_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
      ]
    ) {
      const res = await fetch(`${stack.url}/v1/email-agent/check-inbox`, {
        method: "POST",
        headers: { Authorization: `Bearer ${refresh}` },
      });
      assert.equal(res.status, 401);
      const err = (await res.json()).error;
      assert.equal(err.code, "invalid_token");
      assert.match(
        err.message,
        /refresh token, not an ID token: exchange it at POST \/v1\/authenticator-service\/refresh-token/,
      );
    }
    const valid = await fetch(`${stack.url}/functions/v1/widget-service/unknown-route`, {
      headers: id.headers,
    });
    assert.equal(valid.status, 404);
    await valid.body?.cancel();
  } finally {
    await stack.close();
    await p.close();
  }
});

Deno.test("health is open on both path prefixes for all ten services (SPEC's nine and partner-service)", async () => {
  const p = await testPlatform();
  const stack = serveApp(createStackHandler(p, []));
  try {
    assert.equal(serviceNames.length, 10);
    for (const svc of serviceNames) {
      for (const prefix of ["/v1", "/functions/v1"]) {
        const res = await fetch(`${stack.url}${prefix}/${svc}/health`);
        assert.equal(res.status, 200, `${prefix}/${svc}/health`);
        assert.deepEqual(await res.json(), { status: "ok" });
      }
      const doc = await fetch(`${stack.url}/v1/${svc}/openapi.json`);
      assert.equal(doc.status, 200);
      assert.equal((await doc.json()).info.title, svc);
    }
    const unknown = await fetch(`${stack.url}/v1/no-such-service/health`);
    assert.equal(unknown.status, 404);
    assert.equal((await unknown.json()).error.code, "unknown_service");
  } finally {
    await stack.close();
    await p.close();
  }
});

Deno.test("gateway 403: a valid token of partner A is refused partner B's organisation and records", async () => {
  const p = await testPlatform();
  const stack = serveApp(createStackHandler(p, []));
  try {
    const a = await tokensFor(p, { role: "partner_admin" });
    const b = await tokensFor(p, { role: "partner_admin" });
    const [prop] = await p
      .sql`insert into public.properties (organization_id, line1, city, state, zip) values (${b.orgId}, '2 Oak Ave', 'Miami', 'FL', '33137') returning id`;
    const h = { ...a.headers, "content-type": "application/json" };
    const checks: [string, RequestInit][] = [
      [`/v1/appointment-handling-service/available-slots/${b.orgId}`, { headers: h }],
      [`/v1/widget-service/property/${prop.id}`, {
        method: "PUT",
        headers: h,
        body: JSON.stringify({ city: "Hacked" }),
      }],
    ];
    for (const [path, init] of checks) {
      const res = await fetch(`${stack.url}${path}`, init);
      assert.equal(res.status, 403, path);
      assert.equal((await res.json()).error.code, "forbidden", path);
    }
    const [after] = await p.sql`select city from public.properties where id = ${prop.id}`;
    assert.equal(after.city, "Miami");
    // The owner may.
    const own = await fetch(`${stack.url}/v1/appointment-handling-service/available-slots/${b.orgId}`, {
      headers: b.headers,
    });
    assert.equal(own.status, 200);
    await own.body?.cancel();
  } finally {
    await stack.close();
    await p.close();
  }
});
