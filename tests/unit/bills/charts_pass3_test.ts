// Charts without values, pass 3 (docs/bills.md "Charts, pass 3"): a line chart drawn as a stroked polyline without
// markers, read vertex by vertex against its axis with the refusals of bars; a column of ticks joined by a number
// far down the page. Word boxes and stroked paths as a PDF's text layer and operator list give them (points, y
// down), the reader with every utility-shaped rule off; the committed synthetic bills of the `tacoma` layout.
import assert from "node:assert/strict";
import { getResolvedPDFJS } from "unpdf";
import type { ShapeOps } from "../../../shared/documents/pdf_shapes.ts";
import { type StrokedPath, strokedPaths } from "../../../shared/documents/pdf_strokes.ts";
import { piece, right } from "./chart_words.ts";
import { chartHeightMonths, readBarHeights } from "../../../shared/bills/embedded/chart_bars.ts";
import { valueAxes } from "../../../shared/bills/embedded/chart_axis.ts";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { readDocumentText } from "../../../shared/documents/read_text.ts";
import { normalizeItem } from "../../../shared/bills/normalize.ts";
import { type BillItem, MonthNames } from "../../../shared/bills/schema.ts";
import { page } from "./layout_page.ts";

const { OPS } = await getResolvedPDFJS();
const ops = OPS as unknown as ShapeOps;

const ZERO = 400;
const PER_PT = 500 / 12; // 500 kWh a tick, 12 points a tick
/** 13 months from May 2023 to May 2024, the bill's month (its period ending 05/28/2024) printing 968. */
const VALUES = [784, 950, 1370, 1250, 1510, 1600, 1495, 1740, 1370, 1090, 1050, 951, 968];
const M3 = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const X = (i: number) => 183 + 15 * i;
const Y = (v: number) => ZERO - v / PER_PT;

const unitTicks = () =>
  [0, 500, 1000, 1500, 2000].map((v, t) =>
    right(`${v.toLocaleString("en-US")} kWh`, 168, ZERO - t * 12 + 2.1)
  );
const monthRow = () => VALUES.map((_, i) => piece(M3[(4 + i) % 12], X(i) - 4.5, ZERO + 9, 6));
/** The line as one polyline through the 13 points. */
const polyline = (values = VALUES): StrokedPath => ({ points: values.map((v, i) => ({ x: X(i), y: Y(v) })) });
/** Gridlines and the axis, as long strokes across the chart. */
const grid = (): StrokedPath[] =>
  [0, 1, 2, 3, 4].map((t) => ({ points: [{ x: 172, y: ZERO - 12 * t }, { x: 380, y: ZERO - 12 * t }] }));

Deno.test("strokedPaths: a stroked path's vertices through the transformation matrix; fills are not strokes", () => {
  const d = (...xs: number[]) => [new Float32Array(xs)];
  const list = {
    fnArray: [ops.save, ops.transform, ops.constructPath, ops.restore, ops.constructPath, ops.constructPath],
    argsArray: [
      null,
      [2, 0, 0, 2, 100, 50],
      // moveTo (0,0) lineTo (10,5) curveTo … (20,0); moveTo (0,10) lineTo (5,10): two subpaths
      [ops.stroke, d(0, 0, 0, 1, 10, 5, 2, 12, 5, 18, 5, 20, 0, 0, 0, 10, 1, 5, 10), [0, 0, 20, 10]],
      null,
      [ops.fill, d(0, 0, 0, 1, 10, 0, 1, 10, 10, 4), [0, 0, 10, 10]], // a filled square
      [ops.closeStroke, d(0, 1, 1, 1, 4, 1, 1, 4, 4), [1, 1, 4, 4]], // a closed triangle
    ],
  };
  assert.deepEqual(strokedPaths(list, ops, 792), [
    { points: [{ x: 100, y: 742 }, { x: 120, y: 732 }, { x: 140, y: 742 }] },
    { points: [{ x: 100, y: 722 }, { x: 110, y: 722 }] },
    { points: [{ x: 1, y: 791 }, { x: 4, y: 791 }, { x: 4, y: 788 }, { x: 1, y: 791 }] },
  ]);
  const many = { fnArray: Array(40).fill(ops.constructPath), argsArray: Array(40).fill(list.argsArray[2]) };
  assert.equal(strokedPaths(many, ops, 792, { maxPoints: 10 }).flatMap((s) => s.points).length, 10);
});

