// The filled shapes of a PDF page (pdf_shapes.ts, read by pdf_text.ts on pages printing a kWh value axis): their
// boxes in page points (y down, as the text pieces), through cm / save / restore / form XObjects, bounded in count.
import assert from "node:assert/strict";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { getResolvedPDFJS } from "unpdf";
import { extractPdfText } from "../../../shared/documents/pdf_text.ts";
import {
  filledBoxes,
  MAX_BOXES,
  printsValueAxis,
  type ShapeOps,
} from "../../../shared/documents/pdf_shapes.ts";
import { readBarHeights } from "../../../shared/bills/embedded/chart_bars.ts";
import { barChartPdf, CHART } from "../../support/bar_chart_pdf.ts";

const { OPS } = await getResolvedPDFJS();
const ops = OPS as unknown as ShapeOps;
const path = (paint: number, minMax: number[]) => [paint, [new Float32Array(0)], new Float32Array(minMax)];

Deno.test("filledBoxes: a filled path's box through the transformation matrix; strokes and unfilled paths are not shapes", () => {
  const list = {
    fnArray: [ops.save, ops.transform, ops.constructPath, ops.restore, ops.constructPath, ops.constructPath],
    argsArray: [
      null,
      [2, 0, 0, 2, 100, 50], // scale 2, move (100, 50)
      path(ops.fill, [0, 0, 10, 20]),
      null,
      path(ops.eoFill, [5, 700, 15, 710]), // after restore: untransformed
      path(OPS.stroke, [0, 0, 300, 300]), // a stroked frame
    ],
  };
  assert.deepEqual(filledBoxes(list, ops, 792), [
    { x: 100, y: 792 - 90, width: 20, height: 40 },
    { x: 5, y: 792 - 710, width: 10, height: 10 },
  ]);
});

Deno.test("filledBoxes: a form XObject's matrix applies inside it; the older operator list (paint after the path) too", () => {
  const list = {
    fnArray: [
      ops.paintFormXObjectBegin,
      ops.constructPath,
      ops.paintFormXObjectEnd,
      ops.constructPath,
      ops.fill,
    ],
    argsArray: [[[1, 0, 0, 1, 200, 0], [0, 0, 50, 50]], path(ops.fill, [0, 0, 4, 4]), null, [[], [], [
      1,
      1,
      3,
      9,
    ]], null],
  };
  assert.deepEqual(filledBoxes(list, ops, 100), [
    { x: 200, y: 96, width: 4, height: 4 },
    { x: 1, y: 91, width: 2, height: 8 },
  ]);
});

Deno.test("filledBoxes: at most maxBoxes boxes and maxOps operators are looked at", () => {
  const n = 50;
  const list = {
    fnArray: Array(n).fill(ops.constructPath),
    argsArray: Array(n).fill(path(ops.fill, [0, 0, 2, 2])),
  };
  assert.equal(filledBoxes(list, ops, 792, { maxBoxes: 7 }).length, 7);
  assert.equal(filledBoxes(list, ops, 792, { maxOps: 12 }).length, 12);
});

Deno.test("extractPdfText: a page printing a kWh axis gives its bars' boxes, and the chart reads to its resolution", async () => {
  const values = [812, 905, 1180, 1344, 1502, 1711, 1650, 1433, 1120, 930, 870, 1015, 1060];
  const pdf = await barChartPdf({ values, first: { year: 2023, month: 5 }, tickStep: 400 });
  const page = (await extractPdfText(pdf)).pages[0];
  assert.ok(printsValueAxis(page.pieces));
  const bars = page.boxes.filter((b) => b.width === CHART.barWidth);
  assert.equal(bars.length, 13);
  assert.ok(
    Math.abs(bars[0].x - CHART.x0) < 0.01 &&
      Math.abs(bars[0].y + bars[0].height - (792 - CHART.zeroY)) < 0.01,
  );
  const got = readBarHeights(page.pieces, page.boxes, "2024-05-28");
  assert.deepEqual(
    got.map((m) => `${m.year}-${m.month}`),
    values.map((_, i) => `${2023 + Math.floor((4 + i) / 12)}-${((4 + i) % 12) + 1}`),
  );
  // 400 kWh over 12 points: half a point is 16.7 kWh, rounded to 10
  for (const [i, m] of got.entries()) {
    assert.ok(Math.abs(m.value - values[i]) <= 10, `${m.value} for ${values[i]}`);
  }
});

Deno.test("extractPdfText: a page without a value axis gets no shapes (its operator list is not read)", async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const p = doc.addPage([612, 792]);
  p.drawText("kWh used 968", { x: 40, y: 700, size: 10, font });
  p.drawRectangle({ x: 40, y: 600, width: 100, height: 50 });
  assert.deepEqual((await extractPdfText(await doc.save())).pages[0].boxes, []);
});

Deno.test("extractPdfText: a page of 100,000 filled squares beside the chart keeps at most MAX_BOXES boxes, the bars read", async () => {
  const values = [700, 760, 980, 1210, 1400, 1350, 1190, 900, 820, 760, 880, 940, 990];
  const pdf = await barChartPdf({ values, first: { year: 2023, month: 1 }, tickStep: 400, specks: 100_000 });
  const page = (await extractPdfText(pdf)).pages[0];
  assert.equal(page.boxes.length, MAX_BOXES);
  const got = readBarHeights(page.pieces, page.boxes, "2024-01-30");
  assert.equal(got.length, 13);
});
