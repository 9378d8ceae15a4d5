// A scanned page's bars and ruled lines from its long level runs (issue #16, perf17; shared/documents/chart_shapes_runs.ts):
// the same shapes as the pixel-by-pixel passes (every pixel's run down its column, the page's core, its components
// labeled from a scan of the whole page), checked here against those passes written out plainly, on random masks and
// on drawn pages tilted as scans are.
import assert from "node:assert/strict";
import { createCanvas } from "@napi-rs/canvas";
import { grayFromRgba, labelComponents } from "../../../shared/documents/ocr_pixels.ts";
import {
  coreOf,
  downRuns,
  pageShapes,
  shearedInk,
  solidRun,
} from "../../../shared/documents/chart_raster.ts";
import { filledFromRuns, levelRuns, linesFromRuns } from "../../../shared/documents/chart_shapes_runs.ts";
import type { FilledBox } from "../../../shared/documents/pdf_shapes.ts";

/** A fixed linear congruential sequence in [0, 1). */
function sequence(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

/** A mask of random blocks, long thin rules and specks (1 = ink). */
function randomMask(w: number, h: number, seed: number): Uint8Array {
  const next = sequence(seed), mask = new Uint8Array(w * h);
  const fill = (x0: number, y0: number, bw: number, bh: number) => {
    for (let y = y0; y < Math.min(h, y0 + bh); y++) {
      for (let x = x0; x < Math.min(w, x0 + bw); x++) mask[y * w + x] = 1;
    }
  };
  for (let i = 0; i < 40; i++) {
    const kind = next();
    const x = Math.floor(next() * w), y = Math.floor(next() * h);
    if (kind < 0.4) fill(x, y, 2 + Math.floor(next() * 40), 2 + Math.floor(next() * 40)); // blocks, some touching
    else if (kind < 0.7) fill(x, y, 20 + Math.floor(next() * w), 1 + Math.floor(next() * 3)); // rules
    else fill(x, y, 1 + Math.floor(next() * 4), 1 + Math.floor(next() * 4)); // specks
  }
  return mask;
}

/** The filled shapes as the pixel-by-pixel passes find them: the whole page's core, labeled, each component's box. */
function filledByPixels(mask: Uint8Array, w: number, h: number, solid: number): FilledBox[] {
  const core = coreOf(mask, downRuns(mask, w, h), w, h, solid);
  const { labels, count } = labelComponents(core, w, h);
  const pixels = Array.from({ length: count + 1 }, () => ({ xs: [] as number[], ys: [] as number[] }));
  labels.forEach((c, i) => c && (pixels[c].xs.push(i % w), pixels[c].ys.push(Math.floor(i / w))));
  const out: FilledBox[] = [];
  for (let c = 1; c <= count; c++) {
    const { xs, ys } = pixels[c];
    const least = (vs: number[]) => vs.reduce((a, b) => Math.min(a, b)),
      most = (vs: number[]) => vs.reduce((a, b) => Math.max(a, b));
    const [x0, x1, y0, y1] = [least(xs), most(xs), least(ys), most(ys)];
    if (x1 - x0 + 1 < 2 * solid || y1 - y0 + 1 < solid) continue;
    // the span of the columns (rows) holding at least half of the fullest one's pixels
    const span = (values: number[], from: number, to: number) => {
      const counts = Array.from(
        { length: to - from + 1 },
        (_, k) => values.filter((v) => v === from + k).length,
      );
      const half = Math.max(...counts) / 2;
      const first = counts.findIndex((n) => n >= half), last = counts.findLastIndex((n) => n >= half);
      return [from + first, last - first + 1];
    };
    const [x, width] = span(xs, x0, x1), [y, height] = span(ys, y0, y1);
    let inCore = 0;
    for (let yy = y; yy < y + height; yy++) {
      for (let xx = x; xx < x + width; xx++) inCore += core[yy * w + xx];
    }
    if (inCore >= 0.8 * width * height) out.push({ x, y, width, height });
  }
  return out;
}

/** Level ruled lines as found row by row over every pixel (long runs thin along a fifth, joined, then merged). */
function linesByPixels(mask: Uint8Array, w: number, h: number, solid: number): FilledBox[] {
  const down = downRuns(mask, w, h), least = Math.round(w / 12);
  const found: { x0: number; x1: number; y0: number; y1: number }[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w;) {
      let end = x;
      while (end < w && mask[y * w + end]) end++;
      if (end === x) {
        x++;
        continue;
      }
      const thin = Array.from({ length: end - x }, (_, k) =>
        down[y * w + x + k]).filter((n) => n < solid).length;
      if (end - x >= least && thin * 5 >= end - x) {
        const above = found.find((l) => l.y1 === y - 1 && l.x0 < end && x < l.x1);
        if (above) Object.assign(above, { y1: y, x0: Math.min(above.x0, x), x1: Math.max(above.x1, end) });
        else found.push({ x0: x, x1: end, y0: y, y1: y });
      }
      x = end;
    }
  }
  const merged: typeof found = [];
  for (const l of found.filter((f) => f.y1 - f.y0 < solid).sort((a, b) => a.x0 - b.x0)) {
    const m = merged.find((o) =>
      Math.abs(o.y0 + o.y1 - l.y0 - l.y1) <= 4 && l.x0 <= o.x1 + solid && o.x0 <= l.x1 + solid
    );
    if (m) {
      Object.assign(m, {
        x0: Math.min(m.x0, l.x0),
        x1: Math.max(m.x1, l.x1),
        y0: Math.min(m.y0, l.y0),
        y1: Math.max(m.y1, l.y1),
      });
    } else merged.push({ ...l });
  }
  return merged.map((l) => ({ x: l.x0, y: (l.y0 + l.y1) / 2, width: l.x1 - l.x0, height: 1 }));
}

