import { strict as assert } from "node:assert";
import { billFixedCharge } from "../../../shared/widget/fixed_charge.ts";

const reading = (fixedMonthlyCharge: number | null | undefined) => ({
  electricityUsage: { fixedMonthlyCharge },
});

Deno.test("billFixedCharge: the reader's fixed monthly charge in dollars, else nothing", () => {
  assert.equal(billFixedCharge(reading(12.5)), 12.5);
  assert.equal(billFixedCharge(reading(9.614)), 9.61);
  assert.equal(billFixedCharge(reading(0)), 0);
  assert.equal(billFixedCharge(reading(null)), undefined);
  assert.equal(billFixedCharge(reading(undefined)), undefined);
  assert.equal(billFixedCharge(reading(-3)), undefined);
  assert.equal(billFixedCharge(reading(Number.NaN)), undefined);
  assert.equal(billFixedCharge(null), undefined);
  assert.equal(billFixedCharge({}), undefined);
});
