// Phone photos, pass 16 (issue #11, docs/bills.md "Photos, pass 16"): OCR word boxes (every word with a confidence,
// as a photo's page is read) in shapes other than the dev layouts that showed the cases, with every utility-shaped
// rule OFF. Each positive test fails without its change.
import assert from "node:assert/strict";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { scanChartHistory } from "../../../shared/bills/embedded/scan_charts.ts";
import { fillGarbledMonths } from "../../../shared/bills/embedded/ocr_month_gaps.ts";
import { monthOf } from "../../../shared/bills/embedded/usage_tables.ts";
import { piecesToLines, type TextPiece } from "../../../shared/documents/text_layout.ts";

const noTaggedRules = () => false;
const read = (pieces: TextPiece[]) => parseBill(piecesToLines(pieces), [pieces], { rules: noTaggedRules });
const history = (r: ReturnType<typeof read>) =>
  r.electricityUsage.usageByMonth.map((u) => `${u.month.slice(0, 3)}${u.year % 100}:${u.value}`).join(" ");

/** OCR word boxes of a line of text: 8 pixels a character, 14 high, read at `conf`. */
const words = (x: number, y: number, text: string, conf = 92): TextPiece[] => {
  let at = x;
  return text.split(" ").map((t) => {
    const p = { x: at, y, width: t.length * 8, height: 14, text: t, confidence: conf };
    at += (t.length + 1) * 8;
    return p;
  });
};

/** A bill whose period ends 06/18/2024 with 1,140 kWh (the meters' row). */
const head = (kwh = "1,140"): TextPiece[] => [
  ...words(40, 30, "Valley Public Power District"),
  ...words(520, 30, "Account 73310-0442"),
  ...words(40, 60, "Service from 05/17/2024 to 06/18/2024"),
  ...words(520, 60, "Amount Due $151.26"),
  ...words(40, 90, `Meter 4471920 Energy Used ${kwh} kWh`),
];

// ---- a row of month labels over their kWh whose bill's value OCR's second reading disputed

