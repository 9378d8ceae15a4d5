// A generic table reader from word boxes (PDF text items split into words, or OCR words). Nothing here knows
// a utility: tables are found by their shape on the page.
// - Column tables: a header band (one or several lines of header words: "Read / Date", "Billed / kWh") over
//   rows of values; columns come from the x-ranges of the values, each header word goes to the column it
//   overlaps; every row gets one cell per column ("" where the row prints nothing). A table that runs onto
//   the next page without its header keeps the previous page's columns.
// - Transposed tables: a line of month or date headers, and below it rows led by a label ("kWh Used",
//   "Amount", "Days") whose values sit under the headers.
// - Labelled bar charts: a row of month labels with one number printed above each bar.
import { chartTitle, notKwhChart } from "./chart_titles.ts";
import { gapBetween, groupByBaseline } from "../../documents/text_layout.ts";
import type { Word } from "./pairing.ts";
import { allRules, type RuleSwitch } from "./rules.ts";
import { findDate, MONTH_WORD, monthNumber } from "./values.ts";

/** One token of a line: adjacent words joined (a label, "Feb 25, 2021"), numbers kept apart. */
export interface Token {
  text: string;
  x0: number;
  x1: number;
  y: number;
  h: number;
  /** The words of the token. */
  words: Word[];
}
export interface Column {
  x0: number;
  x1: number;
  /** The header words over the column, top to bottom, left to right ("Billed Kwh"); "" when none. */
  header: string;
}
export interface Table {
  page: number;
  columns: Column[];
  /** One entry per data line: a cell per column, "" where the line prints nothing in that column. */
  rows: { y: number; cells: string[] }[];
}
export interface TransposedTable {
  page: number;
  /** The header tokens (months or dates), left to right. */
  headers: Token[];
  /**
   * Rows under the headers: the row's label and a value per header ("" when empty); `year` when the row is
   * labelled by a year alone, left of the first header ("2023   1,144   1,184 …" under "Jan   Feb …").
   */
  rows: { label: string; cells: string[]; year?: number }[];
  /** The line right above the header row when it holds no value (the table's title), else "". */
  title: string;
}

// a number may carry its unit or the read type printed beside a meter reading ("57673 Actual", "612 E")
const NUMBER = /^[(\-]?\$?\s?\d[\d,]*(?:\.\d+)?\)?%?(?:\s?kwh|\s(?:actual|estimated|est\.?))?$/i;
const DATE = /^\d{1,2}\/\d{1,2}(?:\/\d{2,4})?$|^\d{1,2}\/\d{4}$/;
const MONTH_TOKEN = new RegExp(
  `^${MONTH_WORD}(?:[\\s.,'\u2019-]*(?:\\d{1,2},?\\s*)?(?:'?\\d{2}|\\d{4})|\\/(?:\\d{2}|\\d{4}))?$`,
  "i",
);
const hasDigit = (s: string) => /\d/.test(s);
const hasLetter = (s: string) => /[A-Za-z]/.test(s);
/** A value of a table cell: a number, an amount, a date or a month (with or without a year or day). */
export const isValueToken = (t: string) =>
  NUMBER.test(t) || DATE.test(t) || MONTH_TOKEN.test(t) || /^\d{1,2}\/\d{1,2}\/\d{2,4}\s*-\s*/.test(t);

/** Words whose presence makes a line a table header. Common US bill vocabulary. */
export const HEADER_WORD =
  /\b(?:month|months|date|dates|days?|kwh|usage|use|used|amount|read|reading|billing|billed|period|bill|from|to|through|thru|service|charges?|cost|total|average|avg|temp|temperature|demand|meter|consumption|energy|year|electric|electricity|current|previous|present|start|end|ending)\b/i;

/** A unit printed after the name of what it measures ("Electric kWh", "Gas Therms", "Water CCF"). */
const UNIT = /^\(?(?:kwh|kw|ccf|hcf|mcf|therms?|gallons|gal)\)?$/i;

const overlap = (a0: number, a1: number, b0: number, b1: number) =>
  Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

