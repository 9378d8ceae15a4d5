// Usage history from the tables and labelled charts of the page (tables.ts): which column (or row) holds the
// month and which the kWh — never an amount, a day count, a demand or a meter reading — and the year of
// months printed without one. Generic: chosen by the header words every US bill uses.
import { NOT_USAGE } from "./lexicon.ts";
import { netUsageColumn } from "./net_metering.ts";
import { fillGarbledMonths } from "./ocr_month_gaps.ts";
import { ocrPointThousands, ocrWholeRow } from "./ocr_numbers.ts";
import { ocrKwhHeader, tidyOcrTokens } from "./ocr_tokens.ts";
import type { Word } from "./pairing.ts";
import {
  pageColumns,
  readBarCharts,
  readTables,
  readTransposed,
  type Table,
  type TransposedTable,
} from "./tables.ts";
import { allRules, type RuleSwitch } from "./rules.ts";
import type { MonthValue } from "./usage_history.ts";
import { allDates, MONTH_WORD, monthNumber } from "./values.ts";

const KWH_HEAD = /kwh|kilowatt|\busage\b|\bused\b|\buse\b|consumption|\benergy\b/i;
/** Headers of columns that are never a period's usage: money, days, demand, readings, averages, temperatures. */
const NOT_KWH_HEAD =
  /\$|¢|amount|cost|charges?|dollars|\bdays?\b|demand|\bkw\b(?!h)|meter|avg|average|per day|\/\s*day|daily|temp|factor|rkva|\btax|\brate\b|price|\bgas\b|therms?|ccf/i;
const PLAIN_NUMBER = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^\d+(?:\.\d+)?$/;

/** How much a header reads as the period's kWh: 2 names kWh, 1 usage words, 0 not usage. */
export function kwhScore(header: string): number {
  if (!KWH_HEAD.test(header) || NOT_KWH_HEAD.test(header) || NOT_USAGE.test(header)) return 0;
  return /kwh|kilowatt/i.test(header) ? 2 : 1;
}

// "Mar 24", "Mar '24", "Mar 2024", "Mar-24", "Mar/24" (a month over its year, never a day)
const MONTH_CELL = new RegExp(`^(${MONTH_WORD})(?:[\\s.,'\u2019-]*|(\\/))(?:('?)(\\d{2})|(\\d{4}))?$`, "i");

/** The month (and year, when printed) of a cell: a date (the last one: a period's end), "Jan 2024", "01/2024", "Jan". */
export function monthOf(cell: string, header = ""): { month: number; year?: number } | undefined {
  const c = cell.trim();
  const ds = allDates(c);
  if (ds.length) {
    const d = ds[ds.length - 1];
    return { year: Number(d.slice(0, 4)), month: Number(d.slice(5, 7)) };
  }
  const mm = c.match(/^(\d{1,2})\/(\d{4})$/);
  if (mm && +mm[1] >= 1 && +mm[1] <= 12) return { month: +mm[1], year: +mm[2] };
  const m = c.match(MONTH_CELL);
  if (!m) return undefined;
  const month = monthNumber(m[1])!;
  if (m[5]) return { month, year: Number(m[5]) };
  // "Jan 24": a year where the apostrophe or the slash says so or the column is of months, else a day of a
  // year-less date
  if (m[4] && (m[3] || m[2] || !/date/i.test(header))) return { month, year: 2000 + Number(m[4]) };
  return { month };
}

/**
 * Years for a run of months printed in order (oldest first or newest first) where some or none print their
 * year: from the printed years, else the newest month is the one on or before the bill's period end.
 */
