// Usage LINE charts on scans (issue #11, scancharts2): the plotted line is traced in the page's pixels
// (shared/documents/chart_raster_lines.ts), its chart's words read again with the line whited out (ocr.ts), and each
// month read where the straight stretches beside its label meet (shared/bills/embedded/chart_traces.ts), only where
// the bill's printed kWh check the scale. Pages drawn here (a canvas, tilted as a scan is), every utility-shaped
// rule off.
import assert from "node:assert/strict";
import { createCanvas } from "@napi-rs/canvas";
import { closeOcr, ocrImage } from "../../../shared/documents/ocr.ts";
import { nativeOcrAvailable } from "../../../shared/documents/ocr_native.ts";
import { type Gray, grayFromRgba } from "../../../shared/documents/ocr_pixels.ts";
import {
  enlarged,
  lineChartRegion,
  pageTraces,
  tracesInPieceFrame,
} from "../../../shared/documents/chart_raster_lines.ts";
import { mayHoldLine, risingChain } from "../../../shared/documents/chart_line_gate.ts";
import { inkThreshold } from "../../../shared/documents/chart_raster.ts";
import type { StrokedPath } from "../../../shared/documents/pdf_strokes.ts";
import type { TextPiece } from "../../../shared/documents/text_layout.ts";
import { chartsInPoints } from "../../../shared/bills/embedded/chart_raster.ts";
import { chartHeightMonths } from "../../../shared/bills/embedded/chart_bars.ts";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** Thirteen months from November 2023 to November 2024 (the bill's month last). */
const VALUES = [626, 840, 823, 790, 614, 518, 455, 559, 637, 676, 536, 548, 587];
/** The chart: zero at y 860, 98 px a step of 300 kWh, the points 65 px apart from x 202. */
const ZERO = 860, PER_KWH = 98 / 300, LEFT = 202, SPACING = 65;

interface Drawn {
  values?: number[];
  /** The kWh the bill prints for its period (the meter row). */
  billKwh?: number;
  /** Degrees the page is turned by (a scan's tilt). */
  tilt?: number;
  /** Filled dots on the points (a marker), their radius in pixels. */
  dots?: number;
  /** Dashed gridlines (else solid). */
  dashed?: boolean;
  /** A second line (last year's) drawn over the chart. */
  second?: number[];
  /** Month initials under the points instead of abbreviations. */
  initials?: boolean;
}

const pointAt = (v: number, i: number) => ({ x: LEFT + i * SPACING, y: ZERO - v * PER_KWH });

/** A letter page at 150 dpi: a bill's period and meter row, and a line chart of 13 months over "0 300 600 900". */
function drawPage(o: Drawn = {}) {
  const values = o.values ?? VALUES, ticks = [0, 300, 600, 900];
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
  ctx.fillText("Your Energy Use", 70, 470);
  ctx.font = "16px sans-serif";
  ctx.textAlign = "right";
  for (const t of ticks) ctx.fillText(`${t} kWh`, 165, ZERO - t * PER_KWH + 6);
  ctx.strokeStyle = "#666";
  ctx.lineWidth = 1.2;
  for (const t of ticks) {
    ctx.setLineDash(o.dashed && t > 0 ? [6, 5] : []);
    ctx.beginPath();
    ctx.moveTo(172, ZERO - t * PER_KWH);
    ctx.lineTo(LEFT + 13 * SPACING - 20, ZERO - t * PER_KWH);
    ctx.stroke();
  }
  ctx.setLineDash([]);
  const line = (vs: number[], color: string) => {
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    ctx.lineWidth = 3;
    ctx.beginPath();
    vs.forEach((v, i) => {
      const p = pointAt(v, i);
      if (i) ctx.lineTo(p.x, p.y);
      else ctx.moveTo(p.x, p.y);
    });
    ctx.stroke();
    if (o.dots) {
      vs.forEach((v, i) => {
        const p = pointAt(v, i);
        ctx.beginPath();
        ctx.arc(p.x, p.y, o.dots!, 0, 2 * Math.PI);
        ctx.fill();
      });
    }
  };
  line(values, "#1c4f8a");
  if (o.second) line(o.second, "#8a4f1c");
  ctx.fillStyle = "#222";
  ctx.textAlign = "center";
  values.forEach((_, i) => {
    const m = MONTHS[(10 + i) % 12];
    ctx.fillText(o.initials ? m[0] : m, LEFT + i * SPACING, ZERO + 25);
    if (i === 0) ctx.fillText("2023", LEFT, ZERO + 47);
    if (i === 2) ctx.fillText("2024", LEFT + 2 * SPACING, ZERO + 47);
  });
  return c;
}

/** The drawn bill as a PNG file. */
const drawBill = (o: Drawn = {}): Uint8Array => drawPage(o).encodeSync("png");

function grayOf(o: Drawn): Gray {
  const c = drawPage(o);
  return grayFromRgba(c.data(), c.width, c.height);
}

const slopeOf = (tilt: number) => Math.tan((tilt * Math.PI) / 180);

Deno.test("pageTraces: a tilted scan's line (with or without dots, over dashed or solid gridlines) traced level", () => {
  for (const o of [{ tilt: -1 }, { tilt: 0.7, dots: 6, dashed: true }, { tilt: 0, dots: 5 }]) {
    const t = pageTraces(grayOf(o), slopeOf(o.tilt));
    assert.equal(
      t.traces.length,
      1,
      `${JSON.stringify(o)}: ${t.traces.map((p) => `${p[0].x}-${p.at(-1)!.x}`)}`,
    );
    const [path] = tracesInPieceFrame(t);
    // from the first point to the last, one point a column; over each point's x its drawn height (±2.5 px: the
    // page turned about its centre moves the line by its tilt, so compare against the line's own path)
    assert.ok(
      path.points[0].x <= LEFT + 8 && path.points.at(-1)!.x >= LEFT + 12 * SPACING - 8,
      JSON.stringify(o),
    );
    const turned = (p: { x: number; y: number }) => {
      const a = ((o.tilt ?? 0) * Math.PI) / 180, cx = 1275 / 2, cy = 1650 / 2;
      return {
        x: cx + (p.x - cx) * Math.cos(a) - (p.y - cy) * Math.sin(a),
        y: cy + (p.x - cx) * Math.sin(a) + (p.y - cy) * Math.cos(a),
      };
    };
    VALUES.forEach((v, i) => {
      const d = turned(pointAt(v, i));
      // the drawn point in the straightened frame: y moved along the slope to x = 0
      const want = d.y - slopeOf(o.tilt) * d.x;
      const at = path.points.filter((p) => Math.abs(p.x - d.x) <= 1);
      assert.ok(
        at.some((p) => Math.abs(p.y - want) <= 2.5),
        `${JSON.stringify(o)} ${i}: ${JSON.stringify(at)} ${want}`,
      );
    });
    // the chart's region holds the ticks left of the line and the labels under the zero
    const region = lineChartRegion(t, t.traces[0], 1275, 1650);
    assert.ok(region.x <= 100 && region.y + region.height >= ZERO + 30, JSON.stringify(region));
  }
});

Deno.test("pageTraces: text, a table's borders and ruled or dashed lines give no line", () => {
  const c = createCanvas(1275, 800);
  const ctx = c.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, 1275, 800);
  ctx.fillStyle = "#000";
  ctx.font = "20px sans-serif";
  for (let i = 0; i < 8; i++) {
    ctx.fillText("Total Amount Due this month for electric service 1,234.56 kWh", 60, 60 + 40 * i);
  }
  ctx.strokeStyle = "#000";
  ctx.lineWidth = 2;
  ctx.strokeRect(50, 400, 1100, 300);
  ctx.setLineDash([6, 5]);
  ctx.beginPath();
  ctx.moveTo(50, 760);
  ctx.lineTo(1200, 760);
  ctx.stroke();
  const t = pageTraces(grayFromRgba(c.data(), 1275, 800), 0);
  assert.deepEqual(t.traces, []);
  assert.ok(t.levels.length >= 2, "the box's sides and the dashed line are level lines");
});

