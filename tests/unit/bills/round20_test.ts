// Round 20 (issue #11, docs/bills.md "Round 20"): the shapes behind the dev layouts' wrong and empty values, each
// built on word boxes in another shape than the layouts that showed it, with every utility-shaped rule OFF; each
// test fails with the reader of before this round.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { page, readPage as read } from "./layout_page.ts";

const head: Parameters<typeof page>[0] = [
  [40, [[36, "Account Number 55071-3302"], [330, "Statement Date 03/11/2024"]]],
  [52, [[330, "Amount Due $96.12"], [450, "Due Date 04/01/2024"]]],
  [76, [[36, "MARCUS BELL"]]],
  [86, [[36, "77 HOLLIS RD"]]],
  [96, [[36, "CAIRO GA 39828"]]],
  [110, [[36, "Billing Period: 02/08/2024 to 03/08/2024"]]],
];

Deno.test("after a 'Rate' label, a rate's number before the dash is not the rate's name", () => {
  const rate = (cell: string) => read([...head, [140, [[36, cell]]]]).electricityUsage.electricRate;
  assertEquals(rate("Rate 7 - Residential Farm Service"), "Residential Farm Service");
  assertEquals(rate("Rate: 22 – General Service"), "General Service");
  // a code of letters keeps its code (the corpus convention, "RS - Residential Service")
  assertEquals(rate("Rate: RS - Residential Service"), "RS - Residential Service");
});

Deno.test("the bill's kWh billed in parts at different prices (two meters on two rates) has no single price", () => {
  const rows = (second: string): Parameters<typeof page>[0] => [
    ...head,
    [140, [[36, "Meter"], [110, "Register"], [200, "Previous"], [270, "Present"], [350, "kWh"]]],
    [150, [[36, "L7730141"], [110, "General Use"], [200, "20117"], [270, "20779"], [350, "662"]]],
    [160, [[36, "L7730988"], [110, "Controlled Heat"], [200, "5504"], [270, "5919"], [350, "415"]]],
    [172, [[36, "Total kWh"], [350, "1,077"]]],
    [190, [[36, "Customer Charge"], [300, "$30.00"]]],
    [200, [[36, "General Use Energy 662 kWh @ $0.1215"], [300, "$80.43"]]],
    [210, [[36, second], [300, "$24.07"]]],
  ];
  assertEquals(read(rows("Controlled Heat Energy 415 kWh @ $0.0580")).electricityUsage.supplyRatePerKwh, "");
  // one price for both parts: that price
  assertEquals(
    read(rows("Controlled Heat Energy 415 kWh @ $0.1215")).electricityUsage.supplyRatePerKwh,
    "0.1215",
  );
});

// a usage history printed as a grid: a row of month labels over their kWh, then the next months over theirs
const months = (item: ReturnType<typeof read>) =>
  item.electricityUsage.usageByMonth.filter((m) => !m.estimated).map((m) =>
    `${m.month.slice(0, 3)} ${m.year}:${m.value}`
  );
const grid: Parameters<typeof page>[0] = [
  ...head,
  [140, [[36, "Meter"], [110, "Previous"], [200, "Present"], [300, "kWh Used"]]],
  [150, [[36, "K4410298"], [110, "30115"], [200, "30987"], [300, "872"]]],
  [300, [[36, "Monthly Use (kWh)"]]],
  [312, [
    [36, "Mar 23"],
    [116, "Apr 23"],
    [196, "May 23"],
    [276, "Jun 23"],
    [356, "Jul 23"],
    [436, "Aug 23"],
    [
      516,
      "Sep 23",
    ],
  ]],
  [321, [[36, "905"], [116, "811"], [196, "640"], [276, "702"], [356, "1,034"], [436, "1,266"], [
    516,
    "1,302",
  ]]],
  [332, [[36, "Oct 23"], [116, "Nov 23"], [196, "Dec 23"], [276, "Jan 24"], [356, "Feb 24"], [
    436,
    "Mar 24",
  ]]],
  [341, [[36, "977"], [116, "698"], [196, "745"], [276, "951"], [356, "1,118"], [436, "872"]]],
];

Deno.test("a grid's second row of months takes the values under it, not the first row's above it", () => {
  // the second row set apart from the first (no continued table): the first row's numbers stand over its labels
  const apart = grid.map(([y, cs]): Parameters<typeof page>[0][number] => [y >= 332 ? y + 20 : y, cs]);
  const read1 = months(read(apart));
  for (const bad of ["Oct 2023:905", "Nov 2023:811", "Feb 2024:1034", "Mar 2024:1266"]) {
    assertEquals(read1.includes(bad), false, bad);
  }
});

Deno.test("a grid's months continued under the first row's values are the same kWh table", () => {
  assertEquals(months(read(grid)), [
    "Mar 2023:905",
    "Apr 2023:811",
    "May 2023:640",
    "Jun 2023:702",
    "Jul 2023:1034",
    "Aug 2023:1266",
    "Sep 2023:1302",
    "Oct 2023:977",
    "Nov 2023:698",
    "Dec 2023:745",
    "Jan 2024:951",
    "Feb 2024:1118",
    "Mar 2024:872",
  ]);
});

