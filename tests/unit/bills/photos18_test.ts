// photos18 (issue #11, phone photos): word boxes and filled boxes in points, y down, as the OCR path hands a photo's
// page to the text PDFs' chart readers (chart_raster.ts chartsInPoints).
import assert from "node:assert/strict";
import type { FilledBox } from "../../../shared/documents/pdf_shapes.ts";
import type { TextPiece } from "../../../shared/documents/text_layout.ts";
import { readBarHeights } from "../../../shared/bills/embedded/chart_bars.ts";
import { scanChartHistory } from "../../../shared/bills/embedded/scan_charts.ts";

const ZERO = 240; // the axis's zero, y down
const piece = (text: string, x: number, y: number, size = 6): TextPiece => ({
  text,
  x,
  y,
  width: text.length * size * 0.5,
  height: size,
});

/** Ticks "0 kWh" … "1,800 kWh" right-aligned at x 168, every 12 points (25 kWh a point). */
const ticks = (): TextPiece[] =>
  Array.from({ length: 7 }, (_, t) => {
    const p = piece(`${(t * 300).toLocaleString("en-US")} kWh`, 0, ZERO - t * 12 + 2.1);
    return { ...p, x: 168 - p.width };
  });

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** 13 month labels from January 2021 (baseline 9 points under the zero, 7 points tall), the two years under them. */
const labels = (): TextPiece[] => [
  ...Array.from({ length: 13 }, (_, i) => piece(MONTHS[i % 12], 178 + 15 * i, ZERO + 9, 7)),
  piece("2021", 175, ZERO + 17),
  piece("2022", 355, ZERO + 17),
];
const VALUES = [1000, 1070, 1090, 1130, 1350, 1450, 1790, 1890, 1560, 1230, 1080, 1040, 1180];
const bars = (): FilledBox[] =>
  VALUES.map((v, i) => ({ x: 180 + 15 * i, y: ZERO - v / 25, width: 6, height: v / 25 }));
/** A blurred letter of a label filled solid: a small box inside the label's line, beside the bar's centre. */
const specks = (at: number[], top = ZERO + 4): FilledBox[] =>
  at.map((i) => ({ x: 179 + 15 * i, y: top, width: 2.5, height: 1.5 }));

Deno.test("bars without values: a label's glyph filled solid (a phone photo's blur) is not a second bar over it", () => {
  const got = readBarHeights([...ticks(), ...labels()], [...bars(), ...specks([2, 4, 10, 12])], "2022-01-18");
  assert.equal(got.length, 13, JSON.stringify(got));
  for (const [i, m] of got.entries()) {
    assert.deepEqual([m.year, m.month], [2021 + Math.floor(i / 12), (i % 12) + 1]);
    assert.ok(Math.abs(m.value - VALUES[i]) <= 10, `${m.value} for ${VALUES[i]}`);
  }
});

Deno.test("bars without values: a box beginning over the label's line is still a bar (side by side: nothing read)", () => {
  // the same small boxes, their tops a point over the labels' tops (ZERO + 2): a second column, grouped bars
  assert.deepEqual(
    readBarHeights([...ticks(), ...labels()], [...bars(), ...specks([2, 4, 10, 12], ZERO + 1)], "2022-01-18"),
    [],
  );
  // a second bar standing on the zero beside each bar (this year / last year): nothing, as before
  const pairs = bars().map((b) => ({ ...b, x: b.x + 3.5, width: 2.5 }));
  assert.deepEqual(readBarHeights([...ticks(), ...labels()], [...bars(), ...pairs], "2022-01-18"), []);
});

// ---- a scanned bar chart's values over its bars (scan_charts.ts): OCR word boxes in pixels, y down

/** OCR word boxes of a line of text: 8 pixels a character, 14 high, read at `conf`. */
const words = (x: number, y: number, text: string, conf = 92): TextPiece[] => {
  let at = x;
  return text.split(" ").map((t) => {
    const p = { x: at, y, width: t.length * 8, height: 14, text: t, confidence: conf };
    at += (t.length + 1) * 8;
    return p;
  });
};
// April 2022 … April 2023, the bill's month (869 kWh) last; each value printed over its bar, 0.15 px a kWh
const KWH = [904, 885, 1138, 1082, 990, 858, 1147, 1459, 1393, 1292, 1112, 904, 869];
const LABELS = ["Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "Jan", "Feb", "Mar", "Apr"];
const X0 = 100, STEP = 90, ROW = 900;
/** The chart under the charges: `lost` bars' values OCR read unsure (a photo's garbled value), `level` all in one row. */
function valuesChart(lost: number[], level = false): TextPiece[] {
  return [
    ...words(40, 380, "Total kWh Used 869"),
    ...words(40, 420, "Fuel Adjustment 869 kWh x 0.0395 $36.55"),
    // a number over one bar's column, far up the page: charges read in the column of Sep (k 5) and Dec (k 8)
    ...words(X0 + 5 * STEP, 380, "869"),
    ...words(X0 + 8 * STEP, 420, "869"),
    ...words(40, 560, "Usage Chart (kWh)"),
    ...LABELS.flatMap((l, k) => words(X0 + k * STEP, ROW, l)),
    ...KWH.flatMap((v, k) =>
      words(
        X0 + k * STEP,
        level ? ROW - 250 : ROW - 30 - Math.round(v * 0.15),
        String(v),
        lost.includes(k) ? 30 : 92,
      )
    ),
  ];
}
const months = (ms: { year: number; month: number; value: number }[]) =>
  ms.map((m) => `${m.year}-${m.month}:${m.value}`).sort().join(" ");

Deno.test("values over bars: a number far higher than its kWh allows is not the bar's value (its own lost)", () => {
  const got = scanChartHistory([valuesChart([5, 8])], "2023-04-10", 869);
  // the bars read surely, at heights that grow with their kWh: each read
  assert.equal(got.length, 11, months(got));
  for (const m of got) {
    const k = (m.year - 2022) * 12 + m.month - 4;
    assert.equal(m.value, KWH[k], months(got));
  }
  // Sep and Dec: their values unsure, the charges' "869" high over them is not taken
  assert.ok(!/2022-(9|12):/.test(months(got)), months(got));
});

Deno.test("values over bars: a chart printing its values in one row over the bars is read as before", () => {
  const got = scanChartHistory([valuesChart([], true)], "2023-04-10", 869);
  assert.equal(got.length, 13, months(got));
});
