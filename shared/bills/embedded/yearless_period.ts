// A billing period printed as two dates without their year ("READ DATES 08/26 TO 09/26", "Service Period Aug 26 -
// Sep 26"): the bill's own dates (docs/bills.md, round 32). The period ends on or before the bill's date (a bill
// is issued after its period's last read, within three months of it); its start is before its end, in the end's
// year or the year before (a period across New Year's). A period of 1..100 days only.
import { MONTH_WORD, monthNumber } from "./values.ts";

const LABEL =
  /\b(?:billing period|service period|service (?:from|dates?)|billing (?:cycle|dates)|(?:meter )?read(?:ing)? dates?|period)\b\s*:?\s*/i;
const NUM = String.raw`(\d{1,2})\/(\d{1,2})(?![\d/])`;
const WORD = String.raw`(${MONTH_WORD})\.?\s+(\d{1,2})(?![\d,]|\s*,?\s*\d{4})`;
const TO = String.raw`\s*(?:-|–|to|thru|through)\s*`;
const RANGE = new RegExp(`^(?:${NUM}${TO}${NUM}|${WORD}${TO}${WORD})`, "i");

const day = (y: number, m: number, d: number) => {
  const t = Date.UTC(y, m - 1, d);
  const back = new Date(t);
  return back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? t : undefined;
};
const isoOf = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The period of a labelled year-less date range, placed by the bill's date (`ref`, ISO); undefined when none. */
export function yearlessPeriod(lines: string[], ref: string): [string, string] | undefined {
  if (!ref) return undefined;
  const refT = Date.parse(ref), y = Number(ref.slice(0, 4));
  for (const line of lines) {
    const m = line.match(LABEL);
    if (!m || m.index === undefined) continue;
    const r = line.slice(m.index + m[0].length).match(RANGE);
    if (!r) continue;
    const [sm, sd, em, ed] = r[1]
      ? [+r[1], +r[2], +r[3], +r[4]]
      : [monthNumber(r[5])!, +r[6], monthNumber(r[7])!, +r[8]];
    // the end: in the bill's year, or the year before when that would fall after the bill's date
    const end = [y, y - 1].map((yy) => day(yy, em, ed)).find((t) => t !== undefined && t <= refT);
    if (end === undefined || refT - end > 92 * 864e5) continue;
    const ey = new Date(end).getUTCFullYear();
    const start = [ey, ey - 1].map((yy) => day(yy, sm, sd)).find((t) => t !== undefined && t < end);
    if (start === undefined || end - start > 100 * 864e5) continue;
    return [isoOf(start), isoOf(end)];
  }
  return undefined;
}
