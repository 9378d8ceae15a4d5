// Round 29 (issue #11, docs/bills.md "Round 29"): the reader's wrong and missed values of the round's dev layouts
// (radford, nebcity, and round 28's sealed cmec and lakeview become dev) and of the non-sealed set, each built on
// word boxes in another shape than the layouts that showed it, with every utility-shaped rule OFF; each test fails
// with the reader of before this round.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { readPage as read } from "./layout_page.ts";

type Rows = Parameters<typeof read>[0];
/** An account, a bill date and the period 01/28/2024 to 02/27/2024. */
const HEAD: Rows = [
  [40, [[36, "Account Number 4410-88213"], [330, "Billing Date 03/02/2024"]]],
  [52, [[330, "Due Date 03/22/2024"]]],
  [70, [[36, "Service Period 01/28/2024 to 02/27/2024"]]],
];
/** One energy line. */
const ENERGY: Rows = [[150, [[36, "Energy Charge 931 kWh x $0.1102"], [300, "$102.60"]]]];
/** A summary's lines on the right from y down, 10 points apart. */
const side = (y: number, pairs: [string, string][]): Rows =>
  pairs.map(([a, b], i) => [y + i * 10, [[360, a], [540, b]]]);

Deno.test("a city's readings table without a meter column: the electric row is the meter, the water row under it is not", () => {
  const rows: Rows = [
    ...HEAD,
    [100, [[36, "Service"], [130, "From"], [190, "To"], [250, "Previous"], [310, "Current"], [370, "Usage"], [
      440,
      "Amount",
    ]]],
    [110, [[36, "ELECTRIC"], [130, "01/28/2024"], [190, "02/27/2024"], [250, "55210"], [310, "56073"], [
      370,
      "863",
    ], [440, "$98.11"]]],
    [120, [
      [36, "WATER"],
      [130, "01/28/2024"],
      [190, "02/27/2024"],
      [250, "4410"],
      [310, "4462"],
      [370, "52"],
      [
        440,
        "$31.20",
      ],
    ]],
    [140, [[36, "Total Amount Due"], [440, "$129.31"]]],
  ];
  const m = read(rows).electricityUsage.meters;
  assertEquals(m.map((x) => [x.meterNumber, x.usageKwh, x.servicePeriodStart, x.servicePeriodEnd]), [[
    "",
    "863",
    "2024-01-28",
    "2024-02-27",
  ]]);
});

Deno.test("the month's whole bill ('Total Month's Bill') is the amount due; last month's bill is not", () => {
  const rows: Rows = [
    ...HEAD,
    ...ENERGY,
    [160, [[36, "Customer Charge"], [300, "$30.00"]]],
    ...side(170, [["Last Month's Bill", "$141.77"], ["Payments Received", "-$141.77"]]),
    [190, [[36, "Total Month's Bill"], [300, "$132.60"]]],
  ];
  assertEquals(read(rows).billingInformation.amountDue, "132.60");
});

Deno.test("a city's name over its street and city lines, and atop the page, is the issuer; a customer's block is not", () => {
  /** A page opening with `name`, the same name printed over a street and a city line at its foot. */
  const opening = (name: string): Rows => [
    [30, [[36, name], [330, "Account Number 4410-88213"]]],
    [40, [[330, "Billing Date 03/02/2024"]]],
    [70, [[36, "Service Period 01/28/2024 to 02/27/2024"]]],
    ...ENERGY,
    [620, [[360, name]]],
    [630, [[360, "220 MILL STREET"]]],
    [640, [[360, "BRIARWOOD NC 27511"]]],
  ];
  assertEquals(
    read(opening("TOWN OF BRIARWOOD")).billingInformation.utilityProviderName,
    "Town of Briarwood",
  );
  // the customer's block has the same shape and no issuer's word: not read, even atop the page
  assertEquals(read(opening("HARPER LINDQVIST")).billingInformation.utilityProviderName, "");
});

Deno.test("a rate in capitals joined to a sentence in mixed case ends where the sentence starts", () => {
  const rows: Rows = [
    ...HEAD,
    ...ENERGY,
    [170, [[36, "Rate: SMALL COMMERCIAL Readings are taken on or about the same day each month"]]],
  ];
  assertEquals(read(rows).electricityUsage.electricRate, "SMALL COMMERCIAL");
});