/** Two dates glued by the text layer ("10/13/202110/13/21") become two words, sharing the box by characters. */
function splitGlued(words: Word[]): Word[] {
  return words.flatMap((w) => {
    const m = w.text.match(/^(\d{1,2}\/\d{1,2}\/\d{4})(\d{1,2}\/\d{1,2}\/\d{2,4})$/);
    if (!m) return [w];
    const per = (w.x1 - w.x0) / w.text.length;
    const cut = w.x0 + per * m[1].length;
    return [{ ...w, text: m[1], x1: cut }, { ...w, text: m[2], x0: cut }];
  });
}

/** Two words of different pieces that the text layer's lines print as two cells (text_layout.ts gapBetween). */
const cellsApart = (a: Word, b: Word, h: number) =>
  gapBetween({ text: a.text, end: a.x1 }, { text: b.text, start: b.x0 }, h, !a.ocr && !b.ocr) === "   ";

/**
 * Lines of tokens: words closer than ~0.8 character heights join, unless both are numbers or the text layer's
 * lines put a cell gap between them (a number touching a capitalised word, a number beside a number).
 */
export function tokenLines(
  words: Word[],
  on: RuleSwitch = allRules,
): { y: number; h: number; tokens: Token[] }[] {
  return groupByBaseline(on("glued-dates") ? splitGlued(words) : words, (w) => w.h).map((r) => {
    const ws = [...r.parts].sort((a, b) => a.x0 - b.x0);
    const h = Math.max(4, ...ws.map((w) => w.h));
    const tokens: Token[] = [];
    for (const w of ws) {
      const last = tokens.at(-1);
      const prev = last?.words.at(-1);
      const numbers = last && !hasLetter(last.text) && hasDigit(last.text) && !hasLetter(w.text) &&
        !/[,/$-]$/.test(last.text) && !/^[$-]/.test(w.text);
      const joins = last && prev && !numbers &&
        ((prev.item !== undefined && prev.item === w.item) ||
          (w.x0 - last.x1 <= Math.min(prev.h, w.h) * 0.8 && !cellsApart(prev, w, h))) &&
        !(hasDigit(last.text) && !hasLetter(last.text) && MONTH_TOKEN.test(w.text)) &&
        !(MONTH_TOKEN.test(last.text) && MONTH_TOKEN.test(w.text));
      if (last && joins) {
        last.text += " " + w.text;
        last.x1 = Math.max(last.x1, w.x1);
        last.words.push(w);
      } else tokens.push({ text: w.text, x0: w.x0, x1: w.x1, y: w.y, h, words: [w] });
    }
    return { y: r.y, h, tokens };
  });
}

const YEAR = /^(?:19|20)\d{2}$/;
/** A header line of years over their columns ("Month   2023   2024   Avg Temp"): its years head columns. */
const yearHeader = (ts: Token[]) =>
  ts.filter((t) => YEAR.test(t.text)).length >= 2 &&
  ts.some((t) => !isValueToken(t.text) && HEADER_WORD.test(t.text)) &&
  ts.every((t) => !isValueToken(t.text) || YEAR.test(t.text));
const valueCount = (ts: Token[]) => (yearHeader(ts) ? 0 : ts.filter((t) => isValueToken(t.text)).length);
/** A line that names at least three columns with header words ("Meter Number   Current Reading   …"). */
const headerLine = (ts: Token[]) =>
  ts.filter((t) => !isValueToken(t.text) && HEADER_WORD.test(t.text) && !/\d/.test(t.text)).length >= 3;

/** A line with a word that is an amount or a number other than a year: never a column header. */
const holdsValue = (ts: Token[]) =>
  ts.some((t) =>
    t.words.some((w) => /^-?\$?\d[\d,]*(?:\.\d+)?$/.test(w.text) && !/^(?:19|20)\d{2}$/.test(w.text))
  );

/** Columns from the x-ranges of the values: narrow tokens first, a token bridging two columns joins neither. */
function columnsOf(tokens: Token[]): { x0: number; x1: number }[] {
  const cols: { x0: number; x1: number }[] = [];
  for (const t of [...tokens].sort((a, b) => (a.x1 - a.x0) - (b.x1 - b.x0))) {
    const hit = cols.filter((c) => overlap(c.x0, c.x1, t.x0, t.x1) > 0);
    if (hit.length === 0) cols.push({ x0: t.x0, x1: t.x1 });
    else if (hit.length === 1) {
      [hit[0].x0, hit[0].x1] = [Math.min(hit[0].x0, t.x0), Math.max(hit[0].x1, t.x1)];
    }
  }
  return cols.sort((a, b) => a.x0 - b.x0);
}

