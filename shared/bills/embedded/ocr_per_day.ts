// A history month's kWh read from an unsure OCR word, confirmed by the kWh per day its row prints (issue #11,
// photos17). On a phone photo the second reading of a small history table's numbers often disagrees with the
// first (shared/documents/ocr_verify.ts DISPUTED), and word_confidence.ts drops those months; yet most of them
// were read right ("Dec 22   625   20.8": 625 disputed). Many US bills print each month's average kWh per day
// beside its kWh, to a tenth. The two are read as separate words, so a misread kWh rarely still fits its per-day
// figure: kWh ÷ a monthly period's days (25–35) rounds to the per-day figure. A photo's small print often loses
// the point ("208" for 20.8), so the per-day figure is read in tenths either way (the OCR row's keys drop it).
// A row is taken as such a table's only where the page shows the column: three rows or more whose kWh fits the
// number right after it.

/** A monthly billing period's days: a history row's kWh ÷ these rounds to its per-day figure. */
const MIN_DAYS = 25, MAX_DAYS = 35;
/** Rows on the page whose kWh fits the number after it: fewer, and the page shows no per-day column. */
const MIN_ROWS = 3;

/** Does `tenths` (a per-day figure in tenths of a kWh) round from `kwh` over a monthly period? */
export function perDayFits(kwh: number, tenths: number): boolean {
  if (!(kwh > 0) || !(tenths > 0)) return false;
  for (let d = MIN_DAYS; d <= MAX_DAYS; d++) if (Math.round((kwh * 10) / d) === tenths) return true;
  return false;
}

/**
 * The kWh values a per-day column confirms. `rows`: each OCR row's words as keys, left to right (letters and
 * digits only: "1,043" is "1043", "20.8" is "208"). A pair is a word of 2–5 digits (the kWh) and the very next
 * word of 2–4 digits (its per day).
 */
export function perDayConfirmed(rows: string[][]): Set<number> {
  const fits: number[][] = rows.map((row) =>
    row.flatMap((w, i) => {
      const next = row[i + 1];
      if (!/^\d{2,5}$/.test(w) || !next || !/^\d{2,4}$/.test(next)) return [];
      return perDayFits(Number(w), Number(next)) ? [Number(w)] : [];
    })
  );
  if (fits.filter((f) => f.length).length < MIN_ROWS) return new Set();
  return new Set(fits.flat());
}