Deno.test("levelRuns: a pixel's run down its column is counted for the long runs' pixels only, as downRuns counts it", () => {
  for (const seed of [1, 2, 3]) {
    const w = 300, h = 200, mask = randomMask(w, h, seed);
    const level = levelRuns(mask, w, h, 5);
    const all = downRuns(mask, w, h);
    const inRuns = new Uint8Array(w * h);
    for (let r = 0; r < level.count; r++) {
      const [y, x0, x1] = level.runs.subarray(3 * r, 3 * r + 3);
      assert.ok(x1 - x0 >= 5 && mask[y * w + x0] && (x0 === 0 || !mask[y * w + x0 - 1]), `run ${r}`);
      for (let x = x0; x < x1; x++) inRuns[y * w + x] = 1;
    }
    let counted = 0, skipped = 0;
    for (let i = 0; i < w * h; i++) {
      if (inRuns[i]) assert.equal(level.down[i], all[i], `pixel ${i}`), counted++;
      else if (mask[i] && !level.down[i]) skipped++;
    }
    assert.ok(
      counted > 100 && skipped > 0,
      `seed ${seed}: ${counted} counted, ${skipped} ink pixels not looked at`,
    );
  }
});

Deno.test("filledFromRuns, linesFromRuns: the shapes the pixel-by-pixel passes find, on random masks", () => {
  for (const seed of [4, 5, 6, 7, 8]) {
    const w = 240, h = 180, solid = 5, mask = randomMask(w, h, seed);
    const level = levelRuns(mask, w, h, Math.min(solid, Math.round(w / 12)));
    const filled = filledFromRuns(level, w, h, solid, 2_000);
    assert.deepEqual(filled, filledByPixels(mask, w, h, solid), `seed ${seed}`);
    assert.deepEqual(linesFromRuns(level, w, solid, 2_000), linesByPixels(mask, w, h, solid), `seed ${seed}`);
    assert.ok(filled.length > 0, `seed ${seed}: some shapes`);
  }
});

/** A page at 150 dpi drawn as a scan: a title, text, a logo block, a bar chart over gridlines, a table's rules. */
function drawnPage(tilt: number) {
  const width = 1275, height = 1650;
  const c = createCanvas(width, height);
  const ctx = c.getContext("2d");
  ctx.fillStyle = "#f4f3ef";
  ctx.fillRect(0, 0, width, height);
  ctx.translate(width / 2, height / 2);
  ctx.rotate((tilt * Math.PI) / 180);
  ctx.translate(-width / 2, -height / 2);
  ctx.fillStyle = "#1d3557";
  ctx.fillRect(70, 50, 120, 80);
  ctx.fillStyle = "#222";
  ctx.font = "bold 30px sans-serif";
  ctx.fillText("Riverbend Power & Light", 210, 100);
  ctx.font = "18px sans-serif";
  for (let i = 0; i < 12; i++) {
    ctx.fillText(`Line ${i + 1}: Energy charge 412 kWh at $0.1123 = $46.27`, 70, 200 + 28 * i);
  }
  ctx.fillStyle = "#7a8fa8";
  [310, 420, 380, 505, 290, 350, 460, 430].forEach((v, i) =>
    ctx.fillRect(200 + 70 * i, 1000 - v / 2, 46, v / 2)
  );
  ctx.strokeStyle = "#444";
  ctx.lineWidth = 1.5;
  for (let y = 1000; y >= 750; y -= 50) {
    ctx.beginPath();
    ctx.moveTo(180, y);
    ctx.lineTo(780, y);
    ctx.stroke();
  }
  ctx.lineWidth = 3;
  ctx.strokeRect(70, 1150, 1100, 300);
  return grayFromRgba(c.data(), width, height);
}

Deno.test("pageShapes: on drawn pages tilted as scans are, the shapes the pixel-by-pixel passes find", () => {
  for (const tilt of [0, -0.7, 1.2]) {
    const page = drawnPage(tilt), slope = Math.tan((tilt * Math.PI) / 180);
    const shapes = pageShapes(page, slope);
    const { mask, height } = shearedInk(page, slope);
    const solid = solidRun(page.width);
    assert.deepEqual(shapes.filled, filledByPixels(mask, page.width, height, solid), `tilt ${tilt}`);
    assert.deepEqual(shapes.lines, linesByPixels(mask, page.width, height, solid), `tilt ${tilt}`);
    assert.ok(shapes.filled.filter((b) => b.width > 40).length >= 8, `tilt ${tilt}: the bars and the logo`);
    assert.ok(shapes.lines.length >= 6, `tilt ${tilt}: the gridlines and the table's rules`);
  }
});

Deno.test("shearedInk: row y' + offset holds the page's pixel at y = y' + round(slope × x), at every slope", () => {
  const page = drawnPage(0.4);
  const threshold = 180;
  for (const slope of [0, 0.0031, -0.012, 0.05, -0.2]) {
    const { mask, height, offset } = shearedInk(page, slope, threshold);
    const { width: w, height: h, data } = page;
    for (let r = 0; r < height; r += 7) {
      for (let x = 0; x < w; x++) {
        const y = r + Math.round(slope * x) - offset;
        const ink = y >= 0 && y < h && data[y * w + x] < threshold ? 1 : 0;
        if (mask[r * w + x] !== ink) assert.fail(`slope ${slope}: row ${r}, column ${x}`);
      }
    }
  }
});
