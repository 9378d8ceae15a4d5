// Round 17 (issue #11, docs/bills.md "Round 17"): shapes the dev layouts showed, each built on word boxes in
// another shape than the layouts that showed it, with every utility-shaped rule OFF; each test fails with the
// reader of before this round.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { page } from "./layout_page.ts";

const noTaggedRules = () => false;
const read = (rows: Parameters<typeof page>[0]) => {
  const p = page(rows);
  return parseBill(p.lines, [p.pieces], { rules: noTaggedRules });
};
const head: Parameters<typeof page>[0] = [
  [40, [[36, "Account No. 5120-3391-447"], [330, "Statement Date 07/12/2024"]]],
  [52, [[330, "Please Pay $96.18"], [450, "Due 08/01/2024"]]],
  [76, [[36, "JANE Q MORRISON"]]],
  [86, [[36, "418 ORCHARD HILL RD"]]],
  [96, [[36, "GREENVILLE OH 45331"]]],
];

Deno.test("a balance forward printed before the payments is the previous balance; the balance after them is past due", () => {
  const item = read([
    ...head,
    [120, [[36, "Balance Forward"], [240, "$141.07"]]],
    [130, [[36, "Payment Received 06/30 - Thank You"], [240, "-$141.07"]]],
    [140, [[36, "Unpaid Balance"], [240, "$0.00"]]],
    [150, [[36, "New Charges"], [240, "$96.18"]]],
    [160, [[36, "Please Pay"], [240, "$96.18"]]],
  ]);
  assertEquals(item.billingInformation.pastDue, "0.00");
});

Deno.test("a balance forward printed after the payments is still the past due", () => {
  const item = read([
    ...head,
    [120, [[36, "Previous Amount"], [240, "$141.07"]]],
    [130, [[36, "Payment Received 06/30 - Thank You"], [240, "-$100.00"]]],
    [140, [[36, "Balance Forward"], [240, "$41.07"]]],
    [150, [[36, "New Charges"], [240, "$55.11"]]],
    [160, [[36, "Please Pay"], [240, "$96.18"]]],
  ]);
  assertEquals(item.billingInformation.pastDue, "41.07");
});

const meterRows: Parameters<typeof page>[0] = [
  [180, [[36, "Service Period 06/10/2024 - 07/10/2024"]]],
  [192, [[36, "Meter Number"], [140, "Previous"], [210, "Present"], [280, "Total kWh"]]],
  [202, [[36, "55102934"], [140, "40211"], [210, "41093"], [280, "882"]]],
];

Deno.test("a bill that prints no monthly kWh history gets none from its meter", () => {
  const item = read([
    ...head,
    ...meterRows,
    [230, [[36, "Average Daily Use (kWh)"]]],
    [240, [[36, "Aug-23"], [80, "Sep-23"], [124, "Oct-23"], [168, "Nov-23"], [212, "Dec-23"], [
      256,
      "Jan-24",
    ]]],
    [250, [[36, "31.2"], [80, "28.4"], [124, "22.0"], [168, "25.3"], [212, "30.9"], [256, "33.1"]]],
  ]);
  assertEquals(item.electricityUsage.meters[0]?.usageKwh, "882");
  assertEquals(item.electricityUsage.usageByMonth, []);
});

Deno.test("a bill that prints a monthly kWh history still gets its month from the meter", () => {
  const item = read([
    ...head,
    ...meterRows,
    [230, [[36, "Monthly Use (kWh)"]]],
    [240, [[36, "Jan-24"], [80, "Feb-24"], [124, "Mar-24"], [168, "Apr-24"], [212, "May-24"], [
      256,
      "Jun-24",
    ]]],
    [250, [[36, "912"], [80, "850"], [124, "701"], [168, "655"], [212, "720"], [256, "840"]]],
  ]);
  assertEquals(item.electricityUsage.usageByMonth.at(-1)?.value, 882);
  assertEquals(item.electricityUsage.usageByMonth.at(-1)?.month, "July");
});

