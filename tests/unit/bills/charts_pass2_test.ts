// Charts without values, pass 2 (docs/bills.md "Charts, pass 2"): axes of bare numbers under a usage title, ticks
// placed on their gridlines, month labels the text layer joined, a line chart's dots, horizontal bars, and the
// refusal when the bill's printed months disagree with the axis. Word boxes and filled boxes as a PDF's text layer
// and operator list give them (points, y down); the real BGE bill whose chart is now read.
import assert from "node:assert/strict";
import type { FilledBox } from "../../../shared/documents/pdf_shapes.ts";
import { printsValueAxis } from "../../../shared/documents/pdf_shapes.ts";
import type { TextPiece } from "../../../shared/documents/text_layout.ts";
import { piece, right } from "./chart_words.ts";
import { chartHeightMonths, readBarHeights } from "../../../shared/bills/embedded/chart_bars.ts";
import { readHorizontalBars } from "../../../shared/bills/embedded/chart_hbars.ts";
import { valueAxes, valueRows } from "../../../shared/bills/embedded/chart_axis.ts";
import { readDocumentText } from "../../../shared/documents/read_text.ts";
import { readBillText } from "../../../shared/bills/read_bill_text.ts";
import { normalizeItem } from "../../../shared/bills/normalize.ts";
import { type BillItem, MonthNames } from "../../../shared/bills/schema.ts";

const ZERO = 240;
const VALUES = [784, 950, 1370, 1250, 1510, 1600, 1495, 1740, 1370, 1090, 1050, 951, 968];
const M3 = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/** Bare ticks 0 … 2,000 every 12 points (500 kWh a tick: 41.67 kWh a point), right-aligned at x 168. */
const bareTicks = (zeroNudge = 0) =>
  [0, 500, 1000, 1500, 2000].map((v, t) =>
    right(v.toLocaleString("en-US"), 168, ZERO - t * 12 + 2.1 + (t === 0 ? zeroNudge : 0))
  );
/** Month abbreviations of 13 months from February 2020, 15 points apart, under the zero. */
const monthRow = () => VALUES.map((_, i) => piece(M3[(1 + i) % 12], 178 + 15 * i, ZERO + 9, 6));
const vbars = (kwhPerPt = 500 / 12): FilledBox[] =>
  VALUES.map((v, i) => ({ x: 180 + 15 * i, y: ZERO - v / kwhPerPt, width: 6, height: v / kwhPerPt }));
const title = piece("Monthly Electric Usage", 120, ZERO - 80, 8);

Deno.test("bare-number ticks under a usage title are an axis; without the title, or unevenly stepped, they are not", () => {
  assert.equal(valueAxes([...bareTicks(), title]).length, 1);
  assert.equal(valueAxes(bareTicks()).length, 0);
  const uneven = bareTicks().map((p, i) => (i === 2 ? { ...p, text: "1,100" } : p));
  assert.equal(valueAxes([...uneven, title]).length, 0);
  const got = readBarHeights([...bareTicks(), title, ...monthRow()], vbars(), "2021-02-25");
  assert.equal(got.length, 13);
  for (const [i, m] of got.entries()) {
    assert.ok(Math.abs(m.value - VALUES[i]) <= VALUES[i] * 0.02, `${m.value} for ${VALUES[i]}`);
    assert.ok(m.confidence < 0.6);
  }
  assert.deepEqual(readBarHeights([...bareTicks(), ...monthRow()], vbars(), "2021-02-25"), []);
});

Deno.test("ticks placed on the chart's gridlines: a zero label set 3 points off its line still makes an axis", () => {
  const words = [...bareTicks(-3), title, ...monthRow()];
  assert.deepEqual(readBarHeights(words, vbars(), "2021-02-25"), [], "labels alone: off the line");
  const grid = [0, 1, 2, 3, 4].map((t) => ({ x: 172, y: ZERO - t * 12 - 0.24, width: 200, height: 0.48 }));
  const got = readBarHeights(words, [...grid, ...vbars()], "2021-02-25");
  assert.equal(got.length, 13);
  for (const [i, m] of got.entries()) assert.ok(Math.abs(m.value - VALUES[i]) <= 20, `${m.value}`);
});

Deno.test("month labels the text layer joined into one piece ('MAR APR') are split for the row", () => {
  const row = monthRow();
  const joined = [...row.slice(0, 1), {
    ...row[1],
    text: "MAR APR",
    width: row[2].x + row[2].width - row[1].x,
  }];
  const words = [...bareTicks(), title, ...joined, ...row.slice(3)];
  // 12 labels with the joined one: nothing before the split, 13 months after
  const got = readBarHeights(words, vbars(), "2021-02-25");
  assert.equal(got.length, 13);
});

Deno.test("a line chart: each month's point marked by a filled dot is measured at its centre", () => {
  const ticks = [0, 500, 1000, 1500, 2000].map((v, t) => right(`${v} kWh`, 168, ZERO - t * 12 + 2.1));
  const dots = VALUES.map((v, i) => ({
    x: 183 - 2.5 + 15 * i,
    y: ZERO - v / (500 / 12) - 2.5,
    width: 5,
    height: 5,
  }));
  const got = readBarHeights([...ticks, ...monthRow()], dots, "2021-02-25");
  assert.equal(got.length, 13);
  for (const [i, m] of got.entries()) {
    assert.ok(Math.abs(m.value - VALUES[i]) <= 25, `${m.value} ${VALUES[i]}`);
  }
  // two dots over one label (two lines: this year and last) leave that label out; too many such: nothing
  const twice = [...dots, ...dots.map((d) => ({ ...d, y: d.y - 6 }))];
  assert.deepEqual(readBarHeights([...ticks, ...monthRow()], twice, "2021-02-25"), []);
});

