// A month the bill did not give is estimated; once the homeowner types their own figure over it on the check
// step it is theirs. The FPL bill with two months read went into a report saying "Ten of the twelve months were
// not on your bills" although the homeowner had typed April's kWh.
import assert from "node:assert/strict";
import { suspectMonth, typedUsage } from "../../../widget/src/usage.ts";
import { normaliseUsage } from "../../../shared/savings/usage.ts";

const read = [
  { month: "March", year: 2023, value: 1080, unit: "kWh", estimated: true },
  { month: "April", year: 2023, value: 1008, unit: "kWh", estimated: true },
  { month: "May", year: 2023, value: 1080, unit: "kWh", estimated: true },
  { month: "January", year: 2024, value: 1219, unit: "kWh" },
  { month: "February", year: 2024, value: 1234, unit: "kWh" },
];

Deno.test("a typed-over estimated month is no longer estimated; untouched ones stay estimated", () => {
  const typed = typedUsage(read, [1080, 1109, 1080.4, 1219, 1300]);
  assert.deepEqual(typed.map((u) => [u.month, u.value, u.estimated === true]), [
    ["March", 1080, true],
    ["April", 1109, false],
    ["May", 1080, true], // 1080.4 rounds to the estimate: unchanged
    ["January", 1219, false],
    ["February", 1300, false],
  ]);
  assert.equal(read[1].estimated, true, "the reading itself is not changed");
  // What the report counts as estimated (the savings input's normalisation) follows.
  const n = normaliseUsage(typed.map((u) => ({ ...u })));
  assert.equal(n[3].extrapolated, false, "April is the homeowner's figure");
  assert.equal(n[2].extrapolated, true, "March is still estimated");
});

Deno.test("the marked month is the largest; of equal ones, the month the bill gave, not an estimate", () => {
  // The BGE statement: August's estimate equals July's reading (177,477); July is the one to check on the bill.
  const values = [177477, 153813, 130150, 177477];
  assert.equal(suspectMonth(values, [true, true, true, false]), 3);
  assert.equal(suspectMonth(values, [false, true, true, false]), 0, "both read: the first");
  assert.equal(suspectMonth([NaN, 5, 9], [false, false, false]), 2);
  assert.equal(suspectMonth([NaN], [false]), -1);
  // QA pass 11, BGE 2021-02 (a business account): July 2020, filled from the seasonal pattern (528,431), is the
  // largest; the largest month of the bill itself is October's bar (500,000), the one the homeowner can check.
  assert.equal(suspectMonth([528431, 400000, 500000, 403601], [true, false, false, false]), 2);
  assert.equal(
    suspectMonth([900, 1200, 1000], [true, true, true]),
    1,
    "no month from the bill: the largest estimate",
  );
});
