// The check step's reasons (widget/src/locale.ts) say what each plausibility check found: a month above a
// home's monthly limit is not a month far above the others (a business account's even months were marked as a
// spike: the City of Buffalo usage statement, 5,948–9,534 kWh a month).
import assert from "node:assert/strict";
import { t } from "../../../widget/src/locale.ts";
import { checkReading, DEFAULT_LIMITS, readingOf } from "../../../shared/bills/plausibility.ts";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

Deno.test("the month-limit reason does not call an even year a spike; the shape reason does", () => {
  const usageByMonth = [7951, 8852, 7559, 6447, 9534, 9464, 9062, 9520, 9077, 8202, 5948, 6565]
    .map((value, i) => ({ month: MONTHS[i], year: 2024, value, unit: "kWh" }));
  const reading = readingOf({ electricityUsage: { usageByMonth } });
  const codes = checkReading({ reading, limits: DEFAULT_LIMITS, now: new Date("2026-01-01") }).checks.map((
    c,
  ) => c.code);
  assert.ok(codes.includes("month_usage_out_of_range"), codes.join());
  assert.ok(!codes.includes("monthly_shape"), "an even year is no spike");
  const r = t.checkReasons;
  assert.doesNotMatch(r.month_usage_out_of_range, /above the others|meter reading/);
  assert.match(r.month_usage_out_of_range, /more than a home uses in a month/);
  assert.match(r.monthly_shape, /far above the others/);
});

Deno.test("a bill from another utility than the one chosen says so (QA pass 7: it was 'Please check this line.')", () => {
  const reading = readingOf({ billingInformation: { utilityProviderName: "Southern California Edison" } });
  const checks = checkReading({
    reading,
    addressState: "CA",
    chosenUtility: "Pacific Gas & Electric Company",
    limits: DEFAULT_LIMITS,
    now: new Date("2026-01-01"),
  }).checks;
  assert.deepEqual(checks.map((c) => c.code), ["utility_mismatch"]);
  const reason = t.checkReasons[checks[0].code as keyof typeof t.checkReasons];
  assert.ok(reason && reason !== t.checkReasons.other, "a reason of its own");
  assert.match(reason, /not the provider you chose/);
});

Deno.test("every check the gate can make has a reason of its own on the check step", async () => {
  const source = (await Promise.all(
    ["plausibility.ts", "plausibility_town.ts"].map((f) =>
      Deno.readTextFile(new URL(`../../../shared/bills/${f}`, import.meta.url))
    ),
  )).join("\n");
  const codes = new Set([...source.matchAll(/(?:code: |add\()"([a-z_]+)"/g)].map((m) => m[1]));
  assert.ok(codes.size >= 9 && codes.has("town_mismatch"), [...codes].join());
  for (const code of codes) assert.ok(code in t.checkReasons, `no reason for ${code}`);
});
