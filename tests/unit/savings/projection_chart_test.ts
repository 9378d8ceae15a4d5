// The 25-year chart of a report whose savings are a sliver of the cost (a business account confirmed by the
// homeowner, QA pass 10: the two cost lines drawn on top of each other) shows the savings alone and says why
// (QA pass 11); a home's keeps the two cost lines and the band between them.
import assert from "node:assert/strict";
import { extractText } from "unpdf";
import { calculateSavings } from "../../../shared/savings/calculate.ts";
import { normaliseUsage } from "../../../shared/savings/usage.ts";
import { renderSavingsReportPdf } from "../../../shared/savings/report_pdf.ts";
import { projectionChartKind } from "../../../shared/savings/projection_chart.ts";
import { annLeeReport, genericProgram } from "./fixtures.ts";

const figuresFor = (kwhAMonth: number) =>
  calculateSavings({
    usage: normaliseUsage(Array.from({ length: 12 }, (_, i) => ({ month: i + 1, value: kwhAMonth }))),
    ratePerKwh: 0.166,
    escalatorPct: 3.9,
    costPerWatt: 2.5,
    roof: { panelCapacityW: 400, maxPanels: 38, yieldDcKwhPerKw: 1300, configs: [], dcToAcDerate: 0.85 },
    program: genericProgram(),
  });

/** The text of the page with the projection chart (page 2). */
async function chartPage(kwhAMonth: number): Promise<string> {
  const doc = await annLeeReport();
  doc.figures = figuresFor(kwhAMonth);
  const { text } = await extractText(await renderSavingsReportPdf(doc), { mergePages: false });
  return text[1].replace(/\s+/g, " ");
}

Deno.test("projectionChartKind: the savings alone when they are under 10% of the first year's cost", () => {
  assert.equal(
    projectionChartKind(figuresFor(182_000)),
    "savings",
    "2.2 GWh a year: savings ≈ 0.8% of the cost",
  );
  // the National Grid account of QA pass 11: 312,494 kWh a year, savings ≈ 6% of the cost, a sliver of a band
  const ngrid = figuresFor(26_041);
  const share = ngrid.projection[0].savings / ngrid.projection[0].costWithoutSolar;
  assert.ok(share > 0.05 && share < 0.1, `${share}`);
  assert.equal(projectionChartKind(ngrid), "savings");
  assert.equal(projectionChartKind(figuresFor(900)), "costs");
  assert.equal(projectionChartKind(figuresFor(0)), "cost_only", "no system proposed");
});

Deno.test("the designed PDF: a business account's chart shows the yearly savings alone and says why", async () => {
  const big = await chartPage(182_000);
  assert.ok(big.includes("25-year savings projection"), big.slice(0, 600));
  assert.ok(big.includes("Your yearly savings with solar"));
  assert.ok(!big.includes("Yearly cost with solar"), "no second cost line on top of the first");
  assert.match(
    big,
    /Solar would lower the yearly cost on this bill by only 1% \(year 1: \$[\d,]+ of \$[\d,]+\), too little to see as a gap between two cost lines, so the chart shows the yearly savings alone\. Rates rise 3\.9% a year\./,
  );
  const home = await chartPage(900);
  assert.ok(home.includes("25-year electricity cost projection"));
  assert.ok(home.includes("Yearly cost without solar") && home.includes("Yearly cost with solar"));
  assert.ok(!home.includes("too little to see"));
});
