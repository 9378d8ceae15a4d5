// A history table's column headers read by OCR word by word (docs/bills.md "Photos, ninth pass"): "Electric kWh"
// printed wider than its column's values ("604") comes as two word boxes, and the "kWh" hanging past the column
// is the same phrase as "Electric" (one word space apart), so it heads that column. Every utility-shaped rule off.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { HEAD_ROWS, readPage } from "./layout_page.ts";

const MONTHS = [
  "Jun 2023",
  "Jul 2023",
  "Aug 2023",
  "Sep 2023",
  "Oct 2023",
  "Nov 2023",
  "Dec 2023",
  "Jan 2024",
  "Feb 2024",
  "Mar 2024",
  "Apr 2024",
  "May 2024",
];
const KWH = [604, 655, 760, 889, 905, 985, 818, 672, 611, 690, 730, 744];

/** A table of three services' usage by month, under headers wider than their values. */
const rows = (electric: [number, string][]): Parameters<typeof readPage>[0] => [
  ...HEAD_ROWS,
  [200, [[36, "Usage History"]]],
  [212, [[36, "Billed"], ...electric, [250, "Gas Therms"], [370, "Water CCF"], [480, "Days"]]],
  ...MONTHS.map((m, i): [number, [number, string][]] => [
    222 + 10 * i,
    [[36, m], [130, String(KWH[i])], [250, String(40 + i)], [370, String(5 + (i % 4))], [
      480,
      String(28 + (i % 4)),
    ]],
  ]),
];

Deno.test("OCR header words one space apart head one column: the kWh column of a services table", () => {
  const got = readPage(rows([[130, "Electric kWh"]]), true).electricityUsage.usageByMonth.map((u) => u.value);
  assertEquals(got, KWH);
});

Deno.test("a header word far from the one before is not its phrase: no kWh column, no history", () => {
  // "kWh" printed apart (a gap wider than a word space) and past every column names none
  const got = readPage(rows([[130, "Electric"], [200, "kWh"]]), true).electricityUsage.usageByMonth;
  assertEquals(got, []);
});

Deno.test("the PDF text layer's one piece reads as before", () => {
  const got = readPage(rows([[130, "Electric kWh"]])).electricityUsage.usageByMonth.map((u) => u.value);
  assertEquals(got, KWH);
});

Deno.test("only a unit joins the phrase: a charge line above the headers gives its words to no column", () => {
  // "Treated Water Charge  $31.73" printed over "DAILY / USAGE" and "Month  KWH  KWHIDay" (a scan's "KWH/Day"): its "Charge" hangs past
  // the kWh column; taken into that column's header it turned the kWh-a-day column into the history's
  const perDay = KWH.map((k) => (k / 30).toFixed(1));
  const got = readPage([
    ...HEAD_ROWS,
    [190, [[36, "Waste Water"], [130, "Treated Water Charge"], [450, "$31.73"]]],
    [200, [[36, "DAILY"], [130, "USAGE"]]],
    [210, [[36, "Month"], [130, "KWH"], [330, "KWHIDay"]]],
    ...MONTHS.map((m, i): [number, [number, string][]] => [
      220 + 10 * i,
      [[36, m], [130, KWH[i].toLocaleString("en-US")], [330, perDay[i]]],
    ]),
  ], true).electricityUsage.usageByMonth.map((u) => u.value);
  assertEquals(got, KWH);
});
