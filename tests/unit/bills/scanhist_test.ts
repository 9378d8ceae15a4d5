// Usage history of scanned bills (issue #11, docs/bills.md "Usage history tables on scans, scanhist"): OCR word
// boxes (every word with a confidence, as a scan's page is read) in shapes other than the dev layouts that showed
// the cases, with every utility-shaped rule OFF. Each positive test fails without its change.
import assert from "node:assert/strict";
import { headerlessHistory } from "../../../shared/bills/embedded/ocr_history.ts";
import { scanChartHistory } from "../../../shared/bills/embedded/scan_charts.ts";
import { tidyOcrTokens } from "../../../shared/bills/embedded/ocr_tokens.ts";
import { wordsOf } from "../../../shared/bills/embedded/pairing.ts";
import type { TextPiece } from "../../../shared/documents/text_layout.ts";

/** One OCR cell: 8 pixels a character, `h` high, read at 91. */
const cell = (x: number, y: number, text: string, h = 14): TextPiece => ({
  x,
  y,
  width: text.length * 8,
  height: h,
  text,
  confidence: 91,
});

/** The months read, each once (the page and its right-hand column are both read). */
const fmt = (ms: { year: number; month: number; value: number }[]) =>
  [...new Set(ms.map((m) => `${m.year}-${String(m.month).padStart(2, "0")}:${m.value}`))].sort().join(" ");

// ---- a kWh header over the column, on a header line level with another table's

// May 2021 … April 2022, newest first; the bill's own month (May 2022) is not a row of the table
const LABELS = [
  "Apr-22",
  "Mar-22",
  "Feb22",
  "Jan-22",
  "Dec-21",
  "Nov-21",
  "oct-21",
  "Sep-21",
  "Aug-21",
  "Juk21",
];
const KWH = [527, 722, 788, 967, 878, 742, 566, 556, 669, 712];
const WATER = [5, 14, 14, 14, 5, 2, 13, 3, 12, 4];

/** A line of cells at the meter table's column x's (an empty cell is not printed). */
const X = [40, 150, 260, 380, 520];
const line = (y: number, cells: string[]) =>
  cells.flatMap((t, k) => (t ? [cell(X[k] + (k >= 3 ? 5 : 0), y, t)] : []));

/** A meter table whose header line heads the history printed under it: `head` over the history's kWh. */
function headedTable(head: string): TextPiece[] {
  return [
    ...line(100, ["Meter", "Previous", "Present", head, "kgal"]).map((p) => ({
      ...p,
      x: p.x - (p.x > 300 ? 5 : 0),
    })),
    ...line(122, ["M6052447", "23422", "23920", "498", "10"]),
    ...LABELS.flatMap((l, k) => line(145 + k * 20, ["", "", l, String(KWH[k]), String(WATER[k])])),
  ];
}

Deno.test("a scanned history's kWh column told by the kWh header OCR read over it", () => {
  const got = headerlessHistory([wordsOf(headedTable("kWWh Used"))], "2022-05-09", 498);
  // every row but the garbled "Juk21" (July 2021), the water column never read
  assert.equal(
    fmt(got),
    "2021-08:669 2021-09:556 2021-10:566 2021-11:742 2021-12:878 2022-01:967 2022-02:788 2022-03:722 2022-04:527",
  );
  // a header glued to a neighbour's letters ("Mukwh") is still the kWh
  assert.equal(
    fmt(headerlessHistory([wordsOf(headedTable("Mukwh"))], "2022-05-09", 498)).split(" ").length,
    9,
  );
});

Deno.test("a header naming a rate, a title over the whole table or no kWh confirms no column", () => {
  for (const head of ["kWh per Day", "KWhiDay", "Avg kWh", "Previous Reading"]) {
    assert.deepEqual(headerlessHistory([wordsOf(headedTable(head))], "2022-05-09", 498), [], head);
  }
  // a title naming kWh over both columns is no column's header
  const titled = headedTable("").filter((p) => p.text).concat(
    cell(300, 100, "Usage History - Past 12 Months (kWh)"),
  );
  assert.deepEqual(headerlessHistory([wordsOf(titled)], "2022-05-09", 498), []);
  // a kWh header far above the table (another table's, ten rows up) heads nothing
  const far = headedTable("kWh Used").map((
    p,
  ) => (p.y === 100 && p.text === "kWh Used" ? { ...p, y: -100 } : p));
  assert.deepEqual(headerlessHistory([wordsOf(far)], "2022-05-09", 498), []);
});

