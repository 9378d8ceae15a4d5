// A phone photo's page whose light falls off towards one side (a shadow, a vignette): its shaded part is darker
// than Otsu's threshold of the whole photo, and the page found was the bright part alone — its corners inside the
// page, a strip of text cut off the rectified page (a synthetic dev photo lost its left third; docs/bills.md
// "Photos, pass 12"). The shaded part is grown back in (ocr_perspective.ts grownPage). Real pixels drawn here.
import assert from "node:assert/strict";
import { findPageQuad, type Point } from "../../../shared/documents/ocr_perspective.ts";
import type { Gray } from "../../../shared/documents/ocr_preprocess.ts";
import { phoneShot, printedPage } from "./phone_shot.ts";

const page = (): Gray => printedPage(() => "Energy delivered 873 kWh 11.6 cents", 50, 20, 28);

const CORNERS = [{ x: 160, y: 170 }, { x: 1040, y: 140 }, { x: 1090, y: 1460 }, { x: 120, y: 1490 }];
const off = (q: Point[]) => Math.max(...q.map((p, k) => Math.hypot(p.x - CORNERS[k].x, p.y - CORNERS[k].y)));

Deno.test("findPageQuad: a page lit from one side keeps its shaded side (its corners are the page's)", () => {
  // light falling from 1.0 on the left to 0.4 on the right: the page's right side is about as dark as the table
  // on the left, under the photo's Otsu threshold
  const shot = phoneShot(page(), { corners: CORNERS, light: { at: 1, dx: 0.6, dy: 0.05 }, seed: 3 });
  const quad = findPageQuad(shot);
  assert.ok(quad, "no page found");
  assert.ok(off(quad) < 15, `corners ${JSON.stringify(quad)} off by ${off(quad).toFixed(1)} px`);
});

Deno.test("findPageQuad: an evenly lit page's corners as before", () => {
  const even = phoneShot(page(), { corners: CORNERS, light: { at: 0.95, dx: 0.1, dy: 0.05 }, seed: 5 });
  const q = findPageQuad(even);
  assert.ok(q && off(q) < 15, `corners ${JSON.stringify(q)}`);
});
