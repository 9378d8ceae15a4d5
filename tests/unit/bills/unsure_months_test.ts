// The months the reader is unsure of (issue #11): the gate marks each month whose per-month confidence is under
// its limit (low_confidence_months, with the months), and the report treats one kept as read as estimated.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { checkReading, DEFAULT_LIMITS, readingOf } from "../../../shared/bills/plausibility.ts";
import { unsureAsEstimated, unsureMonths, usageMonthKey } from "../../../shared/bills/unsure_months.ts";

const usageByMonth = [
  { month: "October", year: 2024, value: 900, unit: "kWh" },
  { month: "November", year: 2024, value: 860, unit: "kWh" },
  { month: "December", year: 2024, value: 905, unit: "kWh" },
  { month: "January", year: 2025, value: 1010, unit: "kWh", estimated: true },
];
const item = (monthConfidence?: Record<string, number>) => ({
  electricityUsage: { usageByMonth },
  ...(monthConfidence ? { monthConfidence } : {}),
});
const gate = (i: unknown) =>
  checkReading({ reading: readingOf(i), limits: DEFAULT_LIMITS, now: new Date("2025-03-01") });

Deno.test("the gate marks the months read under its limit, and only those, for the usage line", () => {
  const r = gate(item({ "2024-10": 0.85, "2024-11": 0.59, "2024-12": 0.55, "2025-01": 0.1 }));
  const unsure = r.checks.filter((c) => c.code === "low_confidence_months");
  assertEquals(unsure.map((c) => [c.group, c.field, c.quality, c.months]), [
    ["usage", "usageByMonth", true, ["2024-11", "2024-12"]],
  ]);
  assertEquals(r.needsConfirmation, ["usage"]);
  // every month sure, or no per-month confidence (another engine): nothing to confirm
  assertEquals(gate(item({ "2024-10": 0.85, "2024-11": 0.8, "2024-12": 0.6 })).needsConfirmation, []);
  assertEquals(gate(item()).needsConfirmation, []);
  // the limit is the gate's (READING_MIN_CONFIDENCE)
  const strict = checkReading({
    reading: readingOf(item({ "2024-10": 0.85 })),
    limits: { ...DEFAULT_LIMITS, minConfidence: 0.9 },
  });
  assertEquals(strict.checks.find((c) => c.code === "low_confidence_months")?.months, ["2024-10"]);
});

Deno.test("an unsure month kept as read is estimated for the report; one typed over is the homeowner's", () => {
  assertEquals(unsureMonths(usageByMonth, { "2024-12": 0.55, "2025-01": 0.2 }, 0.6), ["2024-12"]);
  const kept = unsureAsEstimated(usageByMonth, ["2024-12"], usageByMonth);
  assertEquals(kept.map((u) => !!u.estimated), [false, false, true, true]);
  const typed = usageByMonth.map((u) => (u.month === "December" ? { ...u, value: 990 } : u));
  assertEquals(unsureAsEstimated(typed, ["2024-12"], usageByMonth).map((u) => !!u.estimated), [
    false,
    false,
    false,
    true,
  ]);
  assertEquals([usageMonthKey({ month: "Dec", year: 2024 }), usageMonthKey({ month: 3, year: 2025 })], [
    "2024-12",
    "2025-03",
  ]);
  assertEquals(usageMonthKey({ month: "December" }), undefined);
});
