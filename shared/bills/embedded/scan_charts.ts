// Usage bar charts on scans (issue #11, scans3): a row of month labels under the bars and each bar's kWh printed
// over it (or under its label). The text-PDF readers (chart_values_above.ts, chart_values_below.ts) want every
// label and every value legible; OCR garbles some labels ("sepa", "Janz", "Jm?21", "un") and loses some values
// (a digit on a bar's edge, a value inside a dark bar), so on a scan they read nothing. Here the chart is read
// by the geometry of its word boxes instead:
// - the labels' row: word boxes on one line (within half a label's height) whose first three letters name a
//   month (after ocr_tokens.ts' repair), at least six of them on one grid — centre = x0 + k × spacing, within
//   three tenths of a spacing — and in calendar order along it (month − k the same for all but at most one);
//   garbled boxes on the row at the grid's next positions extend it (at most 13 bars);
// - each bar's value: the nearest whole number over the label (or right under it), centred within a third of a
//   spacing, read with confidence (≥ 80), never one number for two bars, within a sixth to six times the bill's
//   kWh (a value OCR cut short, "37" of 837, is left empty);
// - confirmed by the bill: the bar of the bill's month (the period's end) holds the bill's own kWh for the
//   period (the meters', ±2%). Without that, nothing — a row of costs, temperatures or days under the same
//   labels never ends in the period's kWh. A chart whose title says its bars are not kWh gives nothing.
//   On a phone photo the bill's bar is often a number the second reading disputed (ocr_verify.ts): it still
//   anchors the row when it is the period's kWh to the unit, and then only bars read surely (SURE) are taken
//   (photos16).
// Only for OCR'd pages; any other reading of a month wins (parse_bill.ts), and the scan's outlier check
// (steadyHistory) still drops a value far from its neighbours.
import type { TextPiece } from "../../documents/text_layout.ts";
import type { MonthValue } from "./usage_history.ts";
import { tidyOcrTokens } from "./ocr_tokens.ts";
import { notKwhChart } from "./chart_titles.ts";
import { SURE } from "../../documents/ocr_verify.ts";

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const center = (p: TextPiece) => p.x + p.width / 2;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** A bar's value: a whole number, with or without thousands commas. */
const VALUE = /^(?:\d{1,3}(?:,\d{3})+|\d{2,5})$/;
const MIN_CONFIDENCE = 80;
const sure = (p: TextPiece) => p.confidence === undefined || p.confidence >= MIN_CONFIDENCE;

/** The month a chart label names by its first three letters ("Aug", "sepa", "Janz", "Feb22", "Jun2s"), or -1. */
export function labelMonth(text: string): number {
  const t = tidyOcrTokens(text.trim());
  if (t.length > 7 || !/^[A-Za-z]{3}/.test(t)) return -1;
  return MONTHS.indexOf(t.slice(0, 3).toLowerCase());
}

interface Grid {
  y: number;
  h: number;
  x0: number;
  spacing: number;
  /** The month (0–11) of the grid's position 0. */
  first: number;
  /** The first and last positions with a box on the row. */
  from: number;
  to: number;
}

/** Rows of month labels on one grid, in calendar order (see the file's head). */
function labelGrids(pieces: TextPiece[]): Grid[] {
  const labels = pieces.filter((p) => labelMonth(p.text) >= 0);
  const rows: TextPiece[][] = [];
  for (const p of labels) {
    const row = rows.find((r) => Math.abs(r[0].y + r[0].height / 2 - (p.y + p.height / 2)) <= p.height / 2);
    if (row) row.push(p);
    else rows.push([p]);
  }
  const grids: Grid[] = [];
  for (const row of rows.filter((r) => r.length >= 6)) {
    row.sort((a, b) => center(a) - center(b));
    const ms = row.map((p) => labelMonth(p.text));
    // the spacing: x per month between neighbouring labels one to three months apart
    const steps = row.slice(1).flatMap((p, i) => {
      const dm = (ms[i + 1] - ms[i] + 12) % 12;
      return dm >= 1 && dm <= 3 ? [(center(p) - center(row[i])) / dm] : [];
    });
    if (steps.length < 4) continue;
    const spacing = median(steps);
    const x0 = center(row[0]);
    const h = median(row.map((p) => p.height));
    const y = median(row.map((p) => p.y));
    const placed = row.map((p, i) => {
      const k = Math.round((center(p) - x0) / spacing);
      return {
        k,
        fits: Math.abs(center(p) - x0 - k * spacing) <= spacing * 0.3,
        first: (ms[i] - k + 120) % 12,
      };
    });
    const votes = new Map<number, number>();
    for (const q of placed.filter((q) => q.fits)) votes.set(q.first, (votes.get(q.first) ?? 0) + 1);
    const [first, agree] = [...votes.entries()].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
    if (agree < 6 || row.length - agree > 1) continue;
    const ks = placed.filter((q) => q.fits && q.first === first).map((q) => q.k);
    if (new Set(ks).size !== ks.length) continue;
    let [from, to] = [Math.min(...ks), Math.max(...ks)];
    // boxes OCR garbled at the grid's next positions on the row are bars too
    const onRow = pieces.filter((p) => Math.abs(p.y + p.height / 2 - (y + h / 2)) <= h / 2);
    const boxAt = (k: number) => onRow.some((p) => Math.abs(center(p) - x0 - k * spacing) <= spacing * 0.3);
    while (to - from < 12 && boxAt(to + 1)) to++;
    while (to - from < 12 && boxAt(from - 1)) from--;
    grids.push({ y, h, x0, spacing, first, from, to });
  }
  return grids;
}

