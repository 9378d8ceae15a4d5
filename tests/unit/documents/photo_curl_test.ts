// A curled page in a phone photo (shared/documents/ocr_dewarp.ts): once the page is mapped back to an upright
// rectangle its text lines are still bent; the bend is measured from the ink and taken out before OCR.
// Real pixels drawn here, real tesseract.
import assert from "node:assert/strict";
import { createCanvas } from "@napi-rs/canvas";
import { closeOcr, ocrImage } from "../../../shared/documents/ocr.ts";
import { curveExtent, measureLineCurve, unbend } from "../../../shared/documents/ocr_dewarp.ts";
import type { Point } from "../../../shared/documents/ocr_perspective.ts";
import { phoneShot, png } from "./phone_shot.ts";
import { type Gray, grayFromRgba } from "../../../shared/documents/ocr_preprocess.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A usage-history page: 36 rows "Mon YYYY" in the middle of the page, its kWh at the right edge. */
function table(w = 1275, h = 1650): { page: Gray; rows: string[] } {
  const canvas = createCanvas(w, h);
  const draw = canvas.getContext("2d");
  draw.font = "22px sans-serif";
  const rows: string[] = [];
  for (let i = 0; i < 36; i++) {
    const month = `${MONTHS[i % 12]} ${2021 + Math.floor(i / 12)}`;
    const kwh = String(1000 + ((i * 379) % 997));
    draw.fillText(month, 560, 140 + 38 * i);
    draw.fillText(kwh, 1110, 140 + 38 * i);
    draw.fillText("Usage", 90, 140 + 38 * i);
    rows.push(`Usage ${month} ${kwh}`);
  }
  return { page: grayFromRgba(draw.getImageData(0, 0, w, h).data, w, h), rows };
}

/** The page curled: its lines bow by `bow` pixels at its left and right edges (a parabola across the page). */
const curl = (g: Gray, bow: number) => unbend(g, { y: [0], b: [0], c: [-bow], gain: 1 });

const CORNERS: Point[] = [{ x: 190, y: 170 }, { x: 1020, y: 140 }, { x: 1110, y: 1460 }, { x: 100, y: 1490 }];

/** The page photographed on a darker, grainy table, lit unevenly. */
const photo = (p: Gray) =>
  phoneShot(p, { corners: CORNERS, light: { at: 0.95, dx: 0.15, dy: 0.1 }, seed: 11 });

Deno.test("measureLineCurve: the bow of a curled page's lines, within 3 px; none on a flat page", () => {
  const { page } = table();
  for (const bow of [18, -14]) {
    const c = measureLineCurve(curl(page, bow))!;
    for (let k = 0; k < c.y.length; k++) {
      assert.ok(Math.abs(c.c[k] - bow) <= 3 && Math.abs(c.b[k]) <= 2, `${bow}: ${JSON.stringify(c)}`);
    }
  }
  const flat = measureLineCurve(page)!;
  assert.ok(curveExtent(flat) <= 1, JSON.stringify(flat));
});

Deno.test({
  name: "ocrImage (real tesseract): a curled page's table rows are read as rows, label and value on one line",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    try {
      const { page, rows } = table();
      const r = await ocrImage(png(photo(curl(page, 26))));
      const read = r.lines.map((l) => l.replace(/\s+/g, " ").trim());
      const whole = rows.filter((row) => read.includes(row)).length;
      assert.ok(whole >= 30, `${whole} of 36 rows read whole:\n${read.join("\n")}`);
    } finally {
      await closeOcr();
    }
  },
});
