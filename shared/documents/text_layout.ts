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

/** The gap between two pieces of a line that separates cells (three spaces in a line), in character heights. */
export const CELL_GAP = 0.9;
/** The gap between two pieces of a line above which they are two words (one space), in character heights. */
export const WORD_GAP = 0.12;
/**
 * How far a piece may start back inside the one before it and still continue its word, in character heights:
 * a glyph's kerning moves back a few hundredths of an em (pdf.js itself keeps a text run in one item while it
 * moves back at most 0.2 em). A piece that starts further back is printed over the other — a column or a table
 * laid beside or across it — never the same word.
 */
export const OVERPRINT = 0.2;
/** The widest word space pdf.js keeps inside one text item, in character heights (wider gaps start an item). */
export const WORD_SPACE = 0.6;

/**
 * What goes between two pieces of one line, left to right (`size`: the line's character height): "   " between
 * cells, " " between words, "" when the right piece continues the left one's word (a word printed in pieces:
 * glyph by glyph, or a change of font inside a word). Beyond the gaps themselves (CELL_GAP, WORD_GAP), the way
 * two pieces meet tells what they are; pdf.js keeps one run of text in one item while its glyphs move on by at
 * most WORD_SPACE or back by at most OVERPRINT, so pieces that meet otherwise were placed apart by the generator:
 * - a number that ends where a capitalised word begins, touching or overlapping it, is two cells ("986" and the
 *   next table's "Month"; a ZIP code and the meter number "G3715375" overprinting it). A digit run followed by a
 *   capital letter is no word's spelling on a bill: a unit or a suffix ("986kWh", "5th") starts lower case, and a
 *   code whose letters follow its digits ("3A12") is printed as one piece;
 * - a number beside a number (or an amount) further apart than any word space is two cells (a meter number and
 *   its read date in a narrow column, 0.7 em apart); words so far apart stay words (a name set wide);
 * - a piece that starts back inside the other by more than a glyph's kerning is another word (two tables'
 *   headers laid across each other: "Mult" and "kWh"), never the same word — one space, not a cell gap: which
 *   cell the overprinted words belong to, the line cannot tell.
 * Non-finite positions compare false: such pieces are one word, unless a number meets a capitalised word.
 * These are the ways PDF text items meet: with `textLayer` false (either piece an OCR word, whose box is cut to
 * its ink and whose spaces tesseract has already decided) only the gaps themselves count.
 */
export function gapBetween(
  left: { text: string; end: number },
  right: { text: string; start: number },
  size: number,
  textLayer = true,
): "" | " " | "   " {
  const gap = right.start - left.end;
  if (gap > size * CELL_GAP) return "   ";
  if (!textLayer) return gap > size * WORD_GAP ? " " : "";
  const number = /\d$/.test(left.text.trimEnd());
  if (gap > size * WORD_SPACE && number && /^[$(-]?\d/.test(right.text.trimStart())) return "   ";
  if (gap > size * WORD_GAP) return " ";
  if (number && /^\p{Lu}/u.test(right.text.trimStart())) return "   ";
  return gap < -size * OVERPRINT ? " " : "";
}

/**
 * Rebuilds reading-order lines from positioned pieces: pieces on the same baseline join into one line,
 * a wide horizontal gap becomes three spaces, so parsers can tell table cells and label/value columns apart
 * (gapBetween). `ocrAsPrinted`: OCR words are joined by the text layer's rules too (a number touching a
 * capitalised word, a number beside a number further apart than a word space: two cells) — a phone photo's
 * page (ocr.ts PHOTO_CELLS); otherwise OCR words keep the gaps alone.
 */
export function piecesToLines(pieces: TextPiece[], ocrAsPrinted = false): string[] {
  const rows = groupByBaseline(pieces.filter((p) => p.text.trim()), (p) => p.height);
  return rows.map((r) => {
    r.parts.sort((a, b) => a.x - b.x);
    const size = Math.max(4, ...r.parts.map((p) => p.height || 8));
    let line = "";
    let last: TextPiece | undefined;
    for (const p of r.parts) {
      if (last) {
        const textLayer = ocrAsPrinted || (last.confidence === undefined && p.confidence === undefined);
        line += gapBetween(
          { text: last.text, end: last.x + last.width },
          { text: p.text, start: p.x },
          size,
          textLayer,
        );
      }
      line += p.text.trim();
      last = p;
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
