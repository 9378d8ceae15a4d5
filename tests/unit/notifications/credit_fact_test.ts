// The "New lead" email's federal credit line says "Federal tax credit" once (QA pass 9: "Federal tax credit: No
// federal tax credit: the Residential Clean Energy Credit (IRC §25D) ended; …").
import assert from "node:assert/strict";
import { creditFact } from "../../../shared/notifications/lead_figures.ts";
import { federalCredit } from "../../../shared/savings/credit.ts";
import type { SavingsFigures } from "../../../shared/savings/calculate.ts";

const figures = (day: string) =>
  ({ credit: federalCredit(day), federalCredit: 0 }) as unknown as SavingsFigures;

Deno.test("no credit: the value starts with None, the label is not repeated", () => {
  const ended = creditFact(figures("2026-11-25"));
  assert.equal(ended.label, "Federal tax credit");
  assert.match(
    ended.value,
    /^None: the Residential Clean Energy Credit \(IRC §25D\) ended; the credit is not allowed/,
  );
  const before = creditFact(figures("2010-01-01"));
  assert.match(before.value, /^None on file for this date; /);
});
