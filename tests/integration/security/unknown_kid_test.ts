// Third pass: a token whose `kid` is no key of ours (no account needed to make one) sent the gateway back to the
// database for the keys on every request, before the 401: a flood of made-up tokens was a flood of queries.
// The keys are now looked up again at most once per 10 s. Every read of the key table is counted by the database
// during the test (the table is put behind a view that logs each query).
import assert from "node:assert/strict";
import { createApp as partnerApp } from "../../../supabase/functions/partner-service/app.ts";
import { testPlatform } from "../../support/db.ts";
import { serveApp } from "../../support/http.ts";
import { tokensFor } from "../../support/auth.ts";

const b64 = (v: unknown) =>
  btoa(JSON.stringify(v)).replace(/=+$/, "").replaceAll("+", "-").replaceAll("/", "_");

Deno.test("tokens with an unknown kid: 401 without a database lookup each (keys re-read at most once per 10 s)", async () => {
  const p = await testPlatform();
  const s = serveApp(partnerApp(p).fetch);
  try {
    const admin = await tokensFor(p, { role: "partner_admin" });
    const me = await fetch(`${s.url}/partner-service/me`, { headers: admin.headers });
    assert.equal(me.status, 200); // the gateway has read the keys
    await me.body?.cancel();
    await p.sql.unsafe(`
      alter table identity.signing_keys rename to signing_keys_counted;
      create table public.key_reads (n serial);
      create function public.key_read() returns int volatile language sql
        as 'insert into public.key_reads default values returning 1';
      create view identity.signing_keys as
        select k.* from identity.signing_keys_counted k cross join (select public.key_read()) r;`);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        const forged = `${b64({ alg: "ES256", typ: "JWT", kid: `made-up-${i}` })}.${
          b64({ sub: crypto.randomUUID(), exp: Math.floor(Date.now() / 1000) + 600 })
        }.${b64("x".repeat(64))}`;
        const r = await fetch(`${s.url}/partner-service/me`, {
          headers: { Authorization: `Bearer ${forged}` },
        });
        statuses.push(r.status);
        assert.equal((await r.json()).error.code, "invalid_token");
      }
      assert.deepEqual(statuses, Array(20).fill(401));
      const [{ reads }] = await p.sql`select count(*)::int as reads from public.key_reads`;
      assert.ok(reads <= 2, `${reads} reads of the key table for 20 made-up tokens`);
      // A real token still works (its key is in the cache).
      const again = await fetch(`${s.url}/partner-service/me`, { headers: admin.headers });
      assert.equal(again.status, 200);
      await again.body?.cancel();
    } finally {
      await p.sql.unsafe(`drop view identity.signing_keys;
        alter table identity.signing_keys_counted rename to signing_keys;`);
    }
  } finally {
    await s.close();
    await p.close();
  }
});
