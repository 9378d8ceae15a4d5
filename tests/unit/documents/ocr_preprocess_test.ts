// Image preparation before OCR (shared/documents/ocr_preprocess.ts), on pixels drawn here.
import assert from "node:assert/strict";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { withBands } from "../../../shared/documents/ocr.ts";
import {
  bandSheet,
  dropSmallComponents,
  encodePgm,
  estimateSkew,
  type Gray,
  grayFromRgba,
  invertDarkRegions,
  looksSideways,
  normalizeBackground,
  prepareForOcr,
  quarterTurn,
  shrink,
  skewSearchStats,
} from "../../../shared/documents/ocr_preprocess.ts";

const TEXT = [
  "Account Number 4417 2290 55 Statement Date March 3, 2025",
  "Service address 18 Orchard Lane, Dunedin FL 34698",
  "Total kWh used this period 1,059 at 14.2 cents per kWh",
  "Amount due by April 2, 2025 is $182.44 including taxes",
];

/** A letter-like page of text lines, optionally drawn turned by `deg` degrees about its centre. */
function page(deg = 0, w = 1275, h = 1650): Gray {
  const c = createCanvas(w, h);
  const ctx = c.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, w, h);
  ctx.translate(w / 2, h / 2);
  ctx.rotate((deg * Math.PI) / 180);
  ctx.translate(-w / 2, -h / 2);
  ctx.fillStyle = "#000";
  ctx.font = "22px sans-serif";
  for (let i = 0; i < 40; i++) ctx.fillText(TEXT[i % TEXT.length], 90, 120 + i * 34);
  return grayFromRgba(ctx.getImageData(0, 0, w, h).data, w, h);
}

const at = (g: Gray, x: number, y: number) => g.data[y * g.width + x];

Deno.test("invertDarkRegions: a dark band with light letters becomes paper with dark letters, without a dark frame", () => {
  const w = 600, h = 300;
  const data = new Uint8Array(w * h).fill(235); // paper
  for (let y = 100; y < 160; y++) for (let x = 40; x < 560; x++) data[y * w + x] = 70; // the band
  for (let y = 118; y < 142; y++) { // light "letters" in it: 4-pixel strokes every 14 pixels
    for (let x = 80; x < 520; x++) if (x % 14 < 4) data[y * w + x] = 230;
  }
  for (let y = 220; y < 244; y++) for (let x = 80; x < 520; x++) if (x % 14 < 3) data[y * w + x] = 30; // dark text below
  const { gray, inverted, bands } = invertDarkRegions({ width: w, height: h, data }, 6);
  assert.ok(inverted > 0.05 && inverted < 0.3, String(inverted));
  assert.equal(bands.length, 1);
  const [b] = bands;
  assert.ok(
    Math.abs(b.y0 - 100) <= 6 && Math.abs(b.y1 - 160) <= 6 && b.x0 <= 80 && b.x1 >= 520,
    JSON.stringify(b),
  );
  assert.ok(at(gray, 300, 110) > 200, `band background ${at(gray, 300, 110)}`);
  assert.ok(at(gray, 85, 130) < 60, `a letter in the band ${at(gray, 85, 130)}`);
  // paper right at the band's edge stays paper; the dark text elsewhere stays dark
  assert.ok(at(gray, 300, 96) > 200 && at(gray, 30, 130) > 200, `${at(gray, 300, 96)} ${at(gray, 30, 130)}`);
  assert.equal(at(gray, 85, 230), 30);
  assert.equal(at(gray, 300, 280), 235);
});

Deno.test("invertDarkRegions: ordinary dark text on paper, even bold, is left alone", () => {
  const w = 600, h = 200;
  const data = new Uint8Array(w * h).fill(240);
  for (let y = 80; y < 110; y++) for (let x = 50; x < 300; x++) if (x % 16 < 8) data[y * w + x] = 20; // bold strokes
  const { gray, inverted } = invertDarkRegions({ width: w, height: h, data }, 6);
  assert.equal(inverted, 0);
  assert.deepEqual(gray.data, data);
});

Deno.test("normalizeBackground: uneven light becomes white paper, the ink stays dark", () => {
  const w = 400, h = 300;
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) data[y * w + x] = 110 + Math.round((x / w) * 120); // dim left, bright right
  }
  for (let y = 140; y < 160; y++) for (let x = 20; x < 380; x += 10) data[y * w + x] = 30;
  const g = normalizeBackground({ width: w, height: h, data }, 8);
  assert.ok(at(g, 5, 50) > 240 && at(g, 395, 50) > 240, `${at(g, 5, 50)} ${at(g, 395, 50)}`);
  assert.ok(at(g, 20, 150) < 90, String(at(g, 20, 150)));
});

