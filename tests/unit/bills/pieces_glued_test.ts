// The text layer's pieces that ran together (docs/bills.md "Text layer: pieces run together"): pages of PDF text
// items placed as generators place them — a column too narrow for its value, a table printed over another — read
// through the text layer's own lines (piecesToLines), with every utility-shaped rule OFF. Each test fails with the
// text layer of before (a meter number and its read date read as one cell, a ZIP code glued to a meter number).
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { wordsOf } from "../../../shared/bills/embedded/pairing.ts";
import { tokenLines } from "../../../shared/bills/embedded/tables.ts";
import { piecesToLines, type TextPiece } from "../../../shared/documents/text_layout.ts";

const SIZE = 8;
const ADV = 0.5; // each glyph half an em wide
/** A text item: x of its first glyph, y of its baseline (points, y down). */
const item = (x: number, y: number, text: string): TextPiece => ({
  x,
  y,
  width: text.length * SIZE * ADV,
  height: SIZE,
  text,
});
const end = (p: TextPiece) => p.x + p.width;
/** The items of one line: [x, text] cells on the baseline y. */
const line = (y: number, cells: [number, string][]) => cells.map(([x, text]) => item(x, y, text));

const HEAD: TextPiece[] = [
  ...line(40, [[36, "Account Number 4471-2209-18"], [330, "Bill Date 04/16/2024"]]),
  ...line(52, [[330, "Amount Due $118.40"], [450, "Due Date 05/07/2024"]]),
  ...line(70, [[36, "PRIYA RAMAN"]]),
  ...line(80, [[36, "1410 ELM ST"]]),
  ...line(90, [[36, "SALEM OR 97301"]]),
];
const CHARGES: TextPiece[] = [
  ...line(220, [[36, "Customer Charge"], [330, "$11.00"]]),
  ...line(230, [[36, "Energy Charge 642 kWh @ $0.1034"], [330, "$66.38"]]),
];
/** The bill read from its pieces and the text layer's lines of them, every utility-shaped rule off. */
const parse = (table: TextPiece[]) => {
  const pieces = [...HEAD, ...table, ...CHARGES];
  return parseBill(piecesToLines(pieces), [pieces], { rules: () => false });
};
const meters = (table: TextPiece[]) =>
  parse(table).electricityUsage.meters.map((m) =>
    `${m.meterNumber} ${m.usageKwh} ${m.servicePeriodStart} ${m.servicePeriodEnd}`
  );

Deno.test("a meter number with its read date 0.7 em after it (a column too narrow for it): its own cell", () => {
  const meter = item(36, 160, "E2209918");
  const from = item(end(meter) + 0.7 * SIZE, 160, "03/14/2024");
  const table = [
    ...line(150, [[36, "Meter"], [from.x, "Read Dates"], [200, "Previous"], [250, "Present"], [300, "kWh"]]),
    meter,
    from,
    ...line(160, [[end(from) + 1.5 * SIZE, "04/12/2024"], [200, "31877"], [250, "32519"], [300, "642"]]),
  ];
  assertEquals(meters(table), ["E2209918 642 2024-03-14 2024-04-12"]);
});

Deno.test("a service address's ZIP code overprinted by the meter number of the next column: two cells", () => {
  const address = item(36, 160, "1410 ELM ST SALEM OR 97301");
  const meter = item(end(address) - 0.3 * SIZE, 160, "K5501273");
  const table = [
    ...line(150, [[36, "Service Address"], [meter.x, "Meter Number"], [230, "Service Period"], [
      330,
      "Prior Read",
    ]]),
    ...line(150, [[380, "Current Read"], [440, "kWh Used"]]),
    address,
    meter,
    ...line(160, [[230, "3/14/24 - 4/12/24"], [330, "31877"], [380, "32519"], [440, "642"]]),
  ];
  const lines = piecesToLines(table);
  assertEquals(lines[1].startsWith("1410 ELM ST SALEM OR 97301   K5501273   "), true, lines[1]);
  const a = parse(table).customerInformation.serviceAddress;
  assertEquals([a.line1, a.city, a.state, a.zip], ["1410 ELM ST", "SALEM", "OR", "97301"]);
});

Deno.test("the column-table reader's tokens: a text layer's meter number and read date 0.7 em apart are two, OCR words one", () => {
  const meter = item(36, 160, "E2209918");
  const row = [meter, item(end(meter) + 0.7 * SIZE, 160, "03/14/2024")];
  const tokens = (pieces: TextPiece[]) =>
    tokenLines(wordsOf(pieces), () => false)[0].tokens.map((t) => t.text);
  assertEquals(tokens(row), ["E2209918", "03/14/2024"]);
  // tesseract's word boxes are cut to the ink: its gaps are not pdf.js's, and read as before
  assertEquals(tokens(row.map((p) => ({ ...p, confidence: 90 }))), ["E2209918 03/14/2024"]);
});
