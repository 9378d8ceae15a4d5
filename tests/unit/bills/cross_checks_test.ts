// Cross-checks against confident misreads (issue #11, docs/bills.md "Cross-checks against confident misreads"):
// each check on word boxes with every utility-shaped rule off, read with the checks (the reader's default) and
// without them (ParseOptions.crossChecks false: the reader before them), which reads the misprint as printed.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { HEAD_ROWS, page } from "./layout_page.ts";
import { crossCheckFields } from "../../../shared/bills/embedded/cross_check_fields.ts";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { lookAlikes, onlyLookAlike } from "../../../shared/bills/embedded/cross_check_digits.ts";
import { historyAgainstYear, yearFigures } from "../../../shared/bills/embedded/cross_check_history.ts";
import { checkedPrice, checksOut, pricedLines } from "../../../shared/bills/embedded/cross_check_prices.ts";
import { accountDisputed, pastDueIsCharge } from "../../../shared/bills/embedded/cross_check_amounts.ts";
import { metersAgainstReadings } from "../../../shared/bills/embedded/cross_check_meters.ts";
import { emptyItem, type MonthlyUsage, MonthNames } from "../../../shared/bills/schema.ts";

const read = (rows: Parameters<typeof page>[0], crossChecks = true) => {
  const p = page(rows);
  return parseBill(p.lines, [p.pieces], { rules: () => false, crossChecks });
};

Deno.test("look-alike digits: one glyph away, never a leading zero", () => {
  assertEquals(lookAlikes("1004").includes("1094"), true);
  assertEquals(lookAlikes("814").includes("614"), true);
  assertEquals(lookAlikes("80").includes("00"), false);
  assertEquals(onlyLookAlike(1004, (v) => v === 1094), 1094);
  // two readings fit: the check cannot tell which was printed
  assertEquals(onlyLookAlike(1004, (v) => v === 1094 || v === 7004), undefined);
});

// 13 months, May 2023 to May 2024; the 12 months to May 2024 sum to 12,420 kWh (one look-alike of one month, 1,004
// for 1,094, adds the 90 a misread takes away; no other month's does)
const MONTHS: [string, string][] = [
  ["May 2023", "802"],
  ["Jun 2023", "1,020"],
  ["Jul 2023", "1,245"],
  ["Aug 2023", "1,310"],
  ["Sep 2023", "1,094"],
  ["Oct 2023", "866"],
  ["Nov 2023", "915"],
  ["Dec 2023", "1,118"],
  ["Jan 2024", "1,214"],
  ["Feb 2024", "1,012"],
  ["Mar 2024", "931"],
  ["Apr 2024", "840"],
  ["May 2024", "855"],
];
const historyBill = (months: [string, string][], yearLine: string): Parameters<typeof page>[0] => [
  ...HEAD_ROWS,
  [130, [[36, "Meter"], [120, "Previous"], [200, "Present"], [280, "kWh"]]],
  [140, [[36, "M7741902"], [120, "40211"], [200, "41066"], [280, "855"]]],
  [200, [[36, "Usage History"]]],
  [212, [[36, "Month"], [180, "kWh"]]],
  ...months.map(([m, v], i): [number, [number, string][]] => [222 + i * 10, [[36, m], [180, v]]]),
  [362, [[36, yearLine]]],
];
const valueOf = (rows: Parameters<typeof page>[0], crossChecks: boolean, month: string, year: number) =>
  read(rows, crossChecks).electricityUsage.usageByMonth.find((u) => u.month === month && u.year === year)
    ?.value;

Deno.test("a month OCR misread within its season is read as the one look-alike the year's printed total accepts", () => {
  const misread = MONTHS.map(([m, v]): [string, string] => (m === "Sep 2023" ? [m, "1,004"] : [m, v]));
  const total = historyBill(misread, "Annual usage 12,420 kWh");
  assertEquals(valueOf(total, false, "September", 2023), 1004);
  assertEquals(valueOf(total, true, "September", 2023), 1094);
  // a printed monthly average (12,420 / 12 = 1,035) checks the same sum but lets through a dozen kWh: the months
  // are kept as read, marked to confirm
  const average = read(historyBill(misread, "Average monthly usage 1,035 kWh"));
  assertEquals(average.electricityUsage.usageByMonth.find((u) => u.month === "September")?.value, 1004);
  assertEquals(average.monthConfidence?.["2023-09"], 0.55);
  // the history as printed agrees: nothing is changed
  assertEquals(valueOf(historyBill(MONTHS, "Annual usage 12,420 kWh"), true, "September", 2023), 1094);
  // a daily average is not the year's figure
  assertEquals(valueOf(historyBill(misread, "Average daily usage 31 kWh"), true, "September", 2023), 1004);
});

