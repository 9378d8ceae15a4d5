// A text line can hold two meters printed side by side: a combined statement's electric and gas details in two
// columns, joined on one line ("Meter M5054855 Rate SC1   Meter 58655194 Rate SC1 Gas"). Each meter is judged
// by its own column — from the column gap before its meter word to the column gap before the next one — so a
// gas meter beside the electric one no longer hides it. A line with one meter is judged whole, as before.
import { GAS, OTHER_SERVICE } from "./lexicon.ts";

const GAP = /\s{2,}/g;

/** The first meter on the line whose own column names no other service, with that column's text after it. */
export function electricMeterOnLine(
  line: string,
  meter: RegExp,
): { match: RegExpMatchArray; before: string; rest: string } | undefined {
  const all = new RegExp(meter.source, meter.flags.includes("g") ? meter.flags : `${meter.flags}g`);
  const found = [...line.matchAll(all)];
  for (let k = 0; k < found.length; k++) {
    const m = found[k], at = m.index ?? 0, after = at + m[0].length;
    const next = found[k + 1]?.index ?? line.length;
    const tailGap = k + 1 < found.length ? [...line.slice(after, next).matchAll(GAP)].at(-1) : undefined;
    const end = tailGap?.index !== undefined ? after + tailGap.index : next;
    const prevEnd = k ? (found[k - 1].index ?? 0) + found[k - 1][0].length : 0;
    const headGap = k ? [...line.slice(prevEnd, at).matchAll(GAP)].at(-1) : undefined;
    const start = headGap?.index !== undefined ? prevEnd + headGap.index + headGap[0].length : prevEnd;
    const column = line.slice(start, end);
    if (GAS.test(column) || OTHER_SERVICE.test(column)) continue;
    return { match: m, before: line.slice(start, at), rest: line.slice(after, end) };
  }
  return undefined;
}
