// Round 19 (issue #11, docs/bills.md "Round 19"): the shapes behind the dev layouts' wrong and empty values, each
// built on word boxes in another shape than the layouts that showed it, with every utility-shaped rule OFF; each
// test fails with the reader of before this round.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { ocrPage, page } from "./layout_page.ts";

const noTaggedRules = () => false;
const read = (rows: Parameters<typeof page>[0]) => {
  const p = page(rows);
  return parseBill(p.lines, [p.pieces], { rules: noTaggedRules });
};
const head: Parameters<typeof page>[0] = [
  [40, [[36, "Account Number 88120-4471"], [330, "Statement Date 05/14/2024"]]],
  [52, [[330, "Total Due $118.40"], [450, "Due Date 06/04/2024"]]],
  [76, [[36, "ROSA DELGADO"]]],
  [86, [[36, "2210 KESTREL WAY"]]],
  [96, [[36, "LAKEVIEW OR 97630"]]],
  [110, [[36, "Billing Period: 04/09/2024 to 05/09/2024"]]],
];

Deno.test("a rate stops before a label joined by of/per ('Number of Days:'), when a class of service is left", () => {
  const rate = (cell: string) => read([...head, [140, [[36, cell]]]]).electricityUsage.electricRate;
  assertEquals(rate("Rate Class: Residential Service Number of Days: 30"), "Residential Service");
  assertEquals(
    rate("Rate: Farm Residential (FR-2) Average Use Per Day: 31.5 kWh"),
    "Farm Residential (FR-2)",
  );
  // without a class of service left, the long label is not cut (a name of three words before a colon stays)
  assertEquals(rate("Rate: GS-2 Small Business Lighting Plus: 7"), "GS-2 Small Business");
});

Deno.test("the discount date of a discount bill is its due date", () => {
  const item = read([
    [40, [[36, "Account No. 55120-8841"], [330, "Discount Date"], [450, "10/22/2024"]]],
    [52, [[330, "Net Due if Paid by Discount Date"], [450, "$84.10"]]],
    [64, [[330, "Gross Amount"], [450, "$92.51"]]],
    [76, [[36, "ELENA MARSH"]]],
    [86, [[36, "48 CANTON ST"]]],
    [96, [[36, "WALPOLE MA 02081"]]],
    [110, [[36, "Service Period 09/01/2024 - 10/01/2024"], [330, "Statement Date 10/03/2024"]]],
  ]);
  assertEquals(item.billingInformation.dueDate, "2024-10-22");
});

Deno.test("an account number printed in groups and also whole (the stub's) is the whole number", () => {
  const rows = (stub: string): Parameters<typeof page>[0] => [
    [40, [[330, "Account No: 40 17 22 9031"]]],
    ...head.slice(1),
    [600, [[36, "Account"], [220, "Amount"]]],
    [612, [[36, stub], [220, "$118.40"]]],
  ];
  assertEquals(read(rows("4017229031")).customerInformation.accountNumber, "4017229031");
  // printed in groups only: as printed
  assertEquals(read(rows("Thank you")).customerInformation.accountNumber, "40 17 22 9031");
});

// two meters on two rates in one table, and their total with the period's days in parentheses
const twoMeters: Parameters<typeof page>[0] = [
  ...head,
  [140, [[36, "Meter No."], [110, "Service Class"], [200, "Prior Reading"], [270, "Current Reading"], [
    350,
    "kWh",
  ]]],
  [150, [[36, "K5521004"], [110, "General"], [200, "10450"], [280, "11115"], [380, "665"]]],
  [160, [[36, "K5521977"], [110, "Space Heating"], [200, "3320"], [280, "3562"], [380, "242"]]],
  [172, [[36, "Total kWh Billed (31 days)"], [380, "907"]]],
];

Deno.test("a total kWh whose label carries the period's days in parentheses is the number after them", () => {
  const item = read([...head, [140, [[36, "Total kWh Used (29 days)"], [200, "1,204"]]]]);
  assertEquals(item.electricityUsage.meters.map((m) => m.usageKwh), ["1204"]);
});

Deno.test("a table's numbered meters adding up to the bill's printed total are the bill's meters", () => {
  const item = read(twoMeters);
  assertEquals(item.electricityUsage.meters.map((m) => [m.meterNumber, m.usageKwh]), [
    ["K5521004", "665"],
    ["K5521977", "242"],
  ]);
  // a total the meters do not add up to: their kWh are not taken
  const other = read(
    twoMeters.map(([y, cs]) => [y, y === 172 ? [[36, "Total kWh Billed"], [380, "950"]] : cs]),
  );
  assertEquals(other.electricityUsage.meters.map((m) => m.usageKwh), ["", ""]);
});

