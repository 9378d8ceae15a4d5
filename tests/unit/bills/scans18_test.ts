// Scans, pass 18 (issue #11, scans18): word-box bills read by OCR (every word with a confidence), in shapes other
// than the synthetic layouts that showed each case, with every utility-shaped rule OFF. Each test fails without
// its change.
import assert from "node:assert/strict";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { piecesToLines } from "../../../shared/documents/text_layout.ts";
import { ocrPage } from "./layout_page.ts";

type Rows = [number, [number, string][]][];
const read = (rows: Rows) => {
  const pieces = ocrPage(rows);
  return parseBill(piecesToLines(pieces), [pieces], { rules: () => false });
};
const history = (r: ReturnType<typeof read>) =>
  r.electricityUsage.usageByMonth.map((u) => `${u.year}-${u.month.slice(0, 3)}:${u.value}`);

const NAMES = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
// thirteen months, oldest first, from May 2023 to May 2024: kWh
const KWH = [1211, 1388, 1452, 1307, 1046, 866, 902, 1133, 1268, 1074, 931, 840, 975];
const label = (i: number) => `${NAMES[(4 + i) % 12]} ${i < 8 ? 23 : 24}`;

/**
 * A bill whose history prints "MON YY   N kWh" rows beside its summary; `garble` maps a row to the label OCR
 * read for it, `jitter` moves each row's line off its printed place (OCR's line boxes), `unit` prints the kWh unit.
 */
const bill = (
  garble: Record<number, string>,
  jitter: (i: number) => number = (i) => [0, 3, -4, 2, -3, 4, -2, 0, 3, -4, 1, 0, -3][i],
  unit = true,
): Rows => [
  [20, [[40, "Prairie Valley Power"], [420, "Account No. 6612093377"]]],
  [40, [[40, "Billing Period: 04/24/2024 - 05/23/2024"], [420, "Amount Due   $131.08"]]],
  [60, [[40, "Meter 55120984   Present 40918   Previous 39943   Energy Used 975 kWh"]]],
  [90, [[420, "Your Electricity Usage"]]],
  ...KWH.map((k, i): Rows[number] => [
    110 + i * 20 + jitter(i),
    [[420, garble[i] ?? label(i)], [500, `${k.toLocaleString("en-US")}${unit ? " kWh" : ""}`]],
  ]),
];

Deno.test("scans18: a history row whose month label OCR garbled is read by its place between two read rows", () => {
  // without the rule: the run is read but June and October 2023 (labels "ocr", "=") and March 2024 are lost
  const r = history(read(bill({ 1: "ocr", 5: "=", 10: "M4R2A" })));
  for (const want of ["2023-Jun:1388", "2023-Oct:866", "2024-Mar:931", "2023-May:1211", "2024-May:975"]) {
    assert.ok(r.includes(want), `${want} in ${r.join(" ")}`);
  }
  assert.equal(r.length, 13);
});

Deno.test("scans18: three garbled rows in a row are read, a garbled row at the run's end is not", () => {
  const r = history(read(bill({ 0: "Mv23", 3: "~", 4: "Ee", 5: "hoi" })));
  for (const want of ["2023-Aug:1307", "2023-Sep:1046", "2023-Oct:866"]) {
    assert.ok(r.includes(want), `${want} in ${r.join(" ")}`);
  }
  // May 2023 has a read month on one side only: its place is not determined by two read rows
  assert.ok(!r.some((m) => m.startsWith("2023-May")), r.join(" "));
});

Deno.test("scans18: garbled rows are refused where the run is not evenly spaced or the cell is not the column's", () => {
  // a read row half a pitch off its place: the rows' places do not lie on one line, nothing is placed
  const uneven = history(read(bill({ 1: "ocr", 5: "=" }, (i) => (i === 8 ? 10 : 0))));
  assert.ok(!uneven.some((m) => m.startsWith("2023-Jun") || m.startsWith("2023-Oct")), uneven.join(" "));
  // the column prints its unit: a garbled row's bare number (no "kWh") is not taken from it
  const rows = bill({ 1: "ocr" });
  rows[5] = [rows[5][0], [[420, "ocr"], [500, "1388"]]];
  const bare = history(read(rows));
  assert.ok(!bare.some((m) => m.startsWith("2023-Jun")), bare.join(" "));
  assert.ok(bare.includes("2023-Jul:1452"), bare.join(" "));
});

/** A bill whose meter line's number OCR read as `meter` with confidence `conf` (every other word at 92). */
const meterBill = (meter: string, conf: number, extra: Rows = []) => {
  const rows: Rows = [
    [20, [[40, "Prairie Valley Power"], [420, "Account No. 6612093377"]]],
    [40, [[40, "Billing Period: 04/24/2024 - 05/23/2024"], [420, "Amount Due   $131.08"]]],
    [60, [[40, `Residential Service   Meter ${meter}   Energy Used 975 kWh`]]],
    ...extra,
  ];
  const pieces = ocrPage(rows).map((p) => (p.text === meter ? { ...p, confidence: conf } : p));
  return parseBill(piecesToLines(pieces), [pieces], { rules: () => false }).electricityUsage.meters
    .map((m) => m.meterNumber);
};

Deno.test("scans18: a meter number of one letter and digits is kept though tesseract scored the word low", () => {
  // without the rule: empty (read at 40, under the identifiers' 65)
  assert.deepEqual(meterBill("K90344174", 40), ["K90344174"]);
  assert.deepEqual(meterBill("G4542653", 31), ["G4542653"]);
  // read confidently, as before
  assert.deepEqual(meterBill("K90344174", 92), ["K90344174"]);
});

Deno.test("scans18: an unsure meter number of another shape, or whose letter another printing lacks, stays empty", () => {
  for (const misread of ["6451950894", "899965851", "MB7495218", "M)97519219", "G45A26535", "G12345"]) {
    assert.deepEqual(meterBill(misread, 40), [""], misread);
  }
  // the shape, but read so low that its glyphs were in doubt (a word whose digits OCR lost keeps the shape)
  assert.deepEqual(meterBill("M3340421", 21), [""]);
  // the same digits printed again without the letter (a meter table's row): which reading is right is not known
  const row: Rows = [[80, [[40, "Meter Number   Previous   Current   kWh"]]], [92, [[
    40,
    "45426535   57862   58837   975",
  ]]]];
  assert.deepEqual(meterBill("G45426535", 40, row), [""]);
});
