// OCR's errors in a scanned usage history (issue #11, scans10: shared/bills/embedded/ocr_numbers.ts): a word-box
// bill read by OCR (every word with a confidence), in a shape other than the synthetic layouts that showed the
// error, with every utility-shaped rule OFF. Fails without the repair (the row of kWh was not read at all).
import assert from "node:assert/strict";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { piecesToLines } from "../../../shared/documents/text_layout.ts";
import { ocrPage } from "./layout_page.ts";

const noTaggedRules = () => false;
const read = (rows: [number, [number, string][]][], ocr = true) => {
  const pieces = ocrPage(rows, ocr);
  return parseBill(piecesToLines(pieces), [pieces], { rules: noTaggedRules });
};
const months = ["Jul-24", "Aug-24", "Sep-24", "Oct-24", "Nov-24", "Dec-24"];
const bill = (kwh: string[], heads = months): [number, [number, string][]][] => [
  [20, [[40, "Prairie Valley Electric Cooperative"], [400, "Account No. 5512093381"]]],
  [40, [[40, "Billing Period: 11/22/2024 - 12/21/2024"], [400, "Total Due   $188.20"]]],
  [60, [[40, "Energy Charge 1,208 kWh x $0.1120   $135.30"]]],
  [100, [[40, "Your monthly energy use (kWh)"]]],
  [116, heads.map((m, i): [number, string] => [40 + i * 80, m])],
  [132, kwh.map((k, i): [number, string] => [40 + i * 80, k])],
];
const history = (r: ReturnType<typeof read>) =>
  r.electricityUsage.usageByMonth.map((u) => `${u.month}:${u.value}`).join(" ");

Deno.test("scan history: a kWh cell whose thousands comma OCR read as a point or lost is read in a row of whole kWh", () => {
  const r = read(bill(["1,402", "1.455", "1,117", "987", "1090", "1,208"]));
  for (const want of ["August:1455", "November:1090", "December:1208", "July:1402"]) {
    assert.ok(history(r).includes(want), `${want} in ${history(r)}`);
  }
});

Deno.test("scan history: not on a text layer, and not a point that is no thousands comma", () => {
  // (the same bill with its commas printed is read from the text layer and from a scan)
  assert.ok(
    history(read(bill(["1,402", "1,455", "1,117", "987", "1,090", "1,208"]), false)).includes("August:1455"),
  );
  assert.ok(history(read(bill(["1,402", "1,455", "1,117", "987", "1,090", "1,208"]))).includes("July:1402"));
  // a text PDF prints its commas: "1.455" there is not a whole kWh
  assert.ok(
    !history(read(bill(["1,402", "1.455", "1,117", "987", "1090", "1,208"]), false)).includes("1455"),
  );
  // "1.45" (two digits after the point) is no lost comma: the row is not read
  assert.ok(!history(read(bill(["1,402", "1.45", "1,117", "987", "1,090", "1,208"]))).includes("July"));
});

Deno.test("scan history: month labels with OCR's glyph errors ('Jui2a', 'Oct2a') head their kWh", () => {
  const r = read(bill(["1,402", "1,455", "1,117", "987", "1,090", "1,208"], [
    "Jui2a",
    "Aug24",
    "Sep24",
    "Oct2a",
    "Nov24",
    "Dec24",
  ]));
  for (const want of ["July:1402", "October:987", "December:1208"]) {
    assert.ok(history(r).includes(want), `${want} in ${history(r)}`);
  }
});
