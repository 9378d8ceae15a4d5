// Abstain37 (issue #11, docs/bills.md "Abstention on first sight"): where the reader's evidence for a value is
// ambiguous in a way past rounds' first-sight wrong values show, the field is left empty instead of guessed. Word
// boxes in shapes of no layout; each test fails with the reader of before this change.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { HEAD_ROWS, readPage as read } from "./layout_page.ts";

type Rows = Parameters<typeof read>[0];
const HEAD: Rows = HEAD_ROWS;
const withRate = (rate: string): Rows => [
  ...HEAD,
  [200, [[36, rate]]],
  [234, [[36, "Energy Charge 1,212 kWh x $0.07315"], [300, "$88.66"]]],
  [300, [[36, "Total Amount Due"], [300, "$100.66"]]],
];

Deno.test("a rate read that runs on into another field's figure or label is left empty, not guessed", () => {
  for (
    const line of [
      "Rate: Residential Service Billed Demand 4.2 kW",
      "Rate: Residential Service Load Factor 41%",
      "Rate Schedule: Residential Service  Read Cycle 12  1,212 kWh",
      "Rate: Residential Service Next Read 10/08/2024",
    ]
  ) {
    assertEquals(read(withRate(line)).electricityUsage.electricRate, "", line);
  }
});

Deno.test("a rate that ends where its class ends is read as before", () => {
  for (
    const rate of [
      "Residential Service",
      "GS-1 General Service Under 50 kW",
      "Residential Time-of-Day 4-9 PM",
    ]
  ) {
    assertEquals(read(withRate(`Rate: ${rate}`)).electricityUsage.electricRate, rate);
  }
});

/** A bill of a utility not in the table: its payee named by the remittance phrase and box, `top` opening the page. */
const payeeBill = (top: string): Rows => [
  [20, [[36, top]]],
  ...HEAD,
  [234, [[36, "Energy Charge 1,212 kWh x $0.07315"], [300, "$88.66"]]],
  [300, [[36, "Total Amount Due"], [300, "$100.66"]]],
  [600, [[36, "Please make checks payable to Harrow County Services Board"]]],
  [640, [[300, "HARROW COUNTY SERVICES BOARD"]]],
  [650, [[300, "PO BOX 4410"]]],
  [660, [[300, "PIERRE SD 57501"]]],
];

Deno.test("a payee named only where the payment goes, under another issuer's name atop the page: no utility", () => {
  for (const top of ["Elmwood Valley Power District", "Harrow County Electric Department"]) {
    assertEquals(read(payeeBill(top)).billingInformation.utilityProviderName, "", top);
  }
  // the page opening with the payee's own name, or with no issuer's name: the payee, as before
  for (const top of ["HARROW COUNTY SERVICES BOARD", "Your Electric Bill"]) {
    assertEquals(
      read(payeeBill(top)).billingInformation.utilityProviderName,
      "Harrow County Services Board",
      top,
    );
  }
});

Deno.test("an adjustment's price beside another line billing the kWh at its own price: no supply price", () => {
  const rows = (other: string): Rows => [
    ...HEAD,
    [220, [[36, "Customer Charge"], [300, "$14.00"]]],
    [232, [[36, other], [300, "$49.93"]]],
    [244, [[36, "Fuel Adjustment Clause 1,212 kWh @ $0.02120"], [300, "$25.69"]]],
    [300, [[36, "Total Amount Due"], [300, "$89.62"]]],
  ];
  assertEquals(read(rows("Distribution Charge 1,212 kWh @ $0.04120")).electricityUsage.supplyRatePerKwh, "");
  // the adjustment alone prices the kWh: read as before
  assertEquals(read(rows("Service Availability")).electricityUsage.supplyRatePerKwh, "0.02120");
});
