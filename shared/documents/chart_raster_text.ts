// The words of a scanned chart, read again (issue #11, scancharts). Tesseract's page layout takes a bar chart for a
// picture and drops most of the words around it: on a scanned bill whose text PDF prints "900 600 300 0" up the
// axis and thirteen month labels under the bars, the page reading kept "Jan Feb Apr May" and no tick. Where the
// page's pixels hold a row of bars (chart_raster.ts: six or more filled boxes of one width, ±30%, standing on one
// baseline, side by side at most two bar spacings apart; or such a column of horizontal bars starting at one x),
// the chart's region — for vertical bars three spacings left of the first bar (the axis's ticks), one right of the
// last, up to 1.6 times the tallest bar over the baseline (the top tick), 1.3 spacings under it (the labels and their
// years); for horizontal ones five spacings left (the labels), 2.5 over and under (the ticks), 1.6 times the longest
// bar right — is cut out with its bars and ruled lines whited out and read again as one block;
// its words are put where they lie on the page, in place of the page reading's words they overlap (read beside the
// bars; a word the page read alone more confidently keeps the page's text, in the sheet's line). The page
// reading's other words stay as read. Pure pixel and box code: ocr.ts reads.
import type { FilledBox } from "./pdf_shapes.ts";
import type { Box, Gray } from "./ocr_pixels.ts";
import type { PageShapes } from "./chart_raster.ts";

type Word = { text: string; confidence: number; bbox: Box };
type Line = { bbox: Box; words: Word[] };

/**
 * Rows of bars: six or more boxes of one width (±30%, `thick`) on one line (`foot`), side by side (`along`) at most
 * 2.2 of their spacing apart, not all of one length (`long`: the longest at least 1.2 times the shortest).
 */