Deno.test("a meter line printing a reading, the prior one and the kWh used gives the kWh used, not a reading", () => {
  const item = read([
    ...head,
    [180, [[36, "Service Period 06/10/2024 - 07/10/2024"]]],
    [192, [[36, "Meter 55102934   Reading 41093   Prior 40211   kWh Used 882   Days 30"]]],
  ]);
  assertEquals(item.electricityUsage.meters.map((m) => m.usageKwh), ["882"]);
});

Deno.test("a rate's value stops before the period's label the text layer joined to it", () => {
  const item = read([
    ...head,
    [180, [[36, "Tariff: Residential Heating Billing From 06/10/2024 to 07/10/2024"]]],
    [192, [[36, "Meter 55102934   Total kWh 882"]]],
  ]);
  assertEquals(item.electricityUsage.electricRate, "Residential Heating");
});

Deno.test("after a rate code's label, the code before the dash is not the rate's name", () => {
  const item = read([
    ...head,
    [180, [[36, "Rate Code: RH7 - Residential Heating"], [330, "Service Period 06/10/2024 - 07/10/2024"]]],
    [192, [[36, "Meter 55102934   Total kWh 882"]]],
  ]);
  assertEquals(item.electricityUsage.electricRate, "Residential Heating");
  // without the colon
  const other = read([
    ...head,
    [180, [[36, "Rate Code R12 - Residential Service Summer Billing Period"], [330, "Due 08/01/2024"]]],
    [186, [[36, "Service Period 06/10/2024 - 07/10/2024"]]],
    [192, [[36, "Meter 55102934   Total kWh 882"]]],
  ]);
  assertEquals(other.electricityUsage.electricRate, "Residential Service");
});

Deno.test("a meter's two readings printed with their dates and 'Actual' give its period", () => {
  const item = read([
    ...head,
    [180, [[36, "Meter K7730212"], [330, "Amount Due $96.18"]]],
    [190, [[36, "Estimated   Mar 3, 2024   12,904"]]],
    [200, [[36, "Actual   Apr 2, 2024   13,511"]]],
    [210, [[36, "Usage 607 kWh   30 days"]]],
  ]);
  const m = item.electricityUsage.meters[0];
  assertEquals([m?.servicePeriodStart, m?.servicePeriodEnd], ["2024-03-03", "2024-04-02"]);
});

Deno.test("an amount labelled 'Total Amount Now Due' is the amount due", () => {
  const item = read([
    [40, [[36, "Account No. 5120-3391-447"], [330, "Statement Date 07/12/2024"]]],
    [52, [[330, "Payment Due Date 08/01/2024"]]],
    [76, [[36, "JANE Q MORRISON"]]],
    [86, [[36, "418 ORCHARD HILL RD"]]],
    [96, [[36, "GREENVILLE OH 45331"]]],
    [120, [[330, "Previous Balance"], [540, "$80.00"]]],
    [130, [[330, "Payment Received"], [540, "-$80.00"]]],
    [140, [[330, "Total Amount Now Due"], [540, "$96.18"]]],
  ]);
  assertEquals(item.billingInformation.amountDue, "96.18");
});

Deno.test("a supply price printed in the right-hand column under its own title beside a delivery column", () => {
  const item = read([
    ...head,
    [180, [[36, "Delivery Charges"], [330, "Supply Charges"]]],
    [190, [[36, "Customer Charge   $6.00"], [330, "Generation Service 607 kWh @ $0.08213   $49.85"]]],
    [200, [[36, "Distribution 607 kWh @ $0.04120   $25.01"], [330, "Transmission   $7.02"]]],
  ]);
  assertEquals(item.electricityUsage.supplyRatePerKwh, "0.08213");
});

