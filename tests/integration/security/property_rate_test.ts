// Security pass 5 left it open (docs/security.md): the widget's document quota is per property, and one address
// could create 20 properties a minute (the `leads` bucket), each with a quota of its own. Property creation with the
// public widget token is now bounded per address and per partner in an hour-long window: 429
// `property_rate_limited` with Retry-After; staff tokens are not counted.
import assert from "node:assert/strict";
import { address, widgetEnv } from "../widget/helpers.ts";
import { override } from "../../../shared/platform.ts";
import { PROPERTIES_RATE_LIMITED, rateLimitPolicyFromEnv } from "../../../shared/ratelimit/policy.ts";

Deno.test("widget property creation: bounded per address and per partner per hour (429 property_rate_limited, Retry-After)", async () => {
  const defaults = rateLimitPolicyFromEnv(new Map());
  assert.equal(defaults.propertiesWindowSeconds, 3600);
  assert.equal(defaults.propertiesPerIp.max, 20);
  assert.ok(defaults.propertiesPerOrg.max > defaults.propertiesPerIp.max);
  const e = await widgetEnv();
  // The minute-long `leads` bucket out of the way: what cuts here is the hour-long property bucket alone.
  override(e.p, "rateLimitPolicy", {
    ...defaults,
    leadsPerIp: { max: 1000 },
    propertiesPerIp: { max: 5 },
    propertiesPerOrg: { max: 10 },
  });
  try {
    const create = async (ip: string, who = e.widget) => {
      const res = await fetch(`${e.s.url}/widget-service/property`, {
        method: "POST",
        headers: { ...who.headers, "content-type": "application/json", "x-forwarded-for": ip },
        body: JSON.stringify({ address }),
      });
      const body = await res.json();
      return { status: res.status, code: body.error?.code, retry: Number(res.headers.get("retry-after")) };
    };
    const a = [];
    for (let i = 0; i < 7; i++) a.push(await create("198.51.100.7"));
    assert.deepEqual(a.map((r) => r.status), [201, 201, 201, 201, 201, 429, 429]);
    for (const r of a.slice(5)) {
      assert.equal(r.code, PROPERTIES_RATE_LIMITED);
      assert.ok(r.retry >= 1 && r.retry <= 3600, `Retry-After ${r.retry}`);
    }
    // Another address of the same partner: its own 5, until the partner's 10 (the refused calls count too).
    const b = [];
    for (let i = 0; i < 4; i++) b.push(await create("198.51.100.8"));
    assert.deepEqual(b.map((r) => r.status), [201, 201, 201, 429]);
    assert.equal(b[3].code, PROPERTIES_RATE_LIMITED);
    // Another partner's widget is not bounded by this partner's count.
    assert.equal((await create("198.51.100.9", e.other)).status, 201);
    // The partner's own staff are not counted.
    assert.equal((await create("198.51.100.7", e.admin)).status, 201);
    const [{ n }] = await e.p.sql`select count(*)::int as n from public.properties
      where organization_id = ${e.widget.orgId}`;
    assert.equal(n, 5 + 3 + 1, "refused requests created nothing");
  } finally {
    await e.close();
  }
});