// ---- a run of month rows broken by garbled labels, one label's box run into the line under it

/** "Sep24 … Oct23", newest first, 17 pixels a row, labels 12 high; Aug and Jul garbled; April's box 30 high. */
function gappedTable(garbled = ["#ug24", "Jur24"]): TextPiece[] {
  const labels = [
    "Sep24",
    ...garbled,
    "Jun24",
    "May24",
    "Apr24",
    "Mar/24",
    "Feb24",
    "Jan24",
    "Dec23",
    "Nov23",
    "Oct23",
  ];
  const kwh = [1166, 1382, 1248, 1134, 926, 944, 1372, 1423, 1539, 1674, 1371, 1114];
  return labels.flatMap((l, k) => [
    cell(700, 300 + k * 17, l, l === "Apr24" ? 30 : 12),
    cell(800, 300 + k * 17, String(k < 7 ? 30 + (k % 3) : 31), 12),
    cell(900, 300 + k * 17, kwh[k].toLocaleString("en-US"), 12),
  ]);
}

Deno.test("rows of one history split by two garbled labels are one run, anchored by the bill's month", () => {
  const got = headerlessHistory([wordsOf(gappedTable())], "2024-09-30", 1166);
  // the two garbled rows too, placed between September and June by their places (scans18)
  assert.equal(
    fmt(got),
    "2023-10:1114 2023-11:1371 2023-12:1674 2024-01:1539 2024-02:1423 2024-03:1372 2024-04:944 2024-05:926 " +
      "2024-06:1134 2024-07:1248 2024-08:1382 2024-09:1166",
  );
  // without the bill's kWh in its month's row nothing confirms the column
  assert.deepEqual(headerlessHistory([wordsOf(gappedTable())], "2024-09-30", 1170), []);
  // a gap that breaks the calendar order (a month twice) joins nothing: the rows after it are too few alone
  assert.deepEqual(
    headerlessHistory([wordsOf(gappedTable(["#ug24", "Nov24"]))], "2024-09-30", 1166).length,
    0,
  );
});

Deno.test("a month label whose slash OCR read as a letter and whose year digit 4 as an a", () => {
  assert.equal(tidyOcrTokens("Augi2a 32 1382"), "Aug24 32 1382");
  assert.equal(tidyOcrTokens("Sepr2A"), "Sep24");
  // a word that is no month is left alone
  assert.equal(tidyOcrTokens("Augur2a"), "Augur2a");
});

// ---- month labels with OCR's marks beside them, a year split from its month or cut short

/** "Aug 2024=1199; Jul 2024=1,150" as rows of a label and its kWh. */
const pairs = (rows: string) => rows.split("; ").map((r) => r.split("=") as [string, string]);

/** A "Month   kWh" table at x 740 / 866, 20 pixels a row, under a header line (`head` over the kWh). */
function labelTable(rows: [string, string][], head = "kWh"): TextPiece[] {
  return [
    cell(740, 80, "Month"),
    cell(866, 80, head),
    ...rows.flatMap(([l, v], k) => [cell(740, 100 + k * 20, l), cell(866, 100 + k * 20, v)]),
  ];
}

Deno.test("month labels read through OCR's marks: a speck or a quote before, a degree after, a year's a, a cut year", () => {
  const rows = pairs(
    "Aug 2024=1199; Jul 2024=1,150; Jun 2024=1,066; pr 2024=936; .Feb 2024=1,369; Jan 2a=1375; " +
      "Dec 2023°=1.470; Nov 2023=1179; Oct 2023=908; ‘Sep 2023=948",
  );
  assert.equal(
    fmt(headerlessHistory([wordsOf(labelTable(rows))], "2024-08-24", 1199)),
    "2023-09:948 2023-10:908 2023-11:1179 2023-12:1470 2024-01:1375 2024-02:1369 2024-06:1066 2024-07:1150 " +
      "2024-08:1199",
  );
  // a four-digit year whose last digit OCR lost: the month alone, its year from the rows around it
  const cut = pairs(
    "Sep2021=1477; Oct2021=1242; Nov2021=1011; Dec2021=1179; Jan202=1,004; Feb2022=1,076; Mar2022=1,070",
  );
  assert.ok(
    fmt(headerlessHistory([wordsOf(labelTable(cut))], "2022-03-20", 1070)).includes("2022-01:1004"),
  );
});

