// A phone photo's or scan's bill date whose label OCR garbled (issue #11, photos15): "Bill Date" read "84 Date",
// "8 Date", "© Date", "BA Date", "Bling Date", "Bair Date" — a first word no label correction can take back
// (ocr_labels.ts corrects one glyph), so the date beside it was never the bill's. Read here only where its
// place says so:
// - the line begins with one short word (up to 7 characters) starting with a B, or with what OCR reads a B as
//   (8, ©), then "Date" and a date ("Begin Date", a period's start, and the other B-labels of dates are left);
// - the bill's due date is known, and the date lies before it by at most 35 days, and on or after the period's end
//   when the period is known (a bill is issued after its period closes and due within weeks).
// Only on pages read by OCR, and only when no labelled bill date was read.
import { findDate } from "./values.ts";

// (the date may be glued to "Date": "© Date01/22/2023", the space lost)
const GARBLED_BILL = /^\s*([B8\u00a9][^\s]{0,6})\s*Date(?:\b|(?=\d))[:;.]?\s*/;
/** B-words of other dates' labels. */
const OTHER_LABELS = /^(?:begin|began|beg|birth|bid|by|back)$/i;
/** Most days from a bill's date to its due date. */
const MAX_DAYS_TO_DUE = 35;

const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;

/** The bill date of a line whose "Bill Date" label OCR garbled, where the due date and period place it. */
export function garbledBillDate(lines: string[], dueDate: string, periodEnd = ""): string | undefined {
  if (!dueDate) return undefined;
  for (const line of lines) {
    const m = line.match(GARBLED_BILL);
    if (!m || OTHER_LABELS.test(m[1].replace(/[^A-Za-z]/g, ""))) continue;
    const d = findDate(line.slice(m[0].length));
    if (!d || d.index > 2) continue;
    const toDue = days(d.iso, dueDate);
    if (toDue <= 0 || toDue > MAX_DAYS_TO_DUE) continue;
    if (periodEnd && d.iso < periodEnd) continue;
    return d.iso;
  }
  return undefined;
}