export function placeYears(
  months: number[],
  known: (number | undefined)[],
  periodEnd: string,
): number[] | undefined {
  if (!months.length) return [];
  const steps = months.slice(1).map((m, i) => (m - months[i] + 12) % 12);
  const descending = steps.filter((s) => s === 11).length > steps.filter((s) => s === 1).length;
  const ms = descending ? [...months].reverse() : months;
  const ks = descending ? [...known].reverse() : known;
  const out = new Array<number>(ms.length);
  let anchor = ks.findIndex((y) => y !== undefined);
  if (anchor >= 0) out[anchor] = ks[anchor]!;
  else if (periodEnd) {
    const [y, m] = [Number(periodEnd.slice(0, 4)), Number(periodEnd.slice(5, 7))];
    anchor = ms.length - 1;
    out[anchor] = ms[anchor] <= m ? y : y - 1;
  } else return undefined;
  for (let i = anchor + 1; i < ms.length; i++) {
    out[i] = ks[i] ?? (ms[i] < ms[i - 1] ? out[i - 1] + 1 : out[i - 1]);
  }
  for (let i = anchor - 1; i >= 0; i--) out[i] = ks[i] ?? (ms[i] > ms[i + 1] ? out[i + 1] - 1 : out[i + 1]);
  return descending ? out.reverse() : out;
}

// a read type printed beside the kWh ("1,234 E", "980 Est", "812 A", "1,020*"): the value is still the month's
const READ_FLAG = /\s*(?:\b(?:e|est\.?|estimated|a|act|actual)|\*)$/i;
const numberOf = (cell: string) => {
  const t = cell.trim().replace(/\s*kwh$/i, "").replace(READ_FLAG, "");
  return PLAIN_NUMBER.test(t) ? Number(t.replace(/,/g, "")) : undefined;
};

/** The column or row holding kWh: the best-scored header whose values are plain numbers; none when two tie. */
function pickKwh<T>(items: T[], header: (t: T) => string, values: (t: T) => string[]): T | undefined {
  // a net-metering table (delivered / received / net): its net column, or none (net_metering.ts)
  const net = netUsageColumn(items.map((t) => (kwhScore(header(t)) > 0 ? header(t) : "")));
  if (net !== undefined) items = net >= 0 ? [items[net]] : [];
  const scored = items.map((t) => {
    const vs = values(t).filter((v) => v.trim());
    const plain = vs.filter((v) => numberOf(v) !== undefined).length;
    const ok = vs.length > 0 && plain >= vs.length * 0.6 && !vs.some((v) => /\$/.test(v));
    return { t, s: ok ? kwhScore(header(t)) + (/\btotal\b/i.test(header(t)) ? 0.5 : 0) : 0 };
  }).filter((x) => x.s > 0).sort((a, b) => b.s - a.s);
  if (!scored.length || (scored[1] && scored[1].s === scored[0].s)) return undefined;
  return scored[0].t;
}

function fromRuns(
  cells: { month: string; value: string; days?: string; perDay?: string }[],
  header: string,
  periodEnd: string,
  on: RuleSwitch = allRules,
  ocr = false,
): MonthValue[] {
  // a row that bills no day ("4/1/2022   12/31/30   0   0", Days Used 0: a correction or a transfer) is no
  // period of usage, whatever its dates say (reader36)
  if (on("zero-day-row")) cells = cells.filter((c) => !c.days?.trim() || numberOf(c.days) !== 0);
  // (on a scan, a month label OCR garbled between two read ones: ocr_month_gaps.ts)
  if (ocr) cells = fillGarbledMonths(cells, (m) => monthOf(m, header));
  const parsed = cells.map((c) => ({ when: monthOf(c.month, header), value: numberOf(c.value) }))
    .filter((c) => c.when && c.value !== undefined);
  const years = placeYears(parsed.map((p) => p.when!.month), parsed.map((p) => p.when!.year), periodEnd);
  if (!years) return [];
  const rows = parsed.map((p, i) => ({ year: years[i], month: p.when!.month, value: p.value! }));
  // a row dated far from both its neighbours (a correction row "12/31/30 … 0") is not a month of the history
  const key = (r: MonthValue) => r.year * 12 + r.month;
  const far = (a: MonthValue, b: MonthValue | undefined) => !b || Math.abs(key(a) - key(b)) > 13;
  if (!on("history-outlier-row")) return rows;
  return rows.filter((r, i) => rows.length < 3 || !(far(r, rows[i - 1]) && far(r, rows[i + 1])));
}

