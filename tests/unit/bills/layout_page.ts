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

/** A bill's header: account, dates, the period 04/09/2024 to 05/09/2024, the customer and service address. */
export const HEAD_ROWS: Parameters<typeof page>[0] = [
  [40, [[36, "Account No. 5521-904-117"], [330, "Statement Date 05/14/2024"]]],
  [52, [[330, "Total Due $96.12"], [450, "Due Date 06/04/2024"]]],
  [70, [[36, "Billing Period 04/09/2024 to 05/09/2024"]]],
  [86, [[36, "OMAR HADDAD"], [330, "Service Address"]]],
  [96, [[36, "77 BIRCH HILL RD"], [330, "77 BIRCH HILL RD"]]],
  [106, [[36, "DOVER NH 03820"], [330, "DOVER NH 03820"]]],
];
/** A history table of months and kWh, the bill's month (May 2024) printing `own`. */
export const historyRows = (own: string): Parameters<typeof page>[0] => [
  [200, [[36, "Usage History"]]],
  [212, [[36, "Month"], [120, "Days"], [180, "kWh"]]],
  [222, [[36, "Jan 2024"], [120, "31"], [180, "1,012"]]],
  [232, [[36, "Feb 2024"], [120, "29"], [180, "944"]]],
  [242, [[36, "Mar 2024"], [120, "31"], [180, "901"]]],
  [252, [[36, "Apr 2024"], [120, "30"], [180, "870"]]],
  [262, [[36, "May 2024"], [120, "30"], [180, own]]],
];

/** A bill without a service address: its header, one charge, and the stub's mailing block of `block` lines. */
export const stubBill = (block: string[]): Parameters<typeof page>[0] => [
  [40, [[36, "Account No. 5521-904-117"], [330, "Statement Date 05/14/2024"]]],
  [52, [[330, "Total Due $96.12"], [450, "Due Date 06/04/2024"]]],
  [70, [[36, "Billing Period 04/09/2024 to 05/09/2024"]]],
  [150, [[36, "Energy Charge 612 kWh x $0.1104"], [330, "$67.56"]]],
  [600, [[36, "Please return this portion with your payment."]]],
  ...block.map((l, i): Parameters<typeof page>[0][number] => [640 + i * 11, [[60, l]]]),
];
