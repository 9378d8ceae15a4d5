// Round 22 (issue #11, docs/bills.md "Round 22"): the shapes behind the dev layouts' wrong and empty values, each
// built on word boxes in another shape than the layouts that showed it, with every utility-shaped rule OFF; each
// test fails with the reader of before this round.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { page, readPage as read } from "./layout_page.ts";

const head: Parameters<typeof page>[0] = [
  [40, [[36, "Carolina Ridge Power"], [360, "Account Number"], [450, "7730145528"]]],
  [50, [[360, "Statement Date"], [450, "10/24/2023"]]],
  [60, [[360, "Amount Due"], [450, "$88.10"]]],
  [76, [[36, "LENA PARK"]]],
  [86, [[36, "212 CREEK BEND RD"]]],
  [96, [[36, "FLORENCE SC 29501"]]],
];

Deno.test("a table of days printed level with the monthly history is not a half of it", () => {
  const months = [
    "Oct 2023",
    "Sep 2023",
    "Aug 2023",
    "Jul 2023",
    "Jun 2023",
    "May 2023",
    "Apr 2023",
    "Mar 2023",
  ];
  const kwh = [812, 790, 905, 1010, 1102, 1004, 870, 760];
  const rows: Parameters<typeof page>[0] = [
    ...head,
    [116, [[36, "Statement Period: 09/20/2023 - 10/20/2023   30 Days"]]],
    [140, [[360, "Meter Number"], [450, "P5521098"]]],
    [150, [[360, "kWh Used This Period"], [450, "812"]]],
    [228, [[36, "Recent Days"], [300, "Monthly Usage"]]],
    [240, [[36, "Date"], [96, "kWh"], [156, "Cost"], [300, "Month"], [370, "kWh"]]],
    ...months.map((m, i): Parameters<typeof page>[0][number] => [
      250 + i * 8,
      [
        ...(i < 5
          ? [[36, `10/${15 + i}/23`], [96, String(20 + i * 3)], [156, `$2.${10 + i}`]] as [
            number,
            string,
          ][]
          : []),
        [300, m],
        [370, kwh[i].toLocaleString("en-US")],
      ],
    ]),
  ];
  const got = read(rows).electricityUsage.usageByMonth.map((m) =>
    `${m.month.slice(0, 3)} ${m.year} ${m.value}`
  );
  // every month of the history, none read off the days' kWh
  assertEquals(got, months.map((m, i) => `${m} ${kwh[i]}`).reverse());
});

Deno.test("a service address the text layer joined to the next label ends at that label", () => {
  const item = (line: string) =>
    read([
      ...head,
      [116, [[36, line]]],
      [126, [[36, "Billing Period: 09/20/2023 to 10/20/2023"]]],
      [140, [[36, "Meter"], [110, "Previous"], [200, "Present"], [300, "kWh"]]],
      [150, [[36, "P5521098"], [110, "40211"], [200, "41023"], [300, "812"]]],
    ]).customerInformation.serviceAddress;
  const a = item("Service Address: 77 BIRCH HILL RD DOVER SC 29532 Grid Location: 40417");
  assertEquals([a.line1, a.city, a.state, a.zip], ["77 BIRCH HILL RD", "DOVER", "SC", "29532"]);
  // a street alone, then the period's label: the street (round 15: no town read beside it)
  const b = item("Service Location: 212 CREEK BEND RD Read Period: 09/20/2023 - 10/20/2023 Days: 30");
  assertEquals([b.line1, b.city, b.state, b.zip], ["212 CREEK BEND RD", "", "", ""]);
});

Deno.test("a co-op's wholesale power charge per kWh is the supply price beside its own service charge per kWh", () => {
  const rows = (name: string): Parameters<typeof page>[0] => [
    ...head,
    [116, [[36, "Billing Period: 09/20/2023 to 10/20/2023"]]],
    [140, [[36, "Meter"], [110, "Previous"], [200, "Present"], [300, "kWh"]]],
    [150, [[36, "P5521098"], [110, "40211"], [200, "41023"], [300, "812"]]],
    [170, [[36, "Facilities Charge"], [300, "$19.00"]]],
    [180, [[36, `${name} 812 kWh x $0.06215`], [300, "$50.47"]]],
    [190, [[36, "Cost Recovery Factor 812 kWh x $0.00300"], [300, "$2.44"]]],
    [200, [[36, "Distribution Service 812 kWh x $0.02871"], [300, "$23.31"]]],
  ];
  assertEquals(read(rows("Wholesale Power Charge")).electricityUsage.supplyRatePerKwh, "0.06215");
  assertEquals(read(rows("Purchased Power")).electricityUsage.supplyRatePerKwh, "0.06215");
});

Deno.test("the balance a statement opened with is not its amount due", () => {
  const item = read([
    [40, [[36, "Carolina Ridge Power"], [360, "Account Number"], [450, "7730145528"]]],
    [50, [[360, "Statement Date"], [450, "10/24/2023"]]],
    // the closing balance's label in the header garbled (a scan's "Balarice"): only the activity's lines are labels
    [60, [[360, "Current Credit Balarice"], [450, "$52.10 CR"]]],
    [76, [[36, "LENA PARK"]]],
    [86, [[36, "212 CREEK BEND RD"]]],
    [96, [[36, "FLORENCE SC 29501"]]],
    [116, [[36, "Statement Period: 09/20/2023 - 10/20/2023"]]],
    [140, [[36, "Account Activity"]]],
    [150, [[36, "Opening Credit Balance"], [300, "$31.44"]]],
    [160, [[36, "Payments"], [300, "$90.00"]]],
    [170, [[36, "Daily Charges 812 kWh"], [300, "-$69.34"]]],
    [180, [[36, "Ending Credit Balance"], [300, "$52.10 CR"]]],
  ]);
  assertEquals(item.billingInformation.amountDue, "-52.10");
});

Deno.test("a scan's specks after an address block's unit line are no part of the unit", () => {
  const rows: Parameters<typeof page>[0] = [
    [40, [[36, "Carolina Ridge Power"], [360, "Account Number"], [450, "7730145528"]]],
    [50, [[360, "Statement Date"], [450, "10/24/2023"]]],
    [60, [[360, "Amount Due"], [450, "$88.10"]]],
    [116, [[36, "Billing Period: 09/20/2023 to 10/20/2023"]]],
    [600, [[36, "Please return this portion with your payment."]]],
    [640, [[60, "LENA PARK"]]],
    [651, [[60, "212 CREEK BEND RD"]]],
    [662, [[60, "APT 12 ."], [140, "."]]],
    [673, [[60, "FLORENCE SC 29501"]]],
  ];
  const a = read(rows, true).billingInformation.billingAddress;
  assertEquals([a.line1, a.line2, a.city], ["212 CREEK BEND RD", "APT 12", "FLORENCE"]);
});