Deno.test("enlarged: twice the size, the same picture", () => {
  const g: Gray = { width: 2, height: 1, data: Uint8Array.from([0, 200]) };
  const big = enlarged(g, 2);
  assert.equal(big.width, 4);
  assert.equal(big.height, 2);
  assert.deepEqual([...big.data.slice(0, 4)], [0, 50, 150, 200]);
});

/** An OCR page's words in pixels (150 dpi, y the line's middle) of the drawn chart, and its traced line. */
function ocrChart(o: { values?: number[]; initials?: string[]; line?: (x: number) => number } = {}) {
  const values = o.values ?? VALUES;
  const w = (text: string, x: number, y: number, h = 16, confidence = 92): TextPiece => ({
    text,
    x,
    y,
    width: text.length * 9,
    height: h,
    confidence,
  });
  const pieces: TextPiece[] = [
    w("Your", 70, 462, 22),
    w("Energy", 130, 462, 22),
    w("Use", 220, 462, 22),
    ...[0, 300, 600, 900].map((t) => w(`${t} kWh`, 165 - `${t} kWh`.length * 9, ZERO - t * PER_KWH)),
    ...values.map((_, i) => {
      const label = o.initials?.[i] ?? MONTHS[(10 + i) % 12];
      return w(label, LEFT + i * SPACING - label.length * 4.5, ZERO + 19);
    }),
    w("2023", LEFT - 18, ZERO + 41),
    w("2024", LEFT + 2 * SPACING - 18, ZERO + 41),
  ];
  // the line, one point a pixel column, through the points (or `line`)
  const points: { x: number; y: number }[] = [];
  for (let x = LEFT - 1; x <= LEFT + 12 * SPACING + 1; x++) {
    const i = Math.min(11, Math.max(0, Math.floor((x - LEFT) / SPACING)));
    const a = pointAt(values[i], i), b = pointAt(values[i + 1], i + 1);
    points.push({ x, y: o.line ? o.line(x) : a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x) });
  }
  return { pieces, strokes: [{ points, traced: true }] as StrokedPath[] };
}

