// Test helpers: a page "photographed" by a phone — mapped onto four corners of a darker, grainy table, lit
// unevenly — and an image as the PNG file an upload gives the reader. Real pixels, no randomness.
import { createCanvas } from "@napi-rs/canvas";
import { homography, type Point, warpGray } from "../../../shared/documents/ocr_perspective.ts";
import { type Gray, grayFromRgba } from "../../../shared/documents/ocr_preprocess.ts";

export interface Shot {
  /** Where the page's corners land in the photo: top-left, top-right, bottom-right, bottom-left. */
  corners: Point[];
  /** The light: `at` top left, falling by `dx` across and `dy` down the photo. */
  light: { at: number; dx: number; dy: number };
  /** The grain's seed. */
  seed: number;
  width?: number;
  height?: number;
}

/** The page `p` photographed as `shot` says (1200 × 1600 unless told). */
export function phoneShot(p: Gray, shot: Shot): Gray {
  const { corners, light: l, width: W = 1200, height: H = 1600 } = shot;
  const back = homography(corners, [{ x: 0, y: 0 }, { x: p.width, y: 0 }, { x: p.width, y: p.height }, {
    x: 0,
    y: p.height,
  }])!;
  // the page through the homography, and where it is (a black page warped alike: white outside it)
  const seen = warpGray(p, back, W, H);
  const inside = warpGray({ ...p, data: new Uint8Array(p.data.length) }, back, W, H);
  let seed = shot.seed;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 17) - 8;
  const data = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const light = l.at - l.dx * (x / W) - l.dy * (y / H);
      const v = inside.data[i] < 128 ? seen.data[i] * 0.97 : 95;
      data[i] = Math.max(0, Math.min(255, v * light + noise()));
    }
  }
  return { width: W, height: H, data };
}

/** The image as a PNG file. */
export function png(g: Gray): Uint8Array {
  const c = createCanvas(g.width, g.height);
  const ctx = c.getContext("2d");
  const img = ctx.createImageData(g.width, g.height);
  for (let i = 0; i < g.data.length; i++) {
    img.data[4 * i] = img.data[4 * i + 1] = img.data[4 * i + 2] = g.data[i];
    img.data[4 * i + 3] = 255;
  }
  ctx.putImageData(img, 0, 0);
  return new Uint8Array(c.toBuffer("image/png"));
}

/** A letter-sized white page (1275 × 1650 unless told) of `lines` lines of black `px` px text, `step` px apart. */
export function printedPage(
  text: (line: number) => string,
  lines: number,
  px: number,
  step: number,
  w = 1275,
  h = 1650,
): Gray {
  const canvas = createCanvas(w, h);
  const draw = canvas.getContext("2d");
  draw.fillStyle = "#fff";
  draw.fillRect(0, 0, w, h);
  draw.fillStyle = "#000";
  draw.font = `${px}px sans-serif`;
  for (let line = 0; line < lines; line++) draw.fillText(text(line), 90, 120 + step * line);
  return grayFromRgba(draw.getImageData(0, 0, w, h).data, w, h);
}