const PER_DAY_HEAD = /avg|average|per\s*day|\/\s*day|daily/i;
const MONTH_HEAD = /\b(?:month|date|period|read|bill|billing|from|to|through|thru|service|year|mo)\b/i;

/** Month score of a date/month column header: its end ("to", "read", "through") over its start ("from"). */
const monthHeadScore = (h: string) =>
  (/\b(?:to|end|ending|through|thru|read)\b/i.test(h) ? 2 : 0) -
  (/\b(?:from|start|begin|beginning)\b/i.test(h) ? 2 : 0) +
  (/\bmonth\b/i.test(h) ? 1 : 0);

/**
 * Months as rows, years as columns ("Month   2023   2024" over "Jan   1,046   1,102" …; a year-over-year
 * comparison): each column headed by a year (and nothing that is not usage) holds that year's kWh of the
 * row's month, when the table names kWh or usage in a header. Cells left blank (months to come) are skipped.
 */
function yearColumns(
  t: Table,
  monthCols: number[],
  cellsOf: (i: number) => string[],
  ocr = false,
): MonthValue[] {
  const heads = t.columns.map((c) => c.header);
  const years = heads.map((h) => h.match(/\b((?:19|20)\d{2})$/)?.[1]);
  // on a scan, a year's column of whole kWh as OCR reads it ("1.207", "1,554.", a garbled cell: ocr_numbers.ts)
  const valuesOf = (i: number) => (ocr && years[i] && ocrWholeRow(cellsOf(i), true)) || cellsOf(i);
  const cols = heads.flatMap((h, i) =>
    years[i] && !NOT_KWH_HEAD.test(h) && valuesOf(i).every((v) => !v.trim() || numberOf(v) !== undefined)
      ? [i]
      : []
  );
  const mc = monthCols.find((i) => cellsOf(i).every((v) => !v.trim() || !monthOf(v)?.year));
  if (cols.length < 2 || mc === undefined || !heads.some((h) => KWH_HEAD.test(h))) return [];
  return cols.flatMap((i) =>
    t.rows.flatMap((r, k) => {
      const month = monthOf(r.cells[mc])?.month, value = numberOf(valuesOf(i)[k]);
      return month && value !== undefined ? [{ year: Number(years[i]), month, value }] : [];
    })
  );
}

// columns headed by a year named from the bill's own ("This Year   Last Year", "Current Year   Prior Year")
const THIS_YEAR = /^(?:this|current|present)\s+year(?:\s*\(?kwh\)?)?$/i;
const LAST_YEAR = /^(?:last|previous|prior)\s+year(?:\s*\(?kwh\)?)?$/i;

/**
 * Months as rows, this year's and last year's kWh as columns ("Month   This Year   Last Year" over "Sep   2,008
 * 1,764"): the years are the bill's. A month's this-year cell is its latest month up to the period's end (the
 * year running back from the bill's month); its last-year cell the same month a year before — or, where the
 * this-year cell is blank (a calendar year's months to come), the previous calendar year's.
 */
function relativeYearColumns(
  t: Table,
  monthCols: number[],
  cellsOf: (i: number) => string[],
  periodEnd: string,
): MonthValue[] {
  if (!periodEnd) return [];
  const heads = t.columns.map((c) => c.header.trim());
  const cur = heads.findIndex((h) => THIS_YEAR.test(h)), prev = heads.findIndex((h) => LAST_YEAR.test(h));
  const mc = monthCols.find((i) => cellsOf(i).every((v) => !v.trim() || !monthOf(v)?.year));
  if (cur < 0 || prev < 0 || mc === undefined) return [];
  const whole = (v: string) => !v.trim() || /^\d{1,3}(?:,\d{3})*$|^\d+$/.test(v.trim());
  if (!cellsOf(cur).every(whole) || !cellsOf(prev).every(whole)) return [];
  const [endYear, endMonth] = [Number(periodEnd.slice(0, 4)), Number(periodEnd.slice(5, 7))];
  return t.rows.flatMap((r) => {
    const month = monthOf(r.cells[mc])?.month;
    if (!month) return [];
    const latest = month <= endMonth ? endYear : endYear - 1;
    const [a, b] = [numberOf(r.cells[cur]), numberOf(r.cells[prev])];
    return [
      ...(a !== undefined ? [{ year: latest, month, value: a }] : []),
      ...(b !== undefined ? [{ year: a !== undefined ? latest - 1 : endYear - 1, month, value: b }] : []),
    ];
  });
}

