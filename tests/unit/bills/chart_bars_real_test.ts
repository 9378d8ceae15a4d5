// FPL's real bills print their 13-month history as bars without values (tests/fixtures/bills/real/hutson_sample01-04):
// every month of the year is read now, the three the bill prints (its comparison table) exactly and unflagged, the
// others measured from the bars — flagged `fromChart`, within 5% of the truth files' values (the bars' heights on a
// 600 dpi rendering, scaled by the household's printed months; docs/bills.md "Charts without values"), under the
// confirm step's confidence, and named by the gate's chart_estimated_months check.
import assert from "node:assert/strict";
import { readDocumentText } from "../../../shared/documents/read_text.ts";
import { readBillText } from "../../../shared/bills/read_bill_text.ts";
import { normalizeItem } from "../../../shared/bills/normalize.ts";
import { checkReading, DEFAULT_LIMITS, readingOf } from "../../../shared/bills/plausibility.ts";
import type { BillItem } from "../../../shared/bills/schema.ts";
import { monthKey } from "../../../shared/bills/embedded/month_confidence.ts";
import { MonthNames } from "../../../shared/bills/schema.ts";

const dir = new URL("../../fixtures/bills/real/", import.meta.url);

for (const id of ["hutson_sample01", "hutson_sample02", "hutson_sample03", "hutson_sample04"]) {
  Deno.test(`${id}: the year's 12 months, the chart's measured within 5% and flagged, the printed ones exact`, async () => {
    const truth = normalizeItem(
      JSON.parse(await Deno.readTextFile(new URL(`truth/${id}.json`, dir))).truth as BillItem,
    ).electricityUsage.usageByMonth;
    const bytes = await Deno.readFile(new URL(`${id}.pdf`, dir));
    const answer = readBillText(await readDocumentText([{ filename: `${id}.pdf`, bytes }]));
    const item = normalizeItem(answer.item);
    const got = item.electricityUsage.usageByMonth;
    assert.equal(got.filter((u) => !u.estimated).length, 12);
    assert.equal(truth.filter((u) => u.fromChart).length, 10);
    for (const want of truth) {
      const have = got.find((u) => u.year === want.year && u.month === want.month)!;
      const key = monthKey(want.year, MonthNames.indexOf(want.month) + 1);
      if (want.fromChart) {
        assert.ok(have.fromChart, `${key} flagged`);
        assert.ok(
          Math.abs(have.value - want.value) <= want.value * 0.05,
          `${key}: ${have.value} for ${want.value}`,
        );
        assert.ok(item.monthConfidence![key] < DEFAULT_LIMITS.minConfidence, `${key} to confirm`);
      } else {
        assert.equal(have.value, want.value, key);
        assert.ok(!have.fromChart, `${key} printed`);
      }
    }
    const gate = checkReading({
      reading: readingOf(item),
      limits: DEFAULT_LIMITS,
      now: new Date("2026-01-01"),
    });
    const check = gate.checks.find((c) => c.code === "chart_estimated_months");
    assert.deepEqual(
      check?.months,
      got.filter((u) => u.fromChart).map((u) => monthKey(u.year, MonthNames.indexOf(u.month) + 1)),
    );
    assert.ok(gate.needsConfirmation.includes("usage"));
    // a chart month is not also reported as a low-confidence reading
    assert.ok(
      !gate.checks.some((c) =>
        c.code === "low_confidence_months" && c.months?.some((m) => check!.months!.includes(m))
      ),
    );
  });
}
