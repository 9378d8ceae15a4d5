// Round 26 (issue #11, docs/bills.md "Round 26"): the shapes behind the dev layouts' (penelec, seiec) and the
// non-sealed set's wrong and empty values, each built on word boxes in another shape than the layouts that showed
// it, with every utility-shaped rule OFF; each test fails with the reader of before this round.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { HEAD_ROWS, ocrPage, readPage as read, stubBill } from "./layout_page.ts";
import { meterTables } from "../../../shared/bills/embedded/meter_tables.ts";
import { wordsOf } from "../../../shared/bills/embedded/pairing.ts";

type Rows = Parameters<typeof read>[0];

Deno.test("a labelled rate with a figure's label and its figure after it on one line: the rate stops before them", () => {
  const rows = (line: string): Rows => [
    ...HEAD_ROWS,
    [130, [[36, line]]],
    [150, [[48, "Energy Charge 612 kWh x $0.1104"], [330, "$67.56"]]],
  ];
  const rate = (line: string) => read(rows(line)).electricityUsage.electricRate;
  assertEquals(rate("Rate: Residential Service Average Daily Use 20.4 kWh"), "Residential Service");
  assertEquals(rate("Rate Schedule: RS Residential Total Usage 612 kWh"), "RS Residential");
  assertEquals(rate("Service Class: General Service Avg. Cost Per Day $4.12"), "General Service");
  assertEquals(rate("Rate: Residential Service -Average Daily Use 20.4 kWh"), "Residential Service");
  // a rate whose own words are the label's, with no figure after them, is kept whole
  assertEquals(rate("Rate: Residential Service Monthly"), "Residential Service Monthly");
});

Deno.test("a mailing block whose unit line OCR read without its space ('UNIT14B'): the block, its unit spaced", () => {
  const bill = read(stubBill(["LENA MORALES", "412 CEDAR KNOLL DR", "UNIT14B", "BANGOR ME 04401"]), true);
  assertEquals(bill.customerInformation.customerName, "LENA MORALES");
  const a = bill.billingInformation.billingAddress;
  assertEquals([a.line1, a.line2, a.city, a.state, a.zip], [
    "412 CEDAR KNOLL DR",
    "UNIT 14B",
    "BANGOR",
    "ME",
    "04401",
  ]);
});

Deno.test("a name OCR read with a speck before or after it ('-LENA MORALES', 'LENA MORALES -'): the name alone", () => {
  const rows = (name: string) => stubBill([name, "412 CEDAR KNOLL DR", "BANGOR ME 04401"]);
  for (const name of ["-LENA MORALES", "LENA MORALES -", "~ LENA MORALES", "LENA MORALES ."]) {
    assertEquals(read(rows(name), true).customerInformation.customerName, "LENA MORALES");
  }
  // a period after a suffix is the name's
  assertEquals(read(rows("ROY TATE JR.")).customerInformation.customerName, "ROY TATE JR.");
});

Deno.test("a scan's kWh cell with its thousands comma read as a point, the multiplier's header garbled: the readings decide", () => {
  const rows: Rows = [
    ...HEAD_ROWS,
    [130, [[36, "Meter Readings"]]],
    [140, [[36, "Meter"], [110, "Previous"], [180, "Present"], [250, "Mu1t"], [300, "kWh"], [350, "kW"]]],
    [150, [[36, "K5512093"], [110, "30417"], [180, "31826"], [250, "1"], [300, "1.409"], [350, "6.2"]]],
    [170, [[36, "Customer Charge"], [330, "$12.00"]]],
  ];
  assertEquals(read(rows, true).electricityUsage.meters.map((m) => `${m.meterNumber} ${m.usageKwh}`), [
    "K5512093 1409",
  ]);
});

Deno.test("an energy charge printed at a price no energy costs, a fuel adjustment priced beside it: no supply price", () => {
  const rows = (energy: string): Rows => [
    ...HEAD_ROWS,
    [130, [[36, "Electric Charges"]]],
    [140, [[48, "Customer Charge"], [330, "$10.00"]]],
    [150, [[48, `Energy Charge 512 kWh @ $${energy}`], [330, "$58.47"]]],
    [160, [[48, "Fuel Adjustment 512 kWh @ $0.03120"], [330, "$15.97"]]],
  ];
  assertEquals(read(rows("0.000114")).electricityUsage.supplyRatePerKwh, "");
  // the energy's price read, the adjustment's is not taken
  assertEquals(read(rows("0.1142")).electricityUsage.supplyRatePerKwh, "0.1142");
});

Deno.test("a meter table's number cell with a speck OCR read after it ('K5512093.'): the row is still the meter's", () => {
  const rows = (id: string): Rows => [
    [140, [[36, "Svc"], [80, "Meter"], [170, "Read Date"], [250, "Previous"], [310, "Present"], [
      370,
      "Usage",
    ], [
      430,
      "Units",
    ]]],
    [150, [[36, "EL"], [80, id], [170, "05-09-2024"], [250, "30417"], [310, "31826"], [370, "1,409"], [
      430,
      "KWH",
    ]]],
  ];
  const meters = (id: string) =>
    meterTables([wordsOf(ocrPage(rows(id)))]).map((m) => `${m.meterNumber} ${m.usageKwh}`);
  assertEquals(meters("K5512093"), ["K5512093 1409"]);
  assertEquals(meters("K5512093."), ["K5512093 1409"]);
});
