// Whole kWh numbers as OCR reads them in a row (or a year's column) of a scanned usage history (issue #11,
// scans10, scanhist2): the thousands comma read as a point ("1,455" → "1.455") or lost ("1,523" → "1523"), a
// stray point after the number ("1,554."), a cell garbled into letters ("a27", "T1717"). Only in a row of whole
// kWh, where a decimal point with three digits after it cannot be a fraction of a kWh.

const WHOLE = /^\d{1,3}(?:,\d{3})*$/;
const OCR_WHOLE = /^\d{1,2}\.\d{3}$|^\d{4,5}$/;
/** A cell OCR garbled: letters where digits were printed (never read as a number). */
const GARBLED = /[A-Za-z]/;

/**
 * The row's cells as whole kWh, when every cell is a whole number as printed or as OCR reads one ("1.455",
 * "1523", "1,554.") and at least half are printed plainly; a cell OCR garbled into letters (at most a quarter
 * of them) is left empty, its month unread. `column`: a year's column of a table whose header names the kWh —
 * cells printed empty (months to come) stay empty, and numbers printed without a thousands comma ("1130")
 * count as printed plainly. Undefined otherwise (the row is not read).
 */
export function ocrWholeRow(cells: string[], column = false): string[] | undefined {
  const ts = cells.map((c) => c.trim().replace(/^(\d{1,3}(?:,\d{3})*)[.,]$/, "$1"));
  const filled = ts.filter((t) => t || !column);
  const plain = filled.filter((t) => WHOLE.test(t) || (column && /^\d{4,5}$/.test(t))).length;
  const garbled = filled.filter((t) => GARBLED.test(t)).length;
  if (
    !filled.length || plain * 2 < filled.length || garbled * 4 > filled.length ||
    !filled.every((t) => WHOLE.test(t) || OCR_WHOLE.test(t) || GARBLED.test(t))
  ) return undefined;
  return ts.map((t) => (WHOLE.test(t) ? t : OCR_WHOLE.test(t) ? t.replace(".", "") : ""));
}

/**
 * A kWh column's cells (a column the table reader chose by its header) with OCR's thousands comma read as a point
 * ("1.809" → "1809") or a stray point after the number ("1,572." → "1,572"), when at least half of its cells are
 * whole numbers as printed and none is a fraction of another shape ("38.1"); other cells are kept as they are.
 */
export function ocrPointThousands(cells: string[]): string[] {
  const ts = cells.map((c) => c.trim());
  const filled = ts.filter(Boolean);
  const whole = filled.filter((t) => WHOLE.test(t) || /^\d{4,5}$/.test(t)).length;
  if (whole * 2 < filled.length || filled.some((t) => /^\d+\.\d{1,2}$|^\d+\.\d{4,}$/.test(t))) return cells;
  return ts.map((t) =>
    /^\d{1,2}\.\d{3}$/.test(t) ? t.replace(".", "") : t.replace(/^(\d{1,3}(?:,\d{3})*)[.,]$/, "$1")
  );
}
