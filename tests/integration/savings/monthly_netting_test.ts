// Monthly netting through the real pipeline and reference tables (netting19): a North Carolina home's figures count
// the months' excess production from its location's monthly production shape; a Missouri home (no row) does not.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { createSavingsReport } from "../../../shared/savings/pipeline.ts";
import { MONTHS } from "../../../shared/format.ts";

const usageByMonth = MONTHS.map((month, i) => ({
  month,
  year: 2026,
  value: [1000, 900, 800, 700, 800, 1000][i % 6],
}));

Deno.test("a North Carolina home nets within the month: only the months' excess is credited below retail", async () => {
  const p = await testPlatform();
  try {
    const t = await tokensFor(p, { role: "widget" });
    const auth = { userId: t.userId, email: t.email, orgId: t.orgId, role: t.role, claims: {} };
    const nc = await createSavingsReport(p, auth, {
      customerName: "Grace Whitfield",
      email: "grace@example.test",
      address: "300 Fayetteville St, Raleigh, NC 27601",
      usageByMonth,
      deliver: false,
    });
    const f = nc.figures;
    assert.ok(f.systemKw > 0);
    assert.ok(f.monthlyExcessKwh !== undefined && f.monthlyExcessKwh > 0, `${f.monthlyExcessKwh}`);
    // the months' excess is well below the instant model's half of the production
    assert.ok(f.monthlyExcessKwh! < 0.5 * Math.min(f.annualProductionKwh, f.annualKwh));
    assert.ok(f.programCharges.exportShortfall > 0);
    assert.ok(!f.flags.includes("generic_state_programmes"));
    const mo = await createSavingsReport(p, auth, {
      customerName: "Sam Poe",
      email: "sam@example.test",
      address: { line1: "5 Elm St", city: "Jefferson City", state: "MO", zip: "65101" },
      usageByMonth,
      deliver: false,
    });
    assert.equal(mo.figures.monthlyExcessKwh, undefined);
    assert.ok(mo.figures.flags.includes("generic_state_programmes"));
  } finally {
    await p.close();
  }
});
