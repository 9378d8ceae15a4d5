import { type MonthlyUsage, MonthNames } from "../schema.ts";
import { netUsageColumn } from "./net_metering.ts";
import { GAS, NOT_USAGE, OTHER_SERVICE } from "./lexicon.ts";
import { allRules, type RuleSwitch } from "./rules.ts";
import { allDates, cells, MONTH_WORD, monthNumber, parseNumber } from "./values.ts";

export interface MonthValue {
  year: number;
  month: number;
  value: number;
}

const MONTH_YEAR_VALUE = new RegExp(
  `\\b(${MONTH_WORD})[\\s.,'\u2018\u2019-]*([\u2018\u2019']?\\d{2}|\\d{4})\\b(?![/.-]\\d)(?:\\s*[-:]?\\s*)(?:\\|\\s*)?(\\d{1,3}(?:,\\d{3})+|\\d+)(?!\\.\\d|\\d|,\\s?\\d{4}|\\s*(?:days?)\\b)`,
  "gi",
);
const NUMERIC_MONTH_VALUE = /(?<![\d/])(\d{1,2})\/(\d{4})\s+(\d{1,3}(?:,\d{3})+|\d+)(?![.\d/])/g;

const toYear = (y: string) => {
  const d = y.replace(/['\u2018\u2019]/, "");
  return d.length === 2 ? 2000 + Number(d) : Number(d);
};

/** The number cells that follow a month on its line ("29", "64°", "901"), up to the next month (if any). */
function numbersAfter(line: string, from: number): string[] {
  const rest = line.slice(from);
  const next = rest.search(new RegExp(`\\b${MONTH_WORD}\\b`, "i"));
  return cells(next >= 0 ? rest.slice(0, next) : rest).filter((c) =>
    /^[$]?\d[\d,.]*\s*(?:°|%|kwh)?$/i.test(c.trim())
  );
}

// a column of the period's kWh, not an average, a cost or a count of days
const KWH_COLUMN = /kwh|\busage\b|\bused\b/i;
const NOT_KWH_COLUMN = /avg|average|per day|\/\s*day|daily|cost|\$|days?\b(?!.*kwh)/i;

/** Rows of "Jan 2024   812" (one or several pairs per line), "01/2024 812". */
function monthRows(lines: string[]): MonthValue[] {
  const out: MonthValue[] = [];
  const rescued: MonthValue[] = [];
  // the column headers after a "Month" header cell ("Month   Days   Avg Temp   kWh"), for the next 20 lines
  let header: { cells: string[]; at: number } | undefined;
  for (const [li, line] of lines.entries()) {
    const cs = cells(line);
    const mi = cs.findIndex((c) => /^(?:billing |service )?month$/i.test(c));
    if (mi >= 0 && cs.slice(mi + 1).some((c) => KWH_COLUMN.test(c))) {
      header = { cells: cs.slice(mi + 1), at: li };
      continue;
    }
    if (header && li - header.at > 20) header = undefined;
    // meter readings ("Jan 25 ... 27415" is a read date and an odometer value), dates of the bill
    if (guarded(line)) {
      // another column's row on the same text line ("Payment Received   -$64.96   FEB 22   1,150 kWh",
      // "Total Natural Gas Charges   $20.40   Mar 2024   473   15.8   $2.68"): the cells from a month cell on,
      // when only the cells left of it carry those words; kept below only next to a month read as such
      const at = cs.findIndex((c, k) => k > 0 && MONTH_CELL.test(c.trim()));
      const tail = at > 0 ? cs.slice(at).join("   ") : "";
      if (tail && !guarded(tail) && /^\d{1,3}(?:,\d{3})*(?:\s*kwh)?$/i.test(cs[at + 1]?.trim() ?? "")) {
        rescued.push(...rowValues(tail, header));
      }
      continue;
    }
    out.push(...rowValues(line, header));
    for (const m of line.matchAll(NUMERIC_MONTH_VALUE)) {
      const month = Number(m[1]);
      if (month >= 1 && month <= 12) {
        out.push({ year: Number(m[2]), month, value: Number(m[3].replace(/,/g, "")) });
      }
    }
  }
  // a rescued month is kept when it continues the run of months read (directly or through rescued ones)
  const key = (m: MonthValue) => m.year * 12 + m.month;
  const read = new Set(out.map(key));
  for (let grew = true; grew;) {
    grew = false;
    for (const m of rescued) {
      if (!read.has(key(m)) && (read.has(key(m) - 1) || read.has(key(m) + 1))) {
        out.push(m);
        read.add(key(m));
        grew = true;
      }
    }
  }
  return out;
}

// "10/23   1,140": a month and a two-digit year, then the kWh (not a date's month and day: no third part)
const MONTH_SLASH_YY =
  /(?<![\d/.])(0[1-9]|1[0-2])\/(\d{2})(?![\d/.])\s+(\d{1,3}(?:,\d{3})+|\d{1,5})(?![\d.,/])/g;

/**
 * A history whose months are printed "MM/YY" ("10/23   1,140   32", two columns of them beside the meter table,
 * reader34): such a label is a date's month and day as easily, so the labels count only as a run — six or more
 * consecutive months, each printed once — and only the run's months are read. Its reading of a month wins over
 * the table reader's (parse_bill.ts), which reads two such columns side by side one row off.
 */
export function monthSlashYearRun(lines: string[]): MonthValue[] {
  const found = new Map<number, MonthValue | null>();
  for (const line of lines) {
    for (const m of line.matchAll(MONTH_SLASH_YY)) {
      const v = { year: 2000 + Number(m[2]), month: Number(m[1]), value: Number(m[3].replace(/,/g, "")) };
      const k = v.year * 12 + v.month;
      // a month printed twice (with another value): not a history's label
      found.set(k, found.has(k) ? null : v);
    }
  }
  const keys = [...found.keys()].sort((a, b) => a - b);
  let best: number[] = [];
  for (let i = 0, run: number[] = []; i < keys.length; i++) {
    run = i && keys[i] === keys[i - 1] + 1 ? [...run, keys[i]] : [keys[i]];
    if (run.length > best.length) best = run;
  }
  if (best.length < 6 || best.some((k) => found.get(k) === null)) return [];
  return best.map((k) => found.get(k)!);
}

const guarded = (line: string) =>
  /\b(?:due|pay|paid|payment|statement|issued|read on|period|billing date|bill date)\b/i.test(line) ||
  NOT_USAGE.test(line) || GAS.test(line) || OTHER_SERVICE.test(line);
const MONTH_CELL = new RegExp(`^(?:${MONTH_WORD})[\\s.,'\u2019-]*(?:'?\\d{2}|\\d{4})$`, "i");

/** The month rows of one line: "Jan 2024   812", several pairs, or a several-column row read under its header. */
function rowValues(line: string, header: { cells: string[] } | undefined): MonthValue[] {
  const out: MonthValue[] = [];
  for (const m of line.matchAll(MONTH_YEAR_VALUE)) {
    const month = monthNumber(m[1]);
    let value = Number(m[3].replace(/,/g, ""));
    // a row of a several-column table ("Mar 2024   29   64°   901": days, temperature, kWh): the kWh is
    // the number under the header's kWh column; without such a header the row is not read (no guess)
    const nums = numbersAfter(line, (m.index ?? 0) + m[0].indexOf(m[2], m[1].length) + m[2].length);
    if (nums.length >= 2) {
      // a net-metering header (delivered / received / net kWh): the net column or none (net_metering.ts)
      const net = header && netUsageColumn(header.cells.map((h) => (KWH_COLUMN.test(h) ? h : "")));
      const k = net ?? header?.cells.findIndex((h) => KWH_COLUMN.test(h) && !NOT_KWH_COLUMN.test(h)) ?? -1;
      if (k < 0 || k >= nums.length || header!.cells.length !== nums.length) continue;
      value = Number(nums[k].replace(/[^\d.]/g, ""));
      if (!Number.isInteger(value)) continue;
    }
    // "Oct 30 2024" is a date, not October '30 with 2024 kWh
    if (/^\d{2}$/.test(m[2]) && /^(19|20)\d{2}$/.test(m[3])) continue;
    if (month && value < 1e7) out.push({ year: toYear(m[2]), month, value });
  }
  return out;
}

const MONTH_TOKEN = new RegExp(`^(${MONTH_WORD})[\\s.,'-]*('?\\d{2}|\\d{4})$`, "i");

/**
 * Horizontal tables: a row of dates or month-year headers, and below it (within 3 lines) a row labelled
 * kWh/usage with as many numbers: "Service to  Feb 25, 2021  Jan 27, 2021" / "kWh Used  968  951".
 */
function horizontalRows(lines: string[]): MonthValue[] {
  const out: MonthValue[] = [];
  for (let i = 0; i < lines.length; i++) {
    // OCR may glue two header dates into one cell ("Apr22,2022 May21,2021"): split them
    const cs = cells(lines[i]).flatMap((c) => c.split(/(?<=\d{4})\s+(?=[A-Za-z])/));
    const headerCells = cs.filter((c) =>
      MONTH_TOKEN.test(c) || (allDates(c).length === 1 && allDates(c)[0] && c.length <= 14)
    );
    const dates = headerCells.length >= 2 ? headerCells : [];
    if (dates.length < 2) continue;
    const when = dates.map((c) => {
      const m = c.match(MONTH_TOKEN);
      if (m) return { year: toYear(m[2]), month: monthNumber(m[1])! };
      const d = allDates(c)[0];
      return { year: Number(d.slice(0, 4)), month: Number(d.slice(5, 7)) };
    });
    for (let j = i + 1; j <= Math.min(lines.length - 1, i + 3); j++) {
      // OCR may close the gap between two numbers ("1129 1366"): split runs of numbers
      const row = cells(lines[j]).flatMap((c) => (/^[\d,]+(\s+[\d,]+)+$/.test(c) ? c.split(/\s+/) : [c]));
      // the label is the last text cell before the trailing run of numbers
      let k = row.length;
      while (k > 0 && /^[\d,]+$/.test(row[k - 1])) k--;
      const label = row[k - 1] ?? "";
      if (
        !/\b(kwh|usage|used|consumption)\b/i.test(label) || /\/\s*day|per day|avg|average|days/i.test(label)
      ) continue;
      const nums = row.slice(k).map((c) => Number(c.replace(/,/g, "")));
      if (nums.length !== when.length) continue;
      when.forEach((w, k) => out.push({ ...w, value: nums[k] }));
      break;
    }
  }
  return out;
}

/**
 * Statement tables with one row per bill: dates, then days, then kWh ("4/15/2021 4/14/21  30  3,652 ...").
 * The usage is credited to the month of the row's last (read) date. Only used when a header says kWh and days.
 */
function datedRows(lines: string[]): MonthValue[] {
  const text = lines.join("\n");
  if (!/\bdays\b/i.test(text) || !/\bkwh\b/i.test(text)) return [];
  const out: MonthValue[] = [];
  for (const line of lines) {
    const fixed = line.replace(/(\d{1,2}\/\d{1,2}\/\d{4})(?=\d)/g, "$1 ");
    const dates = allDates(fixed);
    if (dates.length < 1) continue;
    const lastDate = [...fixed.matchAll(/\d{1,2}\/\d{1,2}\/\d{2,4}/g)].pop();
    if (!lastDate || lastDate.index === undefined) continue;
    const after = fixed.slice(lastDate.index + lastDate[0].length).trim().split(/\s+/);
    const nums = after.map((c) => (/^[\d,]+(\.\d+)?$/.test(c) ? Number(c.replace(/,/g, "")) : NaN));
    if (
      nums.length < 2 || !(nums[0] >= 20 && nums[0] <= 70 && Number.isInteger(nums[0])) ||
      !Number.isInteger(nums[1])
    ) continue;
    const end = dates[dates.length - 1];
    out.push({ year: Number(end.slice(0, 4)), month: Number(end.slice(5, 7)), value: nums[1] });
  }
  return out;
}

/** Usage history read from the bill: one value per month (the latest row wins for a repeated month). */
export function readUsageHistory(lines: string[], on: RuleSwitch = allRules): MonthValue[] {
  const found = [
    ...(on("statement-dated-rows") ? datedRows(lines) : []),
    ...(on("horizontal-usage-table") ? horizontalRows(lines) : []),
    ...monthRows(lines),
  ];
  const byKey = new Map<string, MonthValue>();
  for (const f of found) {
    if (f.year >= 1990 && f.year <= 2100 && f.value >= 0) byKey.set(`${f.year}-${f.month}`, f);
  }
  return [...byKey.values()].sort((a, b) => a.year - b.year || a.month - b.month);
}

export function toMonthlyUsage(v: MonthValue, estimated = false): MonthlyUsage {
  const m: MonthlyUsage = { month: MonthNames[v.month - 1], year: v.year, value: v.value, unit: "kWh" };
  if (estimated) m.estimated = true;
  return m;
}

export { parseNumber };
