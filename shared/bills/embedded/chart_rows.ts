// A chart's row of labels under its bars: at least 12 labels on one line (within 3 units), evenly spaced (each gap
// within a quarter of the mean), left to right, with their spacing. Shared by the charts named by month initials
// (chart_initials.ts) and those printing each month's kWh under its label (chart_values_below.ts).
import type { TextPiece } from "../../documents/text_layout.ts";

export const center = (p: TextPiece) => p.x + p.width / 2;

/** The evenly spaced rows of 12 or more labels the test accepts, each with its y and spacing. */
export function evenLabelRows(
  pieces: TextPiece[],
  isLabel: (p: TextPiece) => boolean,
): { y: number; row: TextPiece[]; spacing: number }[] {
  const rows = new Map<number, TextPiece[]>();
  for (const p of pieces.filter(isLabel)) {
    const key = [...rows.keys()].find((y) => Math.abs(y - p.y) <= 3) ?? p.y;
    rows.set(key, [...(rows.get(key) ?? []), p]);
  }
  const out: { y: number; row: TextPiece[]; spacing: number }[] = [];
  for (const [y, row] of rows) {
    if (row.length < 12) continue;
    row.sort((a, b) => center(a) - center(b));
    const spacing = (center(row[row.length - 1]) - center(row[0])) / (row.length - 1);
    if (
      !(spacing > 0) ||
      !row.every((p, i) => i === 0 || Math.abs(center(p) - center(row[i - 1]) - spacing) <= spacing * 0.25)
    ) continue;
    out.push({ y, row, spacing });
  }
  return out;
}
