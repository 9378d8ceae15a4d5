// Security pass 12: `POST /email-agent/check-inbox` was open to any partner's user, without a rate limit for staff,
// and answered the platform's counts (the bill inbox is shared by every partner). Now partner admins and the service
// role only, an admin's counts are their own partner's messages, and admins' checks are counted per partner and in
// all. Real SMTP and HTTP.
import assert from "node:assert/strict";
import nodemailer from "nodemailer";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/email-agent/app.ts";
import { startSmtpListener } from "../../../shared/inbox/smtp_listener.ts";
import { override } from "../../../shared/platform.ts";
import { rateLimitPolicyFromEnv } from "../../../shared/ratelimit/policy.ts";
import { orgSlug } from "../operations/helpers.ts";

Deno.test("inbox check: admins and the service only, each partner's own counts, and a bound per partner and in all", async () => {
  const p = await testPlatform();
  override(
    p,
    "rateLimitPolicy",
    // A day-long window, so that the test does not straddle one.
    rateLimitPolicyFromEnv(
      new Map([
        ["RATE_LIMIT_WINDOW_SECONDS", "86400"],
        ["RATE_LIMIT_INBOX_CHECKS_PER_ORG", "2"],
        ["RATE_LIMIT_INBOX_CHECKS_ALL", "4"],
      ]),
    ),
  );
  const smtp = await startSmtpListener(p.sql, { port: 0 });
  const s = serveApp(createApp(p).fetch);
  const mailer = nodemailer.createTransport({
    host: "127.0.0.1",
    port: smtp.port,
    secure: false,
    ignoreTLS: true,
  });
  try {
    const a = await tokensFor(p, { role: "partner_admin" });
    const aUser = await tokensFor(p, { role: "partner_user", orgId: a.orgId });
    const b = await tokensFor(p, { role: "partner_admin" });
    const service = await tokensFor(p, { role: "service" });
    const send = async (orgId: string, n: number, tag: string) => {
      const to = `bills+${await orgSlug(p, orgId)}@inbox.local`;
      for (let i = 0; i < n; i++) {
        await mailer.sendMail({
          from: "billing@utility.example",
          to,
          subject: "Your electric bill",
          text: `Your bill for account 12345${i} is ready. Amount due $${100 + i}.00.`,
          messageId: `<${tag}-${i}@utility.example>`,
        });
      }
    };
    const check = (who: { headers: Record<string, string> }) =>
      fetch(`${s.url}/email-agent/check-inbox`, {
        method: "POST",
        headers: { ...who.headers, "content-type": "application/json" },
        body: "{}",
      });

    // A partner's user may not run the platform's inbox check.
    const refused = await check(aUser);
    assert.equal(refused.status, 403, await refused.clone().text());
    assert.equal((await refused.json()).error.code, "forbidden");

    // Four messages for B, one for A: A's admin runs the check and learns only of A's.
    await send(b.orgId, 4, "b");
    await send(a.orgId, 1, "a");
    const first = await check(a);
    assert.equal(first.status, 200);
    const r = await first.json();
    assert.deepEqual(
      [r.fetched, r.recorded, r.duplicates, r.billing, r.messages.length],
      [1, 1, 0, 1, 1],
      JSON.stringify({ ...r, messages: r.messages.length }),
    );
    // All five were recorded for their partners all the same.
    const [{ n }] = await p.sql`select count(*)::int as n from public.email_messages`;
    assert.equal(n, 5);

    // A duplicate of B's mail, delivered again: A hears nothing of it; the service sees the platform's counts.
    await send(b.orgId, 1, "b");
    const again = await (await check(a)).json();
    assert.deepEqual([again.fetched, again.duplicates], [0, 0]);
    await send(b.orgId, 1, "b");
    const svc = await check(service);
    assert.equal(svc.status, 200);
    const sv = await svc.json();
    assert.deepEqual([sv.fetched, sv.duplicates], [1, 1]);

    // Two checks a window for A (both done above); the third is 429 with Retry-After.
    const third = await check(a);
    assert.equal(third.status, 429);
    assert.ok(Number(third.headers.get("retry-after")) > 0);
    assert.equal((await third.json()).error.code, "rate_limited");
    // Four by all admins together (a refused check counts): B's first is the fourth, B's second is over.
    assert.equal((await check(b)).status, 200);
    const over = await check(b);
    assert.equal(over.status, 429);
    await over.body?.cancel();
    // The scheduler's checks are not counted.
    for (let i = 0; i < 3; i++) {
      const ok = await check(service);
      assert.equal(ok.status, 200);
      await ok.body?.cancel();
    }
  } finally {
    mailer.close();
    await s.close();
    await smtp.close();
    await p.close();
  }
});