Deno.test("estimateSkew: the angle of a page photographed slightly turned", () => {
  for (const deg of [-2.3, 1.5]) {
    const est = (estimateSkew(page(deg)) * 180) / Math.PI;
    assert.ok(Math.abs(est - deg) < 0.3, `${deg}° estimated as ${est.toFixed(2)}°`);
  }
  assert.ok(Math.abs(estimateSkew(page(0))) < 0.003);
});

Deno.test("estimateSkew's early exit: a straight page costs the coarse pass only and is left untouched; a page turned 4° is still measured and deskewed", () => {
  const exitBelow = (3 * Math.PI) / 180;
  const straight = page(0);
  assert.equal(estimateSkew(straight, undefined, exitBelow), 0);
  // 13 whole-degree profiles on a quarter of the ink instead of 13 + the finer passes over all of it
  assert.equal(skewSearchStats.profiles, 13);
  estimateSkew(straight);
  assert.ok(skewSearchStats.profiles > 20, `full search: ${skewSearchStats.profiles} profiles`);
  const kept = prepareForOcr(straight);
  assert.equal(kept.slope, 0);
  assert.equal(kept.gray, straight); // the very same pixels
  // inside prepareForOcr the coarse pass is the sideways check's own row profiles: no profile more
  assert.equal(skewSearchStats.profiles, 0);

  const turned = page(4);
  const est = (estimateSkew(turned, undefined, exitBelow) * 180) / Math.PI;
  assert.ok(Math.abs(est - 4) < 0.3, `4° estimated as ${est.toFixed(2)}°`);
  const p = prepareForOcr(turned);
  const taken = (Math.atan(p.slope) * 180) / Math.PI;
  assert.ok(Math.abs(taken - 4) < 0.3, `4° taken out as ${taken.toFixed(2)}°`);
  assert.ok(Math.abs(estimateSkew(p.gray)) < (0.5 * Math.PI) / 180, "the page is level after the shear");
});

Deno.test("looksSideways: text running up or down the page, not text across it", async () => {
  const img = await loadImage(
    Deno.readFileSync(new URL("../../fixtures/bills/synthetic/comed-04-p1.png", import.meta.url)),
  );
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext("2d");
  ctx.drawImage(img, 0, 0);
  const upright = grayFromRgba(ctx.getImageData(0, 0, img.width, img.height).data, img.width, img.height);
  assert.equal(looksSideways(upright), false);
  assert.equal(looksSideways(quarterTurn(upright, 1)), true);
  assert.equal(looksSideways(quarterTurn(upright, 3)), true);
  const p = prepareForOcr(quarterTurn(upright, 1));
  assert.equal(p.turns, 1);
  assert.equal(p.gray.width, upright.width);
});

Deno.test("quarterTurn, dropSmallComponents and encodePgm", () => {
  const g: Gray = { width: 3, height: 2, data: Uint8Array.from([1, 2, 3, 4, 5, 6]) };
  assert.deepEqual([...quarterTurn(g, 1).data], [4, 1, 5, 2, 6, 3]);
  assert.deepEqual(quarterTurn(quarterTurn(g, 1), 3), g);
  assert.deepEqual([...quarterTurn(g, 2).data], [6, 5, 4, 3, 2, 1]);
  const mask = Uint8Array.from([0, 0, 0, 1, 1, 1, 0, 0, 1, 1, 0, 0]); // 4×3: a lone pixel and a 2×2 block
  dropSmallComponents(mask, 4, 3, 3);
  assert.deepEqual([...mask], [0, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0]);
  const pgm = encodePgm(g);
  assert.equal(new TextDecoder().decode(pgm.slice(0, 11)), "P5\n3 2\n255\n");
  assert.deepEqual([...pgm.slice(11)], [1, 2, 3, 4, 5, 6]);
});

