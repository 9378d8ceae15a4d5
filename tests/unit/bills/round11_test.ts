// Round 11 (issue #11, docs/bills.md "Round 11"): generic pieces found missing on the round's dev layouts
// (scripts/bills/layouts_r11.ts aepohio and tep, and round 10's alpower and smud, now dev), each checked here on
// word boxes or lines built in another shape than the layout that showed it, with every utility-shaped rule OFF;
// each fails without its change.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { readDatedChart } from "../../../shared/bills/embedded/chart_dates.ts";
import { findRatePlan } from "../../../shared/bills/embedded/rates.ts";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { page } from "./layout_page.ts";

const noTaggedRules = () => false;
const bill = (lines: string[], pieces: Parameters<typeof parseBill>[1] = []) =>
  parseBill(lines, pieces, { rules: noTaggedRules });

// a 13-bar chart, its bars named by the meter's read dates (four-digit years, crossing a year end), kWh above
const KWH = [610, 655, 702, 820, 941, 1012, 990, 870, 720, 640, 598, 605, 633];
const READS = [
  "02/11/2023",
  "03/13/2023",
  "04/12/2023",
  "05/11/2023",
  "06/12/2023",
  "07/12/2023",
  "08/10/2023",
  "09/11/2023",
  "10/11/2023",
  "11/09/2023",
  "12/11/2023",
  "01/10/2024",
  "02/09/2024",
];
const chart = (reads: string[]) =>
  page([
    [300, [[40, "Your Energy Use"]]],
    [330, KWH.map((v, i) => [60 + i * 38, String(v)] as [number, string])],
    [400, reads.map((d, i) => [55 + i * 38, d] as [number, string])],
  ]);

Deno.test("a usage chart whose bars are named by the dates the meter was read gives each date's month", () => {
  const got = readDatedChart(chart(READS).pieces);
  assertEquals(got.length, 13);
  assertEquals(got[0], { year: 2023, month: 2, value: 610 });
  assertEquals(got[12], { year: 2024, month: 2, value: 633 });
  // through the whole reader, tagged rules off: the history holds the chart's months
  const p = chart(READS);
  const item = bill(["Bill Date: 02/12/2024   Amount Due $88.10", "Service from 01/10/2024 to 02/09/2024"], [
    p.pieces,
  ]);
  const h = item.electricityUsage.usageByMonth;
  assertEquals(h.find((m) => m.year === 2023 && m.month === "July")?.value, 1012);
  // dates that are not a month apart (a row of payment dates) name no bars
  const weekly = READS.map((_, i) =>
    `0${1 + Math.floor(i / 4)}/${String(1 + (i % 4) * 7).padStart(2, "0")}/2023`
  );
  assertEquals(readDatedChart(chart(weekly).pieces), []);
});

Deno.test("a labelled rate stops where the next field joined to it on its line begins", () => {
  // the text layer joined the cells with single spaces
  assertEquals(
    findRatePlan(["Rate Schedule: Residential Service RS-2 Meter No. 88120455 Multiplier 1"]),
    "Residential Service RS-2",
  );
});

Deno.test("the unit spelled out: 'Kilowatt-hours used' under a meter is its usage", () => {
  const item = bill([
    "Statement Date: 04/03/2024   Amount Due $74.30",
    "Service Period: 03/02/2024 - 04/01/2024",
    "Meter ZX4471902   Present Reading 45,118",
    "Previous Reading 44,376",
    "Kilowatt-hours used: 742",
  ]);
  assertEquals(item.electricityUsage.meters.map((m) => [m.meterNumber, m.usageKwh]), [["ZX4471902", "742"]]);
});

Deno.test("a service delivery identifier is the service number", () => {
  const item = bill([
    "Account Number: 4471-902-118   Amount Due $74.30",
    "Service Delivery ID: 00140012345678",
  ]);
  assertEquals(item.customerInformation.serviceNumber, "00140012345678");
});

Deno.test("a service address label alone over the customer's name: the address is the line under the name", () => {
  const item = bill([
    "Premises Address   Bill Date 04/03/2024",
    "MARIA L GARCIA",
    "88 Quarry Rd Unit 2, Barre, VT 05641   Amount Due $74.30",
    "Mail to: PO Box 12, Montpelier, VT 05602",
  ]);
  assertEquals(
    [item.customerInformation.serviceAddress.line1, item.customerInformation.serviceAddress.city],
    ["88 Quarry Rd", "Barre"],
  );
});
