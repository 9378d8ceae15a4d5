// What the bill itself says about a usage-history table's numbers (issue #11, photos14). A history cell that a
// phone photo's page reading dropped and that was read again on its own (ocr_history_cells.ts) is kept only when
// the bill confirms it: two readings of the same pixels agree on a one-digit misread as often as not (seed
// 96368's uppco-01: January's 1,395 read "1,396" at three scales and by two binarisations), so agreement between
// readings is no check. The bill prints figures a history must agree with:
// - its newest month is the period's kWh, printed elsewhere on the page ("Usage 979 kWh", "kWh Used 715",
//   "Amount used this month: 1,168 kWh"): a re-read value at either end of the table (where its newest month is)
//   that is one of the page's kWh figures is confirmed;
// - a 12-month total ("Total kWh last 12 months 10,870"): when every row of the table is known once the re-read
//   values are in and the rows' sum is the total, every re-read value of the table is confirmed (one misread
//   digit changes the sum); a sum that disagrees with a printed total or monthly average ("Average monthly usage
//   906 kWh") keeps every re-read value of the table out.
// Whatever the bill does not confirm stays empty. Pure text and geometry.
import type { Box } from "./ocr_preprocess.ts";
import type { VerifyLine, VerifyWord } from "./ocr_verify.ts";

const NUMBER = /^(?:\d{1,3}(?:,\d{3})+|\d{1,6})$/;
const KWH = /^kwh\b/i;
/** A number with its kWh glued on ("979kWh"). */
const GLUED = /^(\d{1,3}(?:,\d{3})+|\d{1,6})kwh\b/i;
const numberOf = (t: string) => Number(t.replace(/,/g, ""));

const overlaps = (a: Box, b: Box) =>
  Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0;

/**
 * The kWh figures the page prints outside `exclude` (the history table's own cells): a number followed by "kWh"
 * ("979 kWh", "979kWh"), or after "used" / "usage" on a line that names kWh ("kWh Used 715").
 */
export function kwhFigures(lines: VerifyLine[], exclude: Box[] = []): number[] {
  const out: number[] = [];
  for (const l of lines) {
    const words = l.words.filter((w) => !exclude.some((b) => overlaps(w.bbox, b)));
    const namesKwh = words.some((w) => /kwh/i.test(w.text));
    words.forEach((w: VerifyWord, j) => {
      const t = w.text.trim();
      const glued = t.match(GLUED);
      if (glued) return void out.push(numberOf(glued[1]));
      if (!NUMBER.test(t)) return;
      const next = words[j + 1]?.text.trim() ?? "", prev = words[j - 1]?.text.trim() ?? "";
      if (KWH.test(next) || (namesKwh && /^(?:used|usage):?$/i.test(prev))) out.push(numberOf(t));
    });
  }
  return out.filter((n) => n > 0);
}

export interface YearFigures {
  /** 12-month totals printed (kWh). */
  totals: number[];
  /** Monthly averages printed (kWh). */
  averages: number[];
}

const FIGURE = String.raw`(\d{1,3}(?:,\d{3})+|\d{3,6})`;
const TOTAL = new RegExp(
  String
    .raw`(?:\b12[- ]?months?\b|\bannual\b|\byearly\b|\b(?:past|last) (?:12 months|year)\b|\btwelve[- ]months?\b)` +
    String.raw`[^\d$%]{0,40}?` + FIGURE,
  "gi",
);
const AVERAGE = new RegExp(
  String.raw`\b(?:average|avg\.?)\b[^\d$%]{0,12}?(?:\bmonthly\b|\bper month\b|\ba month\b)[^\d$%]{0,25}?` +
    FIGURE,
  "gi",
);

/** The 12-month totals and monthly averages of kWh printed on the page's lines (not per day, not money). */
export function yearFigures(lines: VerifyLine[]): YearFigures {
  const totals: number[] = [], averages: number[] = [];
  for (const l of lines) {
    const text = l.words.map((w) => w.text.trim()).join(" ");
    if (/daily|per day|\/\s?day|\$|¢|cents?|temp|degree|°/i.test(text)) continue;
    if (!/kwh|usage|\buse\b|energy|electric/i.test(text)) continue;
    for (const m of text.matchAll(TOTAL)) totals.push(numberOf(m[1]));
    for (const m of text.matchAll(AVERAGE)) averages.push(numberOf(m[1]));
  }
  return { totals, averages };
}

/**
 * Whether a table's values (every row's, top to bottom, the re-read ones in) agree with a printed total or
 * average: 12 rows (or the first or last 12 of 13) summing to a total, or (`averages`) 12 or 13 rows whose mean
 * rounds to an average. An average rounded to the kWh lets a dozen kWh of sum through (a last digit misread), so
 * only a total confirms a re-read value; an average that disagrees still contradicts one.
 */
export function yearAgrees(values: number[], figures: YearFigures, averages = true): boolean {
  const runs = values.length === 13 ? [values, values.slice(1), values.slice(0, 12)] : [values];
  return runs.some((run) => {
    if (run.length !== 12 && run.length !== 13) return false;
    const sum = run.reduce((s, v) => s + v, 0);
    if (run.length === 12 && figures.totals.includes(sum)) return true;
    return averages && figures.averages.some((a) => Math.abs(sum / run.length - a) <= 0.5);
  });
}

/** A re-read value at one end of a table: confirmed when it is one of the page's kWh figures. */
export const endConfirmed = (value: number, kwh: number[]): boolean => kwh.includes(value);