Deno.test("the class of service under a table's 'Rate Schedule' column is the rate", () => {
  const rows = (cls: string): Parameters<typeof page>[0] => [
    ...head,
    [140, [[36, "Service Dates"], [150, "Rate Schedule"], [250, "Meter"], [330, "Total kWh"]]],
    [150, [[36, "04/09/24 - 05/09/24"], [150, cls], [250, "31120987"], [330, "812"]]],
  ];
  assertEquals(read(rows("Residential Farm")).electricityUsage.electricRate, "Residential Farm");
  // a code alone names no class: left empty
  assertEquals(read(rows("R2")).electricityUsage.electricRate, "");
});

Deno.test("the balance under the payments is the past due also with another column's line read between them", () => {
  const item = read([
    [40, [[36, "Account Number 88120-4471"], [330, "Statement Date 05/14/2024"]]],
    [64, [[36, "ROSA DELGADO"], [330, "Last Statement Balance"], [520, "$131.09"]]],
    [74, [[36, "2210 KESTREL WAY"], [330, "Payment Received 04/30"], [520, "-$100.00"]]],
    [80, [[36, "LAKEVIEW OR 97630"]]],
    [84, [[330, "Balance"], [520, "$31.09"]]],
    [94, [[330, "New Charges"], [520, "$87.31"]]],
    [104, [[330, "Amount Due"], [520, "$118.40"]]],
    [114, [[36, "Service Period 04/09/2024 - 05/09/2024"], [330, "Due Date 06/04/2024"]]],
  ]);
  assertEquals(item.billingInformation.pastDue, "31.09");
});

Deno.test("a total kWh is not read past another cell of words (its own number OCR garbled)", () => {
  const total = (row: [number, string][]) =>
    read([...head, [140, row]]).electricityUsage.meters.map((m) => m.usageKwh).join();
  assertEquals(total([[36, "Total kWh"], [150, "xq"], [250, "Same Month Last Year"], [400, "31"]]), "");
  // a cell naming the unit stays between them
  assertEquals(total([[36, "Total Usage"], [150, "(kWh)"], [250, "947"]]), "947");
});

Deno.test("a usage label after a history row's month on one line is another table's header, not the total", () => {
  const item = read([
    ...head,
    [140, [[36, "Meter Number"], [150, "Read Dates"], [300, "Jun 2023"], [360, "Usage (kWh)702"], [
      450,
      "30",
    ]]],
    [150, [[300, "Jul 2023"], [360, "815"], [450, "31"]]],
    [170, [[36, "Generation Charge 815 kWh @ $0.0912"], [250, "$74.33"]]],
  ]);
  assertEquals(item.electricityUsage.meters.map((m) => m.usageKwh), ["815"]);
});

Deno.test("a scan's period after the mailing block's ZIP is a speck: the block is the customer's, not the remittance", () => {
  const rows: Parameters<typeof page>[0] = [
    ...head.slice(0, 2),
    [110, [[36, "Billing Period: 04/09/2024 to 05/09/2024"]]],
    [600, [[36, "Return this slip with your payment"]]],
    [620, [[360, "RIVERTON WATER & LIGHT"]]],
    [632, [[360, "PO BOX 5100"]]],
    [644, [[360, "RIVERTON WY 82501-5100"]]],
    [680, [[60, "MARCUS OYELARAN"]]],
    [692, [[60, "77 TELLURIDE LN"]]],
    [704, [[60, "RIVERTON WY 82501."]]],
  ];
  const pieces = ocrPage(rows);
  const lines = rows.map(([, cs]) => cs.map(([, t]) => t).join("   "));
  const item = parseBill(lines, [pieces], { rules: noTaggedRules });
  assertEquals(
    [item.customerInformation.customerName, item.billingInformation.billingAddress.line1],
    ["MARCUS OYELARAN", "77 TELLURIDE LN"],
  );
});

Deno.test("a scan's period between the state and the ZIP is a space", () => {
  const rows: Parameters<typeof page>[0] = [
    ...head.slice(0, 2),
    [76, [[36, "MARCUS OYELARAN"]]],
    [86, [[36, "77 TELLURIDE LN"]]],
    [96, [[36, "RIVERTON WY.82501"]]],
    [110, [[36, "Billing Period: 04/09/2024 to 05/09/2024"]]],
  ];
  const lines = rows.map(([, cs]) => cs.map(([, t]) => t).join("   "));
  const a = parseBill(lines, [ocrPage(rows)], { rules: noTaggedRules }).billingInformation.billingAddress;
  assertEquals([a.city, a.state, a.zip], ["RIVERTON", "WY", "82501"]);
});
