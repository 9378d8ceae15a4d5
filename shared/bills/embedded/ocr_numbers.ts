// Whole kWh numbers as OCR reads them in a row of a scanned usage history (issue #11, scans10): the thousands
// comma read as a point ("1,455" → "1.455") or lost ("1,523" → "1523"). Only in a row of whole kWh, where a
// decimal point with three digits after it cannot be a fraction of a kWh.

const WHOLE = /^\d{1,3}(?:,\d{3})*$/;
const OCR_WHOLE = /^\d{1,2}\.\d{3}$|^\d{4,5}$/;

/**
 * The row's cells as whole kWh, when every cell is a whole number as printed or as OCR reads one ("1.455",
 * "1523") and at least half are printed plainly; undefined otherwise (the row is not read).
 */
export function ocrWholeRow(cells: string[]): string[] | undefined {
  const ts = cells.map((c) => c.trim());
  const plain = ts.filter((t) => WHOLE.test(t)).length;
  if (!ts.length || plain * 2 < ts.length || !ts.every((t) => WHOLE.test(t) || OCR_WHOLE.test(t))) {
    return undefined;
  }
  return ts.map((t) => (WHOLE.test(t) ? t : t.replace(".", "")));
}
