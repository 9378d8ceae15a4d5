// Phone photos, pass 17 (issue #11, docs/bills.md "Photos, pass 17"): OCR word boxes (every word read with a
// confidence, as a photo's page is read) in shapes other than the dev layouts that showed the cases, with every
// utility-shaped rule OFF. Each positive test fails without its change.
import assert from "node:assert/strict";
import {
  letterReadings,
  lostDigitReadings,
  periodDateSlashes,
} from "../../../shared/bills/embedded/ocr_dates.ts";
import { garbledBillDate } from "../../../shared/bills/embedded/ocr_bill_date.ts";
import { fixMonthNames } from "../../../shared/bills/embedded/ocr_month_names.ts";
import { fixRateWords } from "../../../shared/bills/embedded/ocr_rate_words.ts";
import { ocrPriceLine } from "../../../shared/bills/embedded/ocr_prices.ts";
import { perDayConfirmed, perDayFits } from "../../../shared/bills/embedded/ocr_per_day.ts";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { piecesToLines, type TextPiece } from "../../../shared/documents/text_layout.ts";
import { readPage } from "./layout_page.ts";

type Rows = Parameters<typeof readPage>[0];
/** A co-op's bill due 06/14/2025, its period on row 90 (OCR word boxes, or a text layer's with `ocr` false). */
const read = (periodRows: Rows, ocr = true) =>
  readPage([
    [20, [[40, "Prairie Wind Electric Cooperative"], [400, "Account No. 5520418873"]]],
    [40, [[40, "SAM RIVERA"], [400, "Amount Due   $118.40"]]],
    [52, [[40, "410 WILLOW BEND RD"], [400, "Due Date   06/14/2025"]]],
    [64, [[40, "SALINA KS 67401"]]],
    ...periodRows,
  ], ocr);
const period = (r: ReturnType<typeof read>) =>
  `${r.billingInformation.billingPeriodStart}..${r.billingInformation.billingPeriodEnd}`;

// ---- a period's date with one digit lost

Deno.test("photo dates: a period's date that lost one digit is read when the other date confirms exactly one reading", () => {
  // "04/03/2025 - 05/02/2025" with the second date's 5 lost
  assert.equal(
    period(read([[90, [[40, "Billing Period 04/03/2025 - 0/02/2025"]]]])),
    "2025-04-03..2025-05-02",
  );
  // in a meter table's row: 04/23/2025 with its 4 and both slashes lost (04/3 and 05/3 are no period)
  const r = read([
    [90, [[40, "Meter"], [130, "From"], [210, "To"], [290, "Previous"], [360, "Present"], [430, "kWh"]]],
    [104, [[40, "88213094"], [130, "0232025"], [210, "05/22/2025"], [290, "40112"], [360, "41020"], [
      430,
      "908",
    ]]],
  ]);
  const m = r.electricityUsage.meters[0];
  assert.equal(`${m?.servicePeriodStart}..${m?.servicePeriodEnd}`, "2025-04-23..2025-05-22");
});

Deno.test("photo dates: a lost digit is put back only where one reading fits, never on a text layer", () => {
  // "0/02/2025" can be any month's 2nd: after 04/03/2025 only 05/02/2025 is a period (20–40 days)
  assert.ok(
    ["05/02/2025", "06/02/2025", "10/02/2025"].every((d) => lostDigitReadings("0/02/2025").includes(d)),
  );
  assert.equal(periodDateSlashes("04/03/2025 - 0/02/2025"), "04/03/2025 - 05/02/2025");
  // a day whose one digit was lost: 05/1/2025 … 05/9/2025 all a period after 04/10/2025, left as read
  assert.equal(periodDateSlashes("04/10/2025 - 05//2025"), "04/10/2025 - 05//2025");
  // "0132025" before 05/12/2025: 04/3/2025 and 04/13/2025 (a 4 lost, or a 4 and a 1) both fit, left as read
  assert.equal(periodDateSlashes("0132025 05/12/2025"), "0132025 05/12/2025");
  // a number too short to be a date that lost a digit (a meter's multiplier, a days count) is never read as one
  assert.deepEqual(lostDigitReadings("2025"), []);
  // a valid date is never changed
  assert.deepEqual(lostDigitReadings("05/02/2025"), []);
  // a text PDF prints its dates: nothing read into its digits
  assert.equal(
    period(read([[90, [[40, "Billing Period 04/03/2025 - 0/02/2025"]]]], false)).includes("05-02"),
    false,
  );
});

