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

/** A text-PDF bill of 1,200 kWh metered, with its charge lines. */
const charges = (...lines: string[]): Rows => [
  [24, [[36, "Prairie Energy Services"], [400, "Account Number   5521-0087"]]],
  [40, [[400, "Amount Due   $214.31"]]],
  [76, [[36, "DELIA FORD"]]],
  [86, [[36, "410 ORCHARD LN"]]],
  [96, [[36, "ENID OK 73703"]]],
  [110, [[36, "Billing Period: 04/03/2024 to 05/02/2024"]]],
  [140, [[36, "Meter"], [110, "Previous"], [200, "Present"], [300, "kWh"]]],
  [150, [[36, "P88120417"], [110, "40211"], [200, "41411"], [300, "1,200"]]],
  [170, [[36, "Base Charge"], [300, "$9.95"]]],
  ...lines.map((l, i): [number, [number, string][]] => {
    const [label, amount] = l.split("   ");
    return [180 + 10 * i, [[36, label], [300, amount]]];
  }),
];
const supplyRate = (...lines: string[]) => read(charges(...lines)).electricityUsage.supplyRatePerKwh;

Deno.test("a program or a fee billed per kWh is not the energy's price", () => {
  assert.equal(
    supplyRate(
      "Energy Efficiency Program 1,200 kWh x $0.0115   $13.80",
      "Energy Charge   $149.88",
      "TDU Delivery Charges 1,200 kWh @ $0.0435   $52.20",
    ),
    "",
  );
  assert.equal(
    supplyRate("Energy Assistance Fund 1,200 kWh @ $0.0011   $1.32", "Energy Charge   $149.88"),
    "",
  );
  // beside the energy charge's own price, that price
  assert.equal(
    supplyRate(
      "Energy Efficiency Program 1,200 kWh x $0.0115   $13.80",
      "Energy Charge 1,200 kWh x 12.49¢   $149.88",
    ),
    "0.1249",
  );
});

Deno.test("a usage comparison titled in kWh: the bare numbers under its labels are the months' kWh", () => {
  const months = (title: string) =>
    read([
      [24, [[36, "Sierra Valley Power"], [400, "Account Number   5521-0087"]]],
      [60, [[36, "Service Period: 02/27/2024 to 03/27/2024"]]],
      [80, [[36, title], [320, "Previous Balance"], [420, "$122.15"]]],
      [92, [[36, "Last Year"], [120, "Last Month"], [210, "This Month"], [320, "Payments"], [
        420,
        "-$78.03",
      ]]],
      [104, [[36, "Mar 2023"], [120, "Feb 2024"], [210, "Mar 2024"], [320, "Current Charges"], [
        420,
        "$98.40",
      ]]],
      [116, [[44, "912"], [128, "1,034"], [218, "987"], [320, "Amount Due"], [420, "$142.52"]]],
    ]).electricityUsage.usageByMonth.map((m) => `${m.month} ${m.year} ${m.value}`);
  assert.deepEqual(months("Electric Historical Usage (kWh)"), [
    "March 2023 912",
    "February 2024 1034",
    "March 2024 987",
  ]);
  // no unit in the title: bare numbers may be anything (days, dollars): nothing read, as before
  assert.deepEqual(months("Electric Historical Comparison"), []);
});
