// A scanned usage-history table whose header OCR garbled (issue #11, scanhist2): rows of a month label and
// numbers, with no header saying which number is the kWh. The table reader (usage_tables.ts) does not read
// such a table — a row mixes kWh, days, kWh per day, temperatures and costs — and a wrong monthly usage
// costs more than an empty one. Here the kWh column is read only when the numbers themselves say which it is:
// - the rows are a run of month labels printed one under the other (at least six), in calendar order (a row
//   whose label OCR garbled may lie between two months);
// - the column holds whole numbers in a residential kWh range (no $, no decimals, not a day count);
// - and one more piece of evidence confirms it: its value for the bill's month (or the newest row) is the
//   bill's own kWh for the period, or a column of kWh per day beside it agrees row by row (kWh ≈ per day ×
//   days), or its cells print the kWh unit.
// One column confirmed, or none read. Only for OCR'd pages; any other reading of a month wins (parse_bill.ts).
import type { Word } from "./pairing.ts";
import { pageColumns, type Token, tokenLines } from "./tables.ts";
import { tidyOcrTokens } from "./ocr_tokens.ts";
import type { MonthValue } from "./usage_history.ts";
import { monthOf, placeYears } from "./usage_tables.ts";
import { MONTH_WORD } from "./values.ts";

/** A month label cell: "Feb 2023", "Mar2023.", "Jan '24", "oct" (a month word and its year, nothing else). */
const MONTH_LABEL = new RegExp(`^(?:${MONTH_WORD})[\\s.,'\u2019/-]*(?:\\d{2}|\\d{4})?\\.?$`, "i");
/** A whole number, possibly with a read flag glued or beside it ("1,345", "1345E", "980 Est", "1,020*"). */
const WHOLE = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\s?(?:e|est\.?|a|act)|\*)?$/i;
/** A whole number printed with its kWh unit, as OCR spells it ("1,398 kWh", "1,434 KWh", "1,525 Kh", "955 kVVh"). */
const WITH_KWH = /^(\d{1,3}(?:,\d{3})+|\d+)\s?[kK](?:[iIl1]?[wW]|[vV]{2})?[hHn]$/;
/** A whole kWh whose thousands comma OCR read as a point ("1.466"): only in a column of whole numbers. */
const POINT_THOUSANDS = /^(\d{1,2})\.(\d{3})$/;
const DECIMAL = /^\d+\.\d$/;
const MONEY = /\$|^\d+\.\d{2}$/;

type Kind = "whole" | "kwh" | "thousands" | "decimal" | "money" | "other";
const kindOf = (t: string): Kind =>
  /\$/.test(t)
    ? "money"
    : WITH_KWH.test(t)
    ? "kwh"
    : WHOLE.test(t)
    ? "whole"
    : POINT_THOUSANDS.test(t)
    ? "thousands"
    : DECIMAL.test(t)
    ? "decimal"
    : MONEY.test(t)
    ? "money"
    : "other";
const wholeOf = (t: string) => Number((t.match(WHOLE) ?? t.match(WITH_KWH))![1].replace(/,/g, ""));
const thousandsOf = (t: string) => Number(t.replace(".", ""));

/**
 * A month label without the marks OCR reads beside it (a point after "Apr2023.", a speck read as a point or a
 * quote before ".Feb 2024" or "‘Aug 2023", a degree sign after "Aug-22°"), with the glyphs OCR misreads in a
 * label's year repaired across its words ("Jan 2a": ocr_tokens.ts), a year cut short left to the neighbours.
 */
