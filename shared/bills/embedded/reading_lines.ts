// A meter's readings printed as a sentence of labelled numbers ("Present 21619   Previous 21213   Mult 1   kWh
// 406", "Current reading 5,212 - Previous reading 4,907 = 305 kWh"): the kWh printed there is the meter's usage
// when the readings agree with it — (present − previous) × multiplier equals it — two independent printings of
// one number. A reading alone is never usage, and a disagreeing kWh is not taken.
import { allDates, parseNumber } from "./values.ts";

const N = String.raw`(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`;
// "Reading 46339   Prior 45624   kWh Used 715": a reading named by the word alone, beside a prior one, is the present
const PRESENT = new RegExp(
  String
    .raw`(?:\b(?:present|current|curr\.?)\b(?:\s+read(?:ing)?)?|(?<!\b(?:previous|prior|prev\.?|last)\s+)\breading\b)\s*:?\s*${N}`,
  "i",
);
const PREVIOUS = new RegExp(String.raw`\b(?:previous|prior|prev\.?)\b(?:\s+read(?:ing)?)?\s*:?\s*${N}`, "i");
const MULT = new RegExp(String.raw`\b(?:mult(?:iplier)?|constant)\b\.?\s*:?\s*${N}`, "i");
const KWH_AFTER = new RegExp(String.raw`\bkwh\b\s*(?:used|usage)?\s*:?\s*${N}`, "gi");
const KWH_BEFORE = new RegExp(String.raw`${N}\s*kwh\b`, "gi");

/** Does the line print a present (current) and a previous (prior) reading? */
export const printsReadings = (line: string) => PRESENT.test(line) && PREVIOUS.test(line);

/** The usage a line of labelled readings confirms, or "". */
export function confirmedReadingUsage(line: string): string {
  const p = line.match(PRESENT), q = line.match(PREVIOUS);
  if (!p || !q) return "";
  const num = (s: string) => parseNumber(s) ?? NaN;
  const mult = num(line.match(MULT)?.[1] ?? "1");
  const diff = (num(p[1]) - num(q[1])) * mult;
  // a number printed beside "kWh" (after it or before it) that the readings confirm
  const kwh = [...line.matchAll(KWH_AFTER), ...line.matchAll(KWH_BEFORE)].map((k) => num(k[1])).find((k) =>
    k > 0 && k === diff
  );
  return kwh ? String(kwh) : "";
}

// … also a reading marked only by its kind ("Dec 10, 2023   Actual   55,556", "Estimated")
const READ_WORD = /\b(?:read(?:ing)?s?|present|prior|previous|current|actual|estimated)\b/i;

// a reading to come: "Next Reading Date 01/02/2023", "Next scheduled meter reading: Aug 11, 2023" (to the line's end)
const NEXT_READ = /\bnext\b[^\d]{0,30}\bread(?:ing)?\b.*$/i;
/** "Read 03/06/2024 35845": a read word, a numeric date and the reading taken that day. */
const DATED_READ = /\bread(?:ing)?\s*:?\s*(\d{1,2}\/\d{1,2}\/\d{2,4})\s+(\d{1,3}(?:,\d{3})+|\d{3,7})\b/gi;

/**
 * A meter's read dates printed on the reading lines under its meter line ("Present: Jul 13, 2023 - Actual
 * 26145.1", "Apr 26, 2023 Actual Reading 58950"): up to `span` lines below `at`, stopping at the next meter
 * line. A line counts when it names a reading and prints one date (a second column's reading beside it may
 * repeat that date, not another). Exactly two different dates 20–40 days apart are the meter's period, earlier
 * first; anything else gives none.
 */
export function readDatesBelow(lines: string[], at: number, nextMeter: RegExp, span = 4): string[] {
  const found = new Set<string>();
  for (let j = at + 1; j <= Math.min(lines.length - 1, at + span); j++) {
    if (nextMeter.test(lines[j])) break;
    // the date of the next reading ("Next Reading Date 01/02/2023", "next meter read scheduled …") is no read yet
    // (reader34)
    const line = lines[j].replace(NEXT_READ, " ");
    const ds = new Set(allDates(line));
    if (READ_WORD.test(line) && ds.size === 1) found.add([...ds][0]);
    // both reads on one line, each a read word, its date and its reading ("Read 03/06/2024 35845 Read 04/06/2024
    // 36824"), the later read's reading the larger (reader34)
    const pair = [...line.matchAll(DATED_READ)];
    if (pair.length === 2 && ds.size === 2) {
      const reads = pair.map((m) => ({ date: allDates(m[1])[0], reading: parseNumber(m[2]) ?? NaN }))
        .sort((x, y) => (x.date < y.date ? -1 : 1));
      if (reads.every((r) => r.date) && reads[1].reading > reads[0].reading) {
        for (const r of reads) found.add(r.date);
      }
    }
  }
  if (found.size !== 2) return [];
  const [a, b] = [...found].sort();
  const days = (Date.parse(b) - Date.parse(a)) / 86_400_000;
  return days >= 20 && days <= 40 ? [a, b] : [];
}
