// Number words of a phone photo's page that tesseract reads with a confident but likely wrong mark
// (issue #11): at a phone's resolution (the rectified page about 120–150 dpi) the tail of a thousands comma
// is a pixel or two, and tesseract reads most of them as points, "1,702" as "1.702", at a confidence as high
// as a right reading's — on the seed-4242 dev set of synthetic phone photos 55 of the 100 "1,702"-shaped
// words whose printing is known were read so, and no word printed with a point and three digits was among
// them. A bill prints a three-decimal fraction rarely (a price, after its currency sign; an average daily
// kWh); a whole kWh read as a fraction is a wrong value (the reader takes "1.702" for 1.702 kWh). So the
// point is read as the comma it most likely is, and the word's confidence capped at UNSURE_MARK: under the
// bill reader's thresholds for a kWh or an amount read only from it, over its threshold for a month of a
// usage history (shared/bills/embedded/word_confidence.ts WORD_CONFIDENCE: numbers 50, history 10; a meter's
// kWh that a printed charge confirms, or that is printed twice, is kept). Scans and rendered pages are not
// touched (their print is read at 200–300 dpi, where the comma's tail shows). Pure text code.

/** The confidence of a number word whose mark was read as the comma it most likely is. */
export const UNSURE_MARK = 30;

const POINT_THOUSANDS = /^([1-9][0-9]{0,2})\.([0-9]{3})([.,]?)$/;

type Word = { text: string; confidence: number };

/**
 * A phone photo's reading with each "1.702"-shaped number word (one to three digits, the first not 0, a point,
 * three digits; no currency sign or other mark before it, at most a stray mark after it) read as "1,702", at
 * UNSURE_MARK confidence at most.
 */
export function pointsAsThousands<W extends Word, L extends { words: W[] }>(lines: L[]): L[] {
  return lines.map((l) => ({
    ...l,
    words: l.words.map((w) => {
      const m = w.text.trim().match(POINT_THOUSANDS);
      return m
        ? { ...w, text: `${m[1]},${m[2]}${m[3]}`, confidence: Math.min(w.confidence, UNSURE_MARK) }
        : w;
    }),
  }));
}