Deno.test("a printed 12-month total is not the period's kWh", () => {
  for (const line of ["12-Month Total Usage 12,420 kWh", "Total kWh, last 12 months: 12,420"]) {
    const item = read(historyBill(MONTHS, line));
    assertEquals(item.electricityUsage.meters.map((m) => m.usageKwh), ["855"]);
    assertEquals(item.electricityUsage.usageByMonth.length, 13);
  }
});

Deno.test("a year's total that no single look-alike month settles changes no month and marks the year to confirm", () => {
  const sorted: MonthlyUsage[] = MONTHS.map(([m, v]) => ({
    month: MonthNames.find((n) => n.startsWith(m.slice(0, 3)))!,
    year: Number(m.slice(4)),
    value: Number(v.replace(",", "")),
    unit: "kWh",
  }));
  const verdict = historyAgainstYear(sorted, { totals: [11_000], averages: [] });
  assertEquals(verdict.months, sorted);
  assertEquals(verdict.unsure.length, 13);
  assertEquals(yearFigures(["Annual usage 10,870 kWh", "Average daily use 29.8 kWh"]), {
    totals: [10870],
    averages: [],
  });
});

const pricedBill = (energyLine: string): Parameters<typeof page>[0] => [
  ...HEAD_ROWS,
  [130, [[36, "Meter"], [120, "Previous"], [200, "Present"], [280, "kWh"]]],
  [140, [[36, "M7741902"], [120, "40211"], [200, "41305"], [280, "1,094"]]],
  [160, [[36, "Customer Charge"], [300, "$12.00"]]],
  [170, [[36, energyLine], [300, "$124.06"]]],
  [180, [[36, "Distribution 1,094 kWh x $0.0221"], [300, "$24.18"]]],
];

Deno.test("a price OCR misread is read as the one look-alike the line's kWh and amount accept", () => {
  // 1,094 kWh × $0.1134 = $124.06; "0.1184" is a 3 read as an 8
  const bill = pricedBill("Energy Charge 1,094 kWh x $0.1184");
  assertEquals(read(bill, false).electricityUsage.supplyRatePerKwh, "0.1184");
  assertEquals(read(bill, true).electricityUsage.supplyRatePerKwh, "0.1134");
  // printed right: unchanged
  assertEquals(
    read(pricedBill("Energy Charge 1,094 kWh x $0.1134"), true).electricityUsage.supplyRatePerKwh,
    "0.1134",
  );
  // no look-alike accepted: as read (left empty was tried; it emptied prices of a part of the bill's kWh)
  assertEquals(
    read(pricedBill("Energy Charge 1,094 kWh x $0.1412"), true).electricityUsage.supplyRatePerKwh,
    "0.1412",
  );
});

Deno.test("a bill whose priced lines print no product keeps its price", () => {
  // 1,094 × 0.1462 = 159.94 (a look-alike of 0.1412), but the other line does not compute either
  const lines = ["Energy Charge 1,094 kWh x $0.1412   $159.94", "Distribution 1,094 kWh x $0.0301   $47.60"];
  assertEquals(checksOut(1094, "0.1412", 55.4), false);
  assertEquals(checkedPrice("0.1412", 1094, pricedLines(lines)), "0.1412");
});

Deno.test("a meter's kWh misread is read as the one look-alike the checked charge lines bill", () => {
  const bill: Parameters<typeof page>[0] = [
    ...HEAD_ROWS,
    [130, [[36, "Meter Number"], [280, "kWh Used"]]],
    [140, [[36, "M7741902"], [280, "1,004"]]],
    [160, [[36, "Customer Charge"], [300, "$12.00"]]],
    [170, [[36, "Energy Charge 1,094 kWh x $0.1134"], [300, "$124.06"]]],
  ];
  assertEquals(read(bill, false).electricityUsage.meters.map((m) => m.usageKwh), ["1004"]);
  assertEquals(read(bill, true).electricityUsage.meters.map((m) => m.usageKwh), ["1094"]);
});

Deno.test("a meter's kWh misread is read as the one look-alike its row's readings give", () => {
  const bill = (kwh: string): Parameters<typeof page>[0] => [
    ...HEAD_ROWS,
    [130, [[36, "Meter Number"], [120, "Present"], [200, "Previous"], [280, "kWh Used"]]],
    [140, [[36, "M7741902"], [120, "41,305"], [200, "40,211"], [280, kwh]]],
    [160, [[36, "Customer Charge"], [300, "$12.00"]]],
    [170, [[36, "Energy Charge"], [300, "$124.06"]]],
  ];
  const kwh = (k: string, crossChecks: boolean) =>
    read(bill(k), crossChecks).electricityUsage.meters.map((m) => m.usageKwh);
  assertEquals(kwh("1,004", false), ["1004"]);
  assertEquals(kwh("1,004", true), ["1094"]);
  // the readings' difference is no look-alike of the kWh (another register, a net meter): as read
  assertEquals(kwh("1,250", true), ["1250"]);
});

