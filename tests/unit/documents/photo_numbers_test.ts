// A phone photo's number words the OCR is likely wrong about (shared/documents/ocr_photo_words.ts, applied by
// ocr.ts to a phone photo's page only), each rule on word boxes and then the bill reader on a photo's words:
// - a number glued to a letter that may be its first digit ("Total 886 kWh" read "TotalB86", "1,177 kWh" read
//   "L177"; seattle-01 and hawaiian-01 of the seed-5151/4242 dev sets: "86" and "177" taken as the meter's
//   kWh without the rule): gluedDigitsDisputed;
// - a number word read at 50-85 confidence (on 21 dev photo pages half of them were not the printed number,
//   a 9 read as 0 most often, against 1 in 15 over 85): unsureNumbersDisputed.
import assert from "node:assert/strict";
import {
  gluedDigitsDisputed,
  photoNumberWords,
  SURE_NUMBER,
  unsureNumbersDisputed,
} from "../../../shared/documents/ocr_photo_words.ts";
import { DISPUTED } from "../../../shared/documents/ocr_verify.ts";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { piecesToLines } from "../../../shared/documents/text_layout.ts";
import { ocrPage } from "../bills/layout_page.ts";

const box = { x0: 0, y0: 0, x1: 40, y1: 12 };
const word = (text: string, confidence: number) => ({ text, confidence, bbox: box });
const line = (...texts: string[]) => ({
  bbox: box,
  words: texts.map((text) => ({ text, confidence: 91, bbox: box })),
});

// [as read, disputed]
const CASES: [string, boolean][] = [
  ["TotalB86", true],
  ["L177", true],
  ["L,177", false],
  ["S14", true],
  ["I1,177", true],
  ["O45.", true],
  ["G207486751", false], // a meter number
  ["K97719284", false],
  ["Jul21", false], // a month glued to its year
  ["April2023", false],
  ["kWh1177", false], // h is no digit
  ["1177", false],
  ["B8", false],
  ["Apt14B", false],
];

Deno.test("gluedDigitsDisputed: a short number glued to a digit-like letter is disputed, other words untouched", () => {
  const [l] = gluedDigitsDisputed([line(...CASES.map(([read]) => read))]);
  assert.deepEqual(
    l.words.map((w) => [w.text, w.confidence]),
    CASES.map(([read, disputed]) => [read, disputed ? DISPUTED : 91]),
  );
});

Deno.test("photoNumberWords: both photo repairs, the comma first", () => {
  const [l] = photoNumberWords([line("1.702", "L1,702", "886")]);
  assert.deepEqual(l.words.map((w) => [w.text, w.confidence]), [["1,702", 30], ["L1,702", DISPUTED], [
    "886",
    91,
  ]]);
});

// The reader on a photo's words: a meter's kWh printed once.
const photoBill = (kwh: string): [number, [number, string][]][] => [
  [20, [[40, "Lakeshore Power Cooperative"], [400, "Account No. 3320917745"]]],
  [40, [[400, "Total Due $96.40"]]],
  [80, [[40, "Premises: 42 BIRCH LN TOLEDO OH 43604"]]],
  [120, [[40, "Meter M40602114"], [300, `${kwh} kWh used in 30 days`]]],
];
/** The meter's kWh read from `kwh` printed once, its word read at `conf`, with `rule` applied or not. */
const meterKwh = (
  kwh: string,
  rule?: typeof unsureNumbersDisputed,
  conf = 92,
) => {
  const pieces = ocrPage(photoBill(kwh)).map((p) => ({ ...p, confidence: p.text === kwh ? conf : 92 }));
  const read = rule ? rule([{ words: pieces }])[0].words : pieces;
  const bill = parseBill(piecesToLines(read), [read], { rules: () => false });
  return bill.electricityUsage.meters[0]?.usageKwh ?? "";
};

Deno.test("the reader leaves a photo's glued kWh empty (TotalB86, L177), and keeps a clean one", () => {
  assert.equal(meterKwh("L177"), "177"); // without the rule: a wrong kWh
  assert.equal(meterKwh("L177", gluedDigitsDisputed), "");
  assert.equal(meterKwh("TotalB86", gluedDigitsDisputed), "");
  assert.equal(meterKwh("1177", gluedDigitsDisputed), "1177");
});

Deno.test("unsureNumbersDisputed: number words read at 50 to SURE_NUMBER are disputed; sure ones, words and capped marks kept", () => {
  const [l] = unsureNumbersDisputed([{
    bbox: box,
    words: [
      word("1207", 72),
      word("$38.44", 60),
      word("4508440075", 84),
      word("(1,166)", 50),
      word("1297", SURE_NUMBER),
      word("1,702", 30), // a comma read as a point (pointsAsThousands): left to the reader's thresholds
      word("Residential", 60),
      word("05/19/2022", 70),
      word("12", 70),
      word("7", 70), // one digit
    ],
  }]);
  assert.deepEqual(l.words.map((w) => w.confidence), [
    DISPUTED,
    DISPUTED,
    DISPUTED,
    DISPUTED,
    SURE_NUMBER,
    30,
    60,
    70,
    DISPUTED,
    70,
  ]);
});

Deno.test("the reader leaves a photo's unsure kWh empty, keeps a sure one", () => {
  assert.equal(meterKwh("1451", undefined, 70), "1451"); // without the rule: kept (over the reader's 50)
  assert.equal(meterKwh("1451", unsureNumbersDisputed, 70), "");
  assert.equal(meterKwh("1451", unsureNumbersDisputed, 93), "1451");
});