Deno.test("photo dates: a period's date with one glyph read as a letter is read when the other date confirms it", () => {
  // "05/02/2025" whose "5/" OCR read as one S-like letter, with a days count after it
  assert.equal(
    period(read([[90, [[40, "Residential Service 04/03/2025 to 0S02/2025   29 days"]]]])),
    "2025-04-03..2025-05-02",
  );
  // the letter is one glyph: a word of letters, or two letters in a number, is no date
  assert.deepEqual(letterReadings("M0748675").filter((d) => d.endsWith("2025")), []);
  assert.deepEqual(letterReadings("0SA2/2025"), []);
  // a meter number beside a date is not read as the period's other end
  assert.equal(periodDateSlashes("K8802116 05/02/2025"), "K8802116 05/02/2025");
});

// ---- a history month read unsure, confirmed by its row's kWh per day

/** OCR word boxes of a line: 8 pixels a character, 14 high; each word read at `conf` (92 unless given). */
const boxes = (x: number, y: number, text: string, conf: (w: string) => number = () => 92): TextPiece[] => {
  let at = x;
  return text.split(" ").map((t) => {
    const p = { x: at, y, width: t.length * 8, height: 14, text: t, confidence: conf(t) };
    at += (t.length + 1) * 8;
    return p;
  });
};
// Sep 2024 … Feb 2025 with each month's kWh per day (30 days a month here); the bill's month last
const HISTORY: [string, string, string][] = [
  ["Sep 24", "1,113", "37.1"],
  ["Oct 24", "882", "29.4"],
  ["Nov 24", "747", "24.9"],
  ["Dec 24", "951", "31.7"],
  ["Jan 25", "1,026", "34.2"],
  ["Feb 25", "690", "23.0"],
];
/** The bill with its history table; `disputed`: kWh read unsure (DISPUTED, 5); `perDay`: the per-day column as read. */
function historyBill(disputed: string[], perDay = HISTORY.map((h) => h[2])): TextPiece[] {
  const unsure = (w: string) => (disputed.includes(w) ? 5 : 92);
  return [
    ...boxes(40, 30, "Prairie Wind Electric Cooperative"),
    ...boxes(520, 30, "Account 5520418873"),
    ...boxes(40, 60, "Service from 01/28/2025 to 02/27/2025"),
    ...boxes(520, 60, "Amount Due $96.31"),
    ...boxes(40, 90, "Meter 88213094 Energy Used 690 kWh"),
    ...boxes(40, 300, "Month kWh Avg kWh/Day"),
    ...HISTORY.flatMap(([m, kwh], i) => [
      ...boxes(40, 324 + 24 * i, m),
      ...boxes(120, 324 + 24 * i, kwh, unsure),
      ...boxes(200, 324 + 24 * i, perDay[i]),
    ]),
  ];
}
const months = (pieces: TextPiece[]) =>
  parseBill(piecesToLines(pieces), [pieces], { rules: () => false }).electricityUsage.usageByMonth
    .map((u) => `${u.month.slice(0, 3)}${u.year % 100}:${u.value}`).join(" ");

