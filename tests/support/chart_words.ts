// Word boxes of a usage chart in points, y down, as the OCR path hands a photo's or a scan's page to the chart
// readers (chart_raster.ts chartsInPoints): shared by the chart tests (photos18, photos19).
import type { TextPiece } from "../../shared/documents/text_layout.ts";

/** A word at (x, baseline y), `size` points tall, half a size wide a character. */
export const piece = (text: string, x: number, y: number, size = 6): TextPiece => ({
  text,
  x,
  y,
  width: text.length * size * 0.5,
  height: size,
});

/** Ticks "0 kWh" … "1,800 kWh" right-aligned at x 168, every 12 points over `zero` (25 kWh a point). */
export const ticks = (zero: number): TextPiece[] =>
  Array.from({ length: 7 }, (_, t) => {
    const p = piece(`${(t * 300).toLocaleString("en-US")} kWh`, 0, zero - t * 12 + 2.1);
    return { ...p, x: 168 - p.width };
  });
