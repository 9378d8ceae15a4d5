// Round 31 (issue #11, docs/bills.md "Round 31"): the most common empty fields of the non-sealed corpus, read by
// general rules (no new layouts). Each test is built on word boxes in another shape than the layouts that showed it,
// with every utility-shaped rule OFF, and fails with the reader of before this round.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { readPage as read } from "./layout_page.ts";

type Rows = Parameters<typeof read>[0];
/** A header, a customer's block, a period and a charge line. */
const HEAD: Rows = [
  [40, [[36, "Account Number 7702-11935"], [330, "Statement Date 06/04/2024"]]],
  [52, [[330, "Due Date 06/25/2024"]]],
  [120, [[36, "MARIA GOMEZ"]]],
  [130, [[36, "88 WILLOW CT"]]],
  [140, [[36, "AMES IA 50010"]]],
  [160, [[36, "Service Period 05/02/2024 to 06/01/2024"]]],
];

Deno.test("a previous balance of zero and no payment under it: nothing is past due", () => {
  for (const label of ["Previous Balance", "Previous Amount Due", "Balance from Last Bill"]) {
    const rows: Rows = [
      ...HEAD,
      [200, [[36, "Energy Charge 655 kWh x $0.1210"], [300, "$79.26"]]],
      [212, [[36, "Monthly Service Charge"], [300, "$12.50"]]],
      [224, [[36, label], [300, "$0.00"]]],
      [236, [[36, "Total Amount Due"], [300, "$91.76"]]],
    ];
    assertEquals(read(rows).billingInformation.pastDue, "0.00", label);
  }
});

Deno.test("a zero previous balance with a payment under it is another convention: no past due read", () => {
  const rows: Rows = [
    ...HEAD,
    [200, [[36, "Energy Charge 655 kWh x $0.1210"], [300, "$79.26"]]],
    [212, [[36, "Monthly Service Charge"], [300, "$12.50"]]],
    [224, [[36, "Previous Balance"], [300, "$0.00"]]],
    [236, [[36, "Payment Received 05/20/2024 $104.18"]]],
    [248, [[36, "Total Amount Due"], [300, "$91.76"]]],
  ];
  assertEquals(read(rows).billingInformation.pastDue, "");
});

/** A summary: a previous balance, a payment, this period's charges ($91.76) and the amount due. */
const summary = (label: string, paid: string, due: string): Rows => [
  ...HEAD,
  [200, [[36, label], [300, "$143.20"]]],
  [212, [[36, "Payments"], [300, paid]]],
  [224, [[36, "Current Charges"], [300, "$91.76"]]],
  [236, [[36, "Total Amount Due"], [300, due]]],
];

Deno.test("a previous balance labelled with the account's, the bill's or the statement's word", () => {
  for (const label of ["Previous Account Balance", "Previous Billed Amount", "Previous Statement Balance"]) {
    // paid in full: nothing past due; paid in part: the rest is past due when the amount due adds up
    assertEquals(read(summary(label, "-$143.20", "$91.76")).billingInformation.pastDue, "0.00", label);
    assertEquals(read(summary(label, "-$100.00", "$134.96")).billingInformation.pastDue, "43.20", label);
  }
});

/** A meter printed with its number only, and the charge lines `charges`. */
const meterAndCharges = (charges: Rows): Rows => [
  ...HEAD,
  [180, [[36, "Service Location: 88 WILLOW CT"], [250, "Meter K4471902"]]],
  ...charges,
  [260, [[36, "Total Amount Due"], [300, "$143.95"]]],
];

Deno.test("a meter printed without its kWh: the one kWh every priced line bills", () => {
  const one = read(meterAndCharges([[200, [[36, "Energy Charge 1,212 kWh @ $0.08415"], [300, "$101.99"]]]]));
  assertEquals(one.electricityUsage.meters.map((m) => [m.meterNumber, m.usageKwh]), [["K4471902", "1212"]]);
  const riders = read(meterAndCharges([
    [200, [[36, "Generation 1,212 kWh x $0.06120"], [300, "$74.17"]]],
    [212, [[36, "Transmission 1,212 kWh x $0.01370"], [300, "$16.60"]]],
  ]));
  assertEquals(riders.electricityUsage.meters.map((m) => m.usageKwh), ["1212"]);
});

Deno.test("priced lines billing different kWh (blocks) give the meter no kWh", () => {
  const blocks = read(meterAndCharges([
    [200, [[36, "First 1,000 kWh @ $0.08415"], [300, "$84.15"]]],
    [212, [[36, "Next 212 kWh @ $0.09120"], [300, "$19.33"]]],
  ]));
  assertEquals(blocks.electricityUsage.meters.map((m) => m.usageKwh), [""]);
});

Deno.test("a readings table without a meter column dates the meter whose kWh it prints", () => {
  const rows: Rows = [
    ...HEAD.slice(0, 5),
    [100, [[36, "Meter Number"], [150, "K4471902"]]],
    [180, [[36, "Cycle Began"], [110, "Cycle Ended"], [180, "Days"], [230, "Mult"], [280, "Prior Read"], [
      350,
      "Present Read",
    ], [420, "kWh Used"]]],
    [192, [[36, "05/02/2024"], [110, "06/01/2024"], [180, "30"], [230, "1"], [280, "41210"], [350, "42422"], [
      420,
      "1212",
    ]]],
    [210, [[36, "Energy Charge 1,212 kWh x .08415"], [300, "$101.99"]]],
    [222, [[36, "Fuel Cost 1,212 kWh x .03480"], [300, "$42.18"]]],
    [260, [[36, "Total Amount Due"], [300, "$143.95"]]],
  ];
  assertEquals(
    read(rows).electricityUsage.meters.map((m) => [m.meterNumber, m.usageKwh, m.servicePeriodStart]),
    [["K4471902", "1212", "2024-05-02"]],
  );
});
