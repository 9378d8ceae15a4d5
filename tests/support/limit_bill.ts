// Test input: bills whose text layer is as big as a bill's may be (shared/bills/text_bounds.ts), for the tests and
// the bench of where the bill reader parses (shared/bills/bill_parser.ts).
import type { DocumentText } from "../../shared/documents/document_text.ts";
import { piecesToLines, type TextPiece } from "../../shared/documents/text_layout.ts";
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

/** Money rows: a charge's name, its quantity, rate and amount (an itemized charges table). */
export const moneyRowWords = (i: number) => [
  `Charge ${i % 300}`,
  `${100 + (i % 900)} kWh`,
  `x $0.${String(1000 + (i % 9000)).slice(-4)}`,
  `$${1 + (i % 500)}.${String(i % 100).padStart(2, "0")}`,
  `Total $${(i * 7) % 9000}.00`,
];

/** Date rows: read dates, service periods and due dates. */
export const dateRowWords = (i: number) => [
  `${String(1 + (i % 12)).padStart(2, "0")}/${String(1 + (i % 28)).padStart(2, "0")}/${2000 + (i % 25)}`,
  `to ${MONTHS[(i + 1) % 12]} ${1 + (i % 28)}`,
  `Read ${MONTHS[i % 12]} ${1 + (i % 28)}`,
  `Due ${String(1 + (i % 12)).padStart(2, "0")}/${String(1 + (i % 28)).padStart(2, "0")}/24`,
  `${30 + (i % 3)} days`,
];

/** Label:value rows, the labels of the fields a bill is read for. */
const LABELS = ["Account Number:", "Amount Due:", "Due Date:", "Service Address:", "Meter Number:", "Rate:"];
export const labelRowWords = (i: number) => [
  LABELS[i % LABELS.length],
  [
    `${1000 + i}-${2000 + i}`,
    `$${10 + (i % 90)}.00`,
    `01/${String(1 + (i % 28)).padStart(2, "0")}/24`,
  ][i % 3],
  LABELS[(i + 2) % LABELS.length],
  `${100 + (i % 900)} Main St`,
  `R-${i % 40}`,
];

/** A table of many columns: a month, then ten kWh figures (eleven words a line). */
export const wideRowWords = (i: number) => [
  `${MONTHS[i % 12]} ${2000 + (i % 25)}`,
  ...Array.from({ length: 10 }, (_, k) => String(100 + ((i * 13 + k * 37) % 900))),
];

/**
 * The text a PDF of `limitBillPdf(lines, words)` has (text items at the same places, y down the page, lines rebuilt as
 * the PDF reader does), without making and reading the PDF: the input of the parser's cost bench
 * (scripts/bench/parse_scaling.ts). Words are `width` points apart (narrower for tables of many columns); with a
 * `confidence` they are OCR words (the page read as a scan).
 */
export function limitBillText(
  lines: number,
  words = proseWords,
  width = 100,
  confidence?: number,
): DocumentText {
  const h = lines * 5 + 100;
  const pieces: TextPiece[] = BILL_WORDS.map((t, i) => piece(20, h - (lines * 5 + 50 + i * 10), t));
  for (let i = 0; i < lines; i++) {
    words(i).forEach((w, j) => pieces.push(piece(20 + j * width, h - (20 + i * 5), w)));
  }
  // as OCR words (with their confidence): the reader's checks of scans run
  if (confidence !== undefined) pieces.forEach((p) => p.confidence = confidence);
  const source = confidence === undefined ? "text" as const : "ocr" as const;
  const page = { file: "bill.pdf", page: 1, source, lines: piecesToLines(pieces), pieces };
  return { pages: [page], text: page.lines.join("\n") };
}

// Helvetica at 4 points: about 2 points a character
const piece = (x: number, y: number, text: string): TextPiece => ({
  x,
  y,
  width: text.length * 2,
  height: 4,
  text,
});

/** History/meter rows whose meter numbers open with a 6 (the digit OCR reads for a meter number's G). */
export const ocrMeterRowWords = (i: number) =>
  billRowWords(i).map((w) => w.replace(/^Meter (\d+)/, "Meter 6$10"));

/**
 * The row shapes of the parser's cost bench and test: name, words of line i, the words' spacing (points), and the
 * words' OCR confidence (a scan) or none (a text layer).
 */
export const ROW_SHAPES: [string, (i: number) => string[], number, number?][] = [
  ["history/meter rows", billRowWords, 100],
  ["money rows", moneyRowWords, 100],
  ["date rows", dateRowWords, 100],
  ["label: value rows", labelRowWords, 100],
  ["table of 11 columns", wideRowWords, 50],
  ["prose", proseWords, 100],
  ["OCR meter rows", ocrMeterRowWords, 100, 60],
];
