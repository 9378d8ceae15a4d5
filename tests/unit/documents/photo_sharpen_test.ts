// A phone photo's page is sharpened against the mean of a 5×5 window (ocr_preprocess.ts PHOTO_SHARPEN_RADIUS):
// the photo's own blur is scaled up with the page (rectifyPage, about 1.4-1.8×), wider than a 3×3 unsharp
// mask undoes, and the thin strokes of small print (a date's slashes, a thousands comma) stayed grey
// (docs/bills.md "Photos, pass 10"). Real pixels drawn here, blurred as a phone's focus blurs them.
import assert from "node:assert/strict";
import { type Gray, prepareForOcr } from "../../../shared/documents/ocr_preprocess.ts";
import { phoneShot, printedPage } from "./phone_shot.ts";

/** A letter-sized page of small print: rows of a usage-history table, dates with slashes, kWh with commas. */
function page(): Gray {
  return printedPage(
    (row) => `12/${10 + (row % 18)}/2023   1,${800 + row} kWh   $217.67   -$217.67`,
    60,
    15,
    22,
  );
}

/** A [1 2 1]² blur (a phone's soft focus). */
function blur(g: Gray): Gray {
  const { width: w, height: h } = g;
  const tmp = new Float32Array(w * h), data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      tmp[i] = (g.data[y * w + Math.max(0, x - 1)] + 2 * g.data[i] + g.data[y * w + Math.min(w - 1, x + 1)]) /
        4;
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      data[i] = (tmp[Math.max(0, y - 1) * w + x] + 2 * tmp[i] + tmp[Math.min(h - 1, y + 1) * w + x]) / 4 +
        0.5;
    }
  }
  return { width: w, height: h, data };
}

// the page about 900 px across in a 1200 × 1600 frame: scaled up about 1.9× when rectified
const CORNERS = [{ x: 170, y: 190 }, { x: 1040, y: 160 }, { x: 1100, y: 1420 }, { x: 120, y: 1460 }];
const shot = blur(phoneShot(page(), { corners: CORNERS, light: { at: 0.95, dx: 0.2, dy: 0.15 }, seed: 11 }));

/** The share of the text area's pixels darker than 80 (the strokes' cores). */
function strokeCores(g: Gray): number {
  let n = 0, dark = 0;
  for (let y = Math.round(g.height * 0.1); y < g.height * 0.8; y++) {
    for (let x = Math.round(g.width * 0.1); x < g.width * 0.6; x++, n++) {
      if (g.data[y * g.width + x] < 80) dark++;
    }
  }
  return dark / n;
}

Deno.test("prepareForOcr: a soft phone photo's small print comes back with dark stroke cores (5×5 unsharp mask)", () => {
  const p = prepareForOcr(shot);
  assert.ok(p.quad, "no page found");
  // 0.0002 of the text area is stroke core with the 5×5 mask, 0.000002 with a 3×3 one
  const cores = strokeCores(p.gray);
  assert.ok(cores > 0.00005, `stroke cores ${cores}`);
});
