// Round 18 (issue #11, docs/bills.md "Round 18"): where the dev layouts' wrong values came from, each built on word
// boxes in another shape than the layouts that showed it, with every utility-shaped rule OFF; each test fails with
// the reader of before this round.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { page } from "./layout_page.ts";
import { tableUsage } from "../../../shared/bills/embedded/usage_tables.ts";
import { wordsOf } from "../../../shared/bills/embedded/pairing.ts";
import { findUtility } from "../../../shared/bills/embedded/utilities.ts";
import { splitGluedStreet, steadyHistory } from "../../../shared/bills/embedded/scan_checks.ts";

const noTaggedRules = () => false;
const read = (rows: Parameters<typeof page>[0]) => {
  const p = page(rows);
  return parseBill(p.lines, [p.pieces], { rules: noTaggedRules });
};
const head: Parameters<typeof page>[0] = [
  [40, [[36, "Customer Account 7730-118-402"], [330, "Bill Date 05/14/2024"]]],
  [52, [[330, "Amount Due $118.40"], [450, "Pay By 06/04/2024"]]],
  [76, [[36, "ROSA DELGADO"]]],
  [86, [[36, "2210 KESTREL WAY"]]],
  [96, [[36, "LAKEVIEW OR 97630"]]],
  [110, [[36, "Service Period 04/09/2024 - 05/09/2024"]]],
];

Deno.test("a month beside a 'kWh Used' label is a history's row, not the kWh; the meter's row under it is read", () => {
  const item = read([
    ...head,
    [140, [
      [36, "Meter No."],
      [110, "Prior Read"],
      [180, "Current Read"],
      [250, "kWh Used"],
      [360, "May 23"],
      [
        420,
        "31",
      ],
      [460, "1,004"],
    ]],
    [148, [[360, "Jun 23"], [420, "30"], [460, "1,210"]]],
    [152, [[36, "77310052"], [110, "20145"], [180, "21092"], [250, "947"]]],
  ]);
  assertEquals(item.electricityUsage.meters.map((m) => [m.meterNumber, m.usageKwh]), [["77310052", "947"]]);
});

Deno.test("a kWh printed after a 'kWh Used' label is still read", () => {
  const item = read([...head, [140, [[36, "Total kWh Used 947"]]]]);
  assertEquals(item.electricityUsage.meters[0]?.usageKwh, "947");
});

Deno.test("after a 'Tariff' label, the tariff's number before the dash is not the rate's name", () => {
  assertEquals(
    read([...head, [140, [[36, "Tariff 120 - Residential Service"], [250, "Meter 77310052"]]]])
      .electricityUsage.electricRate,
    "Residential Service",
  );
  // a code that is not a number, and a number without a class after it, are kept as printed
  assertEquals(
    read([...head, [140, [[36, "Tariff: RS - Residential Service"]]]]).electricityUsage.electricRate,
    "RS - Residential Service",
  );
});

Deno.test("a fuel price printed without a quantity, beside another line billing the kWh at its price, is no price", () => {
  const charges = (fuel: string): Parameters<typeof page>[0] => [
    ...head,
    [140, [[36, "Monthly Customer Charge"], [250, "$14.00"]]],
    [150, [[36, "Energy 1,018 kWh @ $0.08812"], [250, "$89.71"]]],
    [160, [[36, fuel], [250, "$31.81"]]],
  ];
  assertEquals(read(charges("Fuel Charge @ 0.0312455 per kWh")).electricityUsage.supplyRatePerKwh, "");
  // the fuel line with its quantity is read as before (the corpus's convention: the fuel charge's price)
  assertEquals(read(charges("Fuel 1,018 kWh @ $0.031245")).electricityUsage.supplyRatePerKwh, "0.031245");
});