Deno.test("a table of months with this year's and last year's kWh as columns: the years are the bill's", () => {
  // a calendar year's table: this year's months to come are blank, last year's column is full
  const cur = [1210, 1105, 930, 802, 845],
    prev = [1190, 1122, 901, 780, 820, 990, 1204, 1266, 1010, 845, 900, 1150];
  const M = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
  const item = read([
    [40, [[36, "Account Number 55071-3302"], [330, "Statement Date 05/14/2024"]]],
    [52, [[330, "Amount Due $96.12"], [450, "Due Date 06/04/2024"]]],
    [76, [[36, "MARCUS BELL"]]],
    [86, [[36, "77 HOLLIS RD"]]],
    [96, [[36, "CAIRO GA 39828"]]],
    [110, [[36, "Service From 04/11/2024 To 05/10/2024"]]],
    [140, [[36, "Meter"], [110, "Previous"], [200, "Present"], [300, "Usage"]]],
    [150, [[36, "K4410298"], [110, "30115"], [200, "30960"], [300, "845"]]],
    [290, [[300, "Usage Comparison"]]],
    [302, [[300, "Month"], [360, "Current Year"], [440, "Prior Year"]]],
    ...M.map((m, i): Parameters<typeof page>[0][number] => [
      312 + i * 9,
      [[300, m], ...(i < cur.length ? [[360, String(cur[i])] as [number, string]] : []), [
        440,
        String(prev[i]),
      ]],
    ]),
  ]);
  assertEquals(months(item), [
    "May 2023:820",
    "Jun 2023:990",
    "Jul 2023:1204",
    "Aug 2023:1266",
    "Sep 2023:1010",
    "Oct 2023:845",
    "Nov 2023:900",
    "Dec 2023:1150",
    "Jan 2024:1210",
    "Feb 2024:1105",
    "Mar 2024:930",
    "Apr 2024:802",
    "May 2024:845",
  ]);
});

Deno.test("a column headed 'From - To' over a cell of two dates is the billing period", () => {
  const item = read([
    [40, [[36, "Account Number 55071-3302"], [330, "Statement Date 03/11/2024"]]],
    [52, [[330, "Amount Due $96.12"], [450, "Due Date 04/01/2024"]]],
    [76, [[36, "MARCUS BELL"]]],
    [86, [[36, "77 HOLLIS RD"]]],
    [96, [[36, "CAIRO GA 39828"]]],
    [140, [[36, "Meter"], [120, "From - To"], [240, "Previous"], [300, "Present"], [360, "kWh"]]],
    [150, [[36, "K118822"], [120, "2/7/24  3/7/24"], [240, "20117"], [300, "20779"], [360, "662"]]],
  ]);
  assertEquals([item.billingInformation.billingPeriodStart, item.billingInformation.billingPeriodEnd], [
    "2024-02-07",
    "2024-03-07",
  ]);
});

Deno.test("a bill due upon receipt: the date it is late after is its due date", () => {
  const item = read([
    [40, [[36, "Account Number 55071-3302"], [330, "Statement Date 03/11/2024"]]],
    [52, [[330, "Amount Due Upon Receipt"], [480, "$96.12"]]],
    [64, [[330, "Late After"], [480, "03/29/2024"]]],
    ...head.slice(2),
  ]);
  assertEquals(item.billingInformation.dueDate, "2024-03-29");
});

Deno.test("a rate labelled after a labelled count of days in one text item is read", () => {
  const rate = (cell: string) => read([...head, [140, [[36, cell]]]]).electricityUsage.electricRate;
  assertEquals(
    rate("Read Dates: 02/08/2024 - 03/08/2024 Days: 30 Rate: Farm Residential"),
    "Farm Residential",
  );
});

Deno.test("an issuer named in running text after 'the' is the issuer the remittance box names", () => {
  const item = read([
    [30, [[36, "VILLAGE OF ARDEN UTILITIES, OHIO"]]],
    ...head,
    [200, [[36, "Make checks payable to the Village of Arden Utilities. Thank you."]]],
    [600, [[360, "VILLAGE OF ARDEN UTILITIES"]]],
    [610, [[360, "PO BOX 12"]]],
    [620, [[360, "ARDEN OH 45101-0012"]]],
  ]);
  assertEquals(item.billingInformation.utilityProviderName, "Village of Arden Utilities");
});

Deno.test("the class of service a heading of the electric charges names after a dash is the rate", () => {
  const rate = (cell: string) =>
    read([...head, [160, [[36, cell], [330, "Previous Balance"], [480, "$80.00"]]], [170, [[
      48,
      "Base Charge",
    ], [
      280,
      "$12.00",
    ]]]]).electricityUsage.electricRate;
  assertEquals(rate("ELECTRIC SERVICE - General Service"), "General Service");
  assertEquals(rate("Monthly Charges - Farm Residential"), "Farm Residential");
  // a heading naming no class of service names no rate
  assertEquals(rate("Charges - Details on Page 2"), "");
});

Deno.test("kWh billed in parts adding up to a kWh printed on its own line has no single price (no meter read)", () => {
  const item = read([
    ...head,
    [190, [[36, "Customer Charge"], [300, "$30.00"]]],
    [200, [[36, "General Use Energy 662 kWh @ $0.1215"], [300, "$80.43"]]],
    [210, [[36, "Controlled Heat Energy 415 kWh @ $0.0580"], [300, "$24.07"]]],
    [220, [[36, "Power Supply Adjustment 1,077 kWh"], [300, "$3.12"]]],
  ]);
  assertEquals(item.electricityUsage.supplyRatePerKwh, "");
});
