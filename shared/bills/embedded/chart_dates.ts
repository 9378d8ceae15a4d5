import type { TextPiece } from "../../documents/text_layout.ts";
import type { MonthValue } from "./usage_history.ts";

const DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/;
const center = (p: TextPiece) => p.x + p.width / 2;
const DAY = 864e5;

function dateOf(text: string): Date | undefined {
  const m = DATE.exec(text.trim());
  if (!m) return undefined;
  const [mo, d, y] = [Number(m[1]), Number(m[2]), Number(m[3].length === 2 ? `20${m[3]}` : m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return undefined;
  return new Date(Date.UTC(y, mo - 1, d));
}

/**
 * Which row a date at `y` joins: the first row made whose baseline is within 3 of it, else a new row at `y`. Rows'
 * baselines are more than 3 apart (a date within 3 of one joins it), so a bucket of 3 holds at most one, and the rows
 * within 3 of `y` are in its bucket or the next ones: constant work a date (searching every row for each date was
 * quadratic in a page's dates). Non-finite positions are never within 3 of anything.
 */
export function baselineRows() {
  const buckets = new Map<number, { y: number; made: number }>();
  let made = 0;
  return (y: number): number => {
    if (!Number.isFinite(y)) return y;
    const b = Math.floor(y / 3);
    let first: { y: number; made: number } | undefined;
    for (const d of [-2, -1, 0, 1, 2]) { // (b + d: a count past 2^53 would never end)
      const k = buckets.get(b + d);
      if (k && Math.abs(k.y - y) <= 3 && (!first || k.made < first.made)) first = k;
    }
    if (first) return first.y;
    buckets.set(b, { y, made: made++ });
    return y;
  };
}

/**
 * Usage bar charts whose bars are named by the dates the meter was read (a row of at least 12 dates, evenly
 * spaced across the page, each 20–40 days after the one before, every one in its own month) and print each
 * bar's kWh as a label above its date. Each date's month is the bar's month. A row whose dates are not about a
 * month apart, or where fewer than half the bars have exactly one label, gives nothing.
 */
export function readDatedChart(pieces: TextPiece[]): MonthValue[] {
  const dated = pieces.map((p) => ({ p, d: dateOf(p.text) })).filter((x) => x.d) as {
    p: TextPiece;
    d: Date;
  }[];
  const rows = new Map<number, { p: TextPiece; d: Date }[]>();
  const rowOf = baselineRows();
  for (const x of dated) {
    const key = rowOf(x.p.y);
    rows.get(key)?.push(x) ?? rows.set(key, [x]);
  }
  // the labels a bar may have (figures), once for every row
  const figures = pieces.filter((p) => /^\d{1,3}(,\d{3})*$|^\d+$/.test(p.text.trim()));
  for (const [y, row] of rows) {
    if (row.length < 12) continue;
    row.sort((a, b) => center(a.p) - center(b.p));
    const spacing = (center(row[row.length - 1].p) - center(row[0].p)) / (row.length - 1);
    const even = row.every((x, i) =>
      i === 0 || Math.abs(center(x.p) - center(row[i - 1].p) - spacing) <= spacing * 0.25
    );
    const monthly = row.every((x, i) => {
      if (i === 0) return true;
      const gap = (+x.d - +row[i - 1].d) / DAY;
      return gap >= 20 && gap <= 40 && x.d.getUTCMonth() !== row[i - 1].d.getUTCMonth();
    });
    if (!even || !monthly || spacing <= 0) continue;
    const labels = figures.filter((p) => p.y < y && p.y > y - spacing * 4);
    const values = row.map((x) => {
      const near = labels.filter((l) => Math.abs(center(l) - center(x.p)) <= spacing * 0.35);
      return near.length === 1 ? Number(near[0].text.replace(/,/g, "")) : undefined;
    });
    if (values.filter((v) => v !== undefined).length < row.length / 2) continue;
    return row.flatMap((x, i) =>
      values[i] === undefined
        ? []
        : [{ year: x.d.getUTCFullYear(), month: x.d.getUTCMonth() + 1, value: values[i]! }]
    );
  }
  return [];
}
