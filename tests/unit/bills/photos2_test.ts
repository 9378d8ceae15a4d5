// Phone photos (issue #11, photos2): OCR's errors on photographed bills, on word-box bills built here (every
// word with an OCR confidence, or none for a text PDF) in shapes other than the synthetic layouts that showed
// them, with every utility-shaped rule OFF. Each case fails without its change.
import assert from "node:assert/strict";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { piecesToLines, type TextPiece } from "../../../shared/documents/text_layout.ts";
import { page } from "./layout_page.ts";

const noTaggedRules = () => false;
/** OCR word boxes (confidence 91) of a page of cells, or a text PDF's (no confidence). */
const words = (rows: [number, [number, string][]][], textPdf: boolean): TextPiece[] =>
  page(rows).pieces.map((p) => textPdf ? p : { ...p, confidence: 91 });
const read = (rows: [number, [number, string][]][], textPdf = false) => {
  const pieces = words(rows, textPdf);
  return parseBill(piecesToLines(pieces), [pieces], { rules: noTaggedRules });
};
const bill = (unit: string): [number, [number, string][]][] => [
  [20, [[40, "Lakeshore Power Cooperative"], [400, "Account No. 3320917745"]]],
  [40, [[400, "Total Due   $96.40"]]],
  [80, [[40, `Premises: 42 BIRCH LN ${unit} TOLEDO OH 43604`]]],
];

Deno.test("photo address: an OCR'd unit ending in an 8 after a digit (a B read as 8?) is left empty", () => {
  for (const unit of ["APT 148", "Suite 28", "Unit 18"]) {
    const a = read(bill(unit)).customerInformation.serviceAddress;
    assert.equal(a.line2, "", unit);
    assert.equal(a.line1, "42 BIRCH LN", unit);
    assert.equal(a.city, "TOLEDO", unit);
  }
  // other units are kept, and a text PDF's units are never touched
  assert.equal(read(bill("APT 14C")).customerInformation.serviceAddress.line2, "APT 14C");
  assert.equal(read(bill("APT 8")).customerInformation.serviceAddress.line2, "APT 8");
  assert.equal(read(bill("APT 148"), true).customerInformation.serviceAddress.line2, "APT 148");
});
