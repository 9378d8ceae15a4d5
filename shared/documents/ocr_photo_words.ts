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

import { DISPUTED } from "./ocr_verify.ts";

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

// A number glued to a letter that may be one of its own digits: at a phone's resolution the space before a
// number is often lost and its first digit read as the letter it looks like ("Total 886 kWh" read
// "TotalB86", "1,177 kWh" read "L177"); the reader then takes the digits after the letter, "86" and "177",
// confidently. Which digit the letter was is not known, so the word's confidence drops to DISPUTED (under
// every threshold of the bill reader, word_confidence.ts: the number is left empty unless printed again).
// Only a short number (two to four digits, or one to three and a comma group: a kWh, an amount): meter and
// account numbers that begin with a letter ("G207486751", "K97719284") are longer; a month name glued to
// its year ("Jul21", "April 2023") is not a digit lost.
const GLUED_DIGIT = /^([A-Za-z]*)([BLIlOSZG|])([0-9]{2,4}|[0-9]{1,3},[0-9]{3})([.,]?)$/;
const MONTH = /^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i;

/** A phone photo's reading with each number glued to a digit-like letter ("TotalB86", "L177") made DISPUTED. */
export function gluedDigitsDisputed<W extends Word, L extends { words: W[] }>(lines: L[]): L[] {
  return lines.map((l) => ({
    ...l,
    words: l.words.map((w) => {
      const m = w.text.trim().match(GLUED_DIGIT);
      if (!m || MONTH.test(m[1] + m[2])) return w;
      return { ...w, confidence: Math.min(w.confidence, DISPUTED) };
    }),
  }));
}

// A phone photo's number word tesseract is not sure of: on 21 dev photo pages (seeds 5151 and 96368, the
// bicubic page) about half of the number words read at 50-85 confidence (after the second reading,
// ocr_verify.ts) were not a number printed on the page - a 9 read as 0 most often ("1094" -> "1004",
// "49855" -> "40855") - against 1 in 15 of those read at 85 or more. Such a word is DISPUTED, under every
// threshold of the bill reader (word_confidence.ts: a kWh, an amount, an identifier or a history month read
// only from it is left empty unless printed again). Words under 50 are left to the reader's thresholds as
// they are (a comma read as a point, UNSURE_MARK, is right most of the time).
export const SURE_NUMBER = 85;
const NUMBER_WORD = /^[$(]?[0-9][0-9,.]*[0-9][).,%]?$/;

/** A phone photo's reading with each number word read at 50 to SURE_NUMBER made DISPUTED. */
export function unsureNumbersDisputed<W extends Word, L extends { words: W[] }>(lines: L[]): L[] {
  return lines.map((l) => ({
    ...l,
    words: l.words.map((w) =>
      NUMBER_WORD.test(w.text.trim()) && w.confidence >= 50 && w.confidence < SURE_NUMBER
        ? { ...w, confidence: DISPUTED }
        : w
    ),
  }));
}

// A date's slashes are thin diagonal strokes; at a phone's resolution tesseract loses them or reads them as a
// 1, 7, i, l or | ("11/07/2024" read "11072024", "06/27/2023" read "0612712023", "04/25/2023" read
// "047252023", "05/20/2024" read "05/20i2024", "5/23/22" read "523/22", "4/25/23" read "4125/23"): on the
// seed-5151 dev set 25 of an Idaho Power statement's 53 dates, a bill date, a due date and history rows, and
// the service periods of two other layouts, which the reader then does not take for dates (photos8). Read as
// a date: a word that is a two-digit month (01-12), a two-digit day (01-31) and a year 2000-2039 with one
// such glyph or none between them; or a month and a day of one or two digits each, one such glyph or none
// between them, then a slash read as a slash and a two-digit year 10-39 — when every way of reading the word
// so gives the same date ("1125/23": 1/25/23 or 11/25/23, left alone). Its confidence is left as it is (the
// reader's thresholds for dates apply). A short date with no slash read ("512122": 5/12/122? 5/21/22?) is not
// guessed at, nor a longer or shorter word.
const SLASH_GLYPH = /^[/17iIl|]?$/;
const MONTH_DAY = (mo: string, d: string) => +mo >= 1 && +mo <= 12 && +d >= 1 && +d <= 31;

