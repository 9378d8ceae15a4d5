// Security pass 14: a partner's staff could have savings reports emailed to any address without a bound
// (`POST /savings-insight-service/savings-insight-report` with a partner user's token; the per-recipient bound counts
// widget tokens only). Now at most RATE_LIMIT_STAFF_REPORT_EMAILS_PER_ORG a day per partner, its people sharing the
// count: then 429 `report_email_limit` with Retry-After and no email queued. Real HTTP, real PostgreSQL.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/savings-insight-service/app.ts";
import { override } from "../../../shared/platform.ts";
import { rateLimitPolicyFromEnv } from "../../../shared/ratelimit/policy.ts";
import { pruneCounters } from "../../../shared/ratelimit/counter.ts";
import { usageByMonth } from "../savings/fixtures.ts";
import { address, contact, widgetEnv } from "../widget/helpers.ts";

Deno.test("savings report emails asked for by a partner's staff: at most RATE_LIMIT_STAFF_REPORT_EMAILS_PER_ORG a day per partner", async () => {
  const p = await testPlatform();
  assert.equal(rateLimitPolicyFromEnv(new Map()).staffReportEmailsPerOrg.max, 200, "the default");
  override(
    p,
    "rateLimitPolicy",
    rateLimitPolicyFromEnv(new Map([["RATE_LIMIT_STAFF_REPORT_EMAILS_PER_ORG", "3"]])),
  );
  const s = serveApp(createApp(p).fetch);
  try {
    const admin = await tokensFor(p, { role: "partner_admin" });
    const user = await tokensFor(p, { role: "partner_user", orgId: admin.orgId });
    const other = await tokensFor(p, { role: "partner_user" });
    let n = 0;
    const ask = async (who: { headers: Record<string, string> }, extra: Record<string, unknown> = {}) => {
      const r = await fetch(`${s.url}/savings-insight-service/savings-insight-report`, {
        method: "POST",
        headers: { ...who.headers, "content-type": "application/json" },
        body: JSON.stringify({
          customerName: "Jane Doe",
          email: `stranger${++n}@victims.example`,
          address: "123 Main St, Austin, TX 78701",
          usageByMonth,
          ...extra,
        }),
      });
      return { status: r.status, retryAfter: r.headers.get("retry-after"), json: await r.json() };
    };
    const queued = async (org: string) =>
      (await p.sql`select count(*)::int as n from public.savings_reports
        where organization_id = ${org} and delivery_status = 'queued'`)[0].n as number;

    // Two colleagues share the partner's count: 3 emails, then 429.
    const statuses = [];
    for (const who of [admin, user, admin, user, admin]) statuses.push((await ask(who)).status);
    assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
    const refused = await ask(user);
    assert.equal(refused.status, 429);
    assert.equal(refused.json.error.code, "report_email_limit");
    assert.ok(Number(refused.retryAfter) >= 1, `Retry-After ${refused.retryAfter}`);
    assert.equal(await queued(admin.orgId), 3, "no email queued past the limit");
    // A report without an email (deliver: false) is not counted; another partner has its own count.
    assert.equal((await ask(admin, { deliver: false })).status, 200);
    assert.equal((await ask(other)).status, 200);
    // The day-long counter outlives the short windows' pruning.
    await pruneCounters(p.sql, 60, 86400);
    assert.equal((await ask(admin)).status, 429, "still refused after the counters were pruned");
  } finally {
    await s.close();
    await p.close();
  }
});

Deno.test("the widget's savings route with a staff token counts against the same partner bound", async () => {
  const e = await widgetEnv();
  override(
    e.p,
    "rateLimitPolicy",
    rateLimitPolicyFromEnv(new Map([["RATE_LIMIT_STAFF_REPORT_EMAILS_PER_ORG", "2"]])),
  );
  try {
    const usage = Array.from(
      { length: 12 },
      (_, i) => ({ month: i + 1, year: 2025, value: 700, unit: "kWh" }),
    );
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const r = await e.call(e.admin, "POST", "/process-widget-savings-info", {
        idempotency_key: `staff-report-${i}`,
        contact: { ...contact, email: `stranger${i}@victims.example` },
        address,
        consent: true,
        usage_by_month: usage,
      });
      statuses.push(r.status === 200 ? "200" : `${r.status} ${r.json.error.code}`);
    }
    assert.deepEqual(statuses, ["200", "200", "429 report_email_limit"]);
    // The widget token is bounded per recipient and address instead, not by the staff's count.
    const w = await e.call(e.widget, "POST", "/process-widget-savings-info", {
      idempotency_key: "widget-report-1",
      contact: { ...contact, email: "homeowner@example.com" },
      address,
      consent: true,
      usage_by_month: usage,
    });
    assert.equal(w.status, 200, JSON.stringify(w.json));
  } finally {
    await e.close();
  }
});
