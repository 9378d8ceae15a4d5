// The check step marks the months the bill reader was unsure of (the gate's low_confidence_months check), as it
// marks the month a shape check points at; its reason says so in the homeowner's words.
import assert from "node:assert/strict";
import { unsureCells } from "../../../widget/src/usage.ts";
import { t } from "../../../widget/src/locale.ts";

Deno.test("the months the gate names unsure are the cells marked; other checks mark none", () => {
  const usage = ["October", "November", "December"].map((month, i) => ({
    month,
    year: 2024,
    value: 900 + i,
    unit: "kWh",
  }));
  const checks = [
    { code: "low_confidence_months", months: ["2024-11", "2025-11"] },
    { code: "monthly_shape" },
  ];
  assert.deepEqual(unsureCells(usage, checks), [false, true, false]);
  assert.deepEqual(unsureCells(usage, [{ code: "low_confidence", months: ["2024-10"] }]), [
    false,
    false,
    false,
  ]);
  assert.match(t.checkReasons.low_confidence_months, /marked months/);
});
