// Round 33 (issue #11, docs/bills.md "Round 33"): the reader's missed and wrong values of the round's dev layouts
// (mdu, hged, and round 32's sealed ricelake and sjce become dev), each built on word boxes in another shape than
// the layouts that showed it, with every utility-shaped rule OFF; each test fails with the reader of before this
// round.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { HEAD_ROWS, readPage as read } from "./layout_page.ts";

type Rows = Parameters<typeof read>[0];
const price = (rows: Rows) => read(rows).electricityUsage.supplyRatePerKwh;

Deno.test("an abbreviated adjustment ('… Adj') priced per kWh is not the energy's price", () => {
  const rows: Rows = [
    ...HEAD_ROWS,
    [150, [[36, "Residential Service"]]],
    [162, [[48, "Monthly Customer Charge"], [330, "$9.00"]]],
    [172, [[48, "Fuel Cost Adj 812 kWh @ $0.031150"], [330, "$25.29"]]],
    [182, [[48, "Energy Charge 812 kWh @ $0.084410"], [330, "$68.54"]]],
  ];
  assertEquals(price(rows), "0.084410");
  // … and "Adj." with its period, a rider's price after the energy's
  const dotted: Rows = [
    ...HEAD_ROWS,
    [162, [[48, "Energy 640 kWh x $0.09120"], [330, "$58.37"]]],
    [172, [[48, "Fuel Adj. 640 kWh x $0.02480"], [330, "$15.87"]]],
  ];
  assertEquals(price(dotted), "0.09120");
});

Deno.test("a section's total line closes its section: the line after it is under no title of that section", () => {
  const rows: Rows = [
    ...HEAD_ROWS,
    [150, [[36, "Delivery Services"]]],
    [162, [[48, "Customer Charge"], [330, "$12.00"]]],
    [172, [[48, "Distribution 705 kWh"], [330, "$41.20"]]],
    [182, [[36, "Total Delivery Services"], [330, "$53.20"]]],
    // the supplier's charges, their title too long to be read as one
    [196, [[36, "Charges From Your Electric Generation Supplier For This Billing Period"]]],
    [208, [[48, "Generation 705 kWh @ $0.10880"], [330, "$76.70"]]],
  ];
  assertEquals(price(rows), "0.10880");
});

Deno.test("a discount bill's due date is its discount date, not the gross amount's later payment due date", () => {
  const rows: Rows = [
    [40, [[36, "Account No. 88120-44"], [330, "Bill Date 03/02/2024"]]],
    [52, [[330, "Payment Due Date 04/01/2024"]]],
    [64, [[330, "Discount Date 03/16/2024"]]],
    [80, [[36, "GRACE ROSSI"]]],
    [90, [[36, "14 QUARRY ST"]]],
    [100, [[36, "AMHERST MA 01002"]]],
    [140, [[36, "Gross Amount"], [330, "$131.80"]]],
    [150, [[36, "Discount if paid by 03/16/2024"], [330, "-$9.40"]]],
    [160, [[36, "Net Amount Due"], [330, "$122.40"]]],
  ];
  const item = read(rows);
  assertEquals([item.billingInformation.dueDate, item.billingInformation.amountDue], [
    "2024-03-16",
    "122.40",
  ]);
});

Deno.test("a service address labelled in a band of labels over their values: the street in its column", () => {
  const rows: Rows = [
    [40, [[36, "CITY LIGHT DEPARTMENT"], [400, "Due Date 08/22/2024"]]],
    [60, [[36, "SAMUEL OKAFOR"]]],
    [70, [[36, "90 ELM ST"]]],
    [80, [[36, "UNIT 4"]]],
    [90, [[36, "WESTFIELD MA 01085"]]],
    [120, [[36, "Account"], [150, "Service Address"], [300, "Bill Date"], [420, "Amount Due"]]],
    [130, [[36, "7720-118"], [150, "90 ELM ST UNIT 4"], [300, "07/31/2024"], [420, "$88.15"]]],
  ];
  const a = read(rows).customerInformation.serviceAddress;
  assertEquals([a.line1, a.line2, a.city], ["90 ELM ST", "UNIT 4", ""]);
});