Deno.test("a rate labelled 'Rate' without a colon, a code alone in its cell, is the rate", () => {
  const item = read([
    ...head,
    [180, [[36, "Rate RT2"], [120, "Service Period 06/10/2024 - 07/10/2024"]]],
    [192, [[36, "Meter 55102934   Total kWh 882"]]],
  ]);
  assertEquals(item.electricityUsage.electricRate, "RT2");
  // … also with the next label joined to it by the text layer
  const joined = read([
    ...head,
    [180, [[36, "Rate RT2 Read Dates 06/10/2024 to 07/10/2024"]]],
    [192, [[36, "Meter 55102934   Total kWh 882"]]],
  ]);
  assertEquals(joined.electricityUsage.electricRate, "RT2");
});

Deno.test("bars labelled with their month and year ('Sep 22') and their kWh on top are the months' kWh", () => {
  const values = [702, 655, 810, 1024, 1310, 1188, 930, 744, 690, 870, 1130, 1262, 882];
  const labels = ["Jul 23", "Aug 23", "Sep 23", "Oct 23", "Nov 23", "Dec 23", "Jan 24", "Feb 24", "Mar 24"]
    .concat(["Apr 24", "May 24", "Jun 24", "Jul 24"]);
  const bars: Parameters<typeof page>[0] = values.map((v, i) => [
    300 - Math.round(v / 30),
    [[200 + i * 40 + 5, v.toLocaleString("en-US")]],
  ]);
  const item = read([
    ...head,
    ...meterRows,
    [230, [[200, "Your Electricity Use (kWh)"]]],
    ...bars.sort((a, b) => a[0] - b[0]),
    [310, labels.map((l, i) => [200 + i * 40, l] as [number, string])],
  ]);
  assertEquals(item.electricityUsage.usageByMonth.map((u) => u.value), values);
});

Deno.test("a cooperative named '… Electric Association, Inc.' is read with its whole name", () => {
  const item = read([
    [20, [[36, "Kenai Valley Electric Association, Inc.   kvea.coop   (907) 555-0142"]]],
    ...head,
    ...meterRows,
    [260, [[36, "Please return this portion with your payment to Kenai Valley Electric."]]],
  ]);
  assertEquals(item.billingInformation.utilityProviderName, "Kenai Valley Electric Association");
});

Deno.test("a comparison table with its rows labelled and a kWh column gives the months back from the bill's", () => {
  const item = read([
    ...head,
    ...meterRows,
    [230, [[36, "Compare Your Use"]]],
    [242, [[140, "kWh"], [200, "Days"], [250, "Cost"]]],
    [254, [[36, "This Period"], [140, "882"], [200, "30"], [250, "$118.20"]]],
    [266, [[36, "Last Month"], [140, "812"], [200, "31"], [250, "$109.75"]]],
    [278, [[36, "Last Year"], [140, "1,010"], [200, "30"], [250, "$131.02"]]],
  ]);
  assertEquals(
    item.electricityUsage.usageByMonth.map((u) => `${u.month} ${u.year}:${u.value}`),
    ["July 2023:1010", "June 2024:812", "July 2024:882"],
  );
});

Deno.test("the line under an electric charges heading that opens with a class of service and the period names the rate", () => {
  const item = read([
    ...head,
    [180, [[36, "Electric Service Charges"]]],
    [190, [[36, "Residential Time-of-Use 06/10/2024 - 07/10/2024 Meter 55102934"]]],
    [200, [[36, "Customer Charge   $9.00"]]],
    [210, [[36, "Energy 882 kWh @ $0.0871   $76.82"]]],
  ]);
  assertEquals(item.electricityUsage.electricRate, "Residential Time-of-Use");
});

Deno.test("a class of service with its code, followed by the season's rates in effect, names the rate", () => {
  const item = read([
    ...head,
    ...meterRows,
    [230, [[36, "General Service Rate (GS-1) - Summer Rates Apply"]]],
  ]);
  assertEquals(item.electricityUsage.electricRate, "General Service Rate (GS-1)");
});

Deno.test("a labelled rate printed after other fields in the same text item is read from its label", () => {
  const item = read([
    ...head,
    [180, [[36, "Total 882 kWh   30 days Rate Schedule: R2 Residential Heating"]]],
  ]);
  assertEquals(item.electricityUsage.electricRate, "R2 Residential Heating");
});