Deno.test("a line chart drawn as a stroked polyline without markers: each month is its vertex over the label", () => {
  const words = [...unitTicks(), ...monthRow()];
  assert.deepEqual(readBarHeights(words, [], "2024-05-28"), [], "no shapes: nothing");
  for (
    const strokes of [
      [polyline(), ...grid()],
      // one segment a month, as a drawing tool draws the line piece by piece
      [
        ...grid(),
        ...VALUES.slice(1).map((_, i) => ({ points: [polyline().points[i], polyline().points[i + 1]] })),
      ],
    ]
  ) {
    const got = readBarHeights(words, [], "2024-05-28", [], strokes);
    assert.equal(got.length, 13);
    for (const [i, m] of got.entries()) {
      assert.equal(m.year * 12 + m.month, 2023 * 12 + 5 + i);
      assert.ok(Math.abs(m.value - VALUES[i]) <= 25, `${m.value} for ${VALUES[i]}`);
      assert.ok(m.confidence < 0.6);
    }
  }
  // the bill's own month is left to the printed figure; the others are flagged chart estimates
  const months = chartHeightMonths([words], [[]], "2024-05-28", [], [[polyline()]]);
  assert.equal(months.length, 12);
  assert.ok(!months.some((m) => m.year === 2024 && m.month === 5));
});

Deno.test("a stroked line: two lines over the labels, or the gridlines alone, give nothing", () => {
  const words = [...unitTicks(), ...monthRow()];
  // this year and last year (or usage and temperature): two vertices over every label
  const other = polyline(VALUES.map((v) => v * 0.7));
  assert.deepEqual(readBarHeights(words, [], "2024-05-28", [], [polyline(), other]), []);
  assert.deepEqual(readBarHeights(words, [], "2024-05-28", [], grid()), []);
  // a line with under three quarters of its points (9 of 13) gives nothing
  const part = { points: polyline().points.slice(0, 9) };
  assert.deepEqual(readBarHeights(words, [], "2024-05-28", [], [part]), []);
});

Deno.test("a stroked line: the bill's printed month disagreeing with its vertex by over 5% leaves the chart unread", () => {
  const words = [...unitTicks(), ...monthRow()];
  const own = (value: number) => [{ year: 2024, month: 5, value }];
  assert.deepEqual(readBarHeights(words, [], "2024-05-28", own(1200), [polyline()]), []);
  assert.equal(readBarHeights(words, [], "2024-05-28", own(968), [polyline()]).length, 13);
});

Deno.test("a column of bare ticks joined by a number right-aligned with them far down the page is still an axis", () => {
  const ticks = [0, 400, 800, 1200, 1600].map((v, t) => right(String(v), 168, ZERO - t * 12 + 2.1));
  const title = piece("Monthly Usage (kWh)", 100, ZERO - 90, 8);
  const account = right("6944863891", 169, ZERO + 240); // a stub's account number, one point to the right
  assert.equal(valueAxes([...ticks, title]).length, 1);
  const axes = valueAxes([...ticks, title, account]);
  assert.equal(axes.length, 1);
  assert.ok(Math.abs(axes[0].zero - ZERO) < 1 && Math.abs(axes[0].stepPt - 12) < 0.1);
  // or above its top (a header's figure)
  const above = valueAxes([...ticks, title, right("5521904117", 167, ZERO - 260)]);
  assert.equal(above.length, 1);
  assert.ok(Math.abs(above[0].zero - ZERO) < 1);
  // a stray number inside the axis's run breaks the even spacing: not an axis
  const inside = right("950", 168, ZERO - 30 + 2.1);
  assert.equal(valueAxes([...ticks.slice(0, 3), inside, title]).length, 0);
});

Deno.test("the reader (utility-shaped rules off): a stroked line chart's months flagged, the bill's printed one as printed", () => {
  const p = page([
    [40, [[36, "Account No. 5521-904-117"], [330, "Statement Date 05/30/2024"]]],
    [52, [[330, "Total Due $118.40"], [450, "Due Date 06/20/2024"]]],
    [70, [[36, "Billing Period 04/27/2024 to 05/28/2024"]]],
    [86, [[36, "OMAR HADDAD"], [330, "Service Address"]]],
    [96, [[36, "77 BIRCH HILL RD"], [330, "77 BIRCH HILL RD"]]],
    [106, [[36, "DOVER NH 03820"], [330, "DOVER NH 03820"]]],
    [130, [[36, "Meter"], [120, "Previous"], [200, "Current"], [280, "kWh Used"]]],
    [142, [[36, "N58213907"], [120, "20412"], [200, "21380"], [280, "968"]]],
  ]);
  const chart = [...unitTicks(), ...monthRow()];
  const item = normalizeItem(
    parseBill(p.lines, [[...p.pieces, ...chart]], { rules: () => false, strokes: [[polyline(), ...grid()]] }),
  );
  const months = item.electricityUsage.usageByMonth;
  const own = months.find((m) => m.year === 2024 && m.month === "May");
  assert.equal(own?.value, 968);
  assert.ok(!own.fromChart);
  const flagged = months.filter((m) => m.fromChart);
  assert.ok(flagged.length >= 11, `${flagged.length} flagged`);
  for (const m of flagged) {
    const k = (m.year - 2023) * 12 + MonthNames.indexOf(m.month) - 4;
    assert.ok(Math.abs(m.value - VALUES[k]) <= VALUES[k] * 0.05, `${m.year} ${m.month}: ${m.value}`);
  }
});