Deno.test("a run whose garbled labels leave half its steps one month apart is still in calendar order", () => {
  // May 2023 … June 2022 newest first: April, March, January, August, July garbled (steps 3, 2, 1, 1, 1, 3)
  const rows = pairs(
    "May-23=877; Feb-23=1329; Dec-22=1390; Nov-22=1324; Oct-22=946; Sep-22=1,050; Jun-22=1,029",
  );
  assert.equal(
    fmt(headerlessHistory([wordsOf(labelTable(rows, "kWhWh Used"))], "2023-06-10", 1055)),
    "2022-06:1029 2022-09:1050 2022-10:946 2022-11:1324 2022-12:1390 2023-02:1329 2023-05:877",
  );
  // a month twice (a step of 0) or a step past four months is no order
  const twice = rows.map(([l, v]): [string, string] => [l === "Nov-22" ? "Dec-22" : l, v]);
  assert.deepEqual(headerlessHistory([wordsOf(labelTable(twice, "kWh"))], "2023-06-10", 1055), []);
  const jump = rows.map(([l, v]): [string, string] => [l === "Feb-23" ? "Dec-23" : l, v]);
  assert.deepEqual(headerlessHistory([wordsOf(labelTable(jump, "kWh"))], "2023-06-10", 1055), []);
});

// ---- a row of month labels over a row of their kWh (a two-row table), its OCR line boxes taller than their pitch

const ROW_LABELS = [
  "Aug 22",
  "Sep22",
  "oct22",
  "Nov 22",
  "Dec 22",
  "Jan 23",
  "Feb 23",
  "Mar23",
  "Apr23",
  "May 23",
];
const ROW_KWH = [
  "1167",
  "911",
  "879",
  "735",
  "719",
  "710",
  "651",
  "743",
  "690",
  "891",
  "1,097",
  "1259",
  "1241",
];

/**
 * OCR pieces as the page reader makes them (every word at its line's centre, with its line's height): labels at
 * y 640, 29 high, the kWh `dy` under them, 31 high; `over`: lines printed over the chart (y, text).
 */
function twoRows(dy: number, over: [number, string][]): TextPiece[] {
  const labels = [...ROW_LABELS, "Jun 23", "Ju23", "Aug 23"];
  const piece = (x: number, y: number, text: string, height: number): TextPiece => ({
    x,
    y,
    width: text.length * 7,
    height,
    text,
    confidence: 93,
  });
  return [
    ...over.map(([y, t]) => piece(72, y, t, 26)),
    ...labels.map((l, k) => piece(72 + k * 86, 640, l, 29)),
    ...ROW_KWH.map((v, k) => piece(72 + k * 86, 640 + dy, v, 31)),
  ];
}

Deno.test("a row of kWh under its month labels, nearer than a scan's line box is tall", () => {
  const got = scanChartHistory([twoRows(20, [[614, "Your Monthly kWh Use"]])], "2023-08-12", 1241);
  assert.equal(
    fmt(got),
    "2022-08:1167 2022-09:911 2022-10:879 2022-11:735 2022-12:719 2023-01:710 2023-02:651 2023-03:743 " +
      "2023-04:690 2023-05:891 2023-06:1097 2023-07:1259 2023-08:1241",
  );
  // the same row on the labels' own line is not under them; nor is a row whose bill's month is not the bill's kWh
  assert.deepEqual(scanChartHistory([twoRows(0, [])], "2023-08-12", 1241), []);
  assert.deepEqual(scanChartHistory([twoRows(20, [])], "2023-08-12", 1300), []);
});

Deno.test("the title of a row of values under labels is the block of lines right over it, not the charges above", () => {
  const charges: [number, string][] = [[472, "Power Cost Tracker $10.17"], [498, "Indiana Sales Tax $9.02"], [
    524,
    "Total Current Charges $152.28",
  ]];
  // the charges 90 pixels over the title (a gap of more than a line and a half): read
  const read = scanChartHistory(
    [twoRows(24, [...charges, [614, "Your Monthly kWh Use"]])],
    "2023-08-12",
    1241,
  );
  assert.equal(fmt(read).split(" ").length, 13);
  // a title right over the chart that names a cost, or a second title line naming one, still refuses the row
  for (
    const over of [[[614, "Monthly Cost ($)"]], [[590, "Average Cost"], [614, "per Day"]]] as [
      number,
      string,
    ][][]
  ) {
    assert.deepEqual(
      scanChartHistory([twoRows(24, [...charges, ...over])], "2023-08-12", 1241),
      [],
      over[0][1],
    );
  }
});
