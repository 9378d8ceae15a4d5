// A date's month name one glyph off on a scan or photo (issue #11, photos17): "Statement Date Ape 9, 2023",
// "Bill Date Ape 10, 2024", "Bill Date: Decomber 6, 2024". The date readers (values.ts) know month names only as
// printed, so the date was lost with its field. A word is read as a month only in a date's shape — a day and a
// four-digit year after it ("Ape 9, 2023") — when it is within one edit of exactly one month's name (a three-letter
// word of one abbreviation, a longer word of one full name), begins with that month's letter, and is not a word
// bills print ("Fee 12, 2024" is no February). Only on OCR'd lines.
import { editDistance } from "../../geo/names.ts";

const NAMES = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
/** Words bills print that lie one edit from a month's abbreviation with its first letter. */
const WORDS = new Set([
  "apt",
  "fee",
  "set",
  "sep",
  "jam",
  "mar",
  "man",
  "map",
  "max",
  "may",
  "nov",
  "now",
  "not",
  "oct",
]);
/** A word followed by a day and a four-digit year: "Ape 9, 2023", "Decomber 6 2024". */
const DATE_WORD = /\b([A-Za-z]{3,9})(\.?)(?=\s+\d{1,2},?\s+(?:19|20)\d{2}\b)/g;

/** The one month (0–11) a misread word stands for, or -1. */
function monthOf(word: string): number {
  const w = word.toLowerCase();
  if (
    WORDS.has(w) || NAMES.some((n) => n === w || n.slice(0, 3) === w || (w === "sept" && n === "september"))
  ) {
    return -1;
  }
  const hits = NAMES.map((n, i) => ({ n: w.length === 3 ? n.slice(0, 3) : n, i }))
    .filter(({ n }) => n[0] === w[0] && editDistance(w, n, 1) <= 1)
    .map(({ i }) => i);
  return hits.length === 1 ? hits[0] : -1;
}

/** The OCR'd line with a date's month name one glyph off read as that month (see above). */
export function fixMonthNames(line: string): string {
  if (!/\d{4}/.test(line)) return line;
  return line.replace(DATE_WORD, (all, word: string, dot: string) => {
    const m = monthOf(word);
    if (m < 0) return all;
    const name = word.length === 3 ? NAMES[m].slice(0, 3) : NAMES[m];
    const cased = word === word.toUpperCase() ? name.toUpperCase() : name[0].toUpperCase() + name.slice(1);
    return cased + dot;
  });
}
