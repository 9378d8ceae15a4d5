// Word boxes of a chart's labels for the chart readers' tests (charts_pass2_test.ts, charts_pass3_test.ts): a text
// layer's items, half the size a character wide, `size` high, y at the baseline (points, y down).
import type { TextPiece } from "../../../shared/documents/text_layout.ts";

/** A word starting at x. */
export const piece = (text: string, x: number, y: number, size = 6): TextPiece => ({
  text,
  x,
  y,
  width: text.length * size * 0.5,
  height: size,
});

/** A word ending at `r` (a right-aligned tick label). */
export const right = (text: string, r: number, y: number, size = 6): TextPiece => {
  const p = piece(text, 0, y, size);
  return { ...p, x: r - p.width };
};
