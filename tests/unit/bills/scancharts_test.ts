// Usage charts on scans and photos (issue #11, scancharts): a bar chart without printed values is pixels on a scan.
// The bars and gridlines are found in the page's pixels (shared/documents/chart_raster.ts), the chart's words the
// page reading dropped are read again with the bars whited out (chart_raster_text.ts), and the text PDFs' chart
// readers measure the bars with their refusals, the OCR page given to them in points (chart_raster.ts in
// shared/bills/embedded). Pages drawn here (a canvas, tilted as a scan is), every utility-shaped rule off.
import assert from "node:assert/strict";
import { createCanvas } from "@napi-rs/canvas";
import { closeOcr, ocrImage } from "../../../shared/documents/ocr.ts";
import { nativeOcrAvailable } from "../../../shared/documents/ocr_native.ts";
import { type Gray, grayFromRgba } from "../../../shared/documents/ocr_pixels.ts";
import {
  coreOf,
  downRuns,
  inkThreshold,
  mayHoldBars,
  pageShapes,
  shapesInPieceFrame,
} from "../../../shared/documents/chart_raster.ts";
import { barChartRegion, withChartWords } from "../../../shared/documents/chart_raster_text.ts";
import type { FilledBox } from "../../../shared/documents/pdf_shapes.ts";
import type { TextPiece } from "../../../shared/documents/text_layout.ts";
import { chartsInPoints } from "../../../shared/bills/embedded/chart_raster.ts";
import { chartHeightMonths } from "../../../shared/bills/embedded/chart_bars.ts";
import { valueAxes } from "../../../shared/bills/embedded/chart_axis.ts";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** Thirteen months from November 2023 to November 2024 (the bill's month last). */
const VALUES = [626, 840, 823, 790, 614, 518, 455, 559, 637, 676, 536, 548, 587];

interface Drawn {
  values?: number[];
  /** The kWh the bill prints for its period (the meter row). */
  billKwh?: number;
  /** Degrees the page is turned by (a scan's tilt). */
  tilt?: number;
  ticks?: number[];
}

/** A letter page at 150 dpi: a bill's period and meter row, and a chart of 13 bars over "0 300 600 900". */
function drawPage(o: Drawn = {}) {
  const values = o.values ?? VALUES, ticks = o.ticks ?? [0, 300, 600, 900];
  const width = 1275, height = 1650;
  const c = createCanvas(width, height);
  const ctx = c.getContext("2d");
  ctx.fillStyle = "#f4f3ef";
  ctx.fillRect(0, 0, width, height);
  ctx.translate(width / 2, height / 2);
  ctx.rotate(((o.tilt ?? 0) * Math.PI) / 180);
  ctx.translate(-width / 2, -height / 2);
  ctx.fillStyle = "#222";
  ctx.font = "bold 30px sans-serif";
  ctx.fillText("Lakeside Electric Cooperative", 70, 90);
  ctx.font = "20px sans-serif";
  ctx.fillText("Account Number 4417 2210 93", 70, 140);
  ctx.fillText("Service Period: Oct 27, 2024 - Nov 26, 2024 (30 days)", 70, 260);
  ctx.fillText("Meter", 70, 320);
  ctx.fillText("Previous", 290, 320);
  ctx.fillText("Current", 450, 320);
  ctx.fillText("kWh Used", 620, 320);
  ctx.fillText("M464588104", 70, 350);
  ctx.fillText("25433", 290, 350);
  ctx.fillText(String(25433 + (o.billKwh ?? 587)), 450, 350);
  ctx.fillText(String(o.billKwh ?? 587), 620, 350);
  ctx.font = "bold 22px sans-serif";
  ctx.fillText("Monthly Electric Usage (kWh)", 70, 470);
  // the chart: zero at y 860, 98 px a step of 300 kWh
  const zero = 860, perKwh = 98 / 300, left = 180, spacing = 65, barWidth = 44;
  ctx.font = "16px sans-serif";
  ctx.textAlign = "right";
  for (const t of ticks) ctx.fillText(String(t), 165, zero - t * perKwh + 6);
  ctx.fillStyle = "#6f86a6";
  values.forEach((v, i) => ctx.fillRect(left + i * spacing, zero - v * perKwh, barWidth, v * perKwh));
  ctx.strokeStyle = "#555";
  ctx.lineWidth = 1.5;
  for (const t of ticks) {
    ctx.beginPath();
    ctx.moveTo(172, zero - t * perKwh);
    ctx.lineTo(left + 13 * spacing, zero - t * perKwh);
    ctx.stroke();
  }
  ctx.fillStyle = "#222";
  ctx.textAlign = "center";
  values.forEach((_, i) => {
    const x = left + i * spacing + barWidth / 2;
    ctx.fillText(MONTHS[(10 + i) % 12], x, zero + 25);
    if (i === 0) ctx.fillText("2023", x, zero + 47);
    if (i === 2) ctx.fillText("2024", x, zero + 47);
  });
  return c;
}

/** The drawn bill as a PNG file. */
const drawBill = (o: Drawn = {}): Uint8Array => drawPage(o).encodeSync("png");

/** The drawn bill's pixels (for the shape finder alone). */
function grayOf(o: Drawn): Gray {
  const c = drawPage(o);
  return grayFromRgba(c.data(), c.width, c.height);
}

Deno.test("pageShapes: a tilted scan's bars as level boxes of their drawn heights, its gridlines as lines", () => {
  const tilt = -1;
  const shapes = pageShapes(grayOf({ tilt }), Math.tan((tilt * Math.PI) / 180));
  const bars = shapes.filled.filter((b) => b.width > 30 && b.height > 30).sort((a, b) => a.x - b.x);
  assert.equal(bars.length, 13, JSON.stringify(bars));
  const feet = bars.map((b) => b.y + b.height);
  assert.ok(Math.max(...feet) - Math.min(...feet) <= 3, `one baseline: ${feet}`);
  // each bar's height as drawn (98 px a 300 kWh), within two pixels (the gridlines drawn over it)
  bars.forEach((b, i) => assert.ok(Math.abs(b.height - (VALUES[i] * 98) / 300) <= 2.5, `${i}: ${b.height}`));
  const grid = shapes.lines.filter((l) => l.width > 500);
  assert.equal(grid.length, 4, JSON.stringify(grid));
  assert.ok(barChartRegion(shapes, 1275, 1650), "a row of bars is a chart");
});

Deno.test("mayHoldBars, pageShapes: the page's ink threshold, counted once by the caller, is the one used", () => {
  const tilt = -1, slope = Math.tan((tilt * Math.PI) / 180);
  const page = grayOf({ tilt });
  const ink = inkThreshold(page);
  // given the page's own threshold: what they find counting it themselves
  assert.equal(mayHoldBars(page, ink), mayHoldBars(page));
  assert.ok(mayHoldBars(page, ink));
  assert.deepEqual(pageShapes(page, slope, ink), pageShapes(page, slope));
  // and the threshold given is the one used: under every gray level, no pixel is ink
  assert.equal(mayHoldBars(page, 0), false);
  assert.deepEqual(pageShapes(page, slope, 0).filled, []);
});

Deno.test("coreOf: the pixels in a dark run `solid` long both across and down, as counted pixel by pixel", () => {
  // blocks, lines and specks of random sizes on a small page (a fixed linear congruential sequence)
  const w = 97, h = 61, solid = 5, mask = new Uint8Array(w * h);
  let seed = 12_345;
  const next = (n: number) => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) % n;
  for (let k = 0; k < 60; k++) {
    const x0 = next(w), y0 = next(h), bw = 1 + next(12), bh = 1 + next(12);
    for (let y = y0; y < Math.min(h, y0 + bh); y++) {
      for (let x = x0; x < Math.min(w, x0 + bw); x++) mask[y * w + x] = 1;
    }
  }
  // and, apart, a block exactly `solid` square (core), one a pixel narrower and one a pixel shorter (not core)
  const block = (x0: number, y0: number, bw: number, bh: number) => {
    for (let y = y0; y < y0 + bh; y++) for (let x = x0; x < x0 + bw; x++) mask[y * w + x] = 1;
  };
  for (let y = 0; y < 12; y++) mask.fill(0, y * w, y * w + 40);
  block(1, 1, solid, solid), block(12, 1, solid - 1, 2 * solid), block(24, 1, 2 * solid, solid - 1);
  const down = downRuns(mask, w, h);
  const runAcross = (i: number) => {
    const y = Math.floor(i / w);
    let a = i, b = i;
    while (a > y * w && mask[a - 1]) a--;
    while (b + 1 < (y + 1) * w && mask[b + 1]) b++;
    return b - a + 1;
  };
  const expected = mask.map((m, i) => (m && runAcross(i) >= solid && down[i] >= solid ? 1 : 0));
  const core = coreOf(mask, down, w, h, solid);
  assert.deepEqual(core, expected);
  assert.ok(core.some((c) => c) && core.some((c, i) => !c && mask[i]), "some ink is core, some is not");
  assert.equal(core[1 * w + 1] + core[5 * w + 5], 2, "the solid square is core");
  assert.equal(core[1 * w + 12] + core[1 * w + 24], 0, "the narrower and the shorter blocks are not");
});

