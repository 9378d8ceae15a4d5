// Photos, pass 15 (issue #11, photos15): a phone photo's history table whose kWh header lost its k ("Month   wn",
// "Month   Wh"); a bill date whose "Bill Date" label OCR garbled ("84 Date"). Word boxes built here as a phone photo's OCR gives them (rows of 25-35 px boxes 22-25 px apart, a
// per-day column whose decimal points were lost, unsure numbers), with other months, values and words than the
// synthetic layout that showed it. Fails without the rule (the table is read only with a kWh header).
import assert from "node:assert/strict";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { garbledBillDate } from "../../../shared/bills/embedded/ocr_bill_date.ts";
import { piecesToLines } from "../../../shared/documents/text_layout.ts";
import { ocrPage } from "./layout_page.ts";
import { tableUsage } from "../../../shared/bills/embedded/usage_tables.ts";
import { ocrKwhHeader } from "../../../shared/bills/embedded/ocr_tokens.ts";
import { wordsOf } from "../../../shared/bills/embedded/pairing.ts";
import type { TextPiece } from "../../../shared/documents/text_layout.ts";

const LABELS = ["Sep 24", "Aug 24", "Jul 24", "Jun 24", "May 24", "Apr 24", "Mar 24", "Feb 24"];
const KWH = ["812", "944", "1017", "868", "640", "598", "705", "779"];
const PER_DAY = ["271", "305", "328", "289", "206", "199", "227", "278"];

/** One OCR word: 14 px a character, `h` px tall, read at `confidence` (a text layer's piece without one). */
const word = (x: number, y: number, text: string, h: number, confidence?: number): TextPiece => ({
  x,
  y,
  width: 14 * text.length,
  height: h,
  text,
  ...(confidence === undefined ? {} : { confidence }),
});

/** A usage table (month, kWh, kWh per day) under a header whose kWh word reads `unit`. */
function table(unit: string, ocr = true): TextPiece[] {
  const c = (n: number) => (ocr ? n : undefined);
  const pieces = [
    word(912, 302, "Energy", 24, c(96)),
    word(1010, 302, "History", 24, c(95)),
    word(908, 334, "Month", 27, c(94)),
    word(1082, 334, unit, 27, c(39)),
    word(1252, 334, "Avg", 27, c(96)),
    word(1292, 334, "Daily", 27, c(90)),
    word(1341, 334, "kWh", 27, c(86)),
  ];
  LABELS.forEach((label, i) => {
    const y = 360 + 24 * i, h = 26 + (i % 3) * 3;
    const [m, yy] = label.split(" ");
    pieces.push(word(913, y, m, h, c(90)), word(950, y, yy, h, c(88)));
    pieces.push(word(1079, y, KWH[i], h, c(94)), word(1253, y, PER_DAY[i], h, c(91)));
  });
  return pieces;
}
const read = (unit: string, ocr = true) =>
  tableUsage([wordsOf(table(unit, ocr))], "2024-09-20", undefined, ocr).map((m) =>
    `${m.year}-${String(m.month).padStart(2, "0")} ${m.value}`
  );
const WANT = LABELS.map((l, i) => `20${l.slice(4)}-${String(9 - i).padStart(2, "0")} ${KWH[i]}`);

Deno.test("photo history: a kWh header read without its k ('wn', 'Wh') heads the kWh column on an OCR page", () => {
  assert.deepEqual(new Set(read("kWh")), new Set(WANT));
  for (const unit of ["wn", "Wh", "wh"]) assert.deepEqual(new Set(read(unit)), new Set(WANT), unit);
});

Deno.test("photo history: only a header word alone is read as kWh, and only on an OCR page", () => {
  assert.equal(ocrKwhHeader("Wh"), "kWh");
  assert.equal(ocrKwhHeader("wn"), "kWh");
  for (const w of ["When", "W", "h", "Who", "wh.", "1Wh", "kWh", "Whn"]) assert.equal(ocrKwhHeader(w), w, w);
  // a text layer prints its header as it is: a "Wh" there is not taken for kWh
  assert.deepEqual(read("Wh", false), []);
});

// ---- a bill date whose "Bill Date" label OCR garbled ("84 Date", "© Date", "Bling Date")

type Rows = [number, [number, string][]][];
const bill = (dateLine: string): Rows => [
  [20, [[40, "Cedar Valley Electric Cooperative"], [400, "Account No. 5520193847"]]],
  [40, [[40, "MORGAN REYES"], [400, "Amount Due   $98.40"]]],
  [52, [[40, "412 BIRCH HOLLOW LN"], [400, "Due Date   04/22/2025"]]],
  [64, [[40, "HARLAN IA 51537"]]],
  [76, [[400, dateLine]]],
  [96, [[40, "Service Period 02/28/2025 - 03/30/2025"]]],
  [110, [[40, "Energy Charge 812 kWh @ $0.0921"], [400, "$74.79"]]],
];
const invoiceDate = (rows: Rows, ocr = true) => {
  const pieces = ocrPage(rows, ocr);
  return parseBill(piecesToLines(pieces), [pieces], { rules: () => false }).billingInformation.invoiceDate;
};

Deno.test("photo bill date: a garbled 'Bill' before 'Date' gives the bill date between the period's end and the due date", () => {
  for (const label of ["84 Date", "8 Date", "\u00a9 Date", "BA Date:", "Bling Date:", "Bair Date"]) {
    assert.equal(invoiceDate(bill(`${label} 04/02/2025`)), "2025-04-02", label);
  }
  assert.equal(invoiceDate(bill("84 Date Apr 2, 2025")), "2025-04-02");
});

Deno.test("photo bill date: not another label's date, not out of place, not on a text layer", () => {
  // a period's start ("Begin Date"), a date before the period's end or after the due date: not the bill's
  assert.equal(invoiceDate(bill("Begin Date 04/02/2025")), "");
  assert.equal(invoiceDate(bill("84 Date 03/12/2025")), "");
  assert.equal(invoiceDate(bill("84 Date 04/25/2025")), "");
  // a word that is no B ("Due", "Read") or a long one: left
  assert.equal(invoiceDate(bill("Read Date 04/02/2025")), "");
  assert.equal(invoiceDate(bill("Beginning Date 04/02/2025")), "");
  // a text layer prints its labels: an "84 Date" there is not taken for the bill date
  assert.equal(invoiceDate(bill("84 Date 04/02/2025"), false), "");
  assert.equal(garbledBillDate(["84 Date 04/02/2025"], ""), undefined);
  assert.equal(garbledBillDate(["84 Date 04/02/2025"], "2025-04-22"), "2025-04-02");
});
