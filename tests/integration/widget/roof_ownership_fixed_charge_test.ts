// process-widget-savings-info passes the widget's roof answer and the bill reading's fixed charge to the savings
// pipeline (issue 11 §3): a unit answered "own" gets a system, "not_owned" none (and says why); no answer asks.
import assert from "node:assert/strict";
import { contact, widgetEnv } from "./helpers.ts";
import { MONTHS } from "../../../shared/format.ts";

const usage = MONTHS.map((month) => ({ month, year: 2025, value: 700, unit: "kWh" }));
const unit = { line1: "1 Market St", line2: "Apt 4B", city: "San Francisco", state: "CA", zip: "94105" };

Deno.test("process-widget-savings-info: roof_ownership and the bill's fixedMonthlyCharge reach the report", async () => {
  const e = await widgetEnv();
  try {
    const run = async (key: string, extra: Record<string, unknown>) => {
      const r = await e.call(e.widget, "POST", "/process-widget-savings-info", {
        idempotency_key: key,
        contact: { ...contact, email: `${key}@example.com` },
        address: unit,
        consent: true,
        bill: { electricityUsage: { usageByMonth: usage, fixedMonthlyCharge: 10.5 } },
        ...extra,
      });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      const [rep] = await e.p
        .sql`select figures from public.savings_reports where id = ${r.json.data.transactionId}`;
      return {
        summary: r.json.data,
        figures: rep.figures as { flags: string[]; fixedChargeMonthly: number },
      };
    };
    const asked = await run("roof-unanswered", {});
    assert.ok(asked.figures.flags.includes("roof_ownership_unknown"), "no answer: the report asks");
    assert.equal(asked.figures.fixedChargeMonthly, 10.5, "the bill's fixed charge is in every cost");
    assert.ok(!asked.figures.flags.includes("fixed_charge_unknown"));

    const own = await run("roof-own", { roof_ownership: "own" });
    assert.ok(own.summary.systemKw > 0);
    assert.equal(own.summary.noSystemReason, null);
    assert.ok(!own.figures.flags.includes("roof_ownership_unknown"));

    const notOwned = await run("roof-not-owned", { roof_ownership: "not_owned" });
    assert.equal(notOwned.summary.systemKw, 0);
    assert.equal(notOwned.summary.noSystemReason, "roof_not_owned");

    const bad = await e.call(e.widget, "POST", "/process-widget-savings-info", {
      idempotency_key: "roof-bad",
      contact,
      address: unit,
      usage_by_month: usage,
      roof_ownership: "landlord",
    });
    assert.equal(bad.status, 400, "an unknown answer is a 400 naming the field, never a 500");
    assert.match(JSON.stringify(bad.json), /roof_ownership/);
  } finally {
    await e.close();
  }
});
