// A phone photo's written date whose comma OCR read as a point ("Jul 23. 2023", issue #11, photos14:
// shared/documents/ocr_photo_words.ts dayCommas): the rule on words, and the reader on a photo's words — a
// word-box bill in a shape other than the layout that showed it, every utility-shaped rule OFF. Fails without
// the repair (the billing period is not read).
import assert from "node:assert/strict";
import { dayCommas, photoNumberWords } from "../../../shared/documents/ocr_photo_words.ts";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { piecesToLines } from "../../../shared/documents/text_layout.ts";
import { ocrPage } from "../bills/layout_page.ts";

const texts = (line: string) =>
  dayCommas([{ words: line.split(" ").map((text) => ({ text, confidence: 90 })) }])[0].words.map((w) =>
    w.text
  )
    .join(" ");

Deno.test("dayCommas: a day's point between a month and a year is its comma", () => {
  assert.equal(texts("Period: Jul 23. 2023 to Aug 21, 2023"), "Period: Jul 23, 2023 to Aug 21, 2023");
  assert.equal(texts("from September 3. 2024"), "from September 3, 2024");
  assert.equal(texts("Sept. 30. 2022,"), "Sept. 30, 2022,");
  // no year after it, no month before it, no day: left alone
  for (
    const line of ["Due Jul 23. Thank you", "Meter 23. 2023", "Jul 32. 2023", "Jul 23. 2045", "Jul 1.5 2023"]
  ) {
    assert.equal(texts(line), line);
  }
});

const bill = (period: string): [number, [number, string][]][] => [
  [20, [[40, "Northfield Electric Cooperative"], [400, "Account Number 5512093348"]]],
  [40, [[40, "MARIA OLSEN"], [400, "Statement Date Sep 02, 2023"]]],
  [56, [[40, "412 BIRCH LN"], [400, "Due Date Sep 25, 2023"]]],
  [72, [[40, "DULUTH MN 55803"]]],
  [96, [[40, `Service Period: ${period}`]]],
  [112, [[40, "Energy Charge 812 kWh @ $0.1210   $98.25"], [400, "Amount Due $112.40"]]],
];
const period = (text: string) => {
  const pieces = ocrPage(bill(text));
  const words =
    photoNumberWords([{ words: pieces.map((p) => ({ ...p, confidence: p.confidence ?? 92 })) }])[0]
      .words;
  const r = parseBill(piecesToLines(words), [words], { rules: () => false });
  return `${r.billingInformation.billingPeriodStart} ${r.billingInformation.billingPeriodEnd}`;
};

Deno.test("the reader on a photo's billing period whose day comma was read as a point", () => {
  assert.equal(period("Jul 23, 2023 to Aug 21, 2023"), "2023-07-23 2023-08-21");
  assert.equal(period("Jul 23. 2023 to Aug 21, 2023"), "2023-07-23 2023-08-21");
});
