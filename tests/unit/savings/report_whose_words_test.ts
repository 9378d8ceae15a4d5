// Whose figures the report names (QA pass 16): usage the homeowner typed is their estimate, not what the home "used
// over the last year"; in a retail-choice area the bill's fixed charge is the electricity provider's, not the
// utility's (Reliant's $10.95 base charge for a CenterPoint home in Houston).
import assert from "node:assert/strict";
import { calculateSavings, RETAIL_CHOICE } from "../../../shared/savings/calculate.ts";
import { normaliseUsage } from "../../../shared/savings/usage.ts";
import { EmbeddedReportWriter } from "../../../shared/savings/report/embedded.ts";
import { renderSavingsReportPdf } from "../../../shared/savings/report_pdf.ts";
import { extractText } from "unpdf";
import { annLeeReport, texas } from "./fixtures.ts";

async function text(o: { estimated?: boolean; fixed?: number | null; retailChoice?: boolean }) {
  const figures = calculateSavings({
    usage: normaliseUsage(
      Array.from(
        { length: 12 },
        (_, i) => ({ month: i + 1, value: 900 + (o.estimated ? 0 : i * 10), estimated: o.estimated }),
      ),
    ),
    ratePerKwh: 0.1446,
    escalatorPct: 2.3,
    costPerWatt: 2.5,
    roof: { panelCapacityW: 400, maxPanels: 40, yieldDcKwhPerKw: 1500, configs: [], dcToAcDerate: 0.85 },
    program: texas,
    fixedChargeMonthly: o.fixed ?? null,
  });
  if (o.retailChoice) figures.flags.push(RETAIL_CHOICE);
  const report = await new EmbeddedReportWriter().write({
    customerName: "Grace Anderson",
    state: "TX",
    stateName: "Texas",
    address: "4746 Maple Ave, Houston, TX 77019",
    figures,
    program: texas,
    rateSource: "EIA",
    costSource: "ES",
    costIsNationalFallback: true,
  });
  return report.sections.map((s) => s.text).join("");
}

Deno.test("report: usage typed as an average is the homeowner's estimate, a bill's months what the home used", async () => {
  const typed = await text({ estimated: true });
  assert.match(
    typed,
    /you estimate that your home in Texas uses about <strong>10,800 kWh<\/strong> of electricity a year/,
  );
  assert.match(typed, /Your annual consumption, by your estimate, is <strong>10,800 kWh<\/strong>/);
  assert.ok(!/used <strong>|over the last year/.test(typed), typed);
  const billed = await text({});
  assert.match(
    billed,
    /your home in Texas used <strong>11,460 kWh<\/strong> of electricity over the last year/,
  );
  assert.ok(!/you estimate|by your estimate/.test(billed), billed);
});

Deno.test("report: in a retail-choice area the fixed charge is the electricity provider's", async () => {
  const retail = await text({ fixed: 10.95, retailChoice: true });
  assert.match(retail, /with your electricity provider's fixed charge\./);
  assert.match(retail, /These costs include your electricity provider's fixed charge of \$10\.95 a month/);
  assert.ok(!/utility's fixed/.test(retail), retail);
  const unread = await text({ retailChoice: true });
  assert.match(unread, /These costs leave out your electricity provider's fixed monthly customer charge/);
  // elsewhere, the utility's
  const utility = await text({ fixed: 10.95 });
  assert.match(utility, /These costs include your utility's fixed charge of \$10\.95 a month/);
  assert.ok(!/electricity provider/.test(utility), utility);
});

Deno.test("report PDF: a retail-choice home's fixed charge not read is the electricity provider's", async () => {
  const pdfText = async (retail: boolean) => {
    const doc = await annLeeReport({ fixedChargeMonthly: null });
    if (retail) doc.figures.flags = [...(doc.figures.flags ?? []), RETAIL_CHOICE];
    return (await extractText(await renderSavingsReportPdf(doc), { mergePages: true })).text.replace(
      /\s+/g,
      " ",
    );
  };
  const retail = await pdfText(true);
  assert.ok(
    retail.includes("Your electricity provider's fixed monthly charge was not read from your bill"),
    retail,
  );
  assert.ok(!retail.includes("Your utility's fixed monthly charge"), retail);
  assert.ok(
    (await pdfText(false)).includes("Your utility's fixed monthly charge was not read from your bill"),
  );
});