/** The column a token belongs to: the most overlap, else the nearest centre within `reach`. */
function columnOf(cols: { x0: number; x1: number }[], t: Token, reach: number): number {
  let best = -1, bestOverlap = 0;
  cols.forEach((c, i) => {
    const o = overlap(c.x0, c.x1, t.x0, t.x1);
    if (o > bestOverlap) [best, bestOverlap] = [i, o];
  });
  if (best >= 0) return best;
  const mid = (t.x0 + t.x1) / 2;
  let dist = reach;
  cols.forEach((c, i) => {
    const d = Math.min(Math.abs(c.x0 - mid), Math.abs(c.x1 - mid), Math.abs((c.x0 + c.x1) / 2 - mid));
    if (d < dist) [best, dist] = [i, d];
  });
  return best;
}

/**
 * Column tables of a document (pages of words, in order). A block of at least two lines with two or more
 * values each, under a header band of up to five lines that holds a header word; a block without a header
 * on a later page continues the previous page's table when its values fall in that table's columns.
 */
export function readTables(pages: Word[][], on: RuleSwitch = allRules): Table[] {
  const out: Table[] = [];
  let previous: Table | undefined;
  pages.forEach((words, page) => {
    const lines = tokenLines(words, on);
    let i = 0;
    while (i < lines.length) {
      if (valueCount(lines[i].tokens) < 2 || headerLine(lines[i].tokens)) {
        i++;
        continue;
      }
      let j = i + 1;
      const near = (k: number) => lines[k].y - lines[k - 1].y <= Math.max(lines[k].h, lines[k - 1].h) * 3.5;
      // a row with empty cells may hold a single value when the table goes on below it
      while (
        // a line of column headers ends the rows above: it heads another table (two columns of a page side by
        // side: a meter table's header printed level with rows of a history table)
        j < lines.length && near(j) && !headerLine(lines[j].tokens) && (valueCount(lines[j].tokens) >= 2 ||
          (valueCount(lines[j].tokens) === 1 && j + 1 < lines.length && near(j + 1) &&
            valueCount(lines[j + 1].tokens) >= 2))
      ) j++;
      const block = lines.slice(i, j);
      // the header band: non-value lines right above the block
      const band: Token[] = [];
      // each header word's phrase: the line's token it was cut from (words joined by a word space)
      const phraseOf = new Map<Token, Token>();
      for (let k = i - 1, below = lines[i]; k >= 0 && k >= i - 5; k--) {
        const l = lines[k];
        if (below.y - l.y > Math.max(l.h, below.h) * 2.6 || valueCount(l.tokens) > l.tokens.length / 2) break;
        // a line that prints a full date ("Service Period 02/19/2024 - 03/20/2024") is a labelled value
        // above the table, not one of its header lines
        if (k < i - 1 && l.tokens.some((t) => findDate(t.text))) break;
        // a one-piece line over a full line of column headers is the table's (or the page's) title, not a
        // header of its first columns ("Electric Meter Information" over "Meter   Previous Read   Present Read …")
        if (k < i - 1 && l.tokens.length === 1 && headerLine(below.tokens)) break;
        // over a full line of column headers, a line printed larger is a title (side-by-side sections:
        // "Electric Detail   Natural Gas Detail") and a line holding an amount or a number is a labelled value
        // or an address ("Unpaid Balance   $0.00", "Service Address: 4365 Oak …"): neither names a column
        if (k < i - 1 && headerLine(below.tokens) && (l.h > below.h * 1.15 || holdsValue(l.tokens))) break;
        for (const t of l.tokens) {
          for (const w of t.words) {
            const word = { ...t, ...w, words: [w] };
            phraseOf.set(word, t);
            band.push(word);
          }
        }
        below = l;
      }
      const data = block.flatMap((l) => l.tokens);
      // a header names at least two of the columns with header words (a page title over a continued table does not)
      const xs = columnsOf(data);
      const heads: Token[][] = xs.map(() => []);
      if (band.some((t) => HEADER_WORD.test(t.text))) {
        let last: { t: Token; c: number } | undefined;
        for (const t of band) {
          let c = columnOf(xs, t, (t.x1 - t.x0) / 2 + t.h);
          // a header printed as one piece wider than its values ("Electric kWh" over "604"): a word hanging
          // past the column stays with the piece's first words. OCR reads each word as a piece of its own: a
          // unit joined to the word before by a word space (one token of the line) is that word's phrase (any
          // word was too many: a charge line taken into the band, "Treated Water Charge", gave its "Charge" to
          // the kWh column and the history was read off the kWh-a-day one)
          const item = t.words[0]?.item;
          const samePiece = item !== undefined && item === last?.t.words[0]?.item;
          const samePhrase = last !== undefined && phraseOf.get(t) === phraseOf.get(last.t) &&
            UNIT.test(t.text);
          if (c < 0 && last && (samePiece || samePhrase) && t.y === last.t.y) c = last.c;
          if (c >= 0) heads[c].push(t);
          last = c >= 0 ? { t, c } : undefined;
        }
      }
      let cols: Column[];
      if (heads.filter((h) => h.some((t) => HEADER_WORD.test(t.text) || YEAR.test(t.text))).length >= 2) {
        cols = xs.map((c, k) => ({
          ...c,
          header: heads[k].sort((a, b) => a.y - b.y || a.x0 - b.x0).map((t) => t.text).join(" "),
        }));
      } else if (
        on("table-page-continuation") && previous && previous.page === page - 1 &&
        data.filter((t) => columnOf(previous!.columns, t, 0) >= 0).length >= data.length * 0.8
      ) {
        cols = previous.columns;
      } else {
        // any table of the page before (the last first: a small summary table may follow the history there)
        const before = out.filter((t) => t.page === page - 1).reverse();
        const from = before.find((t) => continuedRows(t, block, on));
        if (from) {
          const table = { page, columns: from.columns, rows: continuedRows(from, block, on)! };
          out.push(table);
          previous = table;
        }
        i = j;
        continue;
      }
      const rows = block.map((l) => {
        const cells = cols.map(() => [] as string[]);
        for (const t of l.tokens) {
          const c = columnOf(cols, t, t.h);
          if (c >= 0) cells[c].push(t.text);
        }
        return { y: l.y, cells: cells.map((c) => c.join(" ")) };
      });
      const table = { page, columns: cols, rows };
      out.push(table);
      previous = table;
      i = j;
    }
  });
  return out;
}