Deno.test("photo history: a month's kWh read unsure is kept when its row's kWh per day confirms it", () => {
  // 882, 951 and 1,026 disputed by the second reading; their per-day figures 29.4, 31.7, 34.2 fit 30 days
  const r = months(historyBill(["882", "951", "1,026"]));
  for (const want of ["Oct24:882", "Dec24:951", "Jan25:1026", "Sep24:1113"]) assert.ok(r.includes(want), r);
  // the per-day figures read without their points ("294"), as a photo's small print often gives them
  const lost = months(historyBill(["882", "951"], HISTORY.map((h) => h[2].replace(".", ""))));
  for (const want of ["Oct24:882", "Dec24:951"]) assert.ok(lost.includes(want), lost);
});

Deno.test("photo history: no per-day confirmation of a misread kWh, nor without a per-day column", () => {
  // 882 misread "832" (disputed): 832 ÷ 25–35 days never rounds to 29.4, the month stays empty
  const misread = historyBill(["882"]).map((p) => (p.text === "882" ? { ...p, text: "832" } : p));
  assert.ok(!months(misread).includes("Oct24"), months(misread));
  // the per-day column unread but for two rows: the page shows no per-day column, the disputed months dropped
  const few = months(historyBill(["882", "951"], ["37.1", "29.4", "—", "—", "—", "—"]));
  assert.ok(!few.includes("Oct24") && !few.includes("Dec24"), few);
  assert.equal(perDayFits(882, 294), true);
  assert.equal(perDayFits(882, 394), false);
  // a row of a chart's values side by side is no per-day column
  assert.deepEqual([...perDayConfirmed([["1113", "882", "747", "951", "1026", "690"]])], []);
});

// ---- a garbled "Bill Date" label glued to its date

Deno.test("photo bill date: a garbled bill-date label glued to its date (the space lost) still gives the bill date", () => {
  // due 06/14/2025, period ending 05/18/2025
  assert.equal(garbledBillDate(["© Date05/20/2025"], "2025-06-14", "2025-05-18"), "2025-05-20");
  assert.equal(garbledBillDate(["8 Date:05/20/2025"], "2025-06-14", "2025-05-18"), "2025-05-20");
  // the same checks as with the space: not before the period's end, not after the due date, not "Begin Date"
  assert.equal(garbledBillDate(["© Date05/10/2025"], "2025-06-14", "2025-05-18"), undefined);
  assert.equal(garbledBillDate(["Begin Date05/20/2025"], "2025-06-14", "2025-05-18"), undefined);
  assert.equal(garbledBillDate(["© Dated 05/20/2025"], "2025-06-14", "2025-05-18"), undefined);
});

// ---- a date's month name one glyph off

Deno.test("photo dates: a date's month name one glyph off is read as that month in a date's shape", () => {
  assert.equal(fixMonthNames("Statement Date Ape 9, 2023"), "Statement Date Apr 9, 2023");
  assert.equal(
    fixMonthNames("Bill Date: Decomber 6, 2024   Account"),
    "Bill Date: December 6, 2024   Account",
  );
  assert.equal(fixMonthNames("ISSUED NOVEMBFR 3, 2024"), "ISSUED NOVEMBER 3, 2024");
  // through the reader: the statement date with the month misread
  const r = read([[90, [[40, "Statement Date Ocx 14, 2024"]]], [104, [[
    40,
    "Billing Period 09/12/2024 to 10/11/2024",
  ]]]]);
  assert.equal(r.billingInformation.invoiceDate, "2024-10-14");
});

Deno.test("photo dates: no month read from a word bills print, an ambiguous word, a word off the date's shape, or a text layer", () => {
  // words of bills one edit from an abbreviation
  for (const l of ["Late Fee 12, 2024", "APT 9, 2023", "Set 12, 2024"]) assert.equal(fixMonthNames(l), l);
  // "Jux" is one edit from both Jun and Jul; "Dpr" does not begin with Apr's letter
  for (const l of ["Jux 4, 2024", "Dpr 4, 2024"]) assert.equal(fixMonthNames(l), l);
  // no day and four-digit year after it
  assert.equal(fixMonthNames("Ape 24   1,016"), "Ape 24   1,016");
  // a text layer prints its months as they are
  const r = read([[90, [[40, "Statement Date Ocx 14, 2024"]]], [104, [[
    40,
    "Billing Period 09/12/2024 to 10/11/2024",
  ]]]], false);
  assert.equal(r.billingInformation.invoiceDate, "");
});