/** A horizontal chart: labels at the left (right edge 90), bars from x 100, ticks "0 … 1,800" under the bars. */
function horizontal(newestFirst: boolean, withYear: boolean) {
  const rows = newestFirst ? [...VALUES.keys()].reverse() : [...VALUES.keys()];
  const perPt = 1800 / 360;
  const labels: TextPiece[] = [], bars: FilledBox[] = [];
  rows.forEach((k, i) => {
    const month = (1 + k) % 12, year = 2020 + Math.floor((1 + k) / 12);
    const cy = 300 + 14 * i;
    labels.push(
      right(
        withYear ? `${M3[month][0]}${M3[month].slice(1).toLowerCase()} ${year % 100}` : M3[month],
        90,
        cy + 2.1,
      ),
    );
    bars.push({ x: 100, y: cy - 4, width: VALUES[k] / perPt, height: 8 });
  });
  const yb = 300 + 14 * rows.length + 10;
  const ticks = [0, 300, 600, 900, 1200, 1500, 1800].map((v) => {
    const p = piece(v.toLocaleString("en-US"), 0, yb);
    return { ...p, x: 100 + v / perPt - p.width / 2 };
  });
  return { words: [...labels, ...ticks, piece("kWh", 270, yb + 10)], bars };
}

Deno.test("horizontal bars: each bar's length against the ticks under it, newest first or last, with or without years", () => {
  for (const newestFirst of [false, true]) {
    for (const withYear of [false, true]) {
      const { words, bars } = horizontal(newestFirst, withYear);
      assert.equal(valueRows(words).length, 1);
      const got = readHorizontalBars(words, bars, "2021-02-25");
      assert.equal(got.length, 13, `${newestFirst} ${withYear}`);
      for (const m of got) {
        const k = (m.year - 2020) * 12 + m.month - 2;
        assert.ok(Math.abs(m.value - VALUES[k]) <= 10, `${m.year}-${m.month}: ${m.value} for ${VALUES[k]}`);
      }
    }
  }
  const { words, bars } = horizontal(false, false);
  // the period ends a month later than the newest bar, labels without years: nothing anchors them
  assert.deepEqual(readHorizontalBars(words, bars, "2021-03-25"), []);
  // without the "kWh" caption the bare ticks are not an axis
  assert.deepEqual(readHorizontalBars(words.filter((p) => p.text !== "kWh"), bars, "2021-02-25"), []);
});

Deno.test("printed months the axis contradicts leave the chart unread (its scale is not certain)", () => {
  const words = [...bareTicks(), title, ...monthRow()];
  // the bill's own month printed at 1,200 while its bar reads 968 by the axis: nothing
  assert.deepEqual(readBarHeights(words, vbars(), "2021-02-25", [{ year: 2021, month: 2, value: 1200 }]), []);
  // printed as drawn: read
  assert.equal(
    readBarHeights(words, vbars(), "2021-02-25", [{ year: 2021, month: 2, value: 968 }]).length,
    13,
  );
});

Deno.test("printsValueAxis: bare evenly stepped ticks on a page saying usage, in a column or a row", () => {
  assert.ok(printsValueAxis([...bareTicks(), title]));
  assert.ok(!printsValueAxis(bareTicks()));
  assert.ok(printsValueAxis(horizontal(false, false).words));
  const unitRow = [0, 250, 500].map((v, i) => piece(`${v} kWh`, 100 + 60 * i, 400));
  assert.ok(printsValueAxis(unitRow));
});

Deno.test("bge_2782300000_2021-07: the 11 months before the bill's in its year, measured from its bars over bare ticks, within 5% and flagged", async () => {
  const dir = new URL("../../fixtures/bills/real/", import.meta.url);
  const id = "bge_2782300000_2021-07";
  const truth = normalizeItem(
    JSON.parse(await Deno.readTextFile(new URL(`truth/${id}.json`, dir))).truth as BillItem,
  ).electricityUsage.usageByMonth;
  const bytes = await Deno.readFile(new URL(`${id}.pdf`, dir));
  const got = normalizeItem(readBillText(await readDocumentText([{ filename: `${id}.pdf`, bytes }])).item)
    .electricityUsage.usageByMonth;
  assert.equal(truth.filter((u) => u.fromChart).length, 11); // the year: 11 measured and the bill's own
  for (const want of truth) {
    const have = got.find((u) => u.year === want.year && u.month === want.month);
    const key = `${want.year}-${MonthNames.indexOf(want.month) + 1}`;
    assert.ok(have, key);
    if (want.fromChart) {
      assert.ok(have.fromChart, `${key} flagged`);
      assert.ok(
        Math.abs(have.value - want.value) <= want.value * 0.05,
        `${key}: ${have.value} for ${want.value}`,
      );
    } else assert.equal(have.value, want.value);
  }
});

Deno.test("chartHeightMonths: the bill's own month is never taken from its bar (the bill prints the period's kWh)", () => {
  const words = [...bareTicks(), title, ...monthRow()];
  assert.equal(readBarHeights(words, vbars(), "2021-02-25").length, 13);
  const got = chartHeightMonths([words], [vbars()], "2021-02-25");
  assert.equal(got.length, 12);
  assert.ok(!got.some((m) => m.year === 2021 && m.month === 2));
});
