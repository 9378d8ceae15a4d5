// Round 12 (issue #11, docs/bills.md "Round 12"): generic pieces found missing on the round's dev layouts
// (scripts/bills/layouts_r12.ts cleco, cps, pnm and wps, and round 11's avista and epe, now dev), each checked here
// on word boxes or lines built in another shape than the layout that showed it, with every utility-shaped rule
// OFF; each fails without its change.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { findRatePlan } from "../../../shared/bills/embedded/rates.ts";
import { findIssuer } from "../../../shared/bills/embedded/utilities.ts";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { page } from "./layout_page.ts";

const noTaggedRules = () => false;
const bill = (lines: string[], pieces: Parameters<typeof parseBill>[1] = []) =>
  parseBill(lines, pieces, { rules: noTaggedRules });
const months = (item: ReturnType<typeof bill>) =>
  item.electricityUsage.usageByMonth.map((m) => `${m.year}-${m.month.slice(0, 3)} ${m.value}`);

Deno.test("a meter table's 'Dates Read' header over two date columns gives the meter's period (and the bill's)", () => {
  const p = page([
    [100, [[40, "Statement Date 05/02/2024"], [300, "Amount Due $93.18"]]],
    [130, [[40, "Meter"], [110, "Dates Read"], [230, "Previous"], [290, "Current"], [350, "Mult"], [
      400,
      "kWh",
    ]]],
    [142, [[40, "Z77104410"], [110, "03/28/2024"], [170, "04/26/2024"], [230, "51200"], [290, "52012"], [
      350,
      "1",
    ], [
      400,
      "812",
    ]]],
  ]);
  const item = bill(p.lines, [p.pieces]);
  assertEquals(
    item.electricityUsage.meters.map((
      m,
    ) => [m.meterNumber, m.usageKwh, m.servicePeriodStart, m.servicePeriodEnd]),
    [["Z77104410", "812", "2024-03-28", "2024-04-26"]],
  );
  assertEquals(
    [item.billingInformation.billingPeriodStart, item.billingInformation.billingPeriodEnd],
    ["2024-03-28", "2024-04-26"],
  );
});

Deno.test("a water section printed beside the meter table on the same lines does not drop the table", () => {
  const p = page([
    [100, [[40, "Statement Date 05/02/2024"], [420, "Amount Due $93.18"]]],
    [130, [[40, "Meter"], [110, "Previous"], [170, "Present"], [230, "kWh"], [
      330,
      "Water Meter W4410 6 gallons",
    ]]],
    [142, [[40, "E5520187"], [110, "51200"], [170, "52012"], [230, "812"], [330, "Basic Charge"], [
      430,
      "$12.60",
    ]]],
  ]);
  const item = bill(p.lines, [p.pieces]);
  assertEquals(item.electricityUsage.meters.map((m) => [m.meterNumber, m.usageKwh]), [["E5520187", "812"]]);
});

Deno.test("an unlabelled past-due balance: the previous balance less the payments, when the amount due adds up", () => {
  const summary = (paid: string) => [
    "Account Number 5512-0987   Statement Date 05/02/2024",
    "Balance from Last Bill   $142.10",
    `Payment Received 04/12   -$${paid}`,
    "Electric Service   $61.25",
    "Taxes and Fees   $4.05",
    "Total Amount Due   $105.30",
  ];
  // 142.10 - 102.10 = 40.00 carried; 40.00 + 61.25 + 4.05 = 105.30
  assertEquals(bill(summary("102.10")).billingInformation.pastDue, "40.00");
  // the charges do not add up to the amount due with that balance: nothing is guessed
  assertEquals(bill(summary("112.10")).billingInformation.pastDue, "");
  // a balance printed right under the payments is the past due, zero included
  const printed = (left: string) =>
    bill([
      "Account Number 5512-0987   Statement Date 05/02/2024",
      "Amount of Last Bill   $120.00",
      "Payment - Thank You   -$100.00",
      `Balance   $${left}`,
      "Electric Charges   $55.10",
      "Total Due   $75.10",
    ]).billingInformation.pastDue;
  assertEquals(printed("20.00"), "20.00");
  assertEquals(printed("0.00"), "0.00");
});

