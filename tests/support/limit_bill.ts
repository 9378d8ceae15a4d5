// Test input: bills whose text layer is as big as a bill's may be (shared/bills/text_bounds.ts), for the tests and
// the bench of where the bill reader parses (shared/bills/bill_parser.ts).
import { pdfOf } from "./pdf_objects.ts";

/** A one-page PDF `w`×`h` points drawing each [x, y, text] in Helvetica at 4 points. */
export function textPdf(items: [number, number, string][], w: number, h: number): Uint8Array<ArrayBuffer> {
  const content = items.map(([x, y, t]) => `BT /F1 4 Tf ${x} ${y} Td (${t}) Tj ET`).join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [5 0 R] /Count 1 >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>`,
  ];
  return pdfOf(objects);
}

export const BILL_WORDS = ["Electric bill", "Account 1234-5678", "Usage 500 kWh", "Total Amount Due $12.00"];

// Five words a line, each its own text item, from what a bill's rows hold (months, kWh, amounts, dates, labels)
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** A bill's history and meter rows: dates, kWh and amounts on every line (the reader's costliest text). */
export const billRowWords = (i: number) => [
  `${MONTHS[i % 12]} ${2000 + (i % 25)}`,
  `Meter ${1000 + i}`,
  `${100 + (i % 900)} kWh`,
  `Due $${10 + (i % 90)}.20`,
  `01/${String(1 + (i % 28)).padStart(2, "0")}/24`,
];

/** Words of prose (no figure the reader pairs with a label). */
export const proseWords = (i: number) => ["Thanks", "for using", `plan ${i % 100}`, "Keep this", "notice"];

/**
 * One page of `lines` lines of five `words` (text items), about 52 characters a line: the default, 1,800 lines,
 * is 9,000 words and ~90,000 characters, just under the bounds of 2,000 lines, 10,000 words, 100,000 characters.
 */
export function limitBillPdf(lines = 1800, words = proseWords): Uint8Array<ArrayBuffer> {
  const items: [number, number, string][] = BILL_WORDS.map((t, i) => [20, lines * 5 + 50 + i * 10, t]);
  for (let i = 0; i < lines; i++) {
    words(i).forEach((w, j) => items.push([20 + j * 100, 20 + i * 5, w]));
  }
  return textPdf(items, 612, lines * 5 + 100);
}
