// Round 13 (issue #11, docs/bills.md "Round 13"): the reader made more cautious where round 12's sealed pair (jcpl,
// jea; now dev) and the round's dev layouts (scripts/bills/layouts_r13.ts ku, midam, austin, nyseg) showed it filling
// wrong values, and the corpus's two conventions decided by the lead (more than one block price: no supply price; a
// previous balance the payments cleared: "0.00" past due). Each case is built on word boxes or lines in another shape
// than the layout that showed it, with every utility-shaped rule OFF; each fails with the reader of before this round.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { findRatePlan, findSupplyRate, findTier } from "../../../shared/bills/embedded/rates.ts";
import { blockPriceOnly } from "../../../shared/bills/embedded/block_prices.ts";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { piecesToLines } from "../../../shared/documents/text_layout.ts";
import { ocrPage, page } from "./layout_page.ts";

const noTaggedRules = () => false;
const bill = (lines: string[], pieces: Parameters<typeof parseBill>[1] = []) =>
  parseBill(lines, pieces, { rules: noTaggedRules });
const supply = (lines: string[]) => bill(lines).electricityUsage.supplyRatePerKwh;

Deno.test("an energy charge priced in two blocks or two seasons has no supply price; one price keeps it", () => {
  const head = ["Account Number 7740012231   Statement Date 06/14/2024", "Amount Due $96.40"];
  // the same charge printed twice, prorated at a new price within the period
  assertEquals(
    supply([
      ...head,
      "Supply Service 180 kWh x $0.0921   $16.58",
      "Supply Service 445 kWh x $0.1012   $45.03",
    ]),
    "",
  );
  // a block named by its words alone continues the block-priced charge above it
  assertEquals(
    supply([
      ...head,
      "Energy Block 1: 400 kWh @ $0.0701   $28.04",
      "Excess over 400: 212 kWh @ $0.0899   $19.06",
    ]),
    "",
  );
  // a charge and its delivery counterpart are two charges, each priced once: the supply price stays
  assertEquals(
    supply([...head, "Generation 612 kWh x $0.0811   $49.63", "Distribution 612 kWh x $0.0455   $27.85"]),
    "0.0811",
  );
  // a block printed with its price but no charge was not reached this period: the billed block's price stays
  assertEquals(
    supply([
      ...head,
      "Energy Charge First 800 kWh @ $0.0612   $41.20",
      "Energy Charge Over 800 kWh @ $0.0731",
    ]),
    "0.0612",
  );
  // a single block printed (usage under the first block's size) is that block's price
  const one = [...head, "Energy Block 1: 296 kWh @ $0.0701   $20.75"];
  assertEquals(findSupplyRate(one) !== "" && !blockPriceOnly(one, findSupplyRate(one)), true);
});

Deno.test("a meter read in a water or gas unit is not the electric meter", () => {
  const item = bill([
    "Account Number 7740012231   Statement Date 06/14/2024",
    "Amount Due $96.40",
    "Electricity   Usage this period 812 kWh",
    "Water Service",
    "Meter W4410221   9 kgal used   $31.80",
    "Gas Service   Meter G55120   41 ccf",
  ]);
  const numbers = item.electricityUsage.meters.map((m) => m.meterNumber);
  assertEquals(numbers.includes("W4410221") || numbers.includes("G55120"), false);
});

Deno.test("a rate printed with the period's days after it stops before them", () => {
  assertEquals(findRatePlan(["Rate: General Residential (GR) 31 days"]), "General Residential (GR)");
  assertEquals(
    findRatePlan(["Tariff: R-2 Residential Heating   29 Billing Days"]),
    "R-2 Residential Heating",
  );
});

Deno.test("a meter line printing both readings: the reading before 'kWh' is not the usage, the kWh they confirm is", () => {
  const lines = (tail: string) => [
    "Account Number 7740012231   Statement Date 06/14/2024",
    "Amount Due $96.40   Service Period 05/10/2024 - 06/10/2024",
    `Meter E5520187   Prior 40210   Present 41022 kWh${tail}`,
  ];
  assertEquals(bill(lines(" 812")).electricityUsage.meters[0]?.usageKwh, "812");
  // no kWh the readings confirm: the reading is never taken for the usage
  assertEquals(bill(lines("")).electricityUsage.meters[0]?.usageKwh !== "41022", true);
});

Deno.test("a tier that prices a quantity of kWh is a price block, not the customer's tier", () => {
  assertEquals(findTier(["Tier 1 (0-500 kWh) 500 kWh @ $0.0850   $42.50"]), "");
  // a marked tier is still read
  assertEquals(findTier(["Usage Tier: Tier 2"]), "Tier 2");
});

