// Months measured from a chart's bars (fromChart, chart_bars.ts) must be confirmed whatever their confidence: the gate
// names them (chart_estimated_months), the check step marks their cells, and one kept as read reaches the report as
// an estimate.
import assert from "node:assert/strict";
import { checkReading, DEFAULT_LIMITS, readingOf } from "../../../shared/bills/plausibility.ts";
import { usageForReport } from "../../../shared/widget/reading.ts";
import { unsureCells } from "../../../widget/src/usage.ts";
import type { MonthUsage } from "../../../widget/src/types.ts";

const usageByMonth: (MonthUsage & { fromChart?: boolean })[] = [
  { month: "October", year: 2024, value: 900, unit: "kWh" },
  { month: "November", year: 2024, value: 860, unit: "kWh", fromChart: true },
  { month: "December", year: 2024, value: 905, unit: "kWh" },
];
// a confidence over the limit for every month: only the flag asks for the confirmation
const item = {
  electricityUsage: { usageByMonth },
  monthConfidence: { "2024-10": 0.9, "2024-11": 0.9, "2024-12": 0.9 },
};

Deno.test("a month measured from a chart's bars is named by chart_estimated_months and must be confirmed", () => {
  const r = checkReading({ reading: readingOf(item), limits: DEFAULT_LIMITS, now: new Date("2025-03-01") });
  const c = r.checks.find((x) => x.code === "chart_estimated_months");
  assert.deepEqual([c?.group, c?.field, c?.quality, c?.months], ["usage", "usageByMonth", true, ["2024-11"]]);
  assert.deepEqual(r.needsConfirmation, ["usage"]);
  assert.deepEqual(unsureCells(usageByMonth, r.checks), [false, true, false]);
  // without the flag, nothing to confirm
  const plain = {
    ...item,
    electricityUsage: { usageByMonth: usageByMonth.map(({ fromChart: _, ...u }) => u) },
  };
  assert.deepEqual(checkReading({ reading: readingOf(plain), limits: DEFAULT_LIMITS }).needsConfirmation, []);
});

Deno.test("a measured month kept as read goes to the report as an estimate; one typed over is the homeowner's", () => {
  const kept = usageForReport(item, usageByMonth.map(({ fromChart: _, ...u }) => u));
  assert.deepEqual(kept.map((u) => u.estimated === true), [false, true, false]);
  const typed = usageByMonth.map((
    { fromChart: _, ...u },
  ) => (u.month === "November" ? { ...u, value: 870 } : u));
  assert.deepEqual(usageForReport(item, typed).map((u) => u.estimated === true), [
    false,
    false,
    false,
  ]);
});

Deno.test("a printed month the reader was unsure of, kept as read, goes to the report as read, not as an estimate (QA pass 10)", () => {
  const printed = { ...item, monthConfidence: { "2024-10": 0.9, "2024-11": 0.9, "2024-12": 0.4 } };
  // December's confidence is under the limit: the gate asks the homeowner to check it …
  const r = checkReading({
    reading: readingOf(printed),
    limits: DEFAULT_LIMITS,
    now: new Date("2025-03-01"),
  });
  assert.deepEqual(r.checks.find((c) => c.code === "low_confidence_months")?.months, ["2024-12"]);
  // … kept as read, it is the bill's printed figure: only the month measured from the chart's bar is an estimate
  const kept = usageForReport(printed, usageByMonth.map(({ fromChart: _, ...u }) => u));
  assert.deepEqual(kept.map((u) => u.estimated === true), [false, true, false]);
  assert.deepEqual(kept.map((u) => u.value), [900, 860, 905]);
});