/** Usage history from column tables, transposed tables and labelled bar charts on the pages. */
export function tableUsage(
  pages: Word[][],
  periodEnd: string,
  on: RuleSwitch = allRules,
  ocr = false,
): MonthValue[] {
  // a scan's month labels with OCR's glyph errors ("Apr2a", "Jui2a") read as the months they are, a header's
  // kWh that lost its k ("Wh") as kWh (ocr_tokens.ts)
  if (ocr) pages = pages.map((ws) => ws.map((w) => ({ ...w, text: ocrKwhHeader(tidyOcrTokens(w.text)) })));
  const out: MonthValue[] = [];
  // charts first: a table's reading of the same month wins
  for (const bars of readBarCharts(pages)) {
    const ms = bars.map((b) => monthOf(b.label)!);
    const years = placeYears(ms.map((m) => m.month), bars.map((b, i) => ms[i].year ?? b.year), periodEnd);
    if (!years) continue;
    bars.forEach((b, i) => {
      if (b.value !== undefined) out.push({ year: years[i], month: ms[i].month, value: b.value });
    });
  }
  // the page's tables, then those of each page column where two are printed side by side (a history table
  // beside the charges: read alone, its rows are not mixed with the other column's lines); a later reading wins
  const [left, right] = pageColumns(pages);
  const split = left.some((l, i) => l.length < pages[i].length);
  const tables = [
    ...readTables(pages, on),
    ...(split ? [...readTables(left, on), ...readTables(right, on)] : []),
  ];
  for (const t of tables) {
    const idx = t.columns.map((_, i) => i);
    const cellsOf = (i: number) => t.rows.map((r) => r.cells[i]);
    const isMonthCol = (i: number) => {
      const vs = cellsOf(i).filter((v) => v.trim());
      return vs.length > 0 && vs.filter((v) => monthOf(v, t.columns[i].header)).length >= vs.length * 0.6;
    };
    const isNumberCol = (i: number) => {
      const vs = cellsOf(i).filter((v) => v.trim());
      return vs.length > 0 && vs.every((v) => numberOf(v) !== undefined);
    };
    // side-by-side pairs ("MAR 2021  888   APR 2021  921") under a usage heading: every month with the number
    // right of it
    const pairs = idx.filter((i) => isMonthCol(i) && i + 1 < idx.length && isNumberCol(i + 1));
    let runs: { month: string; value: string; header: string; days?: string; perDay?: string }[][] = [];
    // a history split in halves printed side by side ("Month  kWh  Days | Month  kWh  Days"): each half from
    // its month column up to the next, with its own kWh column; the halves read one after the other
    // (a month column whose rows name fewer distinct months than three in four is a table of days beside the
    // history, "Last 7 Days   Date  kWh  Cost" level with "Month  kWh": not a half of it)
    const monthCols = idx.filter(isMonthCol);
    const ofMonths = (i: number) => {
      const ms = cellsOf(i).map((v) => monthOf(v, t.columns[i].header)).filter((m) => m !== undefined);
      return ms.length < 3 || new Set(ms.map((m) => `${m!.year}-${m!.month}`)).size >= ms.length * 0.75;
    };
    const days = monthCols.filter((m) => !ofMonths(m));
    const halves = monthCols.map((m, g) => idx.filter((i) => i > m && i < (monthCols[g + 1] ?? idx.length)));
    const halfKwh = halves.map((h) => pickKwh(h, (i) => t.columns[i].header, cellsOf));
    if (monthCols.length >= 2 && halfKwh.every((k) => k !== undefined)) {
      runs = [
        monthCols.flatMap((m, g) =>
          days.includes(m) ? [] : t.rows.map((r) => ({
            month: r.cells[m],
            value: r.cells[halfKwh[g]!],
            header: t.columns[m].header,
          }))
        ),
      ];
    } else if (pairs.length >= 2 && kwhScore(t.columns.map((c) => c.header).join(" ")) > 0) {
      runs = [
        t.rows.flatMap((r) => pairs.map((i) => ({ month: r.cells[i], value: r.cells[i + 1], header: "" }))),
      ];
    } else {
      const byYear = yearColumns(t, idx.filter(isMonthCol), cellsOf, ocr);
      if (!byYear.length) byYear.push(...relativeYearColumns(t, idx.filter(isMonthCol), cellsOf, periodEnd));
      if (byYear.length) {
        out.push(...byYear);
        continue;
      }
      const kwh = pickKwh(idx, (i) => t.columns[i].header, cellsOf);
      if (kwh === undefined) continue;
      // the month column: the best-headed one ("Read Date" over "Bill Date", "To" over "From"), the nearest
      // left of the kWh on a tie
      // (one left of the kWh first: a month column right of it, past a column of days and their cost, heads the
      // next table printed level with this one)
      const side = (i: number) => (i > kwh && monthCols.some((m) => m < kwh) ? 1 : 0);
      const mc = idx.filter((i) => i !== kwh && isMonthCol(i)).sort((a, b) =>
        side(a) - side(b) ||
        monthHeadScore(t.columns[b].header) - monthHeadScore(t.columns[a].header) ||
        (a < kwh ? kwh - a : 100 + a) - (b < kwh ? kwh - b : 100 + b)
      )[0];
      // the month column is headed as one ("Month", "Read Date", "Service Period", "To") or holds month names
      if (
        mc === undefined || t.rows.length < 2 ||
        !(MONTH_HEAD.test(t.columns[mc].header) ||
          t.rows.every((r) => !r.cells[mc].trim() || MONTH_CELL.test(r.cells[mc].trim())))
      ) continue;
      // (on a scan, a kWh cell's thousands comma read as a point: ocr_numbers.ts)
      const kwhCells = ocr ? ocrPointThousands(cellsOf(kwh)) : cellsOf(kwh);
      // (a row whose garbled label is placed by its neighbours must agree with the table's days and kWh per day
      // where it prints both: ocr_month_gaps.ts)
      const perDay = idx.find((i) => PER_DAY_HEAD.test(t.columns[i].header));
      const days = idx.find((i) =>
        /\bdays\b/i.test(t.columns[i].header) && !PER_DAY_HEAD.test(t.columns[i].header)
      );
      runs = [
        t.rows.map((r, k) => ({
          month: r.cells[mc],
          value: kwhCells[k],
          header: t.columns[mc].header,
          days: days === undefined ? "" : r.cells[days],
          perDay: perDay === undefined ? "" : r.cells[perDay],
        })),
      ];
    }
    for (const run of runs) {
      const got = fromRuns(run, run[0]?.header ?? "", periodEnd, on, ocr);
      // rows of one month (a table of meters read over the same period) are not a monthly history
      const distinct = new Set(got.map((g) => g.year * 12 + g.month)).size;
      if (got.length && distinct >= got.length * 0.75) out.push(...got);
    }
  }
  for (const t of readTransposed(pages)) {
    // a year-by-year usage summary: the months as columns, one row per year labelled by the year alone
    const byYear = yearRows(t, ocr);
    if (byYear.length) {
      out.push(...byYear);
      continue;
    }
    // the one row of whole numbers (one under every month) with no label, under a title that names the kWh
    // ("Electricity usage summary (kWh)" over "Apr 22  May 22 …" over "615  744 …")
    // (on a scan, a cell's thousands comma may be read as a point or lost: ocr_numbers.ts)
    const whole = (cs: string[]) =>
      cs.every((c) => /^\d{1,3}(?:,\d{3})*$/.test(c.trim())) ? cs : ocr ? ocrWholeRow(cs) : undefined;
    const numeric = t.rows.filter((r) => !r.label && whole(r.cells)).map((r) => ({
      ...r,
      cells: whole(r.cells)!,
    }));
    const untitled = numeric.length === 1 && kwhScore(t.title) > 0 ? numeric[0] : undefined;
    const row = pickKwh(t.rows, (r) => r.label, (r) => r.cells) ?? untitled;
    if (!row) continue;
    out.push(...fromRuns(t.headers.map((h, i) => ({ month: h.text, value: row.cells[i] })), "", periodEnd));
  }
  return out;
}