Deno.test("a customer name read with a sign no name has takes its other printing", () => {
  const bill = (body: string, stub: string): Parameters<typeof page>[0] => [
    [40, [[36, "Account No. 5521-904-117"], [330, "Statement Date 05/14/2024"]]],
    [52, [[330, "Total Due $96.12"], [450, "Due Date 06/04/2024"]]],
    [70, [[36, "Billing Period 04/09/2024 to 05/09/2024"]]],
    [86, [[36, body]]],
    [96, [[36, "77 BIRCH HILL RD"]]],
    [106, [[36, "DOVER NH 03820"]]],
    [600, [[36, "Please return this portion with your payment"]]],
    [620, [[36, stub]]],
    [630, [[36, "77 BIRCH HILL RD"]]],
    [640, [[36, "DOVER NH 03820"]]],
  ];
  const name = (a: string, b: string, crossChecks = true) =>
    read(bill(a, b), crossChecks).customerInformation.customerName;
  assertEquals(name("GRACE ROSSI", "GRACE ROSS!", false), "GRACE ROSS!");
  assertEquals(name("GRACE ROSSI", "GRACE ROSS!"), "GRACE ROSSI");
  assertEquals(name("GRACE ROSS!", "GRACE ROSS!", false), "GRACE ROSS!");
  assertEquals(name("GRACE ROSS!", "GRACE ROSSI"), "GRACE ROSSI");
  // no clean printing: left empty
  assertEquals(name("GRACE ROSS!", "GRACE ROSS!"), "");
});

Deno.test("a past due read off a charge line is left empty", () => {
  // a scan (santee-08's shape): the balance forward's "$0.00" read "S000", so its label took the amount under it
  const lines = [
    "Previous Balance   $191.85",
    "Payments   -$191.85",
    "Balance Forward   S000",
    "Customer Chaige   $19.50",
    "Energy Charge 590 kWh @ 0.0765   $45.13",
    "Current Charges   $114.27",
  ];
  const item = emptyItem();
  item.billingInformation.pastDue = "19.50";
  const conf: Record<string, number> = { pastDue: 0.7 };
  crossCheckFields(item, conf, {}, lines);
  assertEquals([item.billingInformation.pastDue, conf.pastDue], ["", undefined]);
  // printed on a line of its own, a past due stays
  assertEquals(pastDueIsCharge("19.50", ["Past Due   $19.50", "Customer Charge   $19.50"]), false);
  assertEquals(pastDueIsCharge("19.50", lines), true);
});

Deno.test("an account number printed elsewhere with one look-alike digit is left empty", () => {
  const bill = (stub: string): Parameters<typeof page>[0] => [
    ...HEAD_ROWS,
    [600, [[36, "Account Number"], [200, "Amount Due"], [330, "Due Date"]]],
    [610, [[36, stub], [200, "$96.12"], [330, "06/04/2024"]]],
  ];
  assertEquals(read(bill("5521-904-177"), false).customerInformation.accountNumber, "5521-904-117");
  assertEquals(read(bill("5521-904-177")).customerInformation.accountNumber, "");
  assertEquals(read(bill("5521-904-117")).customerInformation.accountNumber, "5521-904-117");
  assertEquals(accountDisputed("4106795458", ["Santee Cooper   4106795458", "4196795458   $163.94"]), true);
});

Deno.test("a meter's readings printed on the lines under its number check its kWh too", () => {
  const bill: Parameters<typeof page>[0] = [
    ...HEAD_ROWS,
    [130, [[36, "Meter K07417914 Current Reading   47649"], [330, "Last Payment 2/25/24   $152.82"]]],
    [140, [[36, "Previous Reading   46352"]]],
    [150, [[36, "Meter Constant   1"]]],
    [160, [[36, "Total kWh Used   1207"], [330, "Customer Charge   $13.40"]]],
  ];
  const kwh = (crossChecks: boolean) =>
    read(bill, crossChecks).electricityUsage.meters.map((m) => m.usageKwh);
  assertEquals(kwh(false), ["1207"]);
  assertEquals(kwh(true), ["1297"]);
});

Deno.test("a bill's one meter whose number was not read is checked against the bill's reading lines", () => {
  const meter = { meterNumber: "", usageKwh: "1207", servicePeriodStart: "", servicePeriodEnd: "" };
  const lines = [
    "Meter KO7417914 Current Reading   47649",
    "Previous Readng   46352",
    "Total KWH Used   1207",
  ];
  assertEquals(metersAgainstReadings([meter], lines, lines.join("\n")).map((m) => m.usageKwh), ["1297"]);
  // two meters: whose readings these are is not known
  assertEquals(
    metersAgainstReadings([meter, { ...meter, usageKwh: "300" }], lines, lines.join("\n")).map((m) =>
      m.usageKwh
    ),
    ["1207", "300"],
  );
});