Deno.test("barChartRegion: a row of boxes of one height (a table's shaded cells) is no chart; nor is text", () => {
  const c = createCanvas(1000, 600);
  const ctx = c.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, 1000, 600);
  ctx.fillStyle = "#8899aa";
  for (let i = 0; i < 10; i++) ctx.fillRect(50 + i * 90, 100, 60, 40);
  ctx.fillStyle = "#000";
  ctx.font = "bold 24px sans-serif";
  ctx.fillText("Total Amount Due TTTT HHHH 1,234.56", 50, 400);
  const shapes = pageShapes(grayFromRgba(c.data(), 1000, 600), 0);
  assert.equal(shapes.filled.filter((b) => b.width >= 60).length, 10);
  assert.equal(barChartRegion(shapes, 1000, 600), undefined);
  // the bold letters make no filled box as wide as two strokes
  assert.deepEqual(shapes.filled.filter((b) => b.y > 300), []);
});

const word = (text: string, x0: number, y0: number, x1: number, y1: number, confidence = 90) => ({
  text,
  confidence,
  bbox: { x0, y0, x1, y1 },
});

Deno.test("withChartWords: the sheet's words replace the page's they overlap; a surer page word keeps its text", () => {
  const page = [
    {
      bbox: { x0: 0, y0: 0, x1: 300, y1: 20 },
      words: [word("Usage", 0, 0, 60, 20), word("Jun", 100, 500, 130, 520, 95)],
    },
    { bbox: { x0: 0, y0: 600, x1: 60, y1: 620 }, words: [word("un", 200, 500, 225, 520, 40)] },
  ];
  // the sheet (placed at 90, 480 on the page): "Jun" read at 20 over the page's "Jun" at 95, "Jul" over "un"
  const sheet = [{
    bbox: { x0: 5, y0: 18, x1: 300, y1: 42 },
    words: [
      word("Jan", 8, 20, 42, 40, 20),
      word("Jul", 108, 20, 140, 40, 90),
      word("Aug", 200, 18, 250, 42, 90),
    ],
  }];
  const out = withChartWords(page, sheet, 90, 480, 400, 100);
  const texts = out.map((l) => l.words.map((w) => w.text));
  assert.deepEqual(texts, [["Usage"], ["Jun", "Jul", "Aug"]]);
  // the sheet's line holds them, where they lie on the page
  assert.deepEqual(out[1].words[0].bbox, { x0: 98, y0: 500, x1: 132, y1: 520 });
  // a word touching the sheet's edge was cut by it: left out
  const edge = withChartWords(
    [],
    [{ bbox: sheet[0].bbox, words: [word("Nov", 0, 20, 30, 40)] }],
    0,
    0,
    400,
    100,
  );
  assert.deepEqual(edge, []);
});

