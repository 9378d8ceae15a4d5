// Word-box pages for the reader's unit tests: lines of cells placed at (x, y), 5 points a character, as a PDF
// text layer gives them (pieces) and as the reader's reading-order lines (cells three spaces apart).
import type { TextPiece } from "../../../shared/documents/text_layout.ts";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";

export const CH = 5; // width of a character

/** Pieces (PDF text items) and the reading-order lines of a page, from lines of cells. */
export function page(rows: [number, [number, string][]][]): { lines: string[]; pieces: TextPiece[] } {
  const pieces = rows.flatMap(([y, cs]) =>
    cs.map(([x, text]) => ({ x, y, width: text.length * CH, height: 10, text }))
  );
  const lines = rows.map(([, cs]) => cs.map(([, t]) => t).join("   "));
  return { lines, pieces };
}

/** A page of OCR word boxes, 7 pixels a character, every word read at 92 (or, with ocr false, a text layer's). */
export function ocrPage(rows: [number, [number, string][]][], ocr = true): TextPiece[] {
  const w = 7;
  return rows.flatMap(([y, cells]) =>
    cells.flatMap(([x, cell]) => {
      let at = x;
      return cell.split(" ").map((text) => {
        const p: TextPiece = {
          x: at,
          y,
          width: text.length * w,
          height: 12,
          text,
          ...(ocr ? { confidence: 92 } : {}),
        };
        at += (text.length + 1) * w;
        return p;
      });
    })
  );
}

/** The reader on a page of cells with every utility-shaped rule off (the round tests' reading). */
export function readPage(rows: Parameters<typeof page>[0], ocr = false) {
  const p = page(rows);
  return parseBill(p.lines, [ocr ? ocrPage(rows) : p.pieces], { rules: () => false });
}
