import assert from "node:assert/strict";
import { completeUsage, SEASONAL_INDEX } from "../../../shared/bills/usage_completion.ts";
import { type MonthlyUsage, MonthNames } from "../../../shared/bills/schema.ts";

const m = (year: number, month: number, value: number): MonthlyUsage => ({
  month: MonthNames[month - 1],
  year,
  value,
  unit: "kWh",
});

Deno.test("keeps the most recent 12 months, oldest first, without estimates when all are read", () => {
  const read = Array.from(
    { length: 15 },
    (_, i) => m(2023 + Math.floor((i + 9) / 12), ((i + 9) % 12) + 1, 100 + i),
  );
  const out = completeUsage(read);
  assert.equal(out.length, 12);
  assert.deepEqual(out[0], m(2024, 1, 103));
  assert.deepEqual(out[11], m(2024, 12, 114));
  assert.ok(out.every((x) => x.estimated === undefined));
});

Deno.test("missing months are extrapolated from the seasonal shape of the months read, and flagged", () => {
  const out = completeUsage([m(2024, 1, 1080), m(2024, 7, 1200)]);
  assert.equal(out.length, 12);
  assert.equal(out[11].month, "July");
  const read = out.filter((x) => !x.estimated);
  assert.deepEqual(read.map((x) => x.value), [1080, 1200]);
  // both read months sit exactly on a level of 1000 kWh: each estimate is 1000 x the month's index
  for (const x of out.filter((x) => x.estimated)) {
    assert.equal(x.value, Math.round(1000 * SEASONAL_INDEX[MonthNames.indexOf(x.month)]));
    assert.equal(x.estimated, true);
  }
});

Deno.test("a month read a year earlier is reused for its estimate, scaled by the change in level", () => {
  const out = completeUsage([m(2023, 2, 900), m(2023, 3, 800), m(2024, 1, 1000), m(2024, 2, 990)]);
  const march = out.find((x) => x.month === "March" && x.year === 2023);
  assert.equal(march?.estimated, undefined, "a read month inside the window stays as read");
  const feb24 = out.find((x) => x.month === "February" && x.year === 2024)!;
  assert.equal(feb24.value, 990);
  assert.equal(out.length, 12);
});

Deno.test("nothing read gives nothing (never an invented history)", () => {
  assert.deepEqual(completeUsage([]), []);
  assert.deepEqual(completeUsage([{ ...m(2024, 1, 5), estimated: true }]), []);
});
