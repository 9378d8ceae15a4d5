// The empty cells of a phone photo's usage-history table (issue #11, photos13). On a photographed page
// tesseract's page reading often keeps a history table's month labels and drops most of the numbers beside
// them (small print: seed 96368's uppco-01 read 5 of 13 kWh values; the value column cut out alone and read
// with a digits whitelist gave all 13). Here the table's rows are found by their labels — six or more month
// words one under the other at one x — and its first number column by the values that were read (three or
// more, one x); each row whose cell in that column holds no word at all is read again on its own, at two
// scales; a number is put in the row only where both readings agree, it lies within the column's range, and the
// bill confirms it (ocr_history_check.ts: the table's newest month is the period's kWh printed elsewhere, or the
// table's sum agrees with a printed 12-month total). Two readings of the same pixels agree on a
// one-digit misread (photos13: "1,396" for 1,395), so without the bill's word a value stays empty.
// Pure text and geometry: the readings are ocr.ts's.
import type { Box } from "./ocr_preprocess.ts";
import type { VerifyLine, VerifyWord } from "./ocr_verify.ts";
import { endConfirmed, kwhFigures, yearAgrees, yearFigures } from "./ocr_history_check.ts";

const MONTH = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]{0,6}\.?(?:'?\d{2}|\d{4})?\.?$/i;
const YEAR = /^'?(?:\d{2}|(?:19|20)\d{2})\.?$/;
const WHOLE = /^(?:\d{1,3}(?:,\d{3})+|\d{1,6})$/;
/** At most this many cells of a page are read again. */
const MAX_CELLS = 60;

export interface HistoryCell {
  /** The line of the row's month label. */
  line: number;
  box: Box;
  /** The values of the column that were read (the range a new one must fall in). */
  min: number;
  max: number;
  /** The table (its index in the page's tables) and the row's place in it (0: top). */
  table: number;
  row: number;
  /** The table's values as the page read them, top to bottom (undefined: not read). */
  values: (number | undefined)[];
  /** The table's number column over all its rows (its own cells: not the bill's kWh figures). */
  column: Box;
}

const height = (b: Box) => b.y1 - b.y0;
const numberOf = (t: string) => Number(t.replace(/,/g, ""));

interface Row {
  line: number;
  label: Box;
  /** The first number right of the label (its year skipped), if read. */
  value?: Box & { n: number };
}

/** Rows of month labels, one under the other at one x (six or more a run). */
function labelRuns(lines: VerifyLine[]): Row[][] {
  const all = lines.flatMap((l) => l.words);
  const rows: Row[] = [];
  lines.forEach((l, i) => {
    for (const w of l.words) {
      if (!MONTH.test(w.text.trim())) continue;
      // the words right of the label on its row, whichever line tesseract put them in
      const h = height(w.bbox);
      const right = all.filter((o) => {
        const cy = (o.bbox.y0 + o.bbox.y1) / 2;
        return o.bbox.x0 > w.bbox.x1 && cy > w.bbox.y0 - h * 0.3 && cy < w.bbox.y1 + h * 0.3;
      }).sort((a, b) => a.bbox.x0 - b.bbox.x0);
      let k = 0;
      if (right[0] && YEAR.test(right[0].text.trim()) && right[0].bbox.x0 - w.bbox.x1 < h * 1.5) k++;
      const next = right[k];
      const value = next && WHOLE.test(next.text.trim())
        ? { ...next.bbox, n: numberOf(next.text.trim()) }
        : undefined;
      rows.push({ line: i, label: w.bbox, value });
    }
  });
  rows.sort((a, b) => a.label.y0 - b.label.y0);
  const runs: Row[][] = [];
  for (const r of rows) {
    const h = height(r.label);
    const run = runs.find((g) => {
      const last = g[g.length - 1].label;
      const dy = r.label.y0 - last.y0;
      return Math.abs(last.x0 - r.label.x0) <= h * 1.5 && dy > h * 0.5 && dy <= h * 4;
    });
    if (run) run.push(r);
    else runs.push([r]);
  }
  return runs.filter((g) => g.length >= 6);
}

const overlaps = (a: Box, b: Box) =>
  Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0;

/** The cells of history columns that the page's reading left empty (no word over them at all). */
export function emptyHistoryCells(lines: VerifyLine[]): HistoryCell[] {
  const all: VerifyWord[] = lines.flatMap((l) => l.words);
  const cells: HistoryCell[] = [];
  labelRuns(lines).forEach((run, table) => {
    const read = run.flatMap((r) => (r.value ? [r.value] : []));
    if (read.length < 3 || read.length === run.length) return;
    const h = Math.max(...run.map((r) => height(r.label)));
    const centres = read.map((v) => (v.x0 + v.x1) / 2);
    // one column: the values' boxes overlap one band (right- or left-aligned or centred)
    if (Math.max(...read.map((v) => v.x0)) > Math.min(...read.map((v) => v.x1))) return;
    if (Math.max(...centres) - Math.min(...centres) > h * 3) return;
    const x0 = Math.min(...read.map((v) => v.x0)) - Math.round(h * 0.4);
    const x1 = Math.max(...read.map((v) => v.x1)) + Math.round(h * 0.4);
    const ns = read.map((v) => v.n);
    const values = run.map((r) => r.value?.n);
    const column = { x0, x1, y0: run[0].label.y0, y1: run[run.length - 1].label.y1 };
    run.forEach((r, row) => {
      if (r.value) return;
      const box = { x0, x1, y0: r.label.y0, y1: r.label.y1 };
      if (all.some((w) => overlaps(w.bbox, box))) return;
      cells.push({
        line: r.line,
        box,
        min: Math.min(...ns),
        max: Math.max(...ns),
        table,
        row,
        values,
        column,
      });
    });
  });
  return cells.slice(0, MAX_CELLS);
}

/**
 * The empty cells worth reading again: every one when the page prints a kWh figure or a 12-month total (what
 * could confirm one), else none. All of a table's cells, not only its ends: on a sheet of one crop
 * tesseract's block reading is poor (uppco-01's "979" read "99" alone, "979" among its column's other cells).
 */
export function cellsToRead(lines: VerifyLine[]): HistoryCell[] {
  const cells = emptyHistoryCells(lines);
  if (!cells.length) return cells;
  if (yearFigures(lines).totals.length) return cells;
  return kwhFigures(lines, [...new Set(cells.map((c) => c.column))]).length ? cells : [];
}

/** Two readings of a cell agree on a whole number within a third of the column's least value and three times its most. */
function agreed(
  c: HistoryCell,
  ra: { text: string } | undefined,
  rb: { text: string } | undefined,
): { text: string; n: number } | undefined {
  if (!ra || !rb) return undefined;
  const ta = ra.text.trim(), tb = rb.text.trim();
  if (!WHOLE.test(ta) || !WHOLE.test(tb) || numberOf(ta) !== numberOf(tb)) return undefined;
  const n = numberOf(ta);
  return n >= c.min / 3 && n <= c.max * 3 ? { text: ta, n } : undefined;
}

/**
 * The lines with each cell's number put in its row where the two readings (`a`, `b`: one per cell, at two
 * scales) agree (agreed) and the bill confirms it: every agreed cell of a table whose rows, all known with them,
 * sum to a printed 12-month total; else an agreed cell in the table's first or last row (its
 * newest month) whose value is one of the page's kWh figures, unless the table, all known, disagrees with a
 * printed total or average. The others stay empty.
 */
export function withHistoryCells<L extends VerifyLine>(
  lines: L[],
  cells: HistoryCell[],
  a: ({ text: string; confidence: number } | undefined)[],
  b: ({ text: string; confidence: number } | undefined)[],
): L[] {
  const out = lines.map((l) => ({ ...l, words: [...l.words] }));
  const read = cells.map((c, k) => agreed(c, a[k], b[k]));
  const kwh = kwhFigures(lines, [...new Set(cells.map((c) => c.column))]);
  const year = yearFigures(lines);
  const tables = new Map<number, (number | undefined)[]>();
  cells.forEach((c, k) => {
    const values = tables.get(c.table) ?? [...c.values];
    values[c.row] = read[k]?.n;
    tables.set(c.table, values);
  });
  // a table all of whose rows are known: its sum agrees with the bill's year figures (every cell confirmed), or
  // disagrees (none kept) when the bill prints any
  const complete = [...tables].filter(([, vs]) => vs.every((v) => v !== undefined)) as [number, number[]][];
  const summed = new Set(complete.filter(([, vs]) => yearAgrees(vs, year, false)).map(([t]) => t));
  const printed = year.totals.length + year.averages.length > 0;
  const contradicted = new Set(complete.filter(([, vs]) => printed && !yearAgrees(vs, year)).map(([t]) => t));
  cells.forEach((c, k) => {
    const r = read[k];
    if (!r || contradicted.has(c.table)) return;
    const end = c.row === 0 || c.row === c.values.length - 1;
    if (!summed.has(c.table) && !(end && endConfirmed(r.n, kwh))) return;
    const words = out[c.line].words;
    const confidence = Math.min(a[k]!.confidence, b[k]!.confidence);
    const word = { text: r.text, confidence, bbox: c.box };
    const at = words.findIndex((w) => w.bbox.x0 > c.box.x0);
    words.splice(at < 0 ? words.length : at, 0, word);
  });
  return out;
}