const GUTTER_STEPS = 2000;

/**
 * Two page columns side by side (a history table printed beside the charges or the meter table): the x of a
 * vertical gutter that at least six lines print on both sides of, fewer lines cross, and at least three
 * lines print on one side only (two columns of one table do not), else undefined.
 */
export function gutterOf(words: Word[]): number | undefined {
  if (!words.length) return undefined;
  const lines = tokenLines(words);
  const left = Math.min(...words.map((w) => w.x0)), right = Math.max(...words.map((w) => w.x1));
  // a page of any width is tried at most GUTTER_STEPS places (every 2 units on pages up to 10,000 wide; a PDF page
  // 2·10⁹ wide, its words far apart, took 23 s of the event loop at 2 apart; docs/security.md "Pass 5")
  if (!Number.isFinite(left) || !Number.isFinite(right)) return undefined;
  const step = Math.max(2, ((right - left) * 0.4) / GUTTER_STEPS);
  let best: { x: number; score: number } | undefined;
  // (counted too: at 10¹⁷ and beyond, adding the step leaves x where it was)
  for (
    let x = left + (right - left) * 0.3, k = 0;
    x <= left + (right - left) * 0.7 && k <= GUTTER_STEPS;
    x += step, k++
  ) {
    let both = 0, cross = 0, onlyLeft = 0, onlyRight = 0;
    for (const l of lines) {
      const [l0, r0] = [l.tokens.some((t) => t.x1 <= x - 6), l.tokens.some((t) => t.x0 >= x + 6)];
      if (l.tokens.some((t) => t.x0 < x + 6 && t.x1 > x - 6)) cross++;
      else if (l0 && r0) both++;
      else if (l0) onlyLeft++;
      else onlyRight++;
    }
    // page columns print lines of their own (a gap between two columns of one table has none beside its title)
    if (
      both >= 6 && cross < both && onlyLeft + onlyRight >= 3 && (!best || both - cross > best.score)
    ) best = { x, score: both - cross };
  }
  return best?.x;
}

