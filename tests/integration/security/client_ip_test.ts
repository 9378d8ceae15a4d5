// Third pass: behind a proxy that APPENDS to X-Forwarded-For, the first entry is the client's own text. With
// CLIENT_IP_PROXY_HOPS=n the client is the n-th entry from the right, so a forged prefix buys no fresh bucket.
import assert from "node:assert/strict";
import { createApp as authApp } from "../../../supabase/functions/authenticator-service/app.ts";
import { override } from "../../../shared/platform.ts";
import { loadHttpConfig } from "../../../shared/http/config.ts";
import { rateLimitPolicyFromEnv } from "../../../shared/ratelimit/policy.ts";
import { clientEntry } from "../../../shared/http/client_ip.ts";
import { testPlatform } from "../../support/db.ts";
import { serveApp } from "../../support/http.ts";

/** `n` wrong sign-ins, the i-th carrying `xff(i)`, against a limit of 3 per address; the statuses in order. */
async function burst(hops: number | undefined, n: number, xff: (i: number) => string): Promise<number[]> {
  const p = await testPlatform();
  override(p, "rateLimitPolicy", {
    ...rateLimitPolicyFromEnv(),
    windowSeconds: 86400,
    signinPerIp: { max: 3 },
  });
  if (hops !== undefined) {
    override(p, "httpConfig", loadHttpConfig(new Map([["CLIENT_IP_PROXY_HOPS", String(hops)]])));
  }
  const s = serveApp(authApp(p).fetch);
  try {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) {
      const r = await fetch(`${s.url}/authenticator-service/get-token`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": xff(i) },
        body: JSON.stringify({ email: `nobody${i}@x.test`, password: "wrong" }),
      });
      statuses.push(r.status);
      if (r.status === 429) assert.equal((await r.json()).error.code, "rate_limited");
      else await r.body?.cancel();
    }
    return statuses;
  } finally {
    await s.close();
    await p.close();
  }
}

Deno.test("CLIENT_IP_PROXY_HOPS=1: a forged X-Forwarded-For prefix before the appending proxy's entry does not pick the bucket", async () => {
  // What one appending proxy passes on: whatever the client sent, then the address it saw (198.51.100.7).
  const forged = (i: number) => `203.0.113.${i}, 10.0.${i}.1, 198.51.100.7`;
  assert.deepEqual(await burst(1, 5, forged), [401, 401, 401, 429, 429]);
  // The default (0: the first entry, for a proxy that overwrites the header) is fooled by the same requests.
  assert.deepEqual(await burst(undefined, 5, forged), [401, 401, 401, 401, 401]);
  // Two appending proxies: the client is the second entry from the right.
  assert.deepEqual(await burst(2, 4, (i) => `203.0.113.${i}, 198.51.100.7, 10.0.0.${i}`), [
    401,
    401,
    401,
    429,
  ]);
});

Deno.test("clientEntry: the n-th entry from the right; fewer entries than hops give the leftmost; blanks are 'unknown'", () => {
  assert.equal(clientEntry("a, b, c", 0), "a");
  assert.equal(clientEntry("a, b, c", 1), "c");
  assert.equal(clientEntry("a, b, c", 2), "b");
  assert.equal(clientEntry("a, b, c", 5), "a");
  assert.equal(clientEntry("", 1), "unknown");
  assert.equal(clientEntry(" , ", 1), "unknown");
  assert.equal(clientEntry("x".repeat(500), 1).length, 64);
});