/**
 * The months' kWh of a scanned bar chart whose bar for the bill's month holds the bill's kWh (see the file's
 * head). `periodEnd`: the billing period's end (ISO); `total`: the meters' kWh for the period.
 */
export function scanChartHistory(pages: TextPiece[][], periodEnd: string, total: number): MonthValue[] {
  if (!periodEnd || !(total > 0)) return [];
  const endKey = Number(periodEnd.slice(0, 4)) * 12 + Number(periodEnd.slice(5, 7)) - 1;
  const out: MonthValue[] = [];
  for (const pieces of pages) {
    for (const g of labelGrids(pieces)) {
      // the bill's bar: the grid's last position of the bill's month
      const bill = [...Array(g.to - g.from + 1).keys()].map((i) => g.to - i)
        .find((k) => (g.first + k + 120) % 12 === endKey % 12);
      if (bill === undefined) continue;
      const words = pieces.filter((p) => VALUE.test(p.text.trim()) && p.width <= g.spacing * 1.2);
      const values = words.filter((p) => sure(p));
      const top = g.y - Math.max(12 * g.h, 6 * g.spacing);
      // (under the labels: a line of its own, its centre a good part of a line box under theirs — a scan's line
      // boxes run taller than its lines are apart, scanhist)
      const near = (k: number, side: "above" | "below", among = values) =>
        among.filter((p) =>
          Math.abs(center(p) - g.x0 - k * g.spacing) <= g.spacing / 3 &&
          (side === "above" ? p.y + p.height <= g.y + g.h / 4 && p.y >= top : p.y >= g.y + g.h * 0.4 &&
            p.y <= g.y + g.h * 3)
        ).sort((a, b) => side === "above" ? b.y - a.y : a.y - b.y)[0];
      const num = (p?: TextPiece) => (p ? Number(p.text.replace(/,/g, "")) : NaN);
      const agrees = (p?: TextPiece) => Math.abs(num(p) - total) <= Math.max(1, total * 0.02);
      // the bill's bar read unsure (a photo's number word whose second reading disagreed) still anchors the row
      // when it is the period's kWh to the unit: the meters' own figure is the second reading that agrees. The
      // row is then taken on a weaker anchor, so its other bars must be read as surely as a second reading that
      // replaces a first (ocr_verify.ts SURE): each bar's nearest number, never a farther one past an unsure one
      const side = (["above", "below"] as const).find((s) => agrees(near(bill, s))) ??
        (["above", "below"] as const).find((s) => num(near(bill, s, words)) === total);
      if (!side) continue;
      const anchored = agrees(near(bill, side));
      const picked = new Map<number, TextPiece>();
      for (let k = g.from; k <= g.to; k++) {
        const nearest = near(k, side, anchored ? values : words);
        const p = anchored || (nearest?.confidence ?? 100) >= SURE ? nearest : undefined;
        if (p && ![...picked.values()].includes(p)) picked.set(k, p);
      }
      // the chart's title over its bars: a chart of costs, temperatures or per-day use is not kWh
      const x0 = g.x0 + (g.from - 0.5) * g.spacing, x1 = g.x0 + (g.to + 0.5) * g.spacing;
      const highest = Math.min(g.y, ...[...picked.values()].map((p) => p.y));
      const over = pieces.filter((p) =>
        p.y < highest && p.y > highest - 6 * g.h && center(p) >= x0 - g.spacing && center(p) <= x1 &&
        /[A-Za-z]{3}/.test(p.text) && labelMonth(p.text) < 0
      );
      // (the lines right over the chart, one under the other: a scan's line boxes run taller than its lines are
      // apart, and six boxes' height up reaches the charges printed over the chart, read as its title)
      const ys = [...new Set(over.map((p) => p.y))].sort((a, b) => b - a);
      const gap = side === "below" ? Math.min(g.h, near(bill, side, words)!.y - g.y) * 1.6 : Infinity;
      const cut = ys.findIndex((v, j) => j > 0 && ys[j - 1] - v > gap);
      const kept = cut < 0 ? ys : ys.slice(0, cut);
      const title = over.filter((p) => kept.includes(p.y)).map((p) => p.text).join(" ");
      if (notKwhChart(title)) continue;
      for (const [k, p] of picked) {
        // a value OCR cut short ("37" of 837) or ran into another is far from the bill's own month
        if (num(p) < total / 6 || num(p) > total * 6) continue;
        const key = endKey - (bill - k);
        out.push({ year: Math.floor(key / 12), month: (key % 12) + 1, value: num(p) });
      }
    }
  }
  return out;
}
