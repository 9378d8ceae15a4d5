// The utility's fixed monthly charge: read under its common US names into electricityUsage.fixedMonthlyCharge
// (dollars, with a confidence), never from a late fee, a total of charges, a per-kWh price or a gas line.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { normalizeItem } from "../../../shared/bills/normalize.ts";
import { emptyItem } from "../../../shared/bills/schema.ts";

const bill = (...charges: string[]) => [
  "Sunrise Electric Cooperative",
  "Account Number: 4410 2235 19   Statement Date: 03/05/2024",
  "Billing Period: 02/02/2024 - 03/03/2024   Amount Due: $142.18",
  "Total kWh used 1043",
  ...charges,
];
const fixed = (...charges: string[]) => parseBill(bill(...charges)).electricityUsage.fixedMonthlyCharge;

Deno.test("the fixed charge under its usual names", () => {
  assertEquals(fixed("Customer Charge   $12.50", "Energy Charge 1043 kWh @ $0.11   $114.73"), 12.5);
  assertEquals(fixed("Basic Service Charge   30 days @ $0.45   $13.50"), 13.5);
  assertEquals(fixed("Facilities charge:   9.00"), 9);
  assertEquals(fixed("Monthly Service Charge   $24.00"), 24);
  assertEquals(fixed("Base charge:   $8.99"), 8.99);
  const item = parseBill(bill("Customer Charge   $12.50"));
  assertEquals((item.confidence.fixedMonthlyCharge ?? 0) >= 0.5, true);
});

Deno.test("not a fixed charge: late fees, totals, per-kWh prices, gas, absurd figures", () => {
  assertEquals(fixed("Late payment service charge   $5.00"), undefined);
  assertEquals(fixed("Total Service Charges   $142.18"), undefined);
  assertEquals(fixed("Gas customer charge   $11.00"), undefined);
  assertEquals(fixed("Customer Charge   $0.0712 per kWh"), undefined);
  assertEquals(fixed("Customer Charge   $1,250.00"), undefined);
  assertEquals(fixed("Energy Charge   $114.73"), undefined);
});

Deno.test("normalisation: a number in dollars, null when unreadable, absent when no adapter gave it", () => {
  const withCharge = (v: unknown) => {
    const it = emptyItem();
    (it.electricityUsage as Record<string, unknown>).fixedMonthlyCharge = v;
    return normalizeItem(it).electricityUsage.fixedMonthlyCharge;
  };
  assertEquals(withCharge("$8.34"), 8.34);
  assertEquals(withCharge(12.5), 12.5);
  assertEquals(withCharge(null), null);
  assertEquals(withCharge("n/a"), null);
  assertEquals("fixedMonthlyCharge" in normalizeItem(emptyItem()).electricityUsage, false);
});