// June 2023 … June 2024, the bill's month last
const KWH = [1210, 1388, 1402, 1115, 902, 866, 1004, 1130, 1095, 980, 870, 931, 1140];
const LABELS = ["Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "Jan", "Feb", "Mar", "Apr", "May", "Jun"];
const X0 = 60, STEP = 56, ROW = 400;

/** The labels (two garbled by OCR) and under each its kWh; `conf` per value (92 unless given). */
function rowBill(conf: Record<number, number>, kwh = "1,140", values = KWH.map(String)): TextPiece[] {
  const labels = LABELS.map((l, k) => (k === 3 ? "Sepi" : k === 8 ? "Fetv" : `${l}/${k < 7 ? 23 : 24}`));
  return [
    ...head(kwh),
    ...words(40, ROW - 30, "Electric Usage Information"),
    ...labels.flatMap((l, k) => words(X0 + k * STEP, ROW, l, 60)),
    ...values.flatMap((v, k) => words(X0 + k * STEP, ROW + 24, v, conf[k] ?? 92)),
  ];
}

Deno.test("labels over values: the bill's own value read unsure still anchors the row when it is the period's kWh", () => {
  // the bill's month (the last value) and two others disputed by the second reading (DISPUTED, 5)
  const r = read(rowBill({ 12: 5, 4: 5, 9: 5 }));
  for (const want of ["Jul23:1388", "Aug23:1402", "Sep23:1115", "Dec23:1004", "Feb24:1095", "May24:931"]) {
    assert.ok(history(r).includes(want), `${want} in ${history(r)}`);
  }
  // the disputed values stay empty; the bill's month is the meters' kWh
  assert.ok(!/Oct23|Mar24/.test(history(r)), history(r));
  assert.ok(history(r).includes("Jun24:1140"), history(r));
});

Deno.test("labels over values: an unsure bill's value that is not the period's kWh to the unit anchors nothing", () => {
  const chart = (conf: Record<number, number>, kwh: number, values?: string[]) =>
    scanChartHistory([rowBill(conf, String(kwh), values)], "2024-06-18", kwh);
  // sure and within 2 %: read, as before (every bar)
  assert.equal(chart({}, 1140).length, 13);
  assert.equal(chart({}, 1150).length, 13);
  // unsure and equal: read (every bar but the unsure one)
  assert.equal(chart({ 12: 5 }, 1140).length, 12);
  // unsure and 10 off (a digit misread, or another figure): nothing
  assert.deepEqual(chart({ 12: 5 }, 1150), []);
  // on that weaker anchor a bar read under SURE (90) is left empty, never given a farther sure number over it
  const weak = scanChartHistory(
    [[...rowBill({ 12: 5, 5: 87 }), ...words(X0 + 5 * STEP, ROW + 40, "1297", 96)]],
    "2024-06-18",
    1140,
  ).map((m) => `${m.month}/${m.year % 100}:${m.value}`);
  assert.ok(weak.includes("10/23:902") && !weak.some((m) => m.startsWith("11/23")), weak.join(" "));
  const off = KWH.map(String);
  off[12] = "1146";
  assert.deepEqual(chart({ 12: 5 }, 1140, off), []);
});

// ---- a history table whose month label OCR garbled

/** A "Month   kWh   Days" table, newest first (June 2024 down to June 2023), its labels as given. */
function tableBill(labels: string[], values = KWH.map(String).reverse()): TextPiece[] {
  return [
    ...head(),
    ...words(60, 380, "Month"),
    ...words(200, 380, "kWh"),
    ...words(300, 380, "Days"),
    ...labels.flatMap((l, k) => [
      ...words(60, 400 + k * 18, l, l.length > 2 ? 88 : 40),
      ...words(200, 400 + k * 18, values[k]),
      ...words(300, 400 + k * 18, String(30 + (k % 3))),
    ]),
  ];
}
const TABLE = [...LABELS].reverse().map((l, k) => `${l} ${k < 6 ? 24 : 23}`);

Deno.test("a history table's month label OCR garbled, between two read ones, is the month its place gives", () => {
  const labels = [...TABLE];
  labels[3] = "Ma 24"; // March 2024
  labels[7] = "dn 23"; // November 2023
  labels[8] = "-=";
  labels[9] = "Ag 23"; // August and September 2023
  const r = read(tableBill(labels));
  for (const want of ["Mar24:980", "Nov23:866", "Oct23:902", "Sep23:1115", "Aug23:1402", "Apr24:870"]) {
    assert.ok(history(r).includes(want), `${want} in ${history(r)}`);
  }
});

Deno.test("garbled month labels: never at a table's end, in a table not stepping by one month, or against its step", () => {
  const cells = (ls: string[]) => ls.map((month) => ({ month, value: "900" }));
  const fill = (ls: string[]) => fillGarbledMonths(cells(ls), (m) => monthOf(m)).map((c) => c.month);
  // between two read months: filled (with the year when both neighbours print one)
  assert.deepEqual(fill(["Jul 24", "Jun 24", "May 24", "Apr 24", "xx", "Feb 24"]), [
    "Jul 24",
    "Jun 24",
    "May 24",
    "Apr 24",
    "March 2024",
    "Feb 24",
  ]);
  assert.deepEqual(fill(["Dec", "Jan", "Feb", "Mar", "Apv", "May"])[4], "April");
  // the first or last row (a title, a "Total" row): not filled
  assert.deepEqual(fill(["Total", "Jun 24", "May 24", "Apr 24", "Mar 24", "Tota1"]), [
    "Total",
    "Jun 24",
    "May 24",
    "Apr 24",
    "Mar 24",
    "Tota1",
  ]);
  // the read neighbours do not fit the gap (one row, three months apart): not filled
  assert.equal(fill(["Jul 24", "Jun 24", "May 24", "Apr 24", "xx", "Jan 24"])[4], "xx");
  // a bi-monthly table (rows two months apart): not filled
  assert.equal(fill(["Jun 24", "Apr 24", "Feb 24", "xx", "Oct 23", "Aug 23"])[3], "xx");
  // too few rows read to know the table's step: not filled
  assert.equal(fill(["Jun 24", "May 24", "xx", "Mar 24"])[2], "xx");
  // a row whose kWh disagrees with its days × kWh per day (a misread kWh beside the garbled label): not filled;
  // one that agrees (33.3 a day rounded) is
  const rows = ["Jul 24", "Jun 24", "May 24", "Apr 24", "Apra1", "Feb 24"].map((month) => ({
    month,
    days: "30",
  }));
  const withDay = (value: string, perDay: string) =>
    fillGarbledMonths(rows.map((r) => ({ ...r, value, perDay })), (m) => monthOf(m))[4].month;
  assert.equal(withDay("908", "33.3"), "Apra1");
  assert.equal(withDay("908", "333"), "Apra1");
  assert.equal(withDay("998", "33.3"), "March 2024");
  assert.equal(withDay("998", ""), "March 2024");
  // a table whose read months go both ways is no run: not filled
  assert.equal(fill(["Jun 24", "May 24", "Jun 24", "xx", "Aug 24", "Sep 24"])[3], "xx");
});

Deno.test("garbled month labels: a text layer's table is read as printed", () => {
  const labels = [...TABLE];
  labels[3] = "Ma 24";
  // the same table as a text PDF's items (no OCR confidence): the row is not given a month
  const pieces = tableBill(labels).map(({ confidence: _, ...p }) => p);
  const r = parseBill(piecesToLines(pieces), [pieces], { rules: noTaggedRules });
  assert.ok(!/Mar24/.test(history(r)), history(r));
});
