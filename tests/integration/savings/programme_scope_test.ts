// A state's rule of its investor-owned utilities is not a cooperative's (rates18): through the real pipeline and
// reference tables, a Frankfort, Kentucky home of Kentucky Utilities (investor-owned) nets within the month and has
// its excess credited at about 55% of retail; the same home with Blue Grass Energy Cooperative, which kept retail net
// metering, is given the generic retail assumption, flagged, and its report says why.
import assert from "node:assert/strict";
import { testPlatform } from "../../support/db.ts";
import { tokensFor } from "../../support/auth.ts";
import { createSavingsReport } from "../../../shared/savings/pipeline.ts";
import { MONTHS } from "../../../shared/format.ts";
import { STATE_RULE_NOT_FOR_UTILITY } from "../../../shared/savings/programme_scope.ts";

const usageByMonth = MONTHS.map((month) => ({ month, year: 2026, value: 1_100 }));

Deno.test("Kentucky's export rule applies to Kentucky Utilities' home, not to a cooperative's", async () => {
  const p = await testPlatform();
  try {
    const t = await tokensFor(p, { role: "widget" });
    const auth = { userId: t.userId, email: t.email, orgId: t.orgId, role: t.role, claims: {} };
    const home = (utility: string) =>
      createSavingsReport(p, auth, {
        customerName: "Kim Hale",
        email: "kim@example.test",
        address: { line1: "700 Capital Ave", city: "Frankfort", state: "KY", zip: "40601" },
        usageByMonth,
        utility,
        deliver: false,
      });
    const iou = await home("Kentucky Utilities Company");
    assert.ok(iou.figures.monthlyExcessKwh! > 0);
    assert.ok(iou.figures.programCharges.exportShortfall > 0);
    assert.ok(!iou.figures.flags.includes(STATE_RULE_NOT_FOR_UTILITY));
    const text = (r: typeof iou) => r.report.sections.map((s) => s.text).join("");
    assert.match(text(iou), /credited at about 55% of the retail rate/);

    const coop = await home("Blue Grass Energy Cooperative");
    const f = coop.figures;
    assert.ok(f.flags.includes(STATE_RULE_NOT_FOR_UTILITY), f.flags.join(","));
    assert.ok(f.flags.includes("generic_state_programmes"));
    assert.equal(f.programCharges.exportShortfall, 0);
    assert.equal(f.monthlyExcessKwh, undefined);
    assert.doesNotMatch(text(coop), /credited at about 55%/);
    assert.match(
      text(coop),
      /Kentucky's export rule applies to its investor-owned utilities; Blue Grass Energy Cooperative, the utility chosen for your home, is a cooperative and sets its own/,
    );
    assert.match(text(coop), /the figures assume credits at the retail rate/);
  } finally {
    await p.close();
  }
});

// California's net billing tariff is the CPUC's for its large investor-owned utilities (rates19: scope
// investor_owned, Pub. Util. Code §2827.1, D.22-12-056): a Los Angeles home of LADWP (a municipal utility, with no
// rule on file) is given the generic retail assumption and told why; a Sacramento home of SMUD keeps SMUD's own rule
// on file, not the generic one, and nothing is said to be set aside; a PG&E home keeps the state's rule.
Deno.test("California's net billing tariff: PG&E's home, not LADWP's; SMUD's own rule stays", async () => {
  const p = await testPlatform();
  try {
    const t = await tokensFor(p, { role: "widget" });
    const auth = { userId: t.userId, email: t.email, orgId: t.orgId, role: t.role, claims: {} };
    const home = (utility: string, city: string, zip: string) =>
      createSavingsReport(p, auth, {
        customerName: "Ana Ruiz",
        email: "ana@example.test",
        address: { line1: "100 Main St", city, state: "CA", zip },
        usageByMonth,
        utility,
        deliver: false,
      });
    const text = (r: Awaited<ReturnType<typeof home>>) => r.report.sections.map((s) => s.text).join("");
    const ladwp = await home("Los Angeles Department of Water & Power", "Los Angeles", "90012");
    assert.ok(ladwp.figures.flags.includes(STATE_RULE_NOT_FOR_UTILITY), ladwp.figures.flags.join(","));
    assert.match(
      text(ladwp),
      /California's export rule applies to its investor-owned utilities; Los Angeles/,
    );

    const smud = await home("Sacramento Municipal Utility District", "Sacramento", "95814");
    assert.ok(!smud.figures.flags.includes(STATE_RULE_NOT_FOR_UTILITY), smud.figures.flags.join(","));
    assert.ok(!smud.figures.flags.includes("generic_state_programmes"), smud.figures.flags.join(","));
    assert.match(text(smud), /Solar and Storage Rate/);
    assert.doesNotMatch(text(smud), /applies to its investor-owned utilities/);

    const pge = await home("Pacific Gas & Electric Company", "Sacramento", "95814");
    assert.ok(!pge.figures.flags.includes(STATE_RULE_NOT_FOR_UTILITY), pge.figures.flags.join(","));
    assert.ok(pge.figures.programCharges.exportShortfall > 0);
  } finally {
    await p.close();
  }
});