Deno.test("two usage charts side by side on one row (electric and gas): the kWh chart is read, the gas one is not", () => {
  const kwh = [510, 540, 600, 720, 810, 905, 880, 760, 620, 560, 530, 555];
  const gas = [95, 80, 60, 30, 15, 10, 9, 12, 25, 55, 80, 99];
  const names = ["Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "Jan", "Feb", "Mar", "Apr", "May"];
  const p = page([
    [60, [[40, "Bill Date 05/30/2024"], [300, "Total Due $120.40"], [
      460,
      "Service 04/26/2024 - 05/25/2024",
    ]]],
    [118, [[40, "Electricity Used (kWh)"], [330, "Gas Used (therms)"]]],
    [
      140,
      [...kwh.map((v, i) => [40 + i * 22, String(v)]), ...gas.map((v, i) => [330 + i * 22, String(v)])] as [
        number,
        string,
      ][],
    ],
    [190, [...names.map((n, i) => [40 + i * 22, n]), ...names.map((n, i) => [330 + i * 22, n])] as [
      number,
      string,
    ][]],
  ]);
  const got = months(bill(p.lines, [p.pieces]));
  assertEquals(got.includes("2023-Jun 510"), true);
  assertEquals(got.includes("2024-Jan 760"), true);
  assertEquals(got.some((m) => / (?:95|99|80)$/.test(m)), false);
});

Deno.test("a usage chart whose bars are named by the months' initials (J F M A …) gives each month's kWh", () => {
  // 13 bars from October to October, the last the bill's month
  const kwh = [640, 700, 820, 905, 860, 700, 610, 590, 720, 880, 990, 960, 650];
  const initials = "ONDJFMAMJJASO".split("");
  const chart = (letters: string[], title = "Monthly kWh") =>
    page([
      [60, [[40, "Bill Date 10/31/2024"], [300, "Amount Due $140.12"]]],
      [72, [[40, "Service period 09/27/2024 to 10/28/2024"]]],
      [120, [[40, title]]],
      [140, kwh.map((v, i) => [40 + i * 24, String(v)] as [number, string])],
      [190, letters.map((l, i) => [44 + i * 24, l] as [number, string])],
    ]);
  const p = chart(initials);
  const got = months(bill(p.lines, [p.pieces]));
  assertEquals(got.includes("2023-Oct 640"), true);
  assertEquals(got.includes("2024-Jan 905"), true);
  assertEquals(got.includes("2024-Sep 960"), true);
  // letters that fit no place of the calendar name no month
  const q = chart("ONDJFMAMJJAOS".split(""));
  assertEquals(months(bill(q.lines, [q.pieces])).includes("2024-Jan 905"), false);
  // bars of an average per day are not the months' kWh
  const d = chart(initials, "Average daily use (kWh)");
  assertEquals(months(bill(d.lines, [d.pieces])).includes("2024-Jan 905"), false);
});

Deno.test("a net-metered bill's home and generation meters, the net billed printed: one meter using the net", () => {
  const p = page([
    [60, [[40, "Statement Date 07/05/2024"], [300, "Amount Due $41.18"]]],
    [72, [[40, "Service Period 06/03/2024 - 07/02/2024"]]],
    [100, [[40, "Meter"], [120, "Present"], [190, "Previous"], [260, "kWh"]]],
    [112, [[40, "A1188201"], [120, "30511"], [190, "29611"], [260, "900"]]],
    [124, [[40, "G5510022"], [120, "8840"], [190, "8290"], [260, "550"]]],
    [140, [[40, "Energy from your solar array (generation meter) shown for your information"]]],
    [160, [[40, "Net kWh Billed"], [200, "350"]]],
  ]);
  const item = bill(p.lines, [p.pieces]);
  assertEquals(item.electricityUsage.meters.map((m) => [m.meterNumber, m.usageKwh]), [["A1188201", "350"]]);
});

Deno.test("a rate label after a section title on one line, and a schedule named inside a title", () => {
  assertEquals(
    findRatePlan(["Electric Service Detail Rate: R-2 Residential Time of Use"]),
    "R-2 Residential Time of Use",
  );
  assertEquals(
    findRatePlan(["Your Charges Explained Schedule 7 Residential Service 29 Days"]),
    "Schedule 7 Residential Service",
  );
  // after a title, a price is not a rate's name
  assertEquals(findRatePlan(["Your Price to Compare Rate: 7.5 cents per kWh"]), "");
  // a notice about a schedule is not the customer's rate
  assertEquals(findRatePlan(["Rates for Schedule 7 Residential Service will change on June 1"]), "");
});

Deno.test("bilingual labels (English / Spanish): the rate and the meter beside their translations", () => {
  const item = bill([
    "Fecha: 05/02/2024   Account / Cuenta: 7731-0092   Amount Due / Total a Pagar $88.10",
    "Tariff / Tarifa: Residential General Service   Meter Number / Número de Medidor K40117731",
    "Energy Used / Consumo de Energía 612 kWh",
  ]);
  assertEquals(item.electricityUsage.electricRate, "Residential General Service");
  assertEquals(item.electricityUsage.meters.map((m) => m.meterNumber), ["K40117731"]);
});

Deno.test("'Bill mailed' is the statement date", () => {
  const item = bill([
    "Account Number 5501-7720   Bill mailed: June 3, 2024",
    "Amount Due $93.18   Due 06/24/2024",
  ]);
  assertEquals(item.billingInformation.invoiceDate, "2024-06-03");
});

Deno.test("an issuer named '… Public Service' (not in the utility table) is read where two places agree", () => {
  assertEquals(
    findIssuer([
      "NORTHERN PLAINS PUBLIC SERVICE",
      "Mail this stub with your payment to Northern Plains Public Service.",
    ]),
    "Northern Plains Public Service",
  );
});