/** An OCR page's words in pixels (150 dpi, y the line's middle) of the drawn chart, and its boxes. */
function ocrChart(o: { values?: number[]; ticks?: number[]; offsets?: number[]; feet?: number[] } = {}) {
  const values = o.values ?? VALUES, ticks = o.ticks ?? [0, 300, 600, 900];
  const zero = 860, perKwh = 98 / 300, left = 180, spacing = 65;
  const w = (text: string, x: number, y: number, h = 16, confidence = 92): TextPiece => ({
    text,
    x,
    y,
    width: text.length * 9,
    height: h,
    confidence,
  });
  const pieces: TextPiece[] = [
    w("Monthly", 70, 462, 22),
    w("Electric", 160, 462, 22),
    w("Usage", 255, 462, 22),
    w("(kWh)", 325, 462, 22),
    ...ticks.map((t, i) => {
      const s = String(t);
      return w(s, 165 - s.length * 9, zero - t * perKwh + (o.offsets?.[i] ?? 0));
    }),
    ...values.map((_, i) => w(MONTHS[(10 + i) % 12], left + i * spacing + 8, zero + 19)),
    w("2023", left + 4, zero + 41),
    w("2024", left + 2 * spacing + 4, zero + 41),
  ];
  const boxes: FilledBox[] = [
    ...values.map((v, i) => ({
      x: left + i * spacing,
      y: zero - v * perKwh + (o.feet?.[i] ?? 0),
      width: 44,
      height: v * perKwh,
    })),
    ...ticks.map((t) => ({ x: 172, y: zero - t * perKwh - 0.5, width: 13 * spacing - 8, height: 1 })),
  ];
  return { pieces, boxes };
}

