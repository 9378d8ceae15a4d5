/** A positioned piece of text on a page (PDF text item or OCR word); y grows downwards. */
export interface TextPiece {
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
  /**
   * OCR words: tesseract's confidence in the word, 0..100. Absent on PDF text-layer items, which are read
   * as printed (full confidence, see wordConfidence).
   */
  confidence?: number;
}

/** A piece's confidence, 0..100: the OCR word's own, or 100 for a PDF text item (no OCR involved). */
export const wordConfidence = (p: TextPiece): number => p.confidence ?? 100;

/**
 * Rebuilds reading-order lines from positioned pieces: pieces on the same baseline join into one line,
 * a wide horizontal gap becomes three spaces, so parsers can tell table cells and label/value columns apart.
 */
export function piecesToLines(pieces: TextPiece[]): string[] {
  const rows = groupByBaseline(pieces.filter((p) => p.text.trim()), (p) => p.height);
  return rows.map((r) => {
    r.parts.sort((a, b) => a.x - b.x);
    const size = Math.max(4, ...r.parts.map((p) => p.height || 8));
    let line = "";
    let end = -Infinity;
    for (const p of r.parts) {
      const gap = p.x - end;
      if (line) line += gap > size * 0.9 ? "   " : gap > size * 0.12 ? " " : "";
      line += p.text.trim();
      end = p.x + p.width;
    }
    return line;
  });
}

/**
 * Items on one baseline (y within ~half a line height), as rows from the top of the page down. An item joins
 * the first row within its tolerance; rows are made in increasing y, so those are the last few rows, found by
 * scanning back from the end (linear in the items: a page of 8,000 one-word lines took seconds when every
 * item searched every row from the first; docs/security.md "Pass 5").
 */
export function groupByBaseline<T extends { y: number }>(
  items: T[],
  heightOf: (t: T) => number,
): { y: number; h: number; parts: T[] }[] {
  const rows: { y: number; h: number; parts: T[] }[] = [];
  for (const p of [...items].sort((a, b) => a.y - b.y)) {
    const tol = Math.max(2, Math.min(heightOf(p) || 8, 12) * 0.45);
    let row: { y: number; h: number; parts: T[] } | undefined;
    // rows[i].y <= p.y here, so |rows[i].y - p.y| is p.y - rows[i].y (exactly), and the rows within tol are a
    // suffix of the rows (non-finite positions never match, as before)
    for (let i = rows.length - 1; i >= 0 && p.y - rows[i].y <= tol; i--) row = rows[i];
    if (!row) rows.push(row = { y: p.y, h: heightOf(p), parts: [] });
    row.parts.push(p);
  }
  return rows.sort((a, b) => a.y - b.y);
}