const monthsOf = (
  o: Parameters<typeof ocrChart>[0] = {},
  printed = [{ year: 2024, month: 11, value: 587 }],
  more: StrokedPath[] = [],
) => {
  const { pieces, strokes } = ocrChart(o);
  const pts = chartsInPoints([pieces], [[]], [0.48], [[...strokes, ...more]]);
  return chartHeightMonths(pts.pages, pts.boxes, "2024-11-26", printed, pts.strokes);
};

Deno.test("tracedVertices: a traced line read month by month within 2%, the bill's month not from it", () => {
  const months = monthsOf();
  assert.equal(months.length, 12, JSON.stringify(months));
  months.forEach((m, i) => {
    assert.deepEqual([m.year, m.month], [i < 2 ? 2023 : 2024, i < 2 ? 11 + i : i - 1]);
    assert.ok(Math.abs(m.value - VALUES[i]) <= VALUES[i] * 0.02, `${m.month}: ${m.value} for ${VALUES[i]}`);
  });
  // initials as OCR misreads them ("s", "0", "N°", "F."): set right where the row shows they are labels
  const initials = ["N", "D", "J", "F.", "M", "A", "M", "J", "J", "A", "s", "0", "N°"];
  assert.equal(monthsOf({ initials }).length, 12);
});

Deno.test("tracedVertices refusals: the bill's kWh off the line, no printed kWh, two lines, a curve", () => {
  // the bill prints 700 kWh for the month whose point stands at 587: the scale is not certain, nothing is read
  assert.deepEqual(monthsOf({}, [{ year: 2024, month: 11, value: 700 }]), []);
  // no month the bill prints is on the chart: a traced line is not read on its axis alone
  assert.deepEqual(monthsOf({}, []), []);
  // a second line over the chart (last year's): which is which is not known
  const second = ocrChart({ values: VALUES.map((v) => v - 150) }).strokes;
  assert.deepEqual(monthsOf({}, undefined, second), []);
  // a curve (no straight stretch between the labels)
  const curve = (x: number) => ZERO - (600 + 200 * Math.sin((x - LEFT) / 9)) * PER_KWH;
  assert.deepEqual(monthsOf({ line: curve }), []);
});

Deno.test({
  name:
    "ocrImage + parseBill (real tesseract): a scanned bill's line chart read within 5%, flagged; refusals",
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
          strokes: [r.strokes ?? []],
          pixelPoints: [r.pixelPoints],
        });
        return { r, usage: item.electricityUsage.usageByMonth };
      };
      for (const o of [{ tilt: -0.8 }, { tilt: 0.6, dots: 6, dashed: true }]) {
        const { r, usage } = await read(o);
        assert.equal(r.strokes?.length, 1, "the traced line is given");
        const charted = usage.filter((m) => m.fromChart);
        assert.ok(charted.length >= 11, `${JSON.stringify(o)}: ${JSON.stringify(usage)}`);
        for (const m of charted) {
          const i = (m.year - 2023) * 12 + MONTHS.indexOf(m.month.slice(0, 3)) - 10;
          assert.ok(
            Math.abs(m.value - VALUES[i]) <= VALUES[i] * 0.05,
            `${m.month} ${m.year}: ${m.value} for ${VALUES[i]}`,
          );
        }
        // the bill's own month is the meters', as printed
        assert.deepEqual(usage.find((m) => m.month === "November" && m.year === 2024)?.value, 587);
      }
      // the bill's kWh far from its point: the chart's scale is not certain, no month from it
      const off = await read({ tilt: -0.8, billKwh: 760 });
      assert.deepEqual(off.usage.filter((m) => m.fromChart), [], JSON.stringify(off.usage));
    } finally {
      await closeOcr();
    }
  },
});

