// The home's utility's own average rate reaches the report through the real provider table (rates17): the widget's
// provider name (a display name) is found among the state's providers, a non-investor-owned utility with a 2020 EIA-861
// rate gets its estimate, an investor-owned one keeps the state's average, and the bill's own rate always wins.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { createSavingsReport, UTILITY_RATE_ESTIMATE } from "../../../shared/savings/pipeline.ts";
import { providerEiaid } from "../../../shared/savings/utility_rate.ts";
import { usageByMonth } from "./fixtures.ts";

Deno.test("pipeline: an Austin Energy or SMUD home gets its utility's estimated rate; Oncor keeps Texas's; the bill's rate wins", async () => {
  const p = await testPlatform();
  try {
    const t = await tokensFor(p, { role: "partner_user" });
    const auth = { userId: t.userId, email: t.email, orgId: t.orgId, role: t.role, claims: {} };
    const base = { customerName: "Li Wei", email: "li@example.test", usageByMonth, deliver: false };
    const austin = "123 Main St, Austin, TX 78701";

    // the names the widget sends: display names, the table's own abbreviation
    assert.equal(await providerEiaid(p.sql, "Austin Energy", "TX"), 1015);
    assert.equal(await providerEiaid(p.sql, "Sacramento Municipal Util Dist", "CA"), 16534);
    assert.equal(await providerEiaid(p.sql, "Austin Energy", "MN"), null);

    const own = await createSavingsReport(p, auth, { ...base, address: austin, utility: "Austin Energy" });
    const state = await createSavingsReport(p, auth, {
      ...base,
      address: austin,
      utility: "Oncor Electric Delivery Company",
    });
    assert.equal(state.figures.ratePerKwh, 0.1446, "Texas's average, EIA 2023");
    assert.ok(!state.figures.flags.includes(UTILITY_RATE_ESTIMATE));
    // 10.56 ¢ (2020) × Texas 14.46 / 11.71 ¢
    assert.ok(
      Math.abs(own.figures.ratePerKwh - 0.10558 * 0.1446 / 0.11714) < 1e-4,
      `${own.figures.ratePerKwh}`,
    );
    assert.ok(own.figures.flags.includes(UTILITY_RATE_ESTIMATE));
    assert.ok(own.figures.netAnnualSavings < state.figures.netAnnualSavings);
    assert.match(
      own.rates.source,
      /^an estimate of Austin Energy's average residential rate: its 2020 average/,
    );
    const text = own.report.sections.map((s) => s.text).join("");
    assert.match(
      text,
      /At Austin Energy's average residential rate of 13\.0\d ¢\/kWh \(our estimate: its 2020 average/,
    );
    const [row] = await p.sql`select input from public.savings_reports where id = ${own.transactionId}`;
    assert.deepEqual(
      [(row.input as any).basis.rateKind, (row.input as any).basis.rateUtility],
      ["utility", "Austin Energy"],
    );

    const smud = await createSavingsReport(p, auth, {
      ...base,
      address: "1 Capitol Mall, Sacramento, CA 95814",
      utility: "Sacramento Municipal Utility District",
    });
    assert.ok(
      smud.figures.ratePerKwh < 0.2951 * 0.8,
      `SMUD ${smud.figures.ratePerKwh} vs California 29.51 ¢`,
    );

    const bill = await createSavingsReport(p, auth, {
      ...base,
      address: austin,
      utility: "Austin Energy",
      ratePerKwh: 0.118,
    });
    assert.equal(bill.figures.ratePerKwh, 0.118);
    assert.ok(!bill.figures.flags.includes(UTILITY_RATE_ESTIMATE));
    // another utility's bill: the home's utility is not sure, the state's average is used
    const other = await createSavingsReport(p, auth, {
      ...base,
      address: austin,
      utility: "Austin Energy",
      otherBillUtility: "Florida Power & Light Co",
    });
    assert.equal(other.figures.ratePerKwh, 0.1446);
  } finally {
    await p.close();
  }
});