const labelText = (t: Token) =>
  tidyOcrTokens(t.text.trim().replace(/^[.'"‘’“”]+|[.'"‘’“”°]+$/g, "")).replace(CUT_YEAR, "$1");
/** A month over a year whose last digit OCR lost ("Jan202"): the month alone, its year placed by its neighbours. */
const CUT_YEAR = new RegExp(`^(${MONTH_WORD})[\\s/-]?20\\d$`, "i");

const isLabel = (t: Token) => MONTH_LABEL.test(labelText(t)) && monthOf(labelText(t)) !== undefined;

interface Row {
  y: number;
  label: Token;
  /** The tokens right of the month label. */
  rest: Token[];
}

type Line = { y: number; h: number; tokens: Token[] };

/**
 * Runs of month labels printed one under the other at one x, in reading order (at least six rows). A row joins
 * the nearest run above it; two runs at one x whose rows are in calendar order together are one run when the gap
 * between them is a few of their rows' pitch (rows whose labels OCR garbled, scanhist).
 */
function monthRuns(lines: Line[]): Row[][] {
  const rows: Row[] = [];
  for (const l of lines) {
    // each month label starts a row, up to the next one (a history printed in halves side by side)
    const at = l.tokens.flatMap((t, k) => (isLabel(t) ? [k] : []));
    at.forEach((k, n) => rows.push({ y: l.y, label: l.tokens[k], rest: l.tokens.slice(k + 1, at[n + 1]) }));
  }
  const runs: Row[][] = [];
  const sameX = (a: Row, b: Row) => Math.abs(a.label.x0 - b.label.x0) <= b.label.h * 1.5;
  for (const r of rows) {
    const run = runs.filter((g) => {
      const last = g[g.length - 1];
      return sameX(last, r) && r.y > last.y && r.y - last.y <= Math.max(r.label.h, last.label.h) * 4;
    }).sort((a, b) => b[b.length - 1].y - a[a.length - 1].y)[0];
    if (run) run.push(r);
    else runs.push([r]);
  }
  for (let i = 0; i < runs.length; i++) {
    for (let j = 0; j < runs.length; j++) {
      const [a, b] = [runs[i], runs[j]];
      if (i === j || !a.length || !b.length || !sameX(a[a.length - 1], b[0]) || b[0].y <= a[a.length - 1].y) {
        continue;
      }
      const both = [...a, ...b];
      const pitch = median(both.slice(1).map((r, k) => r.y - both[k].y).filter((_, k) => k !== a.length - 1));
      if (
        both.length > 2 && b[0].y - a[a.length - 1].y <= pitch * 5 &&
        inOrder(both.map((r) => monthOf(labelText(r.label))!.month))
      ) {
        runs[i] = both;
        runs[j] = [];
        j = -1;
      }
    }
  }
  return runs.filter((g) => g.length >= 6);
}

/**
 * Months in calendar order, oldest or newest first: each row's month one after the row above's, or up to four
 * months on (rows whose label OCR garbled); most rows one month apart, no month twice, no more than a year and
 * a month in all.
 */
function inOrder(months: number[]): boolean {
  const steps = months.slice(1).map((m, i) => (m - months[i] + 12) % 12);
  const fits = (ss: number[]) =>
    ss.every((s) => s >= 1 && s <= 4) && ss.filter((s) => s === 1).length >= ss.length * 0.5 &&
    ss.reduce((a, b) => a + b, 0) <= 12;
  return fits(steps) || fits(steps.map((s) => (12 - s) % 12));
}

/** Columns of the rows' value tokens by x-overlap. */
function columns(rows: Row[]): { x0: number; x1: number }[] {
  const cols: { x0: number; x1: number }[] = [];
  for (const t of rows.flatMap((r) => r.rest).sort((a, b) => (a.x1 - a.x0) - (b.x1 - b.x0))) {
    const hit = cols.filter((c) => Math.min(c.x1, t.x1) > Math.max(c.x0, t.x0));
    if (hit.length === 0) cols.push({ x0: t.x0, x1: t.x1 });
    else if (hit.length === 1) {
      [hit[0].x0, hit[0].x1] = [Math.min(hit[0].x0, t.x0), Math.max(hit[0].x1, t.x1)];
    }
  }
  return cols.sort((a, b) => a.x0 - b.x0);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A row's kWh agrees with its kWh per day: per day × days (the row's day count, else 25–36 days). */
const perDayAgrees = (kwh: number, perDay: number, days?: number) =>
  days ? Math.abs(kwh - perDay * days) <= Math.max(2, kwh * 0.02) + 0.05 * days : kwh / perDay >= 25 &&
    kwh / perDay <= 36;

/** The history of one run of month rows, when one column is confirmed as its kWh; else none. */
function runHistory(
  rows: Row[],
  periodEnd: string,
  total: number,
  headsOver: (cols: { x0: number; x1: number }[]) => Token[] = () => [],
  lines: Line[] = [],
): MonthValue[] {
  const months = rows.map((r) => monthOf(labelText(r.label))!);
  if (!inOrder(months.map((m) => m.month))) return [];
  const years = placeYears(months.map((m) => m.month), months.map((m) => m.year), periodEnd);
  if (!years) return [];
  const cols = columns(rows);
  const heads = headsOver(cols);
  const cells = cols.map((c) =>
    rows.map((r) =>
      r.rest.filter((t) => Math.min(c.x1, t.x1) > Math.max(c.x0, t.x0)).map((t) => t.text.trim()).join(" ")
    )
  );
  const kinds = cells.map((cs) => cs.map((c) => (c ? kindOf(c) : undefined)));
  const filled = (k: (Kind | undefined)[]) => k.filter((x) => x !== undefined).length;
  const share = (k: (Kind | undefined)[], ...of: Kind[]) =>
    k.filter((x) => x && of.includes(x)).length / Math.max(1, filled(k));
  // a column of kWh per day: mostly one-decimal numbers (OCR may lose a point); of days: whole numbers of 20–40
  const perDay = kinds.flatMap((k, i) => (share(k, "decimal") >= 0.4 && !k.includes("money") ? [i] : []));
  const dayCol = kinds.findIndex((k, i) =>
    share(k, "whole") >= 0.6 && filled(k) >= rows.length * 0.5 &&
    cells[i].every((c, r) => k[r] !== "whole" || (wholeOf(c) >= 20 && wholeOf(c) <= 40))
  );
  const valueAt = (i: number, r: number) =>
    kinds[i][r] === "whole" || kinds[i][r] === "kwh"
      ? wholeOf(cells[i][r])
      : kinds[i][r] === "thousands"
      ? thousandsOf(cells[i][r])
      : undefined;
  const end = periodEnd ? Number(periodEnd.slice(0, 4)) * 12 + Number(periodEnd.slice(5, 7)) : undefined;
  const keys = rows.map((_, r) => years[r] * 12 + months[r].month);
  const confirmed = kinds.flatMap((k, i) => {
    // whole numbers in every filled cell but OCR's garbled ones, in a residential kWh range, never money
    const ws = rows.map((_, r) => valueAt(i, r)).filter((v): v is number => v !== undefined);
    if (
      i === dayCol || k.includes("money") || k.includes("decimal") ||
      share(k, "whole", "kwh", "thousands") < 0.7 ||
      ws.length < rows.length * 0.6 || median(ws) < 100 || median(ws) > 20000
    ) return [];
    // the bill's own kWh in the row of its month (a table labelled otherwise is not anchored)
    const anchored = total > 0 && rows.some((_, r) => keys[r] === end && valueAt(i, r) === total);
    // or a column of kWh per day that agrees with it row by row
    const agreeing = perDay.find((d) => {
      const both = rows.flatMap((_, r) => {
        const v = valueAt(i, r);
        return v !== undefined && kinds[d][r] === "decimal" ? [r] : [];
      });
      const days = (
        r: number,
      ) => (dayCol >= 0 && kinds[dayCol][r] === "whole" ? wholeOf(cells[dayCol][r]) : undefined);
      const ok = both.filter((r) => perDayAgrees(valueAt(i, r)!, Number(cells[d][r]), days(r)));
      return ok.length >= 3 && ok.length >= both.length * 0.5;
    });
    // or its cells print the kWh unit (the unit a header would have named)
    const unit = share(k, "kwh") >= 0.6;
    // or a kWh header OCR read is printed right over it (a header line the table reader did not take as the
    // table's: level with another table's, or garbled around the word)
    const headed = heads.some((w) => Math.min(cols[i].x1, w.x1) > Math.max(cols[i].x0, w.x0));
    return anchored || agreeing !== undefined || unit || headed ? [{ i, perDay: agreeing, dayCol }] : [];
  });
  if (confirmed.length !== 1) return [];
  const { i, perDay: d } = confirmed[0];
  const read = rows.flatMap((_, r) => {
    const value = valueAt(i, r);
    if (value === undefined) return [];
    // a row whose own kWh per day disagrees holds a misread digit
    if (d !== undefined && kinds[d][r] === "decimal") {
      const days = dayCol >= 0 && kinds[dayCol][r] === "whole" ? wholeOf(cells[dayCol][r]) : undefined;
      if (!perDayAgrees(value, Number(cells[d][r]), days)) return [];
    }
    return [{ year: years[r], month: months[r].month, value }];
  });
  return [
    ...read,
    ...garbledRows(rows, keys, lines, cols[i], share(kinds[i], "kwh") >= 0.6, d !== undefined),
  ];
}

/**
 * The rows of a run whose month label OCR garbled ("ocr   1,152 kWh" between "SEP 22" and "NOV 22"; scans18): the
 * run's months step by one, so a line lying between two read rows as many months apart as it has places between
 * them, at the run's pitch, is the month its place says. Its kWh is taken only from the confirmed column (one
 * token there, a whole number; with the kWh unit when the column prints it) and never from a line that holds a
 * month label or a column of kWh per day (no per-day figure to check it by: left out). The run must step by one
 * month, one way, on at least three pairs of neighbouring rows, and every read row lie within 0.4 of a pitch of
 * its place on one line through the run (rows' places against their months); the line taken is the only one
 * that close to the garbled month's place. At most three garbled rows between two read ones.
 */
function garbledRows(
  rows: Row[],
  keys: number[],
  lines: Line[],
  col: { x0: number; x1: number },
  withUnit: boolean,
  perDay: boolean,
): MonthValue[] {
  if (perDay || !lines.length) return [];
  const steps = keys.slice(1).map((k, n) => k - keys[n]);
  const ones = steps.filter((s) => Math.abs(s) === 1);
  if (ones.length < 3 || new Set(ones).size !== 1) return [];
  const dir = ones[0];
  // the rows' places on the page against their months (least squares): OCR's line boxes put a row a few
  // pixels off its printed place, so the pitch comes from the whole run, not from two neighbours
  const n = rows.length, mk = keys.reduce((a, b) => a + b, 0) / n, my = rows.reduce((a, r) => a + r.y, 0) / n;
  const pitch = keys.reduce((a, k, r) => a + (k - mk) * (rows[r].y - my), 0) /
    keys.reduce((a, k) => a + (k - mk) ** 2, 0) * dir;
  const yAt = (key: number) => my + (key - mk) * pitch * dir;
  if (!(pitch > 0) || rows.some((r, i) => Math.abs(r.y - yAt(keys[i])) > pitch * 0.4)) return [];
  const out: MonthValue[] = [];
  steps.forEach((s, i) => {
    const k = s * dir;
    if (k < 2 || k > 4) return;
    for (let j = 1; j < k; j++) {
      const key = keys[i] + dir * j;
      const near = lines.filter((l) => Math.abs(l.y - yAt(key)) <= pitch * 0.4);
      if (near.length !== 1 || near[0].tokens.some(isLabel)) continue;
      const inCol = near[0].tokens.filter((t) => Math.min(col.x1, t.x1) > Math.max(col.x0, t.x0));
      if (inCol.length !== 1) continue;
      const kind = kindOf(inCol[0].text.trim());
      if (withUnit ? kind !== "kwh" : kind !== "whole" && kind !== "kwh") continue;
      out.push({
        year: Math.floor((key - 1) / 12),
        month: ((key - 1) % 12) + 1,
        value: wholeOf(inCol[0].text.trim()),
      });
    }
  });
  return out;
}

/**
 * Usage history from scanned tables of month rows whose header is not legible (see the file's head). `total`:
 * the bill's own kWh for the period (the meters'), 0 when unknown.
 */
export function headerlessHistory(pages: Word[][], periodEnd: string, total: number): MonthValue[] {
  const tidy = pages.map((ws) => ws.map((w) => ({ ...w, text: tidyOcrTokens(w.text) })));
  const [left, right] = pageColumns(tidy);
  const out: MonthValue[] = [];
  for (const words of [...tidy, ...left, ...right]) {
    const lines = tokenLines(words);
    for (const run of monthRuns(lines)) {
      out.push(...runHistory(run, periodEnd, total, (cols) => kwhHeads(lines, run, cols), lines));
    }
  }
  return out;
}

/** A header word naming kWh as OCR spells it ("kWh", "KWh", "kWWh", "kWhWh", "Mukwh": a neighbour's letters glued). */
const KWH_WORD = /^\W*[a-z]{0,2}k(?:[il1]?w+|vv)[hn](?:w[hn])?\W*$/i;
/** A header naming a rate, an average, money or a demand, not the period's kWh ("kWh per Day", "KWhiDay"). */
const NOT_KWH = /day|avg|average|\bper\b|\/|cost|\$|amount|charge|demand|temp/i;

/**
 * The kWh header cells printed over a run of month rows: on the lines just above its first row (within four of
 * its labels' heights or three rows' pitch), a cell that names nothing but the kWh used and lies over one column
 * of the run alone (a title over the whole table, "Usage - Past 24 Months (kWh)", heads no column).
 */
function kwhHeads(lines: Line[], run: Row[], cols: { x0: number; x1: number }[]): Token[] {
  const top = run[0];
  const pitch = median(run.slice(1).map((r, k) => r.y - run[k].y));
  const reach = Math.max(top.label.h * 4, pitch * 3);
  const over = (t: Token) => cols.filter((c) => Math.min(c.x1, t.x1) > Math.max(c.x0, t.x0)).length;
  return lines.filter((l) => l.y < top.y && top.y - l.y <= reach && !l.tokens.some(isLabel))
    .flatMap((l) => l.tokens)
    .filter((t) => !NOT_KWH.test(t.text) && t.words.some((w) => KWH_WORD.test(w.text)) && over(t) === 1);
}
