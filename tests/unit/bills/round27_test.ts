// Round 27 (issue #11, docs/bills.md "Round 27"): the reader's remaining wrong and missed values of the non-sealed
// set, each built on word boxes in another shape than the layouts that showed it, with every utility-shaped rule
// OFF; each test fails with the reader of before this round.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { HEAD_ROWS, readPage as read, stubBill } from "./layout_page.ts";
import { spacedStreet } from "../../../shared/bills/embedded/cross_check_streets.ts";
import { tidyOcrAddress } from "../../../shared/bills/embedded/ocr_address.ts";
import { meterTables } from "../../../shared/bills/embedded/meter_tables.ts";
import { wordsOf } from "../../../shared/bills/embedded/pairing.ts";
import { sideTableCut } from "../../../shared/bills/embedded/side_tables.ts";

type Rows = Parameters<typeof read>[0];

Deno.test("a mailing block whose city OCR glued to its state ('DECATURIL 62521'): split where the ZIP is that state's", () => {
  const bill = read(stubBill(["OMAR HASSAN", "88 WILLOW BEND RD", "DECATURIL 62521"]), true);
  assertEquals(bill.customerInformation.customerName, "OMAR HASSAN");
  const a = bill.billingInformation.billingAddress;
  assertEquals([a.line1, a.city, a.state, a.zip], ["88 WILLOW BEND RD", "DECATUR", "IL", "62521"]);
});

Deno.test("a capitals city that merely ends in a state's letters keeps its letters unless the ZIP is that state's", () => {
  assertEquals(tidyOcrAddress("SPRINGFIELDMO 65806"), "SPRINGFIELD MO 65806");
  assertEquals(tidyOcrAddress("BANGORME 04401-2210"), "BANGOR ME 04401-2210");
  // IA is not 652's state, ND not 021's: nothing is split
  assertEquals(tidyOcrAddress("COLUMBIA 65201"), "COLUMBIA 65201");
  assertEquals(tidyOcrAddress("BOSTONDND 02118"), "BOSTONDND 02118");
  assertEquals(tidyOcrAddress("Springfieldmo 65806"), "Springfieldmo 65806");
});

/** Text pieces of cells [x, y, text], 4 points a character, 8 points high (a text layer's items). */
const pieces = (cells: [number, number, string][]) =>
  cells.map(([x, y, text]) => ({ x, y, width: text.length * 4, height: 8, text }));

Deno.test("a meter table whose row shares its band with the headers of a table beside it: the meter is read", () => {
  // the history's headers printed 1 point below the meter's row, starting where its kWh ends; the history's
  // daily figure printed 1 point above the meter's headers, across its last one
  const page = pieces([
    [40, 200, "Meter No."],
    [110, 200, "Read Dates"],
    [200, 200, "Prior Read"],
    [260, 200, "Current Read"],
    [330, 200, "Energy Used"],
    [360, 199, "Daily Average kWh 42.7"],
    [40, 212, "G7731904"],
    [110, 212, "03/02/2024"],
    [155, 212, "04/01/2024"],
    [200, 212, "38814"],
    [260, 212, "40095"],
    [330, 212, "1,281"],
    [350, 213, "Period"],
    [400, 213, "Days"],
    [440, 213, "kWh"],
    [480, 213, "Temp"],
    [40, 226, "Rate: RS-1 Residential"],
    [350, 222, "Mar 24"],
    [400, 222, "30"],
    [440, 222, "1,281"],
    [480, 222, "54"],
    [350, 231, "Feb 24"],
    [400, 231, "29"],
    [440, 231, "1,402"],
    [480, 231, "41"],
  ]);
  const meters = meterTables([wordsOf(page)]).map((m) =>
    `${m.meterNumber} ${m.usageKwh} ${m.servicePeriodStart} ${m.servicePeriodEnd}`
  );
  assertEquals(meters, ["G7731904 1281 2024-03-02 2024-04-01"]);
});

Deno.test("a line of values and headers that is not two tables: no cut", () => {
  // a labelled line (a label before its values) is no table's row
  const labelled = pieces([[40, 100, "Total 612 1,281"], [200, 100, "Month"], [240, 100, "Days"], [
    280,
    100,
    "kWh",
  ]]);
  assertEquals(sideTableCut(wordsOf(labelled)), undefined);
  // two headers after the values are too few to head a table
  const two = pieces([[40, 100, "612"], [80, 100, "1,281"], [200, 100, "Month"], [240, 100, "kWh"]]);
  assertEquals(sideTableCut(wordsOf(two)), undefined);
  const three = pieces([[40, 100, "612"], [80, 100, "1,281"], [200, 100, "Month"], [240, 100, "Days"], [
    280,
    100,
    "kWh",
  ]]);
  assertEquals(sideTableCut(wordsOf(three)), 200);
});

Deno.test("a stub's street OCR read without the space before its suffix: spaced as printed above", () => {
  const rows: Rows = [
    ...HEAD_ROWS,
    [150, [[36, "Energy Charge 540 kWh x $0.1180"], [330, "$63.72"]]],
    [600, [[36, "Please return this portion with your payment."]]],
    [640, [[330, "NORTH SHORE POWER"]]],
    [650, [[330, "PO BOX 7310"]]],
    [660, [[330, "CONCORD NH 03302-7310"]]],
    [690, [[36, "OMAR HADDAD"]]],
    [700, [[36, "77 BIRCH HILLRD"]]],
    [710, [[36, "DOVER NH 03820"]]],
  ];
  assertEquals(read(rows).billingInformation.billingAddress.line1, "77 BIRCH HILL RD");
  // letters the other printing does not have: as read
  assertEquals(spacedStreet("77 BIRCH HILIRD", ["77 BIRCH HILL RD"]), "77 BIRCH HILIRD");
  assertEquals(spacedStreet("9240 PARKPL", ["9240 Park Pl"]), "9240 PARK PL");
});