// ---- a rate plan's words one glyph off

Deno.test("photo rate: a rate name's word one glyph off is read as the rate word it stands for", () => {
  assert.equal(fixRateWords("Residential Electnc Service"), "Residential Electric Service");
  assert.equal(fixRateWords("RESIDENTIAL SECVICE (RS)"), "RESIDENTIAL SERVICE (RS)");
  assert.equal(fixRateWords("Single Farnily Dwelling"), "Single Family Dwelling");
  // through the reader, on a photo's words
  const rate = (ocr: boolean) =>
    read([[90, [[40, "Rate: Residentlal Secvice"]]], [104, [[
      40,
      "Billing Period 04/03/2025 to 05/02/2025",
    ]]]], ocr)
      .electricityUsage.electricRate;
  assert.equal(rate(true), "Residential Service");
  // a text layer's name is kept as printed
  assert.equal(rate(false), "Residentlal Secvice");
});

Deno.test("photo rate: short words, plan codes and words of other names are kept as read", () => {
  for (
    const n of [
      "Rate RS-1",
      "E-1 Residential Services",
      "Residential TOU-D",
      "Schedule R Sevice Area 4",
      "Residential Seasonal",
    ]
  ) {
    assert.equal(fixRateWords(n), n.replace("Sevice", "Service"));
  }
  // a word one edit from no rate word, or a short one, is left
  assert.equal(fixRateWords("Residential Elec Svc"), "Residential Elec Svc");
  assert.equal(fixRateWords("Farm Rural Rate"), "Farm Rural Rate");
});

// ---- a priced kWh line's price, as its own product confirms it

Deno.test("photo prices: a priced kWh line's price with its point lost or one digit misread, read as kWh × price = charge", () => {
  const supply = (line: string, ocr = true) =>
    read([[90, [[40, line]]], [104, [[40, "Billing Period 04/03/2025 to 05/02/2025"]]]], ocr).electricityUsage
      .supplyRatePerKwh;
  // the point read as a space, the charge's point lost too: 812 × 0.1102 = 89.48
  assert.equal(supply("Energy Charge 812 kWh @ 0 1102   $8948"), "0.1102");
  // the point read as a comma; the point lost ("0011202" for 0.011202: 517 × 0.011202 = 5.79)
  assert.equal(ocrPriceLine("Generation 812 kWh x 0,1102   $89.48"), "Generation 812 kWh x $0.1102   $89.48");
  assert.equal(ocrPriceLine("Supply 517 kWh X 0011202   $579"), "Supply 517 kWh X $0.011202   $579");
  // one digit misread: 0.1182 does not give 89.48, 0.1102 does
  assert.equal(supply("Energy Charge 812 kWh @ 0.1182   $89.48"), "0.1102");
  // a text layer prints its price: nothing read into it
  assert.equal(supply("Energy Charge 812 kWh @ 0 1102   $8948", false), "");
});

Deno.test("photo prices: no price where the line's product is not its charge", () => {
  // another column after the price (a block's total, a misread charge): left as read
  for (
    const l of [
      "Energy Charge 812 kWh @ 0 1102   $72.13",
      "Energy Charge 812 kWh @ 0.1182   $72.13",
      "Energy First Block 350 KWH @ 0.0423   $25.33",
    ]
  ) assert.equal(ocrPriceLine(l), l);
  // a price already as printed whose product is the charge is not rewritten
  assert.equal(ocrPriceLine("Energy 1,480 kWh @ $0.05718   $84.63"), "Energy 1,480 kWh @ $0.05718   $84.63");
});