/** Each way `head` splits into a month, a slash as read (or none) and a day, as "m/d" with the given widths. */
function monthDays(head: string, widths: number[]): string[] {
  const out: string[] = [];
  for (const m of widths) {
    for (const sep of [0, 1]) {
      const mo = head.slice(0, m), mark = head.slice(m, m + sep), d = head.slice(m + sep);
      if (!widths.includes(d.length) || !/^\d+$/.test(mo + d) || !SLASH_GLYPH.test(mark)) continue;
      if (MONTH_DAY(mo, d)) out.push(`${+mo}/${+d}`);
    }
  }
  return out;
}

/** "mm/dd/yyyy" or "m/d/yy" from a photo's date word whose slashes were lost or misread, else undefined. */
export function slashedDate(word: string): string | undefined {
  if (/^\d{1,2}\/\d{1,2}\/(?:\d{2}|\d{4})$/.test(word)) return undefined;
  const dates = new Set<string>();
  if (/^.{4,6}20[0-3]\d$/.test(word)) {
    // two-digit month and day: the year's slash read as a slash or a glyph, or lost
    for (const k of [0, 1]) {
      const head = word.slice(0, -4 - k), mark = word.slice(word.length - 4 - k, -4);
      if (!SLASH_GLYPH.test(mark)) continue;
      for (const md of monthDays(head, [2])) {
        const [mo, d] = md.split("/");
        dates.add(`${mo.padStart(2, "0")}/${d.padStart(2, "0")}/${word.slice(-4)}`);
      }
    }
  }
  const short = word.match(/^(\d[\d/17iIl|]{2,4})\/([1-3]\d)$/);
  if (short) { for (const md of monthDays(short[1], [1, 2])) dates.add(`${md}/${short[2]}`); }
  return dates.size === 1 ? [...dates][0] : undefined;
}

/** A phone photo's reading with each date word whose slashes were lost or misread read as the date. */
export function slashedDates<W extends Word, L extends { words: W[] }>(lines: L[]): L[] {
  return lines.map((l) => ({
    ...l,
    words: l.words.map((w) => {
      const date = slashedDate(w.text.trim());
      return date ? { ...w, text: date } : w;
    }),
  }));
}

// A written date's comma is a dot and a tail of a pixel or two at a phone's resolution, and tesseract reads it
// as a point: "Jul 23. 2023 to Aug 21, 2023" (seed 96368's nyseg-01, its billing period, which the reader then
// does not take for a date: a month, a day and a year with a point between them is no date shape a bill prints).
// A day (one or two digits, 1-31) with a point after it, between a month word and a year (1990-2039), is read
// with the comma it is printed with; its confidence is left as it is. A point after a day followed by anything
// else ("Jul 23. Your ...") is left alone.
const MONTH_WORD = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?$/i;
const DAY_POINT = /^(\d{1,2})\.$/;
const YEAR = /^(?:199\d|20[0-3]\d)[.,]?$/;

/** A phone photo's reading with each "Jul 23. 2023" day read as "23,". */
export function dayCommas<W extends Word, L extends { words: W[] }>(lines: L[]): L[] {
  return lines.map((l) => ({
    ...l,
    words: l.words.map((w, j) => {
      const m = w.text.trim().match(DAY_POINT);
      if (!m || +m[1] < 1 || +m[1] > 31) return w;
      const before = l.words[j - 1]?.text.trim() ?? "", after = l.words[j + 1]?.text.trim() ?? "";
      return MONTH_WORD.test(before) && YEAR.test(after) ? { ...w, text: `${m[1]},` } : w;
    }),
  }));
}

/**
 * A phone photo's number words repaired (slashedDates, dayCommas, pointsAsThousands) and the unsure ones marked
 * (gluedDigitsDisputed, unsureNumbersDisputed).
 */
export function photoNumberWords<W extends Word, L extends { words: W[] }>(lines: L[]): L[] {
  return unsureNumbersDisputed(gluedDigitsDisputed(pointsAsThousands(dayCommas(slashedDates(lines)))));
}