Deno.test("a previous balance the payments cleared to the cent: the past due is 0.00 (also on a credit)", () => {
  const summary = (paid: string, due: string) => [
    "Account Number 7740012231   Statement Date 06/14/2024",
    "Prior Balance   $88.20",
    `Payments   -$${paid}`,
    `Current Charges   $${due}`,
    `Total Amount Due   $${due}`,
  ];
  assertEquals(bill(summary("88.20", "64.15")).billingInformation.pastDue, "0.00");
  assertEquals(bill(summary("88.20", "-12.40")).billingInformation.pastDue, "0.00");
  // a balance left unpaid that the charges do not confirm: nothing guessed
  assertEquals(bill(summary("80.00", "64.15")).billingInformation.pastDue, "");
});

Deno.test("a history month twelve or more months before the bill's period end is outside the bill's year when the bill's month is not read", () => {
  const names = ["Oct", "Nov", "Dec", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep"];
  const kwh = [812, 904, 1010, 1122, 998, 870, 760, 702, 731, 845, 930, 887];
  // a table of months and kWh, newest last: Oct 2023 … Sep 2024, the bill's own month (Oct 2024) not printed
  const p = page([
    [40, [[40, "Account Number 7740012231"], [300, "Bill Date 10/27/2024"]]],
    [52, [[40, "Service Period 09/24/2024 - 10/24/2024"], [300, "Amount Due $96.40"]]],
    [80, [[40, "Month"], [120, "kWh Used"]]],
    ...names.map((n, i): [number, [number, string][]] => [
      92 + i * 11,
      [[40, `${n}-${i < 3 ? 23 : 24}`], [120, String(kwh[i])]],
    ]),
  ]);
  const got = bill(p.lines, [p.pieces]).electricityUsage.usageByMonth.map((m) => `${m.year}-${m.month}`);
  assertEquals(got.includes("2023-October"), false);
  assertEquals(got.includes("2024-September"), true);
});

Deno.test("on a scan, a dollar sign read as a 5 before the amount due is taken off when the bill prints the amount", () => {
  const rows = (total: string): [number, [number, string][]][] => [
    [20, [[40, "Riverbend Electric Cooperative"], [400, "Account No. 5512093381"]]],
    [40, [[40, "Billing Period: 11/22/2024 - 12/21/2024"], [400, "Amount Due: $31.75"]]],
    [60, [[40, "Energy Charge 212 kWh x $0.1120   $23.74"]]],
    [80, [[40, "Total Amount Due"], [300, total]]],
    [400, [[40, "Account Number"], [200, "Amount Due"], [360, "Due Date"]]],
    [412, [[40, "5512093381"], [200, "$31.75"], [360, "01/12/2025"]]],
  ];
  const read = (total: string) => {
    const pieces = ocrPage(rows(total));
    return parseBill(piecesToLines(pieces), [pieces], { rules: noTaggedRules }).billingInformation.amountDue;
  };
  assertEquals(read("531.75"), "31.75");
  // an amount printed with its sign elsewhere is never shortened
  assertEquals(read("$31.75"), "31.75");
});

Deno.test("each month's kWh printed under its label is read when the bill's month agrees with the meter's kWh", () => {
  const names = ["Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul"];
  const kwh = [980, 1012, 870, 640, 601, 720, 810, 760, 690, 602, 655, 840, 1004];
  const chart = (values: number[], meterKwh: number) =>
    page([
      [40, [[40, "Account Number 7740012231"], [300, "Bill Date 07/29/2024"]]],
      [52, [[40, "Service Period 06/25/2024 - 07/25/2024"], [300, "Amount Due $131.40"]]],
      [64, [[40, `Meter E5520187   Usage ${meterKwh} kWh`]]],
      [120, [[300, "Your Electric Use"]]],
      [190, names.map((n, i): [number, string] => [300 + i * 20, n])],
      [198, values.map((v, i): [number, string] => [300 + i * 20, String(v)])],
    ]);
  const read = (values: number[], meterKwh: number) => {
    const p = chart(values, meterKwh);
    return bill(p.lines, [p.pieces]).electricityUsage.usageByMonth.map((m) =>
      `${m.year}-${m.month} ${m.value}`
    );
  };
  const got = read(kwh, 1004);
  assertEquals(got.includes("2023-October 640"), true);
  assertEquals(got.includes("2024-January 810"), true);
  // the row's last number is not the period's kWh (a row of something else under the months): nothing read
  assertEquals(read(kwh.map((v) => v + 100), 1004).includes("2024-January 910"), false);
});