Deno.test("tacoma (synthetic, text PDFs): the stroked line's months within 5% of the truth and flagged", async () => {
  const dir = new URL("../../fixtures/bills/synthetic/", import.meta.url);
  const manifest = JSON.parse(await Deno.readTextFile(new URL("manifest.json", dir))) as {
    id: string;
    layout: string;
    kind: string;
    files: string[];
    truth: BillItem;
  }[];
  const bills = manifest.filter((e) => e.layout === "tacoma" && e.kind === "pdf");
  assert.equal(bills.length, 6);
  for (const e of bills) {
    const text = await readDocumentText([{
      filename: e.files[0],
      bytes: await Deno.readFile(new URL(e.files[0], dir)),
    }]);
    assert.ok(text.pages[0].strokes?.length, `${e.id}: strokes read`);
    const item = normalizeItem(
      parseBill(text.pages.flatMap((pg) => pg.lines), text.pages.map((pg) => pg.pieces), {
        rules: () => false,
        boxes: text.pages.map((pg) => pg.boxes ?? []),
        strokes: text.pages.map((pg) => pg.strokes ?? []),
      }),
    );
    const want = normalizeItem(e.truth).electricityUsage.usageByMonth.filter((m) => m.fromChart).slice(-11);
    for (const w of want) {
      const have = item.electricityUsage.usageByMonth.find((m) => m.year === w.year && m.month === w.month);
      assert.ok(have?.fromChart, `${e.id} ${w.year} ${w.month}`);
      assert.ok(
        Math.abs(have.value - w.value) <= w.value * 0.05,
        `${e.id} ${w.month}: ${have.value} ${w.value}`,
      );
    }
  }
});

/** Bars 6 points wide over the month labels, 500 kWh a tick; `from` the first label with a bar. */
const partialBars = (from: number, values = VALUES) =>
  values.flatMap((v, i) => i < from ? [] : [{ x: X(i) - 3, y: Y(v), width: 6, height: v / PER_PT }]);

Deno.test("a partial chart (history starting part-way along the row): its bars but the first are read", () => {
  const words = [...unitTicks(), ...monthRow()];
  // bars over the last 7 of 13 labels (under three quarters): the first of them (the account's first bill) left out
  const got = readBarHeights(words, partialBars(6), "2024-05-28");
  assert.deepEqual(
    got.map((m) => m.year * 12 + m.month),
    [...Array(6).keys()].map((k) => 2023 * 12 + 12 + k),
  );
  for (const m of got) {
    const k = m.year * 12 + m.month - (2023 * 12 + 5);
    assert.ok(Math.abs(m.value - VALUES[k]) <= 25, `${m.value} for ${VALUES[k]}`);
  }
  // 5 bars: too few; a bar missing in the middle, or a shape over an early label: not a partial chart
  assert.deepEqual(readBarHeights(words, partialBars(8), "2024-05-28"), []);
  const gap = partialBars(6).filter((_, i) => i !== 3);
  assert.deepEqual(readBarHeights(words, gap, "2024-05-28"), []);
  const early = [...partialBars(6), { x: X(1) - 3, y: Y(400), width: 6, height: 400 / PER_PT }];
  // (with the early bar, 8 of 13 labels have one but not contiguously: nothing)
  assert.deepEqual(readBarHeights(words, early, "2024-05-28"), []);
  // the newest bars missing (a row whose bars stop before its end) is not one either
  const stops = partialBars(3).filter((b) => b.x < X(10) - 3);
  assert.deepEqual(readBarHeights(words, stops, "2024-05-28"), []);
});

Deno.test("BGE's two partial charts (bars for 6 and 7 of 13 months): the months after the first bar, within 5% and flagged", async () => {
  const dir = new URL("../../fixtures/bills/real/", import.meta.url);
  for (const [id, read] of [["bge_1.20.21_-_E", 4], ["bge_7645860000_2021-02", 5]] as const) {
    const truth = normalizeItem(
      JSON.parse(await Deno.readTextFile(new URL(`truth/${id}.json`, dir))).truth as BillItem,
    ).electricityUsage.usageByMonth;
    const text = await readDocumentText([{
      filename: `${id}.pdf`,
      bytes: await Deno.readFile(new URL(`${id}.pdf`, dir)),
    }]);
    const got = normalizeItem(
      parseBill(text.pages.flatMap((pg) => pg.lines), text.pages.map((pg) => pg.pieces), {
        rules: () => false,
        boxes: text.pages.map((pg) => pg.boxes ?? []),
      }),
    ).electricityUsage.usageByMonth.filter((m) => m.fromChart);
    assert.equal(got.length, read, id);
    for (const m of got) {
      const want = truth.find((u) => u.year === m.year && u.month === m.month);
      assert.ok(want?.fromChart, `${id} ${m.year} ${m.month}`);
      assert.ok(
        Math.abs(m.value - want.value) <= want.value * 0.05,
        `${id} ${m.month}: ${m.value} ${want.value}`,
      );
    }
    // the first bar (August 2020, the account's first bill) is not read
    assert.ok(!got.some((m) => m.year === 2020 && m.month === "August"));
  }
});