/**
 * A usable history: months after the bill's period are dropped, a repeated month keeps its later reading,
 * at most the 13 latest months are kept. With a billing period, only the 13 months ending with its month
 * (the year and the same month a year before): a history read only partly (the first page of a long
 * statement, older rows of a table) never puts stale months in the year.
 */
export function recentMonths(months: MonthValue[], periodEnd: string): MonthValue[] {
  const end = periodEnd ? Number(periodEnd.slice(0, 4)) * 12 + Number(periodEnd.slice(5, 7)) : Infinity;
  const byKey = new Map<number, MonthValue>();
  for (const m of months) {
    const k = m.year * 12 + m.month;
    if (k <= end && (!periodEnd || k > end - 13) && m.year >= 1990) byKey.set(k, m);
  }
  return [...byKey.entries()].sort((a, b) => a[0] - b[0]).slice(-13).map(([, m]) => m);
}

/**
 * Cross-check of the history with the current period's kWh (`total`, the meters'): when the bill's month is
 * missing or disagrees, and the newest month read is the one right before it and holds exactly the period's
 * kWh, the rows were labelled by the month each period started in: every month moves one month later.
 * Otherwise the history is kept as read.
 */
export function alignToPeriod(history: MonthValue[], periodEnd: string, total: number): MonthValue[] {
  if (!periodEnd || !(total > 0) || history.length < 3) return history;
  const key = (m: MonthValue) => m.year * 12 + m.month - 1;
  const end = Number(periodEnd.slice(0, 4)) * 12 + Number(periodEnd.slice(5, 7)) - 1;
  const newest = history.reduce((a, b) => (key(b) > key(a) ? b : a));
  if (key(newest) !== end - 1 || newest.value !== total) return history;
  return history.map((h) => {
    const k = key(h) + 1;
    return { ...h, year: Math.floor(k / 12), month: (k % 12) + 1 };
  });
}

