// The dated federal credit policy through the pipeline and the per-partner setting (real HTTP, real
// PostgreSQL with RLS): 30% for a report dated 2025, none after 2025, a lease partner's own stated figure,
// and partner-admin-only writes; plus a unit address that asks who owns the roof and the fixed charge.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { serveApp } from "../../support/http.ts";
import { createApp } from "../../../supabase/functions/savings-insight-service/app.ts";
import { createSavingsReport } from "../../../shared/savings/pipeline.ts";
import { federalCredit } from "../../../shared/savings/credit.ts";
import { usageByMonth } from "./fixtures.ts";

const send = (url: string, method: string, headers: Record<string, string>, body?: unknown) =>
  fetch(url, {
    method,
    headers: { ...headers, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

Deno.test("credit policy: §25D 30% through 2025, none after; third-party ownership never shows the homeowner a credit", () => {
  assert.equal(federalCredit("2025-12-31").pct, 30);
  assert.equal(federalCredit("2026-01-01").pct, 0);
  assert.equal(federalCredit("2026-11-23").claimant, "none");
  assert.match(federalCredit("2026-11-23").source, /P\.L\. 119-21.*§70506/);
  assert.equal(federalCredit("2021-06-01").pct, 26);
  const lease = federalCredit("2025-06-01", "third_party");
  assert.equal(lease.pct, 0, "a lease customer cannot claim §25D even in 2025");
  assert.equal(lease.claimant, "system_owner");
  assert.doesNotMatch(
    lease.condition,
    /December 31, 2027/,
    "before July 5, 2026 no placed-in-service deadline",
  );
  const leaseNow = federalCredit("2026-11-23", "third_party");
  assert.equal(leaseNow.pct, 0);
  assert.match(leaseNow.condition, /§48E.*placed in service by December 31, 2027/);
  assert.match(leaseNow.source, /§70512/);
  const leaseLater = federalCredit("2028-01-01", "third_party");
  assert.match(leaseLater.condition, /ended after 2027/);
  const stated = federalCredit("2026-11-23", "third_party", {
    pct: 30,
    name: "Lease price includes the owner's §48E credit",
    condition: "for leases signed in 2026",
    source: "Lease agreement §4",
  });
  assert.equal(stated.pct, 30);
  assert.ok(stated.statedByPartner);
});

Deno.test("savings settings: partner admin sets a lease offer with its own credit; the report names it as the partner's; others cannot write", async () => {
  const p = await testPlatform();
  const s = serveApp(createApp(p).fetch);
  try {
    const admin = await tokensFor(p, { role: "partner_admin", orgName: "Lease Sun LLC" });
    const url = `${s.url}/savings-insight-service/savings-settings`;
    const empty = await (await send(url, "GET", admin.headers)).json();
    assert.deepEqual(empty.data, { offerOwnership: "owned", creditOverride: null });
    const override = {
      pct: 30,
      name: "Lease price includes the owner's IRC §48E credit",
      condition: "for leases signed while the owner can claim §48E",
      source: "Lease Sun lease agreement, section 4",
    };
    const put = await send(url, "PUT", admin.headers, {
      offerOwnership: "third_party",
      creditOverride: override,
    });
    assert.equal(put.status, 200, await put.clone().text());
    assert.deepEqual((await (await send(url, "GET", admin.headers)).json()).data, {
      offerOwnership: "third_party",
      creditOverride: override,
    });
    const bad = await send(url, "PUT", admin.headers, { offerOwnership: "rented" });
    assert.equal(bad.status, 400);

    const user = await tokensFor(p, { role: "partner_user", orgId: admin.orgId });
    assert.equal((await send(url, "PUT", user.headers, { offerOwnership: "owned" })).status, 403);
    const res = await send(
      `${s.url}/savings-insight-service/savings-insight-report`,
      "POST",
      user.headers,
      {
        customerName: "Jane Doe",
        email: "jane@example.test",
        address: "123 Main St, Austin, TX 78701",
        usageByMonth,
        deliver: false,
        fixedChargeMonthly: 9.95,
      },
    );
    assert.equal(res.status, 200, await res.clone().text());
    const item = (await res.json()).data.items[0];
    assert.equal(item.figures.credit.pct, 30);
    assert.equal(item.figures.credit.statedByPartner, true);
    assert.ok(Math.abs(item.figures.netCost - item.figures.grossCost * 0.7) < 0.05);
    const text = item.report.sections.map((x: { text: string }) => x.text).join("");
    assert.match(text, /Lease price includes the owner&#39;s IRC §48E credit \(as stated by Lease Sun LLC\)/);
    assert.match(text, /fixed charge of \$9\.95 a month/);
    assert.equal(item.figures.fixedChargeMonthly, 9.95);
    for (const y of item.figures.projection) assert.ok(y.costWithSolar >= 9.95 * 12 - 0.01);

    // The report-only route applies the caller's organisation's settings too.
    const insights = await send(
      `${s.url}/savings-insight-service/generate-savings-insights`,
      "POST",
      user.headers,
      { customerName: "Ann", state: "TX", usageByMonth },
    );
    assert.equal(insights.status, 200);
    assert.equal((await insights.json()).data.items[0].figures.credit.statedByPartner, true);

    // Another organisation sees its own (default) settings, not these.
    const other = await tokensFor(p, { role: "partner_admin" });
    assert.deepEqual((await (await send(url, "GET", other.headers)).json()).data, {
      offerOwnership: "owned",
      creditOverride: null,
    });
  } finally {
    await s.close();
    await p.close();
  }
});

Deno.test("pipeline: a report dated 2025 keeps the 30% credit; a unit address asks who owns the roof; not owned gets no system", async () => {
  const p = await testPlatform();
  try {
    const t = await tokensFor(p, { role: "widget" });
    const id = { auth: { userId: t.userId, email: t.email, orgId: t.orgId, role: t.role, claims: {} } };
    const base = { customerName: "Li Wei", email: "li@example.test", usageByMonth, deliver: false };
    const r2025 = await createSavingsReport(
      p,
      id.auth,
      { ...base, address: "123 Main St, Austin, TX 78701" },
      { now: new Date("2025-09-01T12:00:00Z") },
    );
    assert.equal(r2025.figures.credit.pct, 30);
    assert.ok(Math.abs(r2025.figures.federalCredit - r2025.figures.grossCost * 0.3) < 0.05);
    assert.match(r2025.report.sections[2].text, /Residential Clean Energy Credit \(IRC §25D\) \(30%\)/);

    const unit = await createSavingsReport(p, id.auth, {
      ...base,
      address: "55 Water St Apt 4B, Austin, TX 78701",
    });
    assert.ok(unit.figures.flags.includes("roof_ownership_unknown"));
    assert.match(unit.report.sections[0].text, /Who owns your roof\?/);
    const owned = await createSavingsReport(p, id.auth, {
      ...base,
      address: "55 Water St Apt 4B, Austin, TX 78701",
      roofOwnership: "own",
    });
    assert.ok(!owned.figures.flags.includes("roof_ownership_unknown"));
    const notOwned = await createSavingsReport(p, id.auth, {
      ...base,
      address: "55 Water St Unit 4, Austin, TX 78701",
      roofOwnership: "not_owned",
    });
    assert.equal(notOwned.figures.systemKw, 0);
    assert.match(notOwned.report.sections[0].text, /do not own the roof/);
  } finally {
    await p.close();
  }
});
