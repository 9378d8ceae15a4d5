// Security pass 6: per-address rate limits counted each IPv6 address apart. One host is given a whole /64 (a cloud VM,
// a home line: 2^64 addresses), so a caller changing the low 64 bits got a fresh bucket for every request: the sign-in
// limit (password spraying), the widget's lookup, lead, report, document and property buckets all gave way, leaving
// only the per-partner ones. Now an IPv6 caller is counted as its /64, and every spelling of one address (an
// IPv4-mapped form, upper case, leading zeros, a zone) as the same subject.
import assert from "node:assert/strict";
import { createApp as authApp } from "../../../supabase/functions/authenticator-service/app.ts";
import { override } from "../../../shared/platform.ts";
import { rateLimitPolicyFromEnv } from "../../../shared/ratelimit/policy.ts";
import { rateLimitSubject } from "../../../shared/validation/ip_address.ts";
import { testPlatform } from "../../support/db.ts";
import { serveApp } from "../../support/http.ts";

Deno.test("sign-in from many addresses of one IPv6 /64 (or spellings of one address) shares one bucket", async () => {
  const p = await testPlatform();
  override(p, "rateLimitPolicy", {
    ...rateLimitPolicyFromEnv(new Map()),
    windowSeconds: 86400,
    signinPerIp: { max: 3 },
  });
  const s = serveApp(authApp(p).fetch);
  const signIn = async (address: string, i: number) => {
    const r = await fetch(`${s.url}/authenticator-service/get-token`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify({ email: `nobody${i}@x.test`, password: "wrong" }),
    });
    await r.body?.cancel();
    return r.status;
  };
  try {
    const oneNetwork = [
      "2001:db8:1:2::1",
      "2001:db8:1:2::2",
      "2001:db8:1:2:ffff::3",
      "2001:db8:1:2:a:b:c:d",
      "2001:db8:1:2::5",
    ];
    const a = [];
    for (const [i, address] of oneNetwork.entries()) a.push(await signIn(address, i));
    assert.deepEqual(a, [401, 401, 401, 429, 429]);
    // Another /64 has its own bucket.
    assert.equal(await signIn("2001:db8:1:3::1", 9), 401);
    const spellings = ["198.51.100.7", "::ffff:198.51.100.7", "::FFFF:C633:6407", "0:0:0:0:0:ffff:c633:6407"];
    const b = [];
    for (const [i, address] of spellings.entries()) b.push(await signIn(address, 10 + i));
    assert.deepEqual(b, [401, 401, 401, 429]);
  } finally {
    await s.close();
    await p.close();
  }
});

Deno.test("rateLimitSubject: the /64 of an IPv6 address, the IPv4 of a mapped one, other text as it is", () => {
  for (
    const a of [
      "2001:db8:1:2::1",
      "2001:0DB8:0001:0002:ffff:0:0:9",
      "[2001:db8:1:2::7]",
      "2001:db8:1:2::8%eth0",
    ]
  ) {
    assert.equal(rateLimitSubject(a), "2001:db8:1:2::/64", a);
  }
  assert.equal(rateLimitSubject("::ffff:10.1.2.3"), "10.1.2.3");
  assert.equal(rateLimitSubject("::10.1.2.3"), "10.1.2.3");
  assert.equal(rateLimitSubject("198.51.100.7"), "198.51.100.7");
  assert.equal(rateLimitSubject("unknown"), "unknown");
  assert.equal(rateLimitSubject("not:an:address"), "not:an:address");
  assert.equal(rateLimitSubject("::1"), "0:0:0:0::/64");
});