/** Each page's words split at its gutter (left page column, right page column); a page without one is kept whole. */
export function pageColumns(pages: Word[][]): [Word[][], Word[][]] {
  const split = pages.map((ws) => {
    const x = gutterOf(ws);
    return x === undefined
      ? [ws, []]
      : [ws.filter((w) => (w.x0 + w.x1) / 2 < x), ws.filter((w) => (w.x0 + w.x1) / 2 >= x)];
  });
  return [split.map((s) => s[0]), split.map((s) => s[1])];
}

/** The kind of a cell's value: a date, an amount, a month, a plain number, or text. */
const kindOf = (t: string) =>
  DATE.test(t) || findDate(t)
    ? "d"
    : /\$/.test(t)
    ? "$"
    : MONTH_TOKEN.test(t)
    ? "m"
    : NUMBER.test(t)
    ? "n"
    : "t";

/**
 * Rows of a block on the page after a table, without a header of its own, that continue that table: its
 * lines print the kinds of values most of the table's rows print, in the same order ("date date number
 * number amount amount"; trailing cells may be empty), and their cells go to those columns in that order.
 * A statement's history table runs onto the next page under a page title, wherever that page puts it.
 */
function continuedRows(
  previous: Table,
  block: { y: number; tokens: Token[] }[],
  on: RuleSwitch,
): Table["rows"] | undefined {
  const shapes = new Map<string, { n: number; at: number[] }>();
  for (const r of previous.rows) {
    const at = r.cells.flatMap((c, k) => (c ? [k] : []));
    const sig = at.map((k) => kindOf(r.cells[k])).join("");
    shapes.set(sig, { n: (shapes.get(sig)?.n ?? 0) + 1, at });
  }
  const [sig, main] = [...shapes.entries()].sort((a, b) => b[1].n - a[1].n)[0] ?? ["", { n: 0, at: [] }];
  if (sig.length < 3 || main.n < Math.max(2, previous.rows.length / 2)) return undefined;
  // a cell of words is the same words on every row of the table (the account's name and number a statement
  // repeats on each row, reader36), and a continued row prints those words there; words that vary are prose
  const words = new Map<number, string>();
  for (const [p, kind] of [...sig].entries()) {
    if (kind !== "t") continue;
    const seen = new Set(
      previous.rows.filter((r) => r.cells[main.at[p]]).map((r) => r.cells[main.at[p]].trim()),
    );
    if (seen.size !== 1 || !on("repeated-words-continuation")) return undefined;
    words.set(p, [...seen][0]);
  }
  const rows: Table["rows"] = [];
  for (const l of block) {
    const own = l.tokens.map((t) => kindOf(t.text)).join("");
    if (own.length < 3 || !sig.startsWith(own)) continue;
    if ([...words].some(([p, w]) => p < own.length && l.tokens[p].text.trim() !== w)) continue;
    const cells = previous.columns.map(() => "");
    l.tokens.forEach((t, k) => (cells[main.at[k]] = t.text));
    rows.push({ y: l.y, cells });
  }
  return rows.length >= block.length * 0.8 && rows.length ? rows : undefined;
}

/** A header token naming a month or a date: "Jan", "January 2024", "Feb 25, 2021", "02/25/21", "01/2024". */
export const isMonthHeader = (t: string) =>
  MONTH_TOKEN.test(t.trim()) || /^\d{1,2}\/(?:\d{1,2}\/)?(?:\d{2}|\d{4})$/.test(t.trim());

/**
 * Transposed tables: a line with at least three month/date headers, and the labelled rows under it (up to
 * six lines) whose values sit under the headers (by x-overlap, else the nearest header within half a
 * column's spacing).
 */
