// A phone photo's dates whose thin slashes OCR lost or read as a 1, 7 or i (issue #11, photos8:
// shared/documents/ocr_photo_words.ts slashedDates): the rule on words, and the reader on a photo's words — a
// word-box bill in a shape other than the layout that showed the error, every utility-shaped rule OFF. Fails
// without the repair (the bill and due dates and the history rows whose dates were mangled are not read).
import assert from "node:assert/strict";
import { photoNumberWords, slashedDate } from "../../../shared/documents/ocr_photo_words.ts";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { piecesToLines } from "../../../shared/documents/text_layout.ts";
import { ocrPage } from "../bills/layout_page.ts";

Deno.test("slashedDate: only a word that reads as one mm/dd/yyyy date", () => {
  for (
    const [word, want] of [
      ["11072024", "11/07/2024"], // both slashes lost
      ["0612712023", "06/27/2023"], // both read as 1
      ["0211472023", "02/14/2023"], // 1 and 7
      ["047252023", "04/25/2023"], // 7, then lost
      ["1126/2024", "11/26/2024"], // the first lost
      ["05/20i2024", "05/20/2024"], // i
      ["101712024", "10/17/2024"], // 10/1 71/2024 is no date: one reading
      ["121112024", "12/11/2024"], // two ways, the same date
      ["523/22", "5/23/22"], // a short date's first slash lost
      ["4125/23", "4/25/23"], // … read as 1
    ]
  ) assert.equal(slashedDate(word), want, word);
  // no month 17 or 00, no day 00, no year outside 2000–2039, a date already whole, two-digit years, IDs,
  // money, letters, longer or shorter words: left alone
  for (
    const word of [
      "1712/2023",
      "0100/2024",
      "002212024",
      "11071998",
      "11/07/2024",
      "512122", // a short date without its year's slash
      "1125/23", // 1/25/23 or 11/25/23
      "15/22",
      "4041218150",
      "1107202456",
      "$11072024",
      "K11072024",
      "1107202",
    ]
  ) assert.equal(slashedDate(word), undefined, word);
});

// each history row's read date as a phone photo's OCR gave it (the printed date, then the word read)
const rows: [string, string, string][] = [
  ["01/19/2024", "0111972024", "812"],
  ["02/20/2024", "02202024", "760"],
  ["03/19/2024", "0319/2024", "701"],
  ["04/18/2024", "04/18i2024", "655"],
  ["05/20/2024", "051202024", "590"],
  ["06/18/2024", "06/18/2024", "843"],
];
const bill = (photo: boolean): [number, [number, string][]][] => [
  [20, [[40, "Lakeshore Public Power District"], [400, "Account Number 7730412256"]]],
  [40, [[40, "ANA RIVERA"], [400, `Bill Date ${photo ? "07022024" : "07/02/2024"}`]]],
  [56, [[40, "18 HARBOR VIEW RD"], [400, `Due Date ${photo ? "0712312024" : "07/23/2024"}`]]],
  [72, [[40, `Service Period 5/29/24 - ${photo ? "628/24" : "6/28/24"}`]]],
  [88, [[40, "Energy Charge 843 kWh @ $0.1210   $102.00"], [400, "Amount Due $118.40"]]],
  [110, [[40, "Read Date"], [160, "kWh Used"], [260, "Amount"]]],
  ...rows.map(([printed, read, kwh], i): [number, [number, string][]] => [
    126 + 16 * i,
    [[40, photo ? read : printed], [160, kwh], [260, `$${(Number(kwh) * 0.121).toFixed(2)}`]],
  ]),
];
/** The bill's dates and history read from its OCR words, after the photo's word rules or not. */
const readBill = (photo: boolean, rules: boolean) => {
  const pieces = ocrPage(bill(photo)).map((p) => ({ ...p, confidence: p.confidence ?? 92 }));
  const words = rules ? photoNumberWords([{ words: pieces }])[0].words : pieces;
  const r = parseBill(piecesToLines(words), [words], { rules: () => false });
  return {
    invoice: r.billingInformation.invoiceDate,
    due: r.billingInformation.dueDate,
    period: `${r.billingInformation.billingPeriodStart} ${r.billingInformation.billingPeriodEnd}`,
    history: r.electricityUsage.usageByMonth.map((u) => `${u.month}:${u.value}`).join(" "),
  };
};

Deno.test("the reader on a photo's mangled dates: read as printed once the slashes are repaired", () => {
  const printed = readBill(false, false);
  assert.equal(printed.invoice, "2024-07-02");
  assert.equal(printed.due, "2024-07-23");
  const photo = readBill(true, true);
  assert.equal(photo.invoice, "2024-07-02");
  assert.equal(photo.due, "2024-07-23");
  assert.equal(printed.period, "2024-05-29 2024-06-28");
  assert.equal(photo.period, "2024-05-29 2024-06-28");
  for (const want of ["January:812", "February:760", "March:701", "April:655", "May:590", "June:843"]) {
    assert.ok(photo.history.includes(want), `${want} in ${photo.history}`);
    assert.ok(printed.history.includes(want), `${want} in ${printed.history}`);
  }
});