Deno.test("a charge row of kWh, a price of four decimals or more and an amount, no sign between: the price", () => {
  const rows: Rows = [
    ...HEAD,
    [100, [[36, "Service"], [130, "Usage"], [200, "Rate"], [260, "Charges"]]],
    [110, [[36, "ELECTRIC"], [130, "1,204 KWH"], [200, "0.091175"], [260, "$121.77"]]],
    [120, [[36, "REFUSE"], [260, "$14.00"]]],
  ];
  assertEquals(read(rows).electricityUsage.supplyRatePerKwh, "0.091175");
  // an amount of two decimals after the kWh is no price
  const amount: Rows = [
    ...HEAD,
    [110, [[36, "ELECTRIC"], [130, "1,204 KWH"], [200, "$0.91"], [260, "$121.77"]]],
  ];
  assertEquals(read(amount).electricityUsage.supplyRatePerKwh, "");
});

Deno.test("a multi-service table's service cell 'Electric Residential': the class of service", () => {
  const rows: Rows = [
    ...HEAD,
    [100, [[36, "Service"], [180, "Meter"], [250, "Usage"], [320, "Charge"]]],
    [110, [[36, "Electric Small Commercial"], [180, "55120873"], [250, "1,204 KWH"], [320, "$121.77"]]],
    [120, [[36, "Natural Gas"], [180, "0558517"], [250, "41 CCF"], [320, "$48.10"]]],
  ];
  assertEquals(read(rows).electricityUsage.electricRate, "Small Commercial");
});

Deno.test("a net meter's registers read in a table of readings without a usage column: delivered less received", () => {
  const rows: Rows = [
    ...HEAD,
    [100, [[36, "Meter"], [110, "Channel"], [230, "Previous"], [300, "Present"]]],
    [110, [[36, "187331623"], [110, "Delivered (kWh In)"], [230, "36580"], [300, "38376"]]],
    [120, [[110, "Received (kWh Out)"], [230, "6998"], [300, "7505"]]],
  ];
  const m = read(rows).electricityUsage.meters;
  assertEquals(m.map((x) => [x.meterNumber, x.usageKwh]), [["187331623", "1289"]]);
});

Deno.test("a balance brought forward under the payments is the past due", () => {
  const rows: Rows = [
    ...HEAD,
    ...ENERGY,
    ...side(170, [
      ["Your previous balance", "$168.00"],
      ["Payments received - thank you", "-$114.08"],
      ["Balance brought forward", "$53.92"],
      ["Amount due now", "$156.52"],
    ]),
  ];
  assertEquals(read(rows).billingInformation.pastDue, "53.92");
});

Deno.test("a scan's label of two words OCR glued and short ('DueBy') is still the label", () => {
  const rows: Rows = [
    [40, [[36, "Account Number 4410-88213"], [330, "Billing Date 03/02/2024"]]],
    [70, [[36, "Service Period 01/28/2024 to 02/27/2024"]]],
    ...ENERGY,
    [600, [[36, "Account Number"], [220, "Amount Due"], [400, "DueBy"]]],
    [612, [[36, "4410-88213"], [220, "$132.60"], [400, "03/22/2024"]]],
  ];
  assertEquals(read(rows, true).billingInformation.dueDate, "2024-03-22");
});

Deno.test("a scan's reading with a speck before its digits ('-81874') is the reading", () => {
  const rows: Rows = [
    ...HEAD,
    [100, [[36, "Service"], [130, "Previous"], [210, "Current"], [290, "Usage"], [370, "Amount"]]],
    [110, [[36, "ELECTRIC"], [130, "-81874"], [210, "82683"], [290, "809 KWH"], [370, "$81.46"]]],
    [140, [[36, "Total Amount Due"], [370, "$81.46"]]],
  ];
  assertEquals(read(rows, true).electricityUsage.meters.map((m) => m.usageKwh), ["809"]);
});

Deno.test("a rate labelled 'Rate classification:' and a class of service that opens the period's line", () => {
  const labelled: Rows = [...HEAD, ...ENERGY, [170, [[36, "Rate classification: Residential - R"], [
    300,
    "Month",
  ]]]];
  assertEquals(read(labelled).electricityUsage.electricRate, "Residential - R");
  const opening: Rows = [
    [40, [[36, "Account Number 4410-88213"], [330, "Billing Date 03/02/2024"]]],
    ...ENERGY,
    [170, [[36, "General Service (GS-2) 01/28/2024 to 02/27/2024"], [330, "30 days"]]],
  ];
  assertEquals(read(opening).electricityUsage.electricRate, "General Service (GS-2)");
});
