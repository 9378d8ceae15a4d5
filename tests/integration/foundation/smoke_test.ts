import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/widget-service/app.ts";

Deno.test("a service answers health without a token and requires one elsewhere", async () => {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    const h = await fetch(`${s.url}/widget-service/health`);
    assert.equal(h.status, 200);
    assert.deepEqual(await h.json(), { status: "ok" });
    const n = await fetch(`${s.url}/widget-service/widget-info`);
    assert.equal(n.status, 401);
    assert.equal((await n.json()).error.code, "missing_token");
    const id = await tokensFor(p);
    const ok = await fetch(`${s.url}/widget-service/nothing-here`, { headers: id.headers });
    assert.equal(ok.status, 404);
    assert.equal((await ok.json()).error.code, "not_found");
  } finally {
    await s.close();
    await p.close();
  }
});
