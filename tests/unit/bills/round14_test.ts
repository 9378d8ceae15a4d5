// Round 14 (issue #11, docs/bills.md "Round 14"): shapes round 13's sealed pair (apco, peco; now dev) and the round's
// dev layouts (scripts/bills/layouts_r14.ts oppd, nes, nipsco, wenergies) showed the reader missing or misreading.
// Each case is built on word boxes or lines in another shape than the layout that showed it, with every
// utility-shaped rule OFF; each fails with the reader of before this round.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { findRatePlan } from "../../../shared/bills/embedded/rates.ts";
import { findIssuer, findUtility } from "../../../shared/bills/embedded/utilities.ts";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { page } from "./layout_page.ts";

const noTaggedRules = () => false;
const bill = (lines: string[], pieces: Parameters<typeof parseBill>[1] = []) =>
  parseBill(lines, pieces, { rules: noTaggedRules });
const months = (item: ReturnType<typeof bill>) =>
  item.electricityUsage.usageByMonth.map((m) => `${m.year}-${m.month}:${m.value}`);

Deno.test("a meter read off a line without dates takes the read dates of the same meter's table row", () => {
  const p = page([
    [40, [[36, "Account Number 5521907734"], [330, "Statement Date 06/04/2024"]]],
    [52, [[330, "Amount Due $88.12"], [450, "Due Date 06/25/2024"]]],
    [80, [[36, "Meter"], [110, "Read Dates"], [260, "Prior"], [330, "Current"], [400, "Usage (kWh)"]]],
    [92, [[36, "E4418823"], [110, "05/02/2024"], [180, "06/01/2024"], [260, "55120"], [330, "55932"], [
      400,
      "812",
    ]]],
    [110, [[36, "Meter E4418823 812 kWh"]]],
  ]);
  const item = bill(p.lines, [p.pieces]);
  assertEquals(
    item.electricityUsage.meters.map((m) => [m.usageKwh, m.servicePeriodStart, m.servicePeriodEnd]),
    [[
      "812",
      "2024-05-02",
      "2024-06-01",
    ]],
  );
  assertEquals([item.billingInformation.billingPeriodStart, item.billingInformation.billingPeriodEnd], [
    "2024-05-02",
    "2024-06-01",
  ]);
});

Deno.test("a rate stops before a day count printed after its label; a period or a field before the rate's label is not the rate", () => {
  assertEquals(
    findRatePlan(["Rate Schedule: 10 Residential Service Elapsed Days 30"]),
    "10 Residential Service",
  );
  assertEquals(
    findRatePlan(["05/10/2024 to 06/09/2024 (30 days) Rate RS-2 Residential"]),
    "RS-2 Residential",
  );
  assertEquals(findRatePlan(["Premises Address: 12 ELM ST Rate: E-1 Residential"]), "E-1 Residential");
});

Deno.test("each bar's kWh printed on top of it, over a row of 12 month labels, checked against the period", () => {
  const vals = [612, 598, 701, 655, 640, 702, 733, 810, 845, 790, 700, 640];
  const labels = ["Sep", "Oct", "Nov", "Dec", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug"];
  const rows: [number, [number, string][]][] = [
    [40, [[36, "Account Number 5521907734"], [330, "Statement Date 08/18/2024"]]],
    [52, [[36, "Billing Period: 07/15/2024 - 08/14/2024"], [330, "Amount Due $93.40"]]],
    [64, [[36, "Total kWh Used 640"]]],
    [200, [[330, "Monthly Electric Use"]]],
  ];
  // the bars' tops: heights in proportion to the kWh, on the lines of the charges printed left of the chart
  const left: Record<number, string> = {
    [300 - Math.round(80 * 655 / 845)]: "Delivery Charge 640 kWh @ 0.0421   $26.94",
    [300 - Math.round(80 * 810 / 845)]: "Customer Charge   $9.50",
  };
  vals.forEach((v, i) => {
    const y = 300 - Math.round(80 * v / 845);
    const row = rows.find((r) => r[0] === y);
    if (row) row[1].push([330 + i * 20, String(v)]);
    else rows.push([y, [...(left[y] ? [[36, left[y]] as [number, string]] : []), [330 + i * 20, String(v)]]]);
  });
  rows.push([310, labels.map((l, i) => [330 + i * 20, l] as [number, string])]);
  rows.sort((a, b) => a[0] - b[0]);
  const p = page(rows);
  const item = bill(p.lines, [p.pieces]);
  assertEquals(
    months(item),
    vals.map((v, i) => {
      const d = new Date(Date.UTC(2023, 8 + i, 1));
      return `${d.getUTCFullYear()}-${d.toLocaleString("en-US", { month: "long", timeZone: "UTC" })}:${v}`;
    }),
  );
});

Deno.test("a comparison's bars print their kWh on top: each label takes the number over it", () => {
  const p = page([
    [40, [[36, "Account Number 5521907734"], [330, "Statement Date 03/22/2024"]]],
    [52, [[36, "Service Period 02/19/2024 - 03/19/2024"], [330, "Amount Due $71.05"]]],
    [100, [[60, "1,304 kWh"]]],
    [120, [[160, "1,122 kWh"], [260, "988 kWh"]]],
    [160, [[60, "Year Ago"], [160, "Previous Month"], [260, "Current Month"]]],
    [200, [[36, "Meter 88210455 988 kWh"]]],
  ]);
  const got = months(bill(p.lines, [p.pieces]));
  assertEquals(got.includes("2023-March:1304") && got.includes("2024-February:1122"), true);
});

Deno.test("a charge named after a wholesale supplier does not make it the bill's issuer; a remittance box does name it", () => {
  const text = [
    "Lakeside Electric Department",
    "Energy Charge 950 kWh @ 0.0812   $77.14",
    "TVA Fuel Cost Adjustment 950 kWh @ 0.0219   $20.81",
  ].join("\n");
  assertEquals(findUtility(text)?.name === "Tennessee Valley Authority", false);
  assertEquals(
    findUtility("Tennessee Valley Authority\nAmount Due $20.81")?.name,
    "Tennessee Valley Authority",
  );
  assertEquals(
    findIssuer([
      "Account Summary",
      "Please return this portion with your payment to Lakeside Electric Department.",
      "LAKESIDE ELECTRIC DEPARTMENT",
      "P.O. Box 440",
      "LAKESIDE TN 37000-0440",
    ]),
    "Lakeside Electric Department",
  );
});
