// Makes a phone-photo-like image of a rendered page (seeded): the page seen at an angle (a perspective warp,
// a slight turn) on a darker textured background (a table), a mild page curl, a lighting gradient and a soft
// shadow across it, a little blur and sensor noise, at a phone's resolution (the page 1150-1550 px tall),
// saved as a JPEG at quality ~70.
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { homography, type Point } from "../../shared/documents/ocr_perspective.ts";
import type { Rng } from "./random_bill.ts";

const between = (r: Rng, lo: number, hi: number) => lo + r.next() * (hi - lo);

/** `png`: the page rendered (any resolution, about 200 dpi is plenty). */
export async function phonePhoto(png: Uint8Array, r: Rng): Promise<Uint8Array> {
  const img = await loadImage(png);
  // the frame: 3:4 portrait, the page 1200-1600 px tall filling 72-88 % of its height
  const pageH = r.int(1200, 1600);
  const H = Math.round(pageH / between(r, 0.72, 0.88)), W = Math.round(H * 0.75);
  const pageW = pageH * img.width / img.height;
  // the page pre-scaled near its size in the frame (the canvas filters the downscale; the warp then samples
  // without aliasing)
  const pw = Math.round(pageW * 1.15), ph = Math.round(pageH * 1.15);
  const pc = createCanvas(pw, ph);
  const pctx = pc.getContext("2d");
  pctx.fillStyle = "#fff";
  pctx.fillRect(0, 0, pw, ph);
  pctx.drawImage(img, 0, 0, pw, ph);
  const page = pctx.getImageData(0, 0, pw, ph).data;
  // where the page's corners land: a centred rectangle, turned a little, each corner moved (perspective)
  const cx = W / 2 + between(r, -0.04, 0.04) * W, cy = H / 2 + between(r, -0.03, 0.03) * H;
  const turn = between(r, -4, 4) * Math.PI / 180;
  const jitter = () => between(r, -0.045, 0.045) * pageW;
  // a tilt towards the top or the bottom (keystone): one edge shorter than the other
  const keystone = between(r, -0.08, 0.08) * pageW;
  const corners: Point[] = [
    [-pageW / 2 + keystone, -pageH / 2],
    [pageW / 2 - keystone, -pageH / 2],
    [pageW / 2 + keystone / 2, pageH / 2],
    [-pageW / 2 - keystone / 2, pageH / 2],
  ].map(([x, y]) => {
    const jx = x + jitter(), jy = y + jitter();
    return {
      x: cx + jx * Math.cos(turn) - jy * Math.sin(turn),
      y: cy + jx * Math.sin(turn) + jy * Math.cos(turn),
    };
  });
  const back = homography(corners, [{ x: 0, y: 0 }, { x: pw, y: 0 }, { x: pw, y: ph }, { x: 0, y: ph }])!;
  // the table: a base colour, slow blotches and fine grain
  const base = [r.int(70, 150), r.int(55, 120), r.int(40, 100)];
  const waves = Array.from(
    { length: 3 },
    () => [between(r, 0.002, 0.02), between(r, 0, 6.3), between(r, -1, 1)],
  );
  // light: a gradient across the frame and a soft shadow (a hand or the phone) over one side
  const light0 = between(r, 0.8, 1), lx = between(r, -0.25, 0.25), ly = between(r, -0.25, 0.25);
  const shadowAngle = between(r, 0, 2 * Math.PI);
  const sdx = Math.cos(shadowAngle), sdy = Math.sin(shadowAngle);
  const shadowAt = between(r, 0.25, 0.45) * Math.min(W, H), shadowDepth = between(r, 0.12, 0.3);
  const shadowSoft = between(r, 40, 120);
  // the page curls a little along its width (lines bow up or down by a few pixels)
  const curl = between(r, -0.012, 0.012) * ph;
  const paper = [r.int(236, 252), r.int(234, 250), r.int(226, 244)];
  const out = new Uint8ClampedArray(W * H * 4);
  const [a, b, c, d, e, f, g, h] = back;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const w = g * x + h * y + 1;
      const sx = (a * x + b * y + c) / w;
      let sy = (d * x + e * y + f) / w;
      const u = sx / pw;
      sy += curl * 4 * (u - 0.5) * (u - 0.5);
      let rgb: number[];
      if (sx >= 0 && sy >= 0 && sx < pw - 1 && sy < ph - 1) {
        const x0 = Math.floor(sx), y0 = Math.floor(sy), fx = sx - x0, fy = sy - y0;
        rgb = [0, 1, 2].map((k) => {
          const i = (y0 * pw + x0) * 4 + k;
          const top = page[i] + (page[i + 4] - page[i]) * fx;
          const bottom = page[i + pw * 4] + (page[i + pw * 4 + 4] - page[i + pw * 4]) * fx;
          return (top + (bottom - top) * fy) * paper[k] / 255;
        });
      } else {
        let blotch = 0;
        for (const [fr, ph0, dir] of waves) blotch += Math.sin(fr * (x + dir * y) + ph0);
        rgb = base.map((v) => v * (1 + 0.08 * blotch) + between(r, -10, 10));
      }
      const along = (x - W / 2) * sdx + (y - H / 2) * sdy;
      const shade = 1 - shadowDepth / (1 + Math.exp(-(along - shadowAt) / shadowSoft));
      const light = (light0 + lx * (x / W - 0.5) + ly * (y / H - 0.5)) * shade;
      const o = (y * W + x) * 4;
      for (let k = 0; k < 3; k++) out[o + k] = rgb[k] * light + between(r, -5, 5);
      out[o + 3] = 255;
    }
  }
  blur(out, W, H);
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext("2d");
  const data = ctx.createImageData(W, H);
  data.data.set(out);
  ctx.putImageData(data, 0, 0);
  return new Uint8Array(canvas.toBuffer("image/jpeg", between(r, 65, 75)));
}

/** A [1 2 1]² blur (a slightly soft focus), in place. */
function blur(px: Uint8ClampedArray, w: number, h: number) {
  const tmp = new Float32Array(px.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const l = Math.max(0, x - 1), rr = Math.min(w - 1, x + 1);
      for (let k = 0; k < 3; k++) {
        tmp[(y * w + x) * 4 + k] =
          (px[(y * w + l) * 4 + k] + 2 * px[(y * w + x) * 4 + k] + px[(y * w + rr) * 4 + k]) / 4;
      }
    }
  }
  for (let y = 0; y < h; y++) {
    const u = Math.max(0, y - 1), dn = Math.min(h - 1, y + 1);
    for (let x = 0; x < w; x++) {
      for (let k = 0; k < 3; k++) {
        px[(y * w + x) * 4 + k] =
          (tmp[(u * w + x) * 4 + k] + 2 * tmp[(y * w + x) * 4 + k] + tmp[(dn * w + x) * 4 + k]) /
          4;
      }
    }
  }
}
