// Vector charts drawn with pdf-lib primitives (crisp at any zoom, text stays selectable).
import { type PDFFont, type PDFPage, type RGB, rgb } from "pdf-lib";
import { compact } from "../format.ts";

export interface Box {
  x: number;
  y: number; // bottom
  width: number;
  height: number;
}

const AXIS = rgb(0.45, 0.47, 0.5);
const GRID = rgb(0.88, 0.89, 0.91);
const LABEL = rgb(0.3, 0.32, 0.35);

/**
 * How far above the largest value the axis's top line is, at least, as a share of that value (rates19): a flat
 * 1,000 kWh year drew every bar up to the top line at 1k, which reads as a chart's maximum, not as a level.
 */
export const CHART_HEADROOM = 0.1;

/** A round axis maximum and step for values up to `max`, the top line at least CHART_HEADROOM above it. */
export function niceScale(max: number, ticks = 5): { top: number; step: number } {
  if (!(max > 0)) return { top: 1, step: 0.2 };
  const raw = max / ticks;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw)!;
  // Rounded first: 1,000 × 1.1 is 1100.0000000000002 in floating point, which would take a step more.
  const wanted = Number((max * (1 + CHART_HEADROOM)).toPrecision(12));
  return { top: Math.ceil(wanted / step) * step, step };
}

function axes(
  page: PDFPage,
  font: PDFFont,
  box: Box,
  top: number,
  step: number,
  fmt: (v: number) => string,
  plotX: number,
) {
  for (let v = 0; v <= top + 1e-9; v += step) {
    const y = box.y + (v / top) * box.height;
    page.drawLine({
      start: { x: plotX, y },
      end: { x: box.x + box.width, y },
      thickness: v === 0 ? 0.8 : 0.4,
      color: v === 0 ? AXIS : GRID,
    });
    const label = fmt(v);
    page.drawText(label, {
      x: plotX - 4 - font.widthOfTextAtSize(label, 7),
      y: y - 2.5,
      size: 7,
      font,
      color: LABEL,
    });
  }
}

/** Vertical bars with category labels; `muted[i]` draws bar i lighter (estimated values). */
export function barChart(
  page: PDFPage,
  font: PDFFont,
  box: Box,
  values: number[],
  labels: string[],
  color: RGB,
  muted: boolean[] = [],
  fmt = compact,
) {
  const { top, step } = niceScale(Math.max(...values, 0));
  const plotX = box.x + 30;
  axes(page, font, box, top, step, fmt, plotX);
  const slot = (box.x + box.width - plotX) / values.length;
  const light = rgb(
    color.red + (1 - color.red) * 0.6,
    color.green + (1 - color.green) * 0.6,
    color.blue + (1 - color.blue) * 0.6,
  );
  values.forEach((v, i) => {
    const h = (v / top) * box.height;
    const x = plotX + i * slot + slot * 0.18;
    if (h > 0) {
      page.drawRectangle({ x, y: box.y, width: slot * 0.64, height: h, color: muted[i] ? light : color });
    }
    const l = labels[i];
    page.drawText(l, {
      x: plotX + i * slot + (slot - font.widthOfTextAtSize(l, 7)) / 2,
      y: box.y - 10,
      size: 7,
      font,
      color: LABEL,
    });
  });
}

export interface Series {
  name: string;
  values: number[];
  color: RGB;
  dash?: number[];
}

/** A shaded band between two series (e.g. the savings between the cost without and with solar). */
export interface Band {
  name: string;
  upper: number[];
  lower: number[];
  color: RGB;
}

/**
 * Lines over a shared x axis (years); labels every `labelEvery` points; a legend above the plot. A band is
 * drawn under the lines, so a quantity that is the gap between two lines is shown as that gap rather than
 * as a third line crossing them.
 */
export function lineChart(
  page: PDFPage,
  font: PDFFont,
  box: Box,
  series: Series[],
  xLabels: string[],
  fmt = compact,
  labelEvery = 5,
  band?: Band,
) {
  const all = series.flatMap((s) => s.values);
  const { top, step } = niceScale(Math.max(...all, 0));
  const plotX = box.x + 30;
  axes(page, font, box, top, step, fmt, plotX);
  const n = xLabels.length;
  const dx = (box.x + box.width - plotX) / Math.max(1, n - 1);
  const px = (i: number) => plotX + i * dx, py = (v: number) => box.y + (Math.max(0, v) / top) * box.height;
  xLabels.forEach((l, i) => {
    if (i % labelEvery !== labelEvery - 1 && i !== 0) return;
    page.drawText(l, {
      x: px(i) - font.widthOfTextAtSize(l, 7) / 2,
      y: box.y - 10,
      size: 7,
      font,
      color: LABEL,
    });
  });
  if (band && band.upper.length > 1) {
    // SVG path in pdf-lib's drawSvgPath space (origin at x/y given, y pointing down).
    const pts = [
      ...band.upper.map((v, i) => [px(i), py(v)]),
      ...band.lower.map((v, i) => [px(i), py(v)]).reverse(),
    ];
    page.drawSvgPath(`M ${pts.map(([x, y]) => `${x.toFixed(2)} ${(-y).toFixed(2)}`).join(" L ")} Z`, {
      x: 0,
      y: 0,
      color: band.color,
      borderWidth: 0,
    });
  }
  for (const s of series) {
    for (let i = 1; i < s.values.length; i++) {
      page.drawLine({
        start: { x: px(i - 1), y: py(s.values[i - 1]) },
        end: { x: px(i), y: py(s.values[i]) },
        thickness: 1.8,
        color: s.color,
        dashArray: s.dash,
      });
    }
  }
  let lx = plotX;
  for (const s of series) {
    page.drawLine({
      start: { x: lx, y: box.y + box.height + 10 },
      end: { x: lx + 16, y: box.y + box.height + 10 },
      thickness: 2,
      color: s.color,
      dashArray: s.dash,
    });
    page.drawText(s.name, { x: lx + 20, y: box.y + box.height + 7.5, size: 7.5, font, color: LABEL });
    lx += 20 + font.widthOfTextAtSize(s.name, 7.5) + 18;
  }
  if (band) {
    page.drawRectangle({ x: lx, y: box.y + box.height + 6, width: 16, height: 8, color: band.color });
    page.drawText(band.name, { x: lx + 20, y: box.y + box.height + 7.5, size: 7.5, font, color: LABEL });
  }
}