/**
 * A year-by-year usage summary under a title naming the kWh ("Usage Summary (kWh)"): the months as columns
 * (without years), one row per year labelled by the year alone ("2022   1,144   1,184   884 …"), each value
 * under its month's column — a year's row may start or stop mid-year. Every filled cell of a year's row must be
 * a whole number (on a scan, as OCR reads one: ocr_numbers.ts); one that is not, and the table gives nothing.
 */
export function yearRows(t: TransposedTable, ocr = false): MonthValue[] {
  const rows = t.rows.filter((r) => r.year !== undefined);
  const months = t.headers.map((h) => monthOf(h.text));
  if (
    !rows.length || kwhScore(t.title) === 0 || months.some((m) => !m || m.year !== undefined) ||
    new Set(rows.map((r) => r.year)).size !== rows.length
  ) return [];
  const out: MonthValue[] = [];
  for (const r of rows) {
    // (a scan's speck in a cell, "." or "-", is no value)
    const at = r.cells.flatMap((c, i) => (/[A-Za-z0-9]/.test(c) ? [i] : []));
    const cs = at.map((i) => r.cells[i].trim());
    const whole = cs.every((c) => /^\d{1,3}(?:,\d{3})*$/.test(c))
      ? cs
      : ocr
      ? ocrWholeRow(cs, true)
      : undefined;
    if (!whole || whole.length !== at.length) return [];
    // (a cell OCR garbled into letters is left unread)
    at.forEach((i, k) => {
      if (whole[k]) {
        out.push({ year: r.year!, month: months[i]!.month, value: Number(whole[k].replace(/,/g, "")) });
      }
    });
  }
  return out;
}
