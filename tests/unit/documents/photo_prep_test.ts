// Phone photos before OCR (shared/documents/ocr_perspective.ts, ocr_preprocess.ts prepareForOcr): a page seen
// at an angle on a darker background is found and mapped back to an upright rectangle; a page that fills the
// image (a scan, a clean render) passes through unchanged. Real pixels drawn here, real tesseract.
import assert from "node:assert/strict";
import { createCanvas } from "@napi-rs/canvas";
import { closeOcr, ocrImage } from "../../../shared/documents/ocr.ts";
import { findPageQuad, type Point } from "../../../shared/documents/ocr_perspective.ts";
import { phoneShot, png } from "./phone_shot.ts";
import {
  estimateSkew,
  type Gray,
  grayFromRgba,
  prepareForOcr,
  sharpen,
} from "../../../shared/documents/ocr_preprocess.ts";

// the lines of a bill's page, written down it over and over
const TEXT = [
  "Customer number 8830 1147 62 Billing date June 14, 2025",
  "Premises 402 Harbor View Road, Portland ME 04101",
  "Energy delivered 873 kWh, supply rate 11.6 cents each",
  "Please pay $96.18 before July 7, 2025 to avoid a late fee",
];

/** A letter-like page, white with 40 lines of black text. */
function page(w = 1275, h = 1650): Gray {
  const canvas = createCanvas(w, h);
  const draw = canvas.getContext("2d");
  // transparent where nothing is drawn: white paper in grayscale (alpha over white)
  draw.font = "24px sans-serif";
  for (let line = 0; line < 40; line++) draw.fillText(TEXT[line % 4], 90, 120 + 36 * line);
  return grayFromRgba(draw.getImageData(0, 0, w, h).data, w, h);
}

// Where the page's corners land in a 1200 × 1600 photo: a keystone (the top edge shorter, the camera tilted
// back) and a turn of a few degrees.
const CORNERS: Point[] = [{ x: 205, y: 180 }, { x: 1010, y: 135 }, { x: 1120, y: 1450 }, { x: 95, y: 1500 }];

/**
 * The page photographed: mapped onto CORNERS of a darker, grainy table, lit unevenly (brighter to the top
 * left), as a phone would see it.
 */
const photo = (p: Gray) =>
  phoneShot(p, { corners: CORNERS, light: { at: 0.95, dx: 0.2, dy: 0.15 }, seed: 7 });

/** The skew (degrees) of the text in a horizontal strip of the image (rows y0..y1). */
function stripSkew(g: Gray, y0: number, y1: number): number {
  const strip = { width: g.width, height: y1 - y0, data: g.data.subarray(y0 * g.width, y1 * g.width) };
  return (estimateSkew(strip) * 180) / Math.PI;
}

Deno.test("findPageQuad: the page's corners in a photo of it on a table, within 1 % of the photo's size", () => {
  const q = findPageQuad(photo(page()));
  assert.ok(q, "no page found");
  q.forEach((p, i) => {
    const d = Math.hypot(p.x - CORNERS[i].x, p.y - CORNERS[i].y);
    assert.ok(d < 16, `corner ${i}: ${JSON.stringify(p)} vs ${JSON.stringify(CORNERS[i])}`);
  });
});

Deno.test("prepareForOcr: a page photographed at an angle comes out upright, its lines level at the top and the bottom", () => {
  const shot = photo(page());
  // as photographed, the top edge falls by 3.2° to the right and the bottom edge by 2.8°, the sides lean
  // in towards the top (CORNERS)
  const p = prepareForOcr(shot);
  assert.ok(p.quad, "not rectified");
  const h = p.gray.height;
  const after = [
    stripSkew(p.gray, Math.round(0.1 * h), Math.round(0.3 * h)),
    stripSkew(p.gray, Math.round(0.7 * h), Math.round(0.9 * h)),
  ];
  assert.ok(after.every((d) => Math.abs(d) <= 0.3), JSON.stringify(after));
  // the page's proportions come back (1275 × 1650), the table is gone
  assert.ok(Math.abs(p.gray.height / p.gray.width - 1650 / 1275) < 0.06, `${p.gray.width}x${p.gray.height}`);
});

Deno.test("prepareForOcr: a page that fills the image (a scan, a render) is not cropped or warped", () => {
  const clean = page();
  const p = prepareForOcr(clean);
  assert.equal(p.quad, undefined);
  assert.equal(p.gray.width, clean.width);
  assert.equal(p.gray.height, clean.height);
  assert.deepEqual(p.gray.data, clean.data);
});

Deno.test({
  name: "ocrImage (real tesseract): the lines of a page photographed at an angle are read whole",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    try {
      const r = await ocrImage(png(photo(page())));
      const read = r.lines.map((l) => l.replace(/\s+/g, " ").trim());
      const whole = read.filter((l) => TEXT.includes(l)).length;
      // 40 lines on the page
      assert.ok(whole >= 32, `${whole} of 40 lines read whole:\n${read.join("\n")}`);
    } finally {
      await closeOcr();
    }
  },
});

Deno.test("sharpen: a soft edge becomes steeper, flat paper and flat ink stay as they are", () => {
  // one row: paper 220, a ramp over 4 pixels, ink 40
  const row = [220, 220, 220, 220, 184, 148, 112, 76, 40, 40, 40, 40];
  const g = { width: row.length, height: 3, data: new Uint8Array([...row, ...row, ...row]) };
  const s = sharpen(g, 1).data.subarray(row.length, 2 * row.length);
  assert.deepEqual([s[0], s[1], s[10], s[11]], [220, 220, 40, 40]);
  // across the ramp's ends the step overshoots: lighter before it, darker after it
  assert.ok(s[3] > 220 && s[8] < 40, String([...s]));
});
