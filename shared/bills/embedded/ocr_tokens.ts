// Dates and month labels as OCR mangles them on scans and photos (issue #11), repaired on the reading-order
// lines before anything is read from them, only where one reading is possible:
// - a date's second slash lost: "10/042022" → "10/04/2022", "9/1024" → "9/10/24", "1/324" → "1/3/24" (a
//   two-digit year of 10–39 after a day of 1–31; "11/2024", a month and year, is left alone);
// - a month label's year digit 4 read as "a"/"A" and the l of "Jul" read as i: "Apr2a" → "Apr24",
//   "Jui2a" → "Jul24", "FEB2A" → "FEB24"; its year digit 1 read as l or i, or a stray letter between the month
//   and its year: "Jul2l" → "Jul21", "Nov2i" → "Nov21", "Sepf21" → "Sep21" (scanhist2).

/**
 * A scanned line with the accents OCR puts on plain letters removed ("Sunsét Blvd", "This périod"): US bills
 * print names and addresses the postal way, without diacritics, and their labels in plain English.
 */
export const foldOcrAccents = (line: string): string =>
  /[\u00c0-\u024f]/.test(line)
    ? line.normalize("NFD").replace(/[\u0300-\u036f]/g, "").normalize("NFC")
    : line;

/**
 * A scanned line with OCR's spellings of kWh read as kWh: "Kih used", "1,242 KiWh", "kVVh", "kWn", "Usage (Wh)"
 * (bills print kWh, never watt-hours).
 */
export const ocrKwh = (line: string): string =>
  line.replace(/(?<![A-Za-z])[kK](?:(?:[iIl1]?[Ww]|[Vv]{2})[hHn]|[iIl][hH])(?![A-Za-z])/g, "kWh").replace(
    /\(Wh\)/g,
    "(kWh)",
  );

/**
 * A word that is OCR's kWh without its k ("Month   Wh", "Month   wn": the k of a small-print table header lost on
 * a phone photo, its h read as n) read as kWh: bills print kWh, never watt-hours. For the table reader's words
 * (usage_tables.ts, OCR pages only): a word alone, never a piece of a longer one.
 */
export const ocrKwhHeader = (word: string): string => /^[Ww][hHn]$/.test(word.trim()) ? "kWh" : word;

const MON = "Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC";

/** The line with OCR's lost date slashes and misread month-label glyphs repaired. */
export function tidyOcrTokens(line: string): string {
  return line
    .replace(/(?<![\d/.,$])(\d{1,2}\/\d{2})((?:19|20)\d{2})(?![\d/.,])/g, "$1/$2")
    .replace(
      /(?<![\d/.,$])(\d{1,2})\/(\d{1,2})([1-3]\d)(?![\d/.,%])/g,
      (m, mo: string, d: string, y: string) => {
        // "11/2024" is a month and year; a day of 0 or over 31 is no day
        if (/^(?:19|20)$/.test(d) && d.length === 2 || Number(mo) < 1 || Number(mo) > 12) return m;
        return Number(d) >= 1 && Number(d) <= 31 ? `${mo}/${d}/${y}` : m;
      },
    )
    // a point OCR read after a month and year ("08/2021.")
    .replace(/(?<![\d/.,])(\d{1,2}\/(?:19|20)\d{2})\.(?=\s|$)/g, "$1")
    // a stray letter OCR read for the slash between a month and a year whose digit it also misread ("Augi2a")
    .replace(new RegExp(`\\b(${MON})[a-z](\\d[aA])\\b`, "g"), "$1$2")
    .replace(/\b(Ju|JU)[iI1](?=\s?['\u2019]?\d[\daA]\b)/g, (_m, a: string) => `${a}${a === "JU" ? "L" : "l"}`)
    .replace(new RegExp(`\\b(${MON})(\\s?['\u2019]?)(\\d)[aA]\\b`, "g"), "$1$2$34")
    // a year's 1 read as l or i, one stray letter between a month and its year (the month is its first three letters)
    .replace(new RegExp(`\\b(${MON})(\\s?['\u2019]?)(\\d)[lIi]\\b`, "g"), "$1$2$31")
    .replace(new RegExp(`\\b(${MON})[a-z](\\d{2})\\b`, "g"), "$1$2");
}