function barRows(
  boxes: FilledBox[],
  foot: (b: FilledBox) => number,
  along: (b: FilledBox) => number,
  thick: (b: FilledBox) => number,
  long: (b: FilledBox) => number,
  tolerance: number,
): FilledBox[][] {
  const rows: FilledBox[][] = [];
  for (const b of boxes) {
    const row = rows.find((r) => Math.abs(foot(r[0]) - foot(b)) <= tolerance);
    if (row) row.push(b);
    else rows.push([b]);
  }
  return rows.filter((row) => {
    if (row.length < 6) return false;
    row.sort((a, b) => along(a) - along(b));
    const w = median(row.map(thick));
    if (row.some((b) => Math.abs(thick(b) - w) > 0.3 * w)) return false;
    // a chart's bars differ in length; a row of equal boxes is a table's shaded cells or a form's boxes
    const lengths = row.map(long);
    if (Math.max(...lengths) < 1.2 * Math.min(...lengths)) return false;
    const steps = row.slice(1).map((b, i) => along(b) - along(row[i]));
    const spacing = median(steps);
    return spacing > w && Math.max(...steps) <= 2.2 * spacing;
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The region (sheared frame, see chart_raster.ts) of the page's first row of vertical bars — or, without one, of
 * its first column of horizontal bars (labels left of them, ticks under or over them) — or undefined.
 */
export function barChartRegion(shapes: PageShapes, width: number, height: number): FilledBox | undefined {
  const boxes = shapes.filled;
  const clip = (x0: number, y0: number, x1: number, y1: number) => {
    const [cx0, cy0] = [Math.max(0, Math.round(x0)), Math.max(0, Math.round(y0))];
    const [cx1, cy1] = [Math.min(width, Math.round(x1)), Math.min(height + shapes.offset, Math.round(y1))];
    return { x: cx0, y: cy0, width: cx1 - cx0, height: cy1 - cy0 };
  };
  const upright = barRows(
    boxes.filter((b) => b.width <= width / 8),
    (b) => b.y + b.height,
    (b) => b.x,
    (b) => b.width,
    (b) => b.height,
    shapes.solid,
  )[0];
  if (upright) {
    const spacing = median(upright.slice(1).map((b, i) => b.x - upright[i].x));
    const base = Math.max(...upright.map((b) => b.y + b.height));
    const tallest = Math.max(...upright.map((b) => b.height));
    const last = upright.at(-1)!;
    // the axis's ticks left of the first bar and up to its top tick — the highest ruled line across the bars, within
    // 1.6 times the tallest bar, else the tallest bar's top — the labels and their years under the bars
    const top = Math.min(
      ...upright.map((b) => b.y),
      ...shapes.lines.filter((l) =>
        l.x <= upright[0].x + spacing && l.x + l.width >= last.x && l.y >= base - 1.6 * tallest
      ).map((l) => l.y),
    );
    return clip(
      upright[0].x - 3 * spacing,
      top - spacing,
      last.x + last.width + spacing,
      base + 1.3 * spacing,
    );
  }
  const lying = barRows(
    boxes.filter((b) => b.height <= width / 8),
    (b) => b.x,
    (b) => b.y,
    (b) => b.height,
    (b) => b.width,
    shapes.solid,
  )[0];
  if (!lying) return undefined;
  const spacing = median(lying.slice(1).map((b, i) => b.y - lying[i].y));
  const left = Math.min(...lying.map((b) => b.x));
  const longest = Math.max(...lying.map((b) => b.width));
  // the labels left of the bars, the ticks under (or over) them up to past the longest bar
  return clip(
    left - 5 * spacing,
    lying[0].y - 2.5 * spacing,
    left + Math.max(1.6 * longest, longest + 2 * spacing),
    lying.at(-1)!.y + lying.at(-1)!.height + 2.5 * spacing,
  );
}

/**
 * The page's pixels under the chart's region with its filled shapes and ruled lines whited out, and where the
 * sheet's top left corner lies on the page.
 */
export function chartSheet(
  page: Gray,
  shapes: PageShapes,
  region: FilledBox,
): { sheet: Gray; x0: number; y0: number } {
  const dy = (x: number) => Math.round(shapes.slope * x) - shapes.offset;
  const x0 = region.x, x1 = region.x + region.width;
  const y0 = Math.max(0, region.y + Math.min(dy(x0), dy(x1)));
  const y1 = Math.min(page.height, region.y + region.height + Math.max(dy(x0), dy(x1)));
  const w = x1 - x0, h = Math.max(0, y1 - y0);
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    data.set(page.data.subarray((y0 + y) * page.width + x0, (y0 + y) * page.width + x1), y * w);
  }
  const pad = 2;
  for (const b of [...shapes.filled, ...shapes.lines]) {
    const grow = b.height <= 1 ? Math.ceil(shapes.solid / 2) : pad;
    for (let x = Math.max(x0, Math.floor(b.x) - pad); x < Math.min(x1, Math.ceil(b.x + b.width) + pad); x++) {
      const from = Math.floor(b.y) - grow + dy(x) - y0, to = Math.ceil(b.y + b.height) + grow + dy(x) - y0;
      for (let y = Math.max(0, from); y < Math.min(h, to); y++) data[y * w + x - x0] = 255;
    }
  }
  return { sheet: { width: w, height: h, data }, x0, y0 };
}

const overlaps = (a: Box, b: Box) => {
  const ix = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0), iy = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return ix > 0 && iy > 0;
};

/**
 * The page's lines with the sheet's words that no page word overlaps added, placed on the page (the sheet's lines
 * moved by x0, y0); words at the sheet's edge (cut by it) and words without a letter or digit are left out.
 */
export function withChartWords<L extends Line>(
  lines: L[],
  read: Line[],
  x0: number,
  y0: number,
  w: number,
  h: number,
): Line[] {
  const words = lines.flatMap((l) => l.words);
  const added: Line[] = [];
  for (const l of read) {
    const kept = l.words.filter((wd) =>
      /[A-Za-z0-9]/.test(wd.text) && wd.bbox.x0 > 1 && wd.bbox.y0 > 1 && wd.bbox.x1 < w - 1 &&
      wd.bbox.y1 < h - 1
    ).map((wd) => ({
      ...wd,
      bbox: { x0: wd.bbox.x0 + x0, x1: wd.bbox.x1 + x0, y0: wd.bbox.y0 + y0, y1: wd.bbox.y1 + y0 },
    }));
    if (!kept.length) continue;
    const bbox = {
      x0: Math.min(...kept.map((wd) => wd.bbox.x0)),
      y0: Math.min(...kept.map((wd) => wd.bbox.y0)),
      x1: Math.max(...kept.map((wd) => wd.bbox.x1)),
      y1: Math.max(...kept.map((wd) => wd.bbox.y1)),
    };
    added.push({ bbox, words: kept });
  }
  // the page's words the sheet read again give way to the sheet's reading (read without the bars beside them) —
  // but for its text where the page read the word alone and more confidently: the sheet's line keeps the word
  const sheetBoxes = added.flatMap((l) => l.words.map((wd) => wd.bbox));
  for (const l of added) {
    l.words = l.words.map((wd) => {
      const under = words.filter((p) => overlaps(p.bbox, wd.bbox));
      return under.length === 1 && under[0].confidence > wd.confidence
        ? { ...wd, text: under[0].text, confidence: under[0].confidence }
        : wd;
    });
  }
  const kept = lines.map((l) => ({
    ...l,
    words: l.words.filter((wd) => !sheetBoxes.some((b) => overlaps(b, wd.bbox))),
  }))
    .filter((l) => l.words.length);
  return [...kept, ...added];
}
