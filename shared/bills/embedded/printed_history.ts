// Does the bill print a monthly kWh history at all? A bill's own month is added to the history from its meters'
// kWh (parse_bill.ts) — right when the bill prints a history of months (a chart or a table the reader may have read
// only in part), but a month the bill never prints when it has none: a bill without any months, or one whose only
// row of months is titled as something else than the months' kWh ("Average Daily Use (kWh)", "Daily Cost",
// "Average Temperature"; chart_titles.ts). Generic: a run of months across a line, or down a column of lines.
import { notKwhChart } from "./chart_titles.ts";
import { cells } from "./values.ts";

const MONTH = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?(?=$|[\s\-'\/,.\d])/i;
const monthOf = (c: string) => c.match(MONTH)?.[0].slice(0, 3).toLowerCase();

// words of a usage history or comparison ("Usage History", "Last Year", "This Month", "13-Month Usage")
const HISTORY_WORDS =
  /\bhistory\b|\b(?:last|previous|prior|same) (?:year|month|period)\b|\bthis (?:month|period|year)\b|\b\d{1,2}[- ]months?\b|\bmonthly (?:usage|use|kwh|energy)\b|\bcompar|\busage (?:profile|graph|chart)\b/i;
const INITIAL = /^[JFMASOND]\.?$/;
/**
 * A total of months, not a history of them ("Total kWh Last 12 Months 10,125", "Annual Usage 12 Months 9,870"): a
 * cell whose only history words are a count of months, with a total's word (round 30: a scan split a line of the
 * 12 months' total and their average into two cells, and the total's cell alone read as a history's title).
 */
const monthsTotal = (c: string) =>
  /\b(?:total|annual|sum)\b/i.test(c) && !HISTORY_WORDS.test(c.replace(/\b\d{1,2}[- ]months?\b/gi, ""));

/**
 * The bill prints a history of months, or a comparison with other periods: a cell (not titled as averages, costs
 * or temperatures) of usage-history or comparison words, a row of 3 or more months or of 8 month initials, or 3
 * of 5 lines starting with a month.
 */
export function printsMonthlyHistory(lines: string[]): boolean {
  if (lines.some((l) => cells(l).some((c) => HISTORY_WORDS.test(c) && !notKwhChart(c) && !monthsTotal(c)))) {
    return true;
  }
  if (lines.some((l) => cells(l).filter((c) => INITIAL.test(c)).length >= 8)) return true;
  const starts = lines.map((l) =>
    Boolean(monthOf(cells(l)[0] ?? "") && /\d/.test(cells(l).slice(1).join(" ")))
  );
  for (let i = 0; i < lines.length; i++) {
    if (starts.slice(i, i + 5).filter(Boolean).length >= 3) return true;
    // (a scan's speck before a month, "- Apr24", is no word of a title: round 30)
    const cs = cells(lines[i]).map((c) => c.replace(/^[^a-z0-9]+(?=[a-z])/i, ""));
    const months = new Set(cs.flatMap((c) => c.split(/\s+/)).map(monthOf).filter(Boolean));
    if (months.size < 3) continue;
    // the row's title: its own words that are not months, else the nearest line above (two at most)
    const own = cs.filter((c) => !monthOf(c)).join(" ");
    const title = /[a-z]{3}/i.test(own)
      ? own
      : [lines[i - 1], lines[i - 2]].find((l) => l && /[a-z]{3}/i.test(l));
    if (!title || !notKwhChart(title)) return true;
  }
  return false;
}
