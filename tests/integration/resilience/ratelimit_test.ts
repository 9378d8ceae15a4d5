// Issue 12: the public widget surface and sign-in are rate limited (per widget token's partner and per
// address), counted in PostgreSQL so several instances share the counters, answering 429 + Retry-After.
import assert from "node:assert/strict";
import { widgetEnv } from "../widget/helpers.ts";
import { createApp as authApp } from "../../../supabase/functions/authenticator-service/app.ts";
import { createApp as widgetApp } from "../../../supabase/functions/widget-service/app.ts";
import { createPlatform, override } from "../../../shared/platform.ts";
import { rateLimitPolicyFromEnv } from "../../../shared/ratelimit/policy.ts";
import { createStackHandler } from "../../../shared/stack/server.ts";
import { loadHttpConfig } from "../../../shared/http/config.ts";
import { testPlatform } from "../../support/db.ts";
import { serveApp } from "../../support/http.ts";
import { tokensFor } from "../../support/auth.ts";
import { jsonPost, tally } from "./helpers.ts";

// Default figures; a day-long window (aligned to UTC midnight) so a burst never straddles two windows.
const defaults = { ...rateLimitPolicyFromEnv(), windowSeconds: 86400 };

async function drain(responses: Response[]) {
  const retry = responses.filter((r) => r.status === 429).map((r) => Number(r.headers.get("retry-after")));
  const codes = await Promise.all(
    responses.map(async (r) =>
      r.status === 429 ? (await r.json()).error.code : (await r.body?.cancel(), null)
    ),
  );
  return { counts: tally(responses.map((r) => r.status)), retry, codes: codes.filter(Boolean) };
}

Deno.test("address autocomplete: a burst with the public widget token from one address is cut at the default limit (429, Retry-After)", async () => {
  const w = await widgetEnv();
  override(w.p, "rateLimitPolicy", defaults);
  try {
    const n = defaults.lookupPerIp.max + 40;
    const answers: Response[] = [];
    for (let i = 0; i < n; i++) {
      answers.push(
        await fetch(`${w.s.url}/widget-service/address-autocomplete?q=1%20Market%20St`, {
          headers: w.widget.headers,
        }),
      );
    }
    const { counts, retry, codes } = await drain(answers);
    console.log(
      `autocomplete burst (${n} calls, one address, default ${defaults.lookupPerIp.max} per window): ${
        JSON.stringify(counts)
      }`,
    );
    assert.equal(counts[200], defaults.lookupPerIp.max);
    assert.equal(counts[429], 40);
    assert.ok(retry.every((s) => s >= 1 && s <= defaults.windowSeconds));
    assert.deepEqual([...new Set(codes)], ["rate_limited"]);
    // Staff tokens are not the public surface: not limited by the widget buckets.
    const staff = await fetch(`${w.s.url}/widget-service/address-autocomplete?q=1%20Market%20St`, {
      headers: w.admin.headers,
    });
    assert.equal(staff.status, 200);
    await staff.body?.cancel();
  } finally {
    await w.close();
  }
});

Deno.test("contact creation: a burst with the widget token is cut at the default per-address limit", async () => {
  const w = await widgetEnv();
  override(w.p, "rateLimitPolicy", defaults);
  try {
    const n = defaults.leadsPerIp.max + 10;
    const answers: Response[] = [];
    for (let i = 0; i < n; i++) {
      answers.push(
        await jsonPost(`${w.s.url}/widget-service/contact`, {
          first_name: "Jane",
          last_name: `D${i}`,
          email: `j${i}@example.com`,
        }, w.widget.headers),
      );
    }
    const { counts } = await drain(answers);
    console.log(
      `contact burst (${n} calls, one address, default ${defaults.leadsPerIp.max} per window): ${
        JSON.stringify(counts)
      }`,
    );
    assert.equal(counts[201], defaults.leadsPerIp.max);
    assert.equal(counts[429], 10);
    const [{ n: stored }] = await w.p
      .sql`select count(*)::int as n from public.contacts where organization_id = ${w.widget.orgId}`;
    assert.equal(stored, defaults.leadsPerIp.max, "refused requests created nothing");
  } finally {
    await w.close();
  }
});

Deno.test("savings reports with the widget token have their own bucket (they geocode, look up roofs and email anyone)", async () => {
  const w = await widgetEnv();
  override(w.p, "rateLimitPolicy", { ...defaults, reportsPerIp: { max: 2 } });
  try {
    const answers: Response[] = [];
    // Bodies the route refuses (400) still count: the limit runs before validation, as for every bucket.
    for (let i = 0; i < 4; i++) {
      answers.push(
        await jsonPost(`${w.s.url}/widget-service/process-widget-savings-info`, {}, w.widget.headers),
      );
    }
    const { counts } = await drain(answers);
    assert.deepEqual(counts, { 400: 2, 429: 2 });
    // Staff tokens are not counted in widget buckets.
    const admin = await tokensFor(w.p, { role: "partner_admin", orgId: w.widget.orgId });
    const staff = await jsonPost(`${w.s.url}/widget-service/process-widget-savings-info`, {}, admin.headers);
    assert.equal(staff.status, 400);
    await staff.body?.cancel();
  } finally {
    await w.close();
  }
  // savings-insight-service's report routes counted here too until pass 6; they are the staff's now (403 to a widget
  // token, tests/integration/security/widget_token_scope_test.ts).
});

