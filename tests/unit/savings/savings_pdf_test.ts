import assert from "node:assert/strict";
import { extractText } from "unpdf";
import { calculateSavings } from "../../../shared/savings/calculate.ts";
import { normaliseUsage } from "../../../shared/savings/usage.ts";
import { EmbeddedReportWriter } from "../../../shared/report/embedded.ts";
import { renderSavingsReportPdf } from "../../../shared/pdf/savings_report.ts";
import type { StateProgram } from "../../../shared/report/types.ts";

const program: StateProgram = { state: "OH", isGeneric: true, netMetering: "generic", exportCreditRatio: 1, nonbypassableUsdPerKwh: 0, solarChargeUsdPerKwMonth: 0, propertyTaxExemption: null, incentives: null, efficiencyPrograms: null, batteryIncentives: null, source: "x", year: 2024 };

Deno.test("the designed PDF renders the edge cases: zero usage (no system) and a very long customer name", async () => {
  const figures = calculateSavings({
    usage: normaliseUsage([{ month: 1, value: 0 }]), ratePerKwh: 0.15, escalatorPct: 3, costPerWatt: 2.5,
    roof: { panelCapacityW: 400, maxPanels: 30, yieldDcKwhPerKw: 1400, configs: [], dcToAcDerate: 0.85 }, program,
  });
  const name = "Wolfeschlegelsteinhausenbergerdorff ".repeat(6).trim();
  const report = await new EmbeddedReportWriter().write({ customerName: name, state: "OH", stateName: "Ohio", address: "1 Main St, Columbus, OH", figures, program, rateSource: "", costSource: "", costIsNationalFallback: true });
  const pdf = await renderSavingsReportPdf({ customerName: name, address: "1 Main St, Columbus, OH 43215", state: "OH", partner: { name: "Buckeye Solar" }, figures, sections: report.sections });
  const { text } = await extractText(pdf, { mergePages: true });
  assert.ok(text.includes("we do not recommend a solar system"));
  assert.ok(text.includes("III. Solar Recommendation and Financial Analysis"));
  assert.ok(text.includes("Payback period"));
  assert.ok(text.includes("…"), "the long name is shortened on the cover");
});
