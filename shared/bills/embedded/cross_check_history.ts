// A usage history against the figures the bill prints about the same year: a 12-month total ("Total kWh last 12
// months 10,870", "Annual usage 10,870 kWh") or a monthly average ("Average monthly usage 906 kWh"). OCR misreads a
// month's digits with confidence ("1004" for 1094); no other figure beside a month disagrees, but the year's sum
// does. One month whose look-alike reading (cross_check_digits.ts) makes a 12-month total agree, the only such
// month and reading, is read so; a sum that disagrees otherwise (or only an average does) leaves the months as
// read, marked to confirm. An average may be of the 13 months a bill prints.
import type { MonthlyUsage } from "../schema.ts";
import { MonthNames } from "../schema.ts";
import { lookAlikes } from "./cross_check_digits.ts";

const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d{3,6})`;
/** "12-month total", "total (last 12 months)", "annual usage", "yearly kWh", "usage for the year". */
const TOTAL = new RegExp(
  String
    .raw`(?:\b12[- ]?months?\b|\bannual\b|\byearly\b|\b(?:past|last) (?:12 months|year)\b|\bfor the year\b|\btwelve[- ]months?\b)` +
    String.raw`[^\d$%\n]{0,40}?` + NUMBER + String.raw`\s*(kwh)?`,
  "gi",
);
/** "average monthly usage 906 kWh", "avg. kWh per month 906" (not a daily average, not a price or a temperature). */
const AVERAGE = new RegExp(
  String
    .raw`\b(?:average|avg\.?)\b[^\d$%\n]{0,12}?(?:\bmonthly\b|\bper month\b|\ba month\b)[^\d$%\n]{0,25}?` +
    NUMBER +
    String.raw`\s*(kwh)?`,
  "gi",
);

const YEAR_PERIOD =
  /\b12[- ]?months?\b|\bannual\b|\byearly\b|\b(?:past|last) (?:12 months|year)\b|\bfor the year\b|\btwelve[- ]months?\b/i;
/** A line about a year's figure ("12-Month Total Usage 11,530 kWh", "Annual usage"): not the period's kWh. */
export const namesYear = (line: string) => YEAR_PERIOD.test(line) && !/daily|per day|\/\s?day/i.test(line);

export interface YearFigures {
  /** 12-month totals printed (kWh). */
  totals: number[];
  /** monthly averages printed (kWh). */
  averages: number[];
}

/** The 12-month totals and monthly averages of kWh the bill prints (a line naming kWh or a usage). */
export function yearFigures(lines: string[]): YearFigures {
  const totals: number[] = [], averages: number[] = [];
  for (const line of lines) {
    if (/daily|per day|\/\s?day|\$|¢|cents?|temp|degree|°/i.test(line)) continue;
    if (!/kwh|usage|\buse\b|energy|electric/i.test(line)) continue;
    if (/\bkw\b(?!h)|demand/i.test(line)) continue;
    for (const m of line.matchAll(TOTAL)) totals.push(Number(m[1].replace(/,/g, "")));
    for (const m of line.matchAll(AVERAGE)) averages.push(Number(m[1].replace(/,/g, "")));
  }
  return { totals, averages };
}

const key = (u: MonthlyUsage) => u.year * 12 + MonthNames.indexOf(u.month);

/** Runs of 12 and of 13 consecutive months of the history (oldest first), as index lists. */
function windows(sorted: MonthlyUsage[]): number[][] {
  const out: number[][] = [];
  for (const n of [12, 13]) {
    for (let i = 0; i + n <= sorted.length; i++) {
      if (key(sorted[i + n - 1]) - key(sorted[i]) === n - 1) out.push([...Array(n).keys()].map((k) => i + k));
    }
  }
  return out;
}

/** A run's sum agrees: a 12-month total exactly; an average (of 12 or 13 months) as rounded to its digits. */
const agrees = (sum: number, n: number, f: YearFigures, averages = true) =>
  (n === 12 && f.totals.some((t) => sum === t)) ||
  (averages && f.averages.some((a) => Math.abs(sum / n - a) <= (Number.isInteger(a) ? 0.5 : 0.05) + 1e-9));

export interface HistoryVerdict {
  /** The history, with at most one month read as its look-alike. */
  months: MonthlyUsage[];
  /** The month corrected ("YYYY-MM"), if any. */
  corrected?: string;
  /** The year's figures disagree and no one month settles it: the months of the year to confirm ("YYYY-MM"). */
  unsure: string[];
}

/**
 * The history checked against the year's printed total or average: unchanged when a run of 12 months agrees or
 * the bill prints neither; one month corrected when exactly one month's look-alike reading makes one run agree
 * (and no run agrees as read); otherwise the months of the runs to confirm.
 */
export function historyAgainstYear(history: MonthlyUsage[], figures: YearFigures): HistoryVerdict {
  const none = { months: history, unsure: [] };
  if (!figures.totals.length && !figures.averages.length) return none;
  const sorted = [...history].sort((a, b) => key(a) - key(b));
  const runs = windows(sorted);
  if (!runs.length) return none;
  if (runs.some((run) => agrees(run.reduce((s, i) => s + sorted[i].value, 0), run.length, figures))) {
    return none;
  }
  const fixes = new Map<number, number>();
  for (const run of runs) {
    const sum = run.reduce((s, i) => s + sorted[i].value, 0);
    for (const i of run) {
      if (!Number.isInteger(sorted[i].value)) continue;
      for (const alt of lookAlikes(String(sorted[i].value)).map(Number)) {
        // a correction from a total only: an average rounded to the kWh lets through a dozen kWh of sum
        if (agrees(sum - sorted[i].value + alt, run.length, figures, false)) fixes.set(i * 1e7 + alt, alt);
      }
    }
  }
  const ym = (u: MonthlyUsage) => `${u.year}-${String(MonthNames.indexOf(u.month) + 1).padStart(2, "0")}`;
  if (fixes.size === 1) {
    const [[code, alt]] = [...fixes];
    const i = Math.floor(code / 1e7);
    const fixed = sorted[i];
    return {
      months: history.map((u) => (u === fixed ? { ...u, value: alt } : u)),
      corrected: ym(fixed),
      unsure: [],
    };
  }
  return { months: history, unsure: [...new Set(runs.flat())].map((i) => ym(sorted[i])) };
}
