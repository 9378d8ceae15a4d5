// A phone photo's page is mapped to an upright page and scaled up (ocr_perspective.ts rectifyPage) with
// Catmull-Rom (bicubic) interpolation: small print keeps the darkness of its strokes, where a bilinear blend
// of two pixels greys them (the synthetic phone photos' dev sets: 117 more fields right over three seeds,
// docs/bills.md "Phone photos, photos5"). Real pixels drawn here.
import assert from "node:assert/strict";
import { createCanvas } from "@napi-rs/canvas";
import {
  findPageQuad,
  homography,
  rectifyPage,
  warpGray,
  warpGrayCubic,
} from "../../../shared/documents/ocr_perspective.ts";
import { type Gray, grayFromRgba } from "../../../shared/documents/ocr_preprocess.ts";
import { phoneShot } from "./phone_shot.ts";

/** A letter-like page of small print: 70 lines of 14 px text. */
function page(w = 1275, h = 1650): Gray {
  const canvas = createCanvas(w, h);
  const draw = canvas.getContext("2d");
  draw.font = "14px sans-serif";
  for (let line = 0; line < 70; line++) {
    draw.fillText("Energy delivered 873 kWh, supply 11.6 cents 4998 Harbor View", 90, 120 + 20 * line);
  }
  return grayFromRgba(draw.getImageData(0, 0, w, h).data, w, h);
}

const CORNERS = [{ x: 205, y: 180 }, { x: 1010, y: 135 }, { x: 1120, y: 1450 }, { x: 95, y: 1500 }];
const shot = phoneShot(page(), { corners: CORNERS, light: { at: 0.95, dx: 0.2, dy: 0.15 }, seed: 7 });

/** The share of the text area's pixels darker than 80 (the strokes' cores). */
function strokeCores(g: Gray): number {
  let n = 0, dark = 0;
  for (let y = Math.round(g.height * 0.1); y < g.height * 0.9; y++) {
    for (let x = Math.round(g.width * 0.1); x < g.width * 0.6; x++, n++) {
      if (g.data[y * g.width + x] < 80) dark++;
    }
  }
  return dark / n;
}

Deno.test("rectifyPage: a photographed page of small print scaled up keeps its strokes dark (bicubic)", () => {
  const quad = findPageQuad(shot);
  assert.ok(quad, "no page found");
  const r = rectifyPage(shot, quad)!;
  assert.equal(r.width, 1700); // scaled up about 1.6x
  // about 0.9 % of the text area is stroke core after a bilinear warp, 1.6 % after a bicubic one
  assert.ok(strokeCores(r) > 0.013, `stroke cores ${strokeCores(r)}`);
});

Deno.test("warpGrayCubic: the same mapping as warpGray, sharper; white outside the source", () => {
  const src = page(300, 200);
  const back = homography(
    [{ x: 0, y: 0 }, { x: 600, y: 0 }, { x: 600, y: 400 }, { x: 0, y: 400 }],
    [{ x: -10, y: -10 }, { x: 300, y: -10 }, { x: 300, y: 200 }, { x: -10, y: 200 }],
  )!;
  const a = warpGray(src, back, 600, 400), b = warpGrayCubic(src, back, 600, 400);
  assert.equal(b.data[0], 255); // (−10, −10): off the source
  let diff = 0;
  for (let i = 0; i < a.data.length; i++) diff += Math.abs(a.data[i] - b.data[i]);
  assert.ok(diff / a.data.length < 6, `mean difference ${diff / a.data.length}`); // the same picture
  assert.ok(strokeCores(b) > 1.3 * strokeCores(a), `${strokeCores(b)} vs ${strokeCores(a)}`);
});