/**
 * A letter page at 150 dpi with no line chart, tilted as a scan: a bill's text (bold account digits, small print),
 * a table in ruled borders, a row of outlined bars (a horizontal bar chart's), solid and dashed rules.
 */
function textPage(tilt: number): Gray {
  const c = createCanvas(1275, 1650);
  const ctx = c.getContext("2d");
  ctx.fillStyle = "#f4f3ef";
  ctx.fillRect(0, 0, 1275, 1650);
  ctx.translate(1275 / 2, 1650 / 2);
  ctx.rotate((tilt * Math.PI) / 180);
  ctx.translate(-1275 / 2, -1650 / 2);
  ctx.fillStyle = "#222";
  // [font, first line's baseline, lines, their spacing, text]
  const blocks: [string, number, number, number, string][] = [
    ["bold 30px sans-serif", 90, 1, 0, "Account Number: 269-634-296-9-2 0178152660670554005414606"],
    ["20px sans-serif", 150, 10, 32, "Total Amount Due this month for service 1,234.56 kWh Jan Feb"],
    ["12px sans-serif", 500, 8, 16, "Rates are subject to change; see the tariff on file for terms."],
    ["18px sans-serif", 690, 5, 40, "Energy Charge   612 kWh   0.1123   68.73"],
  ];
  for (const [font, y, n, step, text] of blocks) {
    ctx.font = font;
    for (let i = 0; i < n; i++) ctx.fillText(text, 80, y + i * step);
  }
  ctx.strokeStyle = "#333";
  ctx.lineWidth = 2;
  ctx.strokeRect(60, 660, 1150, 240);
  // the table's rows, a solid rule and a dashed one under it
  for (const [y, dash] of [[700], [740], [780], [820], [860], [1200], [1260, 6]]) {
    ctx.setLineDash(dash ? [dash, 5] : []);
    ctx.beginPath();
    ctx.moveTo(60, y);
    ctx.lineTo(1210, y);
    ctx.stroke();
  }
  ctx.setLineDash([]);
  // outlined bars of one height, one under the other, their values beside them
  [775, 1014, 1090, 852, 740, 756].forEach((v, i) => {
    ctx.strokeRect(160, 960 + 24 * i, v / 3, 13);
    ctx.fillText(String(v), 170 + v / 3, 972 + 24 * i);
  });
  return grayFromRgba(c.data(), 1275, 1650);
}

Deno.test("mayHoldLine: every drawn line chart is looked at (tilted, dots, dashed gridlines, two lines, initials)", () => {
  for (
    const o of [
      { tilt: -1 },
      { tilt: 0.7, dots: 6, dashed: true },
      { tilt: 0, dots: 5 },
      { tilt: 1, second: VALUES.map((v) => v - 150) },
      { tilt: -0.6, initials: true, dashed: true },
    ]
  ) {
    const page = grayOf(o);
    assert.ok(mayHoldLine(page, slopeOf(o.tilt)), JSON.stringify(o));
    // its chain spans most of the chart's twelve steps, far over the twelfth of the page the look asks for
    assert.ok(risingChain(page, slopeOf(o.tilt)) >= 8 * SPACING, JSON.stringify(o));
  }
});

Deno.test("mayHoldLine, pageTraces: the page's ink threshold, counted once by the caller, is the one used", () => {
  const o = { tilt: 0.7, dots: 6 };
  const page = grayOf(o), slope = slopeOf(o.tilt);
  const ink = inkThreshold(page);
  assert.equal(risingChain(page, slope, Infinity, ink), risingChain(page, slope));
  assert.ok(mayHoldLine(page, slope, ink));
  assert.deepEqual(pageTraces(page, slope, ink), pageTraces(page, slope));
  // under every gray level no pixel is ink: nothing to look at, nothing traced
  assert.equal(mayHoldLine(page, slope, 0), false);
  assert.deepEqual(pageTraces(page, slope, 0).traces, []);
});

Deno.test("mayHoldLine: a page of text, ruled tables, outlined bars and rules is not (tracing it found nothing)", () => {
  for (const tilt of [-1, 0, 0.8]) {
    const page = textPage(tilt);
    assert.equal(
      mayHoldLine(page, slopeOf(tilt)),
      false,
      `tilt ${tilt}: ${risingChain(page, slopeOf(tilt))}`,
    );
    assert.deepEqual(pageTraces(page, slopeOf(tilt)).traces, [], `tilt ${tilt}`);
  }
});
