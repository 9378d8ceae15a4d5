// Reader failures seen by the widget's QA pass 7 (issue #11, docs/widget.md "Left"), each in its general shape:
// word-box bills built here (not the layouts that showed them), read with every utility-shaped rule OFF. Each case
// fails with the reader of before its change.
import assert from "node:assert/strict";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { piecesToLines, type TextPiece } from "../../../shared/documents/text_layout.ts";

const noTaggedRules = () => false;
const W = 7; // pixels a character
type Rows = [number, [number, string][]][];

/** A page of word boxes at (x, y); OCR words (confidence 91) when `ocr`, else a PDF's text items. */
function page(rows: Rows, ocr: boolean): TextPiece[] {
  return rows.flatMap(([y, cells]) =>
    cells.flatMap(([x, cell]) => {
      if (!ocr) return [{ x, y, width: cell.length * W, height: 12, text: cell }];
      let at = x;
      return cell.split(" ").map((text) => {
        const p: TextPiece = { x: at, y, width: text.length * W, height: 12, text, confidence: 91 };
        at += (text.length + 1) * W;
        return p;
      });
    })
  );
}
const read = (rows: Rows, ocr = false) => {
  const pieces = page(rows, ocr);
  return parseBill(piecesToLines(pieces), [pieces], { rules: noTaggedRules });
};
const address = (a: { line1: string; line2: string; city: string; state: string; zip: string }) =>
  [a.line1, a.line2, a.city, a.state, a.zip].join("|");

/** A scanned bill: the customer's block at the top, the charges, and a stub repeating the mailing block. */
const scan = (topName: string, serviceLine: string, stubName: string): Rows => [
  [20, [[40, "Cascade Light & Power"], [400, "Account Number   4471-902"]]],
  [36, [[400, "Amount Due   $88.17"]]],
  [70, [[40, topName]]],
  [84, [[40, "77 LINDEN AVE"]]],
  [98, [[40, "SALEM OR 97301"]]],
  [140, [[40, serviceLine]]],
  ...Array.from({ length: 10 }, (_, i): [number, [number, string][]] => [
    170 + 14 * i,
    [[40, `Charge line ${i + 1}`], [300, `$${(4 + i).toFixed(2)}`]],
  ]),
  [400, [[40, "Please return this portion with your payment."]]],
  [420, [[40, "Account Number   4471-902"], [300, "Amount Due   $88.17"]]],
  [450, [[40, stubName]]],
  [464, [[40, "77 LINDEN AVE"]]],
  [478, [[40, "SALEM OR 97301"]]],
];

Deno.test("scan: a name OCR glued on the stub is split where the scan prints it as two words", () => {
  const a = read(scan("MARTA OKAFOR", "Service Address: 77 LINDEN AVE SALEM OR 97301", "MARTAOKAFOR"), true);
  assert.equal(a.customerInformation.customerName, "MARTA OKAFOR");
  // printed glued only: where the words part is not known, the name is left empty (as before)
  const b = read(
    scan("Your energy statement", "Service Address: 77 LINDEN AVE SALEM OR 97301", "MARTAOKAFOR"),
    true,
  );
  assert.equal(b.customerInformation.customerName, "");
});

Deno.test("scan: a labelled service address OCR glued together is the address block it spells", () => {
  const a = read(scan("MARTA OKAFOR", "Service Address: 77 LINDENAVESALEMOR 97301", "MARTA OKAFOR"), true);
  assert.equal(address(a.customerInformation.serviceAddress), "77 LINDEN AVE||SALEM|OR|97301");
  // a glued run that spells another address is not read as the block's
  const b = read(scan("MARTA OKAFOR", "Service Address: 12 BIRCHRDSALEMOR 97302", "MARTA OKAFOR"), true);
  assert.notEqual(b.customerInformation.serviceAddress.line1, "77 LINDEN AVE");
});