export function readTransposed(pages: Word[][]): TransposedTable[] {
  const out: TransposedTable[] = [];
  pages.forEach((words, page) => {
    const lines = tokenLines(words);
    // the last table read: the line of its last row, its title
    let last: { line: number; title: string } | undefined;
    lines.forEach((line, i) => {
      const headers = line.tokens.filter((t) => isMonthHeader(t.text));
      if (headers.length < 3) return;
      const spacing = (headers.at(-1)!.x1 - headers[0].x0) / (headers.length - 1);
      const rows: TransposedTable["rows"] = [];
      let end = i;
      for (let k = i + 1; k < lines.length && k <= i + 6; k++) {
        if (lines[k].y - lines[k - 1].y > lines[k].h * 3) break;
        const ts = lines[k].tokens;
        if (ts.filter((t) => isMonthHeader(t.text)).length >= 3) break;
        const left = ts.filter((t) => t.x1 <= headers[0].x0 + 2 && hasLetter(t.text));
        const label = left.at(-1)?.text ?? "";
        const cells = headers.map(() => "");
        for (const t of ts) {
          if (t.x1 <= headers[0].x0 - spacing / 2) continue;
          const c = columnOf(headers, t, spacing / 2);
          if (c >= 0) cells[c] = cells[c] ? `${cells[c]} ${t.text}` : t.text;
        }
        // a year alone left of the columns labels the row with it (a year-by-year usage summary)
        const yearTok = ts.filter((t) =>
          t.x1 <= headers[0].x0 - spacing / 2 && /^(?:19|20)\d{2}$/.test(t.text)
        );
        const year = !label && yearTok.length === 1 ? Number(yearTok[0].text) : undefined;
        if (cells.some(Boolean)) {
          rows.push(year ? { label, cells, year } : { label, cells });
          end = k;
        }
      }
      const above = lines[i - 1];
      // a table's months continued on the lines right under its last row ("Dec-22 … Jun-23" over its kWh, then
      // "Jul-23 … Dec-23" over theirs) are the same table: its title goes on
      const continued = last && last.line === i - 1 && line.y - above.y <= line.h * 2.6;
      const title = continued
        ? last!.title
        : above && line.y - above.y <= line.h * 2.6 && valueCount(above.tokens) === 0
        ? above.tokens.map((t) => t.text).join(" ")
        : "";
      if (rows.length) {
        out.push({ page, headers, rows, title });
        last = { line: end, title };
      }
    });
  });
  return out;
}

export interface ChartBar {
  /** The month label's text ("JUL", "Jan '24"). */
  label: string;
  /** The number printed over the bar, when exactly one is. */
  value: number | undefined;
  /** A year label printed under or over the month (nearest in x within the chart), when any. */
  year: number | undefined;
}

/**
 * Labelled bar charts: a row of at least six month labels (any spelling, optionally with a year) and, above
 * it, one integer centred over each month (within a third of the spacing). Axis ticks (several numbers over
 * one month, or numbers with a unit) are not bar values. Years from year labels near each month.
 */