const monthsOf = (
  o: Parameters<typeof ocrChart>[0] = {},
  printed = [{ year: 2024, month: 11, value: 587 }],
) => {
  const { pieces, boxes } = ocrChart(o);
  const pts = chartsInPoints([pieces], [boxes], [0.48]);
  return chartHeightMonths(pts.pages, pts.boxes, "2024-11-26", printed);
};

Deno.test("chartsInPoints: an OCR page's chart (pixels, words at their lines' middle) read by the bar reader", () => {
  const months = monthsOf();
  assert.equal(months.length, 12, JSON.stringify(months));
  months.forEach((m, i) => {
    assert.deepEqual([m.year, m.month], [i < 2 ? 2023 : 2024, i < 2 ? 11 + i : i - 1]);
    assert.ok(Math.abs(m.value - VALUES[i]) <= VALUES[i] * 0.02, `${m.month}: ${m.value} for ${VALUES[i]}`);
  });
});

Deno.test("refusals: the bill's kWh against its bar, bars off one baseline, a bent axis, two steps lost", () => {
  // the bill prints 700 kWh for the month whose bar stands at 587: the scale is not certain, nothing is read
  assert.deepEqual(monthsOf({}, [{ year: 2024, month: 11, value: 700 }]), []);
  // the bars' feet 12 px apart (a tilt not taken out): not one chart's bars
  assert.deepEqual(monthsOf({ feet: VALUES.map((_, i) => i) }), []);
  // a tick label set half a step off its place (and no gridline under it)
  const bent = ocrChart({ offsets: [0, 0, 49, 0] });
  const pts = chartsInPoints([bent.pieces], [bent.boxes.filter((b) => b.height > 1)], [0.48]);
  assert.deepEqual(chartHeightMonths(pts.pages, pts.boxes, "2024-11-26", []), []);
  // ticks 0 … 900 with 300 and 600 unread: a gap of three steps is no axis
  assert.deepEqual(monthsOf({ ticks: [0, 900, 1200] }), []);
});

Deno.test("valueAxes: a bare axis with one tick's label lost reads on its step; a number with a leading zero is no tick", () => {
  const col = (labels: string[], ys: number[]) =>
    labels.map((t, i): TextPiece => ({
      text: t,
      x: 100 - t.length * 5,
      y: ys[i],
      width: t.length * 5,
      height: 8,
    }));
  const title: TextPiece = { text: "Monthly kWh usage", x: 60, y: 100, width: 80, height: 8 };
  // 0, 500, (1000 lost), 1500, 2000 at 40 points a step
  const lost = valueAxes([title, ...col(["0", "500", "1500", "2000"], [300, 260, 180, 140])]);
  assert.equal(lost.length, 1);
  assert.ok(
    Math.abs(lost[0].stepPt - 40) < 0.01 && Math.abs(lost[0].zero - 297.2) < 0.01,
    JSON.stringify(lost),
  );
  // one gap of two steps beside only one of one step: not enough to name the step
  assert.deepEqual(valueAxes([title, ...col(["0", "500", "1500"], [300, 260, 180])]), []);
  // "08" (a fragment of a garbled "2,000") is not a tick: the column of 0, 08, 500, 1000 is 0, 500, 1000
  const frag = valueAxes([title, ...col(["0", "08", "500", "1000"], [300, 200, 260, 220])]);
  assert.equal(frag.length, 1);
  assert.ok(Math.abs(frag[0].stepPt - 40) < 0.01);
});