// a 12-month bar chart right of the charges: values over the bars at their heights, the months under them
const MONTHS = ["Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "Jan", "Feb", "Mar", "Apr", "May"];
const KWH = [610, 580, 640, 700, 820, 900, 950, 880, 760, 650, 600, 630];
const chart = (skip = -1): Parameters<typeof page>[0] => {
  const rows = new Map<number, [number, string][]>();
  KWH.forEach((v, i) => {
    if (i === skip) return;
    const y = 300 - Math.round(v / 20);
    rows.set(y, [...(rows.get(y) ?? []), [330 + i * 20, String(v)]]);
  });
  return [
    [200, [[330, "Monthly kWh Use"]]],
    ...[...rows].sort((a, b) => a[0] - b[0]),
    [310, MONTHS.map((m, i) => [330 + i * 20, m] as [number, string])],
  ];
};
const merge = (a: Parameters<typeof page>[0], b: Parameters<typeof page>[0]) => {
  const m = new Map<number, [number, string][]>();
  for (const [y, cs] of [...a, ...b]) m.set(y, [...(m.get(y) ?? []), ...cs]);
  return [...m].sort((x, y) => x[0] - y[0]);
};
const tableMonths = (rows: Parameters<typeof page>[0]) =>
  tableUsage([wordsOf(page(rows).pieces)], "2024-05-09", noTaggedRules).map((u) => `${u.month}/${u.value}`);
const MONTH_NO = [6, 7, 8, 9, 10, 11, 12, 1, 2, 3, 4, 5];

Deno.test("charge lines printed far left of a chart, on its values' lines, do not make its values a table's row", () => {
  const values = chart().filter(([y]) => y > 200 && y < 310).map(([y]) => y);
  const charges: Parameters<typeof page>[0] = values.map((y, k) => [y, [[36, `Line Charge ${k + 1}`], [
    200,
    `$${k + 3}.50`,
  ]]]);
  assertEquals(tableMonths(merge(charges, chart())), KWH.map((v, i) => `${MONTH_NO[i]}/${v}`));
});

Deno.test("a number printed over a chart's title is not a bar's value", () => {
  // a meter row over the chart (its read dates, readings and kWh): its kWh stands right over July's label, whose
  // own value the chart lacks
  const meterRow: Parameters<typeof page>[0] = [[150, [[36, "04/09/2024"], [110, "05/09/2024"], [
    250,
    "40211",
  ], [
    350,
    "630",
  ]]]];
  const months = tableMonths(merge(meterRow, chart(1)));
  assertEquals(months.includes("7/630"), false);
  assertEquals(months.length, 11);
});

const readings = (usage: string): Parameters<typeof page>[0] => [
  ...head.filter(([y]) => y !== 110),
  [130, [[36, "Meter # 5512098"], [200, "Member No. 330184"]]],
  [150, [[36, "Cycle Start"], [100, "Cycle End"], [170, "Previous Reading"], [260, "Current Reading"], [
    350,
    "Multiplier",
  ], [420, "Usage"]]],
  [160, [[36, "03/02/2024"], [100, "04/01/2024"], [170, "11250"], [260, "11870"], [350, "1"], [420, usage]]],
];

Deno.test("a readings table without a meter column gives the one meter its kWh and read dates, and the bill its period", () => {
  const item = read(readings("620"));
  assertEquals(item.electricityUsage.meters, [{
    meterNumber: "5512098",
    usageKwh: "620",
    servicePeriodStart: "2024-03-02",
    servicePeriodEnd: "2024-04-01",
    confidence: 0.75,
  }]);
  assertEquals([item.billingInformation.billingPeriodStart, item.billingInformation.billingPeriodEnd], [
    "2024-03-02",
    "2024-04-01",
  ]);
  // readings whose difference is not the printed usage: no kWh, no dates from the table
  assertEquals(read(readings("602")).electricityUsage.meters[0]?.usageKwh ?? "", "");
});

Deno.test("a meter's usage with its thousands comma read as a point is the readings' difference", () => {
  const rows = (kwh: string): Parameters<typeof page>[0] => [
    ...head,
    [140, [[36, "Meter Number"], [120, "Present Reading"], [210, "Previous Reading"], [300, "kWh Used"]]],
    [150, [[36, "273872289"], [120, "39576"], [210, "37626"], [300, kwh]]],
  ];
  assertEquals(read(rows("1.950")).electricityUsage.meters[0]?.usageKwh, "1950");
  // a usage the readings do not confirm ×1000 stays as printed
  assertEquals(read(rows("1.951")).electricityUsage.meters[0]?.usageKwh, "1.951");
});

Deno.test("a scan's history month of 0 kWh where nothing near it is low is dropped; one beside low months is kept", () => {
  const m = (month: number, value: number) => ({ year: 2024, month, value });
  assertEquals(steadyHistory([m(9, 0)], 1751), []);
  assertEquals(steadyHistory([m(7, 1442), m(8, 1320), m(9, 0), m(10, 1131)], 1751).map((x) => x.month), [
    7,
    8,
    10,
  ]);
  assertEquals(steadyHistory([m(7, 40), m(8, 0), m(9, 0), m(10, 35)], 52).length, 4);
});

Deno.test("a scan's period after a street's suffix is a speck", () => {
  assertEquals(splitGluedStreet("469 PINE RIDGE RD.", ""), { line1: "469 PINE RIDGE RD", line2: "" });
  // a word that is not a suffix keeps its period
  assertEquals(splitGluedStreet("12 OLD MILL RD N.", "").line1, "12 OLD MILL RD N.");
});

Deno.test("a utility's own name with 'and' between its words is read whole", () => {
  assertEquals(
    findUtility("Kettle River Light and Electric Company   krle.com\nStatement")?.name,
    "Kettle River Light and Electric Company",
  );
  // a lower-case word other than "and" still ends the name's words
  assertEquals(findUtility("Pay online at the Electric Company portal")?.name, undefined);
});

Deno.test("'Total Charges Due' is the amount due", () => {
  const item = read([
    [40, [[36, "Customer Account 7730-118-402"], [330, "Bill Date 05/14/2024"]]],
    [60, [[330, "Previous Balance"], [500, "$80.00"]]],
    [70, [[330, "Payments Received"], [500, "-$80.00"]]],
    [80, [[330, "Current Charges"], [500, "$91.37"]]],
    [90, [[330, "Total Charges Due"], [500, "$91.37"]]],
  ]);
  assertEquals(item.billingInformation.amountDue, "91.37");
});

Deno.test("a supply price whose kWh product the bill prints nowhere, beside another price the bill confirms, is no price", () => {
  const bill = (fuelAmount: string, energyAmount: string): Parameters<typeof page>[0] => [
    ...head,
    [130, [[36, "Total kWh Used 1,000"]]],
    [140, [[36, "Customer Charge"], [250, "$12.00"]]],
    [150, [[36, "Energy Charge 1,000 kWh @ $0.06210"], [250, energyAmount]]],
    [160, [[36, "Fuel Charge 1,000 kWh @ $0.03115"], [250, fuelAmount]]],
  ];
  // the fuel line's $18.40 is not 1,000 × 0.03115; the energy line's $62.10 is 1,000 × 0.06210
  assertEquals(read(bill("$18.40", "$62.10")).electricityUsage.supplyRatePerKwh, "");
  // the fuel price confirmed by its own amount is read (the corpus's convention: the fuel charge's price)
  assertEquals(read(bill("$31.15", "$62.10")).electricityUsage.supplyRatePerKwh, "0.03115");
  // … and so is one that nothing else contradicts
  assertEquals(read(bill("$18.40", "$70.00")).electricityUsage.supplyRatePerKwh, "0.03115");
});
