// The widget's API client (widget/src/api.ts, plain fetch) against the real authenticator and widget-service.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { serveApp } from "../../support/http.ts";
import { createStackHandler } from "../../../shared/stack/server.ts";
import { seedDemo } from "../../../shared/stack/demo_seed.ts";
import { seedWidgetDemo } from "../../../shared/widget/demo.ts";
import { Api, ApiError, refreshDelayMs } from "../../../widget/src/api.ts";

Deno.test("refresh delays: a minute early, or at three quarters of short lifetimes", () => {
  assert.equal(refreshDelayMs(3600), 3_540_000);
  assert.equal(refreshDelayMs(60), 45_000);
  assert.equal(refreshDelayMs(0), 3_540_000);
  assert.equal(refreshDelayMs(1), 1000);
});

Deno.test("the widget session exchanges the partner token, refreshes its ID token before expiry, and rejects a bad token", async () => {
  const p = await testPlatform();
  p.config.idTokenTtl = 2;
  const demo = await seedDemo(p);
  await seedWidgetDemo(p, demo.orgId);
  const handler = createStackHandler(p, []);
  let exchanges = 0;
  const s = serveApp((req) => {
    if (new URL(req.url).pathname.endsWith("/refresh-token")) exchanges++;
    return handler(req);
  });
  const api = new Api(s.url, demo.partnerToken);
  try {
    await api.authenticate();
    assert.equal(exchanges, 1);
    const info = await api.get<{ data: { serving_states: string[]; partner_name: string } }>(
      "/v1/widget-service/widget-info",
    );
    assert.ok(info.data.serving_states.includes("CA"));
    assert.equal(info.data.partner_name, "Demo Solar Co");
    // The 2 s token is refreshed at 1.5 s, so calls made after the first token expired still work.
    await new Promise((r) => setTimeout(r, 2600));
    assert.ok(exchanges >= 2, `refreshed in the background (${exchanges} exchanges)`);
    const again = await api.get<{ data: { items: { name: string }[] } }>(
      "/v1/widget-service/utility-providers",
      { zip: "10001" },
    );
    assert.equal(again.data.items[0].name, "Consolidated Edison Company of New York");

    const bad = new Api(s.url, "wgt_not-a-real-token");
    await assert.rejects(bad.authenticate(), (e) => e instanceof ApiError && e.status === 401);
    bad.stop();
  } finally {
    api.stop();
    await s.close();
    await p.close();
  }
});