Deno.test("chartsInPoints: OCR's fragments of a garbled tick are one word; a label's year read apart is joined", () => {
  // "600" read as "6" "g" "0" (each a line of its own): the "0" is not a second zero in the middle of the axis
  const { pieces, boxes } = ocrChart({ ticks: [0, 300, 600, 900, 1200] });
  const garbled = pieces.filter((p) => p.text !== "600");
  const y600 = 860 - 196;
  garbled.push(
    { text: "6", x: 138, y: y600, width: 8, height: 16, confidence: 60 },
    { text: "g", x: 147, y: y600 + 0.5, width: 8, height: 16, confidence: 30 },
    { text: "0", x: 156, y: y600 - 0.5, width: 8, height: 16, confidence: 95 },
  );
  const pts = chartsInPoints([garbled], [boxes], [0.48]);
  assert.ok(pts.pages[0].some((p) => p.text === "6g0"), JSON.stringify(pts.pages[0].map((p) => p.text)));
  const months = chartHeightMonths(pts.pages, pts.boxes, "2024-11-26", [{
    year: 2024,
    month: 11,
    value: 587,
  }]);
  assert.equal(months.length, 12);
  // a label "Nov" with its "22" read as a word of its own, and "Jul21" with its space lost
  const labels = chartsInPoints(
    [[
      { text: "Nov", x: 10, y: 100, width: 27, height: 16 },
      { text: "22", x: 42, y: 100, width: 18, height: 16 },
      { text: "Jul21", x: 10, y: 130, width: 45, height: 16 },
    ]],
    [[{ x: 0, y: 0, width: 10, height: 10 }]],
    [0.5],
  );
  assert.deepEqual(labels.pages[0].map((p) => p.text), ["Nov 22", "Jul 21"]);
});

Deno.test({
  name: "ocrImage + parseBill (real tesseract): a scanned bill's bar chart read within 5%, flagged; refusals",
  sanitizeResources: false,
  sanitizeOps: false,
  ignore: !(await nativeOcrAvailable()),
  fn: async () => {
    try {
      const read = async (o: Drawn) => {
        const r = await ocrImage(drawBill(o));
        const item = parseBill(r.lines, [r.pieces], {
          rules: () => false,
          boxes: [r.boxes ?? []],
          pixelPoints: [r.pixelPoints],
        });
        return { r, usage: item.electricityUsage.usageByMonth };
      };
      const { r, usage } = await read({ tilt: -0.8 });
      assert.ok(r.boxes?.length, "the page's shapes are given");
      const charted = usage.filter((m) => m.fromChart);
      assert.ok(charted.length >= 11, JSON.stringify(usage));
      for (const m of charted) {
        const i = (m.year - 2023) * 12 + MONTHS.indexOf(m.month.slice(0, 3)) - 10;
        assert.ok(
          Math.abs(m.value - VALUES[i]) <= VALUES[i] * 0.05,
          `${m.month} ${m.year}: ${m.value} for ${VALUES[i]}`,
        );
      }
      // the bill's own month is the meters', as printed
      assert.deepEqual(usage.find((m) => m.month === "November" && m.year === 2024)?.value, 587);
      // the bill's kWh far from its bar: the chart's scale is not certain, no month from it
      const off = await read({ tilt: -0.8, billKwh: 760 });
      assert.deepEqual(off.usage.filter((m) => m.fromChart), [], JSON.stringify(off.usage));
    } finally {
      await closeOcr();
    }
  },
});

Deno.test("shapesInPieceFrame: boxes back in the original image's pixels, straightened as the OCR words", () => {
  const shapes = {
    filled: [{ x: 100, y: 230, width: 40, height: 60 }],
    lines: [],
    slope: 0.02,
    offset: 30,
    solid: 5,
  };
  assert.deepEqual(shapesInPieceFrame(shapes, 0.5), [{ x: 200, y: 400, width: 80, height: 120 }]);
});
