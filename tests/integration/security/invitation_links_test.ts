// Third pass: the invitation pages' two calls need no token, and were counted in no bucket: anyone could try
// invitation tokens (or have new-account passwords hashed) as fast as the network allowed. Now per address.
import assert from "node:assert/strict";
import { createApp as partnerApp } from "../../../supabase/functions/partner-service/app.ts";
import { override } from "../../../shared/platform.ts";
import { rateLimitPolicyFromEnv } from "../../../shared/ratelimit/policy.ts";
import { testPlatform } from "../../support/db.ts";
import { serveApp } from "../../support/http.ts";

Deno.test("invitation lookup/accept without a token: RATE_LIMIT_INVITATIONS_PER_IP per address, then 429 with Retry-After", async () => {
  const p = await testPlatform();
  const policy = { ...rateLimitPolicyFromEnv(), windowSeconds: 86400 };
  assert.equal(policy.invitationsPerIp.max, 30);
  override(p, "rateLimitPolicy", policy);
  const s = serveApp(partnerApp(p).fetch);
  try {
    const statuses: number[] = [];
    let retryAfter = 0;
    for (let i = 0; i < 34; i++) {
      const token = `inv_${
        crypto.getRandomValues(new Uint8Array(32)).toBase64({ alphabet: "base64url" }).slice(0, 43)
      }`;
      const path = i % 2 ? "/invitations/accept" : "/invitations/lookup";
      const r = await fetch(`${s.url}/partner-service${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.20" },
        body: JSON.stringify({ token, password: "a long enough password" }),
      });
      statuses.push(r.status);
      const j = await r.json();
      if (r.status === 429) {
        assert.equal(j.error.code, "rate_limited");
        retryAfter = Number(r.headers.get("retry-after"));
      } else assert.equal(j.error.code, "invitation_not_found");
    }
    assert.deepEqual(statuses, [...Array(30).fill(404), ...Array(4).fill(429)]);
    assert.ok(retryAfter >= 1);
    // Another address has its own bucket.
    const other = await fetch(`${s.url}/partner-service/invitations/lookup`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.21" },
      body: JSON.stringify({ token: `inv_${"A".repeat(43)}` }),
    });
    assert.equal(other.status, 404);
    await other.body?.cancel();
  } finally {
    await s.close();
    await p.close();
  }
});