export function readBarCharts(pages: Word[][]): ChartBar[][] {
  const out: ChartBar[][] = [];
  for (const words of pages) {
    const lines = tokenLines(words);
    const all = lines.flatMap((l) => l.tokens);
    const monthsOf = (l: { tokens: Token[] }) =>
      l.tokens.filter((t) => MONTH_TOKEN.test(t.text) && /^[A-Za-z]{3}/.test(t.text));
    // numbers on a labelled row ("kWh   951   743 …") belong to a table, not to a chart; the row's label is its
    // first word near the chart (from `from` on): another column's charge lines printed on the chart's lines
    // ("Base Charge   $17.00" far left of it) do not label its values
    const labelledFrom = (from: number) =>
      new Set(lines.flatMap((l) => {
        const near = l.tokens.filter((t) => t.x0 >= from);
        return near.length > 1 && hasLetter(near[0].text) && !isValueToken(near[0].text) ? near : [];
      }));
    for (const [li, line] of lines.entries()) {
      for (const months of chartRuns(monthsOf(line))) {
        if (months.length < 6) continue;
        // the chart's values sit between this month row and the one above it, if any
        const above = lines.slice(0, li).reverse().find((l) => monthsOf(l).length >= 3)?.y ?? -Infinity;
        const center = (t: Token) => (t.x0 + t.x1) / 2;
        const spacing = (center(months.at(-1)!) - center(months[0])) / (months.length - 1);
        if (!(spacing > 0)) continue;
        // a grid of labels over their values ("Dec-22  Jan-23 …" over "1,212  1,325 …", then "Jul-23 …" over
        // "1,918 …"): this row's own values are on the line right under it, and the numbers above it are the row
        // above's — no chart's bars
        if (valuesUnder(lines[li + 1], line, months, spacing)) continue;
        // … and under a line of words printed across the chart's width between them (its title, another section's
        // heading): a number over it is another table's ("kWh Used 1,383" of a meter row printed above the chart)
        const [lo, hi] = [months[0].x0 - spacing / 2, months.at(-1)!.x1 + spacing / 2];
        const ceiling = Math.max(
          above,
          ...lines.filter((l) =>
            l.y < line.y && l.y > line.y - spacing * 14 &&
            l.tokens.some((t) =>
              t.x0 >= lo && t.x1 <= hi && /^[A-Za-z]{3,}/.test(t.text) && !MONTH_TOKEN.test(t.text) &&
              !/^kwh$/i.test(t.text)
            )
          ).map((l) => l.y),
        );
        const labelled = labelledFrom(lo - spacing * 4);
        const numbers = all.filter((t) =>
          /^\d{1,3}(?:,\d{3})*$|^\d+$/.test(t.text) && t.y < line.y && t.y > line.y - spacing * 14 &&
          t.y > ceiling && !labelled.has(t) && !/^(?:19|20)\d{2}$/.test(t.text)
        );
        const years = all.filter((t) =>
          /^(?:19|20)\d{2}$/.test(t.text) && Math.abs(t.y - line.y) < spacing * 14
        );
        const bars = months.map((m) => {
          const near = numbers.filter((n) => Math.abs(center(n) - center(m)) <= spacing / 3);
          const ys = years.filter((y) => Math.abs(center(y) - center(m)) <= spacing * 0.6);
          return {
            label: m.text,
            value: near.length === 1 ? Number(near[0].text.replace(/,/g, "")) : undefined,
            year: ys.length === 1 ? Number(ys[0].text) : undefined,
          };
        });
        // a chart of averages per day, costs or temperatures is not the months' kWh (chart_titles.ts)
        const top = Math.min(line.y, ...numbers.map((n) => n.y));
        if (
          notKwhChart(chartTitle(lines, top, months[0].x0 - spacing / 2, months.at(-1)!.x1 + spacing / 2))
        ) {
          continue;
        }
        if (bars.filter((b) => b.value !== undefined).length >= months.length / 2) out.push(bars);
      }
    }
  }
  return out;
}

/** Is `next` the line right under a row of month labels with a whole number under (nearly) every label? */
function valuesUnder(
  next: { y: number; h: number; tokens: Token[] } | undefined,
  line: { y: number; h: number },
  months: Token[],
  spacing: number,
): boolean {
  if (!next || next.y - line.y > 2 * Math.max(line.h, next.h)) return false;
  const center = (t: Token) => (t.x0 + t.x1) / 2;
  const numbers = next.tokens.filter((t) => /^\d{1,3}(?:,\d{3})*$|^\d+$/.test(t.text) && !YEAR.test(t.text));
  const under = months.filter((m) => numbers.some((n) => Math.abs(center(n) - center(m)) <= spacing / 3));
  return under.length >= months.length * 0.75;
}

/**
 * A row of month labels split where the gap between two labels is well over the row's usual spacing and the
 * months start again there instead of going on (one label missing is a gap of two spacings and the month after
 * next): two charts printed side by side (an electric and a gas chart on one line) are two runs of months, each
 * its own chart with its own title.
 */
function chartRuns<T extends { x0: number; x1: number; text: string }>(months: T[]): T[][] {
  const c = (t: T) => (t.x0 + t.x1) / 2;
  const gaps = months.slice(1).map((m, i) => c(m) - c(months[i]));
  const usual = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)];
  const runs: T[][] = [[]];
  months.forEach((m, i) => {
    const [a, b] = [monthNumber(months[i - 1]?.text ?? ""), monthNumber(m.text)];
    const steps = i ? Math.round(gaps[i - 1] / usual) : 0;
    const restarts = i > 0 && gaps[i - 1] > usual * 1.8 && a !== undefined && b !== undefined &&
      (b - a + 12) % 12 !== steps % 12;
    if (restarts) runs.push([]);
    runs.at(-1)!.push(m);
  });
  return runs;
}