Deno.test("per partner across addresses, and shared by two instances on one database", async () => {
  const p = await testPlatform();
  const policy = { ...defaults, lookupPerOrg: { max: 20 }, lookupPerIp: { max: 0 } };
  override(p, "rateLimitPolicy", policy);
  // A second instance of the function: its own Platform (own caches and seams), the same database.
  const p2 = createPlatform(p.sql, p.config);
  override(p2, "rateLimitPolicy", policy);
  const a = serveApp(widgetApp(p).fetch);
  const b = serveApp(widgetApp(p2).fetch);
  try {
    const widget = await tokensFor(p, { role: "widget" });
    const other = await tokensFor(p, { role: "widget" });
    const answers: Response[] = [];
    for (let i = 0; i < 30; i++) {
      const base = i % 2 ? a.url : b.url;
      answers.push(
        await fetch(`${base}/widget-service/address-autocomplete?q=1%20Market%20St`, {
          headers: { ...widget.headers, "x-forwarded-for": `198.51.100.${i}` },
        }),
      );
    }
    const { counts } = await drain(answers);
    console.log(`per-partner limit 20 over 30 addresses and 2 instances: ${JSON.stringify(counts)}`);
    assert.deepEqual(counts, { 200: 20, 429: 10 });
    // Another partner has its own bucket.
    const res = await fetch(`${a.url}/widget-service/address-autocomplete?q=1%20Market%20St`, {
      headers: other.headers,
    });
    assert.equal(res.status, 200);
    await res.body?.cancel();
  } finally {
    await a.close();
    await b.close();
    await p.close();
  }
});

/**
 * `n` sign-ins of unknown accounts (no lockout involved) through the local stack, each claiming another address
 * in the headers `forged(i)` gives, with a sign-in limit of `max` per address.
 */
async function signInBurst(
  n: number,
  max: number,
  forged: (i: number) => Record<string, string>,
  clientIpHeader?: string,
) {
  const p = await testPlatform();
  override(p, "rateLimitPolicy", { ...defaults, signinPerIp: { max } });
  if (clientIpHeader) override(p, "httpConfig", { ...loadHttpConfig(), clientIpHeader });
  const stack = serveApp(createStackHandler(p, [], "development"));
  try {
    const answers: Response[] = [];
    for (let i = 0; i < n; i++) {
      answers.push(
        await jsonPost(`${stack.url}/v1/authenticator-service/get-token`, {
          email: `nobody${i}@x.test`,
          password: "whatever",
        }, forged(i)),
      );
    }
    return await drain(answers);
  } finally {
    await stack.close();
    await p.close();
  }
}

Deno.test("sign-in: a burst from one address is cut at RATE_LIMIT_SIGNIN_PER_IP; the local stack ignores a forged X-Forwarded-For", async () => {
  const { counts, retry } = await signInBurst(15, 10, (i) => ({ "x-forwarded-for": `203.0.113.${i}` }));
  console.log(`sign-in burst (15, limit 10 per address): ${JSON.stringify(counts)}`);
  assert.deepEqual(counts, { 401: 10, 429: 5 });
  assert.ok(retry.every((s) => s >= 1));
});

Deno.test("sign-in: with CLIENT_IP_HEADER=cf-connecting-ip the local stack ignores a forged cf-connecting-ip too", async () => {
  const { counts } = await signInBurst(
    8,
    5,
    (i) => ({ "cf-connecting-ip": `203.0.113.${i}`, "x-forwarded-for": `198.51.100.${i}` }),
    "cf-connecting-ip",
  );
  assert.deepEqual(counts, { 401: 5, 429: 3 });
});

Deno.test("limits are configurable: 0 turns one off, and the default sign-in limit applies to the authenticator app", async () => {
  const p = await testPlatform();
  override(p, "rateLimitPolicy", defaults);
  const s = serveApp(authApp(p).fetch);
  try {
    const n = defaults.signinPerIp.max + 3;
    const answers: Response[] = [];
    for (let i = 0; i < n; i++) {
      answers.push(
        await jsonPost(`${s.url}/authenticator-service/get-token`, {
          email: `ghost${i}@x.test`,
          password: "x",
        }),
      );
    }
    const { counts } = await drain(answers);
    assert.deepEqual(counts, { 401: defaults.signinPerIp.max, 429: 3 });
    override(p, "rateLimitPolicy", { ...defaults, signinPerIp: { max: 0 } });
    const again = await jsonPost(`${s.url}/authenticator-service/get-token`, {
      email: "ghost@x.test",
      password: "x",
    });
    assert.equal(again.status, 401);
    await again.body?.cancel();
  } finally {
    await s.close();
    await p.close();
  }
});
