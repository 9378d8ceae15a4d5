// A bill whose yearly use is far beyond a home's (the gate's READING_ANNUAL_KWH_MAX), confirmed by the homeowner
// (QA pass 9: BGE and National Grid commercial accounts got "covering 1%" and "19%" reports presented as a home's):
// the figures are flagged `beyond_home_use`, and the summary, the report and the email say what that means (QA pass
// 10). A home's use is not flagged.
import assert from "node:assert/strict";
import { contact, widgetEnv } from "./helpers.ts";
import { MONTHS } from "../../../shared/format.ts";
import { partnerSender, renderReportEmail } from "../../../shared/savings/report_email.ts";
import type { SavingsFigures } from "../../../shared/savings/calculate.ts";

const home = { line1: "350 5th Ave", city: "New York", state: "NY", zip: "10118" };
const year = (kwh: number) => MONTHS.map((month) => ({ month, year: 2025, value: kwh, unit: "kWh" }));

Deno.test("process-widget-savings-info: a confirmed use far beyond a home's is said so in the summary, report and email", async () => {
  const e = await widgetEnv();
  try {
    const run = async (key: string, kwh: number) => {
      const r = await e.call(e.widget, "POST", "/process-widget-savings-info", {
        idempotency_key: key,
        contact: { ...contact, email: `${key}@example.com` },
        address: home,
        consent: true,
        bill: { electricityUsage: { usageByMonth: year(kwh) } },
        confirmed: ["usage"],
      });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      const [rep] = await e.p
        .sql`select figures, report from public.savings_reports where id = ${r.json.data.transactionId}`;
      return {
        summary: r.json.data,
        figures: rep.figures as SavingsFigures,
        text: (rep.report.sections as { text: string }[]).map((s) => s.text).join(""),
      };
    };
    // 2.2 GWh a year, as the BGE account of QA pass 9
    const big = await run("beyond-home", 182_000);
    assert.ok(big.figures.flags.includes("beyond_home_use"), big.figures.flags.join());
    assert.equal(big.summary.beyondHomeUse, true);
    assert.ok(
      big.summary.systemKw > 0 && big.summary.offsetPct < 5,
      "one roof's system, a sliver of the use",
    );
    assert.match(
      big.text,
      /<strong>This bill shows 2,184,000 kWh a year, far more electricity than a home uses\. The largest system your roof holds would cover only (<1|\d)% of it, so the savings here are for that system alone, not a plan for all of this use\. A use this large is usually that of a business or a whole building: if this bill is not for your home, start again with your home bill; if it is, ask .+ for a commercial solar assessment\.<\/strong>/,
    );
    const mail = await renderReportEmail(e.p, await partnerSender(e.p, e.widget.orgId), {
      customerName: "Dana Reyes",
      figures: big.figures,
    });
    assert.match(mail.text, /far more electricity than a home uses\. The largest system your roof holds/);
    assert.match(mail.html, /<p><strong>This bill shows 2,184,000 kWh a year, far more electricity/);

    // a home's 10,800 kWh: nothing said
    const normal = await run("home-use", 900);
    assert.ok(!normal.figures.flags.includes("beyond_home_use"));
    assert.equal(normal.summary.beyondHomeUse, false);
    assert.doesNotMatch(normal.text, /far more electricity than a home uses/);
    const plain = await renderReportEmail(e.p, await partnerSender(e.p, e.widget.orgId), {
      customerName: "Dana Reyes",
      figures: normal.figures,
    });
    assert.doesNotMatch(plain.text + plain.html, /far more electricity/);
  } finally {
    await e.close();
  }
});