Deno.test("bandSheet and withBands: a band is read from its cut-out and its words land back on the page", () => {
  const w = 600, h = 300;
  const data = new Uint8Array(w * h).fill(235);
  for (let y = 100; y < 160; y++) for (let x = 40; x < 560; x++) data[y * w + x] = 70;
  for (let y = 118; y < 142; y++) for (let x = 80; x < 520; x++) if (x % 14 < 4) data[y * w + x] = 230;
  const sheet = bandSheet({ width: w, height: h, data })!;
  assert.equal(sheet.bands.length, 1);
  const { box, sheetX, sheetY } = sheet.bands[0];
  // the cut-out: dark letters on paper at the band's place on the sheet
  assert.ok(at(sheet.sheet, sheetX + 84 - box.x0, sheetY + 130 - box.y0) < 60);
  assert.ok(at(sheet.sheet, sheetX + 300 - box.x0, sheetY + 110 - box.y0) > 200);
  const word = (text: string, x0: number, y0: number, x1: number, y1: number) => ({
    text,
    confidence: 90,
    bbox: { x0, y0, x1, y1 },
  });
  const page = {
    confidence: 80,
    lines: [
      { bbox: { x0: 80, y0: 120, x1: 200, y1: 140 }, words: [word("RIL", 80, 120, 200, 140)] }, // a garbled band word
      { bbox: { x0: 80, y0: 220, x1: 300, y1: 240 }, words: [word("Total", 80, 220, 140, 240)] },
    ],
  };
  const bx = sheetX + 80 - box.x0, by = sheetY + 120 - box.y0;
  const read = {
    confidence: 90,
    lines: [{
      bbox: { x0: bx, y0: by, x1: bx + 200, y1: by + 20 },
      words: [word("APRIL", bx, by, bx + 200, by + 20)],
    }],
  };
  const merged = withBands(page, sheet, read);
  const words = merged.lines.flatMap((l) => l.words.map((w) => `${w.text}@${w.bbox.x0},${w.bbox.y0}`)).sort();
  assert.deepEqual(words, ["APRIL@80,120", "Total@80,220"]);
});

Deno.test("invertDarkRegions: bands touching the page's right and bottom edges (odd size) are inverted to the last pixel; the paper between two bands is left alone", () => {
  const w = 601, h = 401;
  const data = new Uint8Array(w * h).fill(235);
  const band = (y0: number, y1: number, x0: number) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < w; x++) data[y * w + x] = 70;
    for (let y = y0 + 18; y < y1 - 18; y++) {
      for (let x = x0 + 40; x < w - 40; x++) if (x % 14 < 4) data[y * w + x] = 230;
    }
  };
  band(20, 80, 41); // top, running off the right edge
  band(h - 60, h, 41); // bottom-right corner
  const { gray, bands, mask } = invertDarkRegions({ width: w, height: h, data }, 6);
  assert.equal(bands.length, 2);
  assert.ok(mask);
  assert.deepEqual(bands.map((b) => [b.x1, b.y1 === h]), [[w, false], [w, true]]);
  assert.equal(mask[(h - 1) * w + w - 1], 1, "the band's last pixel");
  assert.ok(at(gray, w - 1, h - 1) > 200, `band background at the corner ${at(gray, w - 1, h - 1)}`);
  assert.ok(at(gray, 300, 90) === 235 && at(gray, 300, 200) === 235, "paper between the bands");
  assert.ok(at(gray, 10, 50) === 235, "paper left of a band");
});

Deno.test("grayFromRgba: opaque pixels give their luma; a transparent pixel is white (alpha over white)", () => {
  const rgba = new Uint8Array([255, 0, 0, 255, 10, 200, 30, 255, 0, 0, 0, 0, 0, 0, 0, 128]);
  const g = grayFromRgba(rgba, 4, 1);
  assert.deepEqual([...g.data], [(77 * 255) >> 8, (77 * 10 + 150 * 200 + 29 * 30) >> 8, 255, 127]);
  // the same pixels not aligned on 4 bytes (read byte by byte), and as a clamped array
  const unaligned = new Uint8Array(rgba.length + 1).subarray(1);
  unaligned.set(rgba);
  assert.deepEqual([...grayFromRgba(unaligned, 4, 1).data], [...g.data]);
  assert.deepEqual([...grayFromRgba(new Uint8ClampedArray(rgba), 4, 1).data], [...g.data]);
});

Deno.test("shrink: each pixel the mean (rounded down) of its f×f block; an odd last row and column are left out", () => {
  const g: Gray = {
    width: 7,
    height: 5,
    data: Uint8Array.from({ length: 35 }, (_, i) => (i * 73 + 11) % 256),
  };
  for (const f of [2, 3]) {
    const s = shrink(g, f);
    assert.equal(s.width, Math.floor(7 / f));
    assert.equal(s.height, Math.floor(5 / f));
    for (let y = 0; y < s.height; y++) {
      for (let x = 0; x < s.width; x++) {
        let sum = 0;
        for (let dy = 0; dy < f; dy++) for (let dx = 0; dx < f; dx++) sum += at(g, x * f + dx, y * f + dy);
        assert.equal(at(s, x, y), Math.floor(sum / (f * f)), `f=${f} at ${x},${y}`);
      }
    }
  }
});
