// A phone photo's history rows whose number the page reading dropped (shared/documents/ocr_history_cells.ts):
// which cells are read again, and which readings are put back in their row — only those the bill confirms
// (shared/documents/ocr_history_check.ts).
import assert from "node:assert/strict";
import {
  cellsToRead,
  emptyHistoryCells,
  withHistoryCells,
} from "../../../shared/documents/ocr_history_cells.ts";
import { kwhFigures, yearAgrees, yearFigures } from "../../../shared/documents/ocr_history_check.ts";
import type { VerifyLine } from "../../../shared/documents/ocr_verify.ts";

const word = (text: string, x0: number, y0: number, w = 30, h = 14) => ({
  text,
  confidence: 90,
  bbox: { x0, y0, x1: x0 + w, y1: y0 + h },
});
const line = (words: ReturnType<typeof word>[]): VerifyLine => ({
  bbox: {
    x0: Math.min(...words.map((w) => w.bbox.x0)),
    y0: Math.min(...words.map((w) => w.bbox.y0)),
    x1: Math.max(...words.map((w) => w.bbox.x1)),
    y1: Math.max(...words.map((w) => w.bbox.y1)),
  },
  words,
});
const MONTHS = ["May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** A history table of month labels and years at x 88, kWh at x 258; `values[i]` undefined: dropped by OCR. */
const table = (values: (string | undefined)[], months = MONTHS) =>
  months.map((m, i) => {
    const y = 440 + i * 21;
    const ws = [word(m, 88, y), word("23", 126, y, 20)];
    const v = values[i];
    if (v !== undefined) ws.push(word(v, 258, y, 10 * v.length));
    return line(ws);
  });
/** A line of words left to right at `y` (the bill's text beside the table). */
const said = (y: number, ...texts: string[]) => line(texts.map((t, i) => word(t, 400 + i * 60, y, 50)));
const reading = (text: string, confidence = 90) => ({ text, confidence });
const rowOf = (lines: VerifyLine[], m: string) =>
  lines.find((l) => l.words[0].text === m)!.words.map((w) => w.text);

Deno.test("history cells: the rows whose number was dropped, in the column the others were read in", () => {
  const lines = table(["833", "1031", undefined, "1147", undefined, "921", undefined, "1467"]);
  const cells = emptyHistoryCells(lines);
  assert.deepEqual(cells.map((c) => lines[c.line].words[0].text), ["Jul", "Sep", "Nov"]);
  for (const c of cells) {
    assert.ok(c.box.x0 <= 258 && c.box.x1 >= 298, "the column's width");
    assert.equal(c.min, 833);
    assert.equal(c.max, 1467);
  }
  assert.deepEqual(cells.map((c) => c.row), [2, 4, 6]);
});

Deno.test("history cells: two agreeing readings the bill does not confirm stay empty", () => {
  // no kWh figure, total or average on the page: nothing the bill says confirms a re-read middle row
  const lines = table(["833", "1031", undefined, "1147", "963", "921", "1153", undefined]);
  const cells = emptyHistoryCells(lines);
  assert.deepEqual(cells.map((c) => lines[c.line].words[0].text), ["Jul", "Dec"]);
  const out = withHistoryCells(lines, cells, [reading("1,061"), reading("1,396")], [
    reading("1061"),
    reading("1396"),
  ]);
  assert.deepEqual(rowOf(out, "Jul"), ["Jul", "23"]);
  assert.deepEqual(rowOf(out, "Dec"), ["Dec", "23"]);
});

Deno.test("history cells: the newest row kept when it is the period's kWh printed elsewhere on the page", () => {
  const lines = [
    ...table(["833", "1031", undefined, "1147", "963", "921", "1153", undefined]),
    said(300, "Usage", "979", "kWh"),
  ];
  const cells = emptyHistoryCells(lines);
  const a = [reading("1,061"), reading("979")], b = [reading("1061"), reading("979", 80)];
  const out = withHistoryCells(lines, cells, a, b);
  assert.deepEqual(rowOf(out, "Dec"), ["Dec", "23", "979"]);
  assert.equal(out.find((l) => l.words[0].text === "Dec")!.words[2].confidence, 80);
  // a middle row is not the newest month: a kWh figure equal to it confirms nothing
  assert.deepEqual(rowOf(out, "Jul"), ["Jul", "23"]);
  // a one-digit misread of the newest row ("970") is none of the page's kWh figures
  const misread = withHistoryCells(lines, cells, [reading("1,061"), reading("970")], [
    reading("1061"),
    reading("970"),
  ]);
  assert.deepEqual(rowOf(misread, "Dec"), ["Dec", "23"]);
  // the two readings disagree: empty, the bill's figure notwithstanding
  const split = withHistoryCells(lines, cells, [reading("1,061"), reading("979")], [
    reading("1061"),
    reading("919"),
  ]);
  assert.deepEqual(rowOf(split, "Dec"), ["Dec", "23"]);
  assert.equal(
    lines.find((l) => l.words[0].text === "Dec")!.words.length,
    2,
    "the input lines are not changed",
  );
});

Deno.test("history cells: every re-read row kept when the table's sum agrees with a printed 12-month total", () => {
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const values = ["700", "650", undefined, "500", "480", "610", undefined, "820", "640", "520", "560", "690"];
  const total = 700 + 650 + 590 + 500 + 480 + 610 + 760 + 820 + 640 + 520 + 560 + 690;
  const lines = [...table(values, months), said(200, "Total", "kWh", "last", "12", "months", String(total))];
  const cells = emptyHistoryCells(lines);
  assert.deepEqual(cells.map((c) => lines[c.line].words[0].text), ["Mar", "Jul"]);
  const out = withHistoryCells(lines, cells, [reading("590"), reading("760")], [
    reading("590"),
    reading("760"),
  ]);
  assert.deepEqual(rowOf(out, "Mar"), ["Mar", "23", "590"]);
  assert.deepEqual(rowOf(out, "Jul"), ["Jul", "23", "760"]);
  // one digit misread by both readings ("769"): the sum disagrees, neither is kept
  const off = withHistoryCells(lines, cells, [reading("590"), reading("769")], [
    reading("590"),
    reading("769"),
  ]);
  assert.deepEqual(rowOf(off, "Mar"), ["Mar", "23"]);
  assert.deepEqual(rowOf(off, "Jul"), ["Jul", "23"]);
  // a monthly average confirms nothing (rounded to the kWh, it lets a last digit through) ...
  const avg = [
    ...table(values, months),
    said(200, "Average", "monthly", "usage", String(Math.round(total / 12))),
  ];
  const byAvg = withHistoryCells(avg, emptyHistoryCells(avg), [reading("590"), reading("760")], [
    reading("590"),
    reading("760"),
  ]);
  assert.deepEqual(rowOf(byAvg, "Jul"), ["Jul", "23"]);
  // ... but one that disagrees keeps out even a newest row the period's kWh would confirm
  const last = ["700", "650", "590", "500", "480", "610", "760", "820", "640", "520", "560", undefined];
  const page = (average: number) => [
    ...table(last, months),
    said(200, "Average", "monthly", "usage", String(average)),
    said(230, "Usage", "690", "kWh"),
  ];
  const newest = (lines: VerifyLine[]) =>
    rowOf(withHistoryCells(lines, emptyHistoryCells(lines), [reading("690")], [reading("690")]), "Dec");
  assert.deepEqual(newest(page(Math.round(total / 12))), ["Dec", "23", "690"]);
  assert.deepEqual(newest(page(Math.round(total / 12) + 40)), ["Dec", "23"]);
});

Deno.test("history check: the page's kWh figures, year figures and their agreement", () => {
  const lines = [
    said(10, "Usage", "979", "kWh"),
    said(30, "kWh", "Used", "715"),
    said(50, "Amount", "used:", "1,168kWh"),
    said(70, "Customer", "Charge", "$12.00"),
    said(90, "Meter", "Reading", "47054"),
  ];
  assert.deepEqual(kwhFigures(lines), [979, 715, 1168]);
  // the table's own cells are not the bill's figures
  assert.deepEqual(kwhFigures(lines, [lines[0].words[1].bbox]), [715, 1168]);
  const year = yearFigures([
    said(0, "Average", "monthly", "usage", "906", "kWh"),
    said(20, "Daily", "average", "30"),
  ]);
  assert.deepEqual(year, { totals: [], averages: [906] });
  const twelve = [900, 910, 880, 920, 905, 895, 915, 900, 910, 890, 920, 930];
  assert.ok(yearAgrees(twelve, year));
  assert.ok(!yearAgrees(twelve, year, false), "an average only when asked");
  assert.ok(!yearAgrees(twelve.map((v, i) => (i ? v : v + 90)), year));
  assert.ok(!yearAgrees(twelve.slice(1), year), "11 months: no year");
});

Deno.test("history cells: nothing read again without a column of numbers, or over a word already read", () => {
  // two values only: no column
  assert.deepEqual(emptyHistoryCells(table(["833", undefined, undefined, "1147"])), []);
  // every row read: nothing to do
  assert.deepEqual(emptyHistoryCells(table(MONTHS.map((_, i) => String(800 + i)))), []);
  // a row whose cell holds a garbled word ("13%"): left to the number verification, not read over
  const lines = table(["833", "1031", "13%", "1147", "921"]);
  assert.deepEqual(emptyHistoryCells(lines).map((c) => lines[c.line].words[0].text), ["Oct", "Nov", "Dec"]);
  // five month labels: no table
  assert.deepEqual(emptyHistoryCells(table(["833", "1031", undefined, "1147", "921"]).slice(0, 5)), []);
});

Deno.test("history cells: only the cells the bill could confirm are read again", () => {
  const values = ["833", undefined, "1031", "1147", undefined, "921", "1153", undefined];
  const names = (lines: VerifyLine[]) => cellsToRead(lines).map((c) => lines[c.line].words[0].text);
  // nothing on the page to confirm a reading: none
  assert.deepEqual(names(table(values)), []);
  // a kWh figure: every empty cell (read together: one crop alone reads poorly)
  assert.deepEqual(names([...table(values), said(300, "Usage", "979", "kWh")]), ["Jun", "Sep", "Dec"]);
  // a monthly average: every empty cell (the table's mean can confirm them)
  assert.deepEqual(names([...table(values), said(300, "Average", "monthly", "use", "1,020", "kWh")]), [
    "Jun",
    "Sep",
    "Dec",
  ]);
});
