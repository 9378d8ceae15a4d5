// Usage comparisons: "this period / last month / same period last year" printed with the kWh of each — a
// label beside its value ("Last Year 1,020 kWh"), a label over its value, or labels heading the columns of a
// small table whose kWh row is labelled ("kWh Used   1,230   1,110") or whose title is in kWh, or bars over the labels with the kWh on top. Each gives the month of the bill, the
// month before, or the same month a year before. Generic: the comparison words US bills print.
import type { Word } from "./pairing.ts";
import { kwhScore } from "./usage_tables.ts";
import type { MonthValue } from "./usage_history.ts";
import { type Token, tokenLines } from "./tables.ts";

const THIS = /^(?:this|current|present)\s+(?:period|month|cycle|bill|billing(?:\s+(?:period|cycle))?)$/i;
const LAST_MONTH = /^(?:last|previous|prior)\s+(?:month|period|cycle|bill)$/i;
const LAST_YEAR =
  /^(?:(?:same|this)\s+(?:period|month|cycle|time)\s+)?(?:last|previous|prior)\s+year$|^(?:same\s+(?:period|month|cycle)\s+)?(?:a\s+)?year\s+ago$/i;
/** A whole number of kWh, with or without its unit. */
const KWH_VALUE = /^(\d{1,3}(?:,\d{3})+|\d+)(\s*kwh)?$/i;

/** Months back from the bill's month a comparison label names (0, 1, 12), or undefined. */
function monthsBack(label: string): number | undefined {
  const t = label.trim().replace(/[:]$/, "");
  return THIS.test(t) ? 0 : LAST_MONTH.test(t) ? 1 : LAST_YEAR.test(t) ? 12 : undefined;
}

/**
 * Comparison labels under a title in kWh ("Electric Historical Usage (kWh)" over "Last Year   Last Month   This
 * Month"): the title is the unit of the bare numbers under them. The title is on one of the two lines above and
 * spans part of the labels' width.
 */
function titledKwh(lines: { tokens: Token[] }[], li: number): boolean {
  const labels = lines[li].tokens.filter((t) => monthsBack(t.text) !== undefined);
  if (labels.length < 2) return false;
  const x0 = Math.min(...labels.map((t) => t.x0)), x1 = Math.max(...labels.map((t) => t.x1));
  return lines.slice(Math.max(0, li - 2), li).some((l) =>
    l.tokens.some((t) =>
      /\(kwh\)|\bin kwh\b|\bkwh\)?$/i.test(t.text) &&
      /\busage\b|\buse\b|\bhistory\b|\bhistorical\b/i.test(t.text) &&
      t.x0 < x1 && t.x1 > x0
    )
  );
}

/** The kWh of a comparison label: beside it with its unit, or under it on a kWh row or with its unit. */
function valueOf(lines: { tokens: Token[] }[], li: number, label: Token): number | undefined {
  const line = lines[li].tokens;
  const next = line.find((t) => t.x0 >= label.x1);
  const beside = next?.text.match(KWH_VALUE);
  const unitAfter = next && /^kwh$/i.test(line[line.indexOf(next) + 1]?.text ?? "");
  if (beside && (beside[2] || unitAfter)) return Number(beside[1].replace(/,/g, ""));
  // a table whose rows are the comparison labels: the value in the row under a kWh column's header (the nearest
  // line above, within four, that heads a kWh column; another comparison label's line is a row, not the header)
  for (let k = li - 1; k >= 0 && k >= li - 4; k--) {
    const ts = lines[k].tokens;
    if (ts.some((t) => monthsBack(t.text) !== undefined)) continue;
    const head = ts.find((t) =>
      t.x0 > label.x1 && /^(?:kwh|kwh used|usage \(kwh\)|energy used \(kwh\))$/i.test(t.text)
    );
    if (!head) continue;
    const cell = line.find((t) => (t.x0 + t.x1) / 2 >= head.x0 - 8 && (t.x0 + t.x1) / 2 <= head.x1 + 8);
    const m = cell?.text.match(KWH_VALUE);
    if (m) return Number(m[1].replace(/,/g, ""));
    break;
  }
  for (let k = li + 1; k < lines.length && k <= li + 4; k++) {
    const ts = lines[k].tokens;
    if (ts.some((t) => monthsBack(t.text) !== undefined)) return undefined;
    const under = ts.find((t) => (t.x0 + t.x1) / 2 >= label.x0 - 8 && (t.x0 + t.x1) / 2 <= label.x1 + 8);
    const m = under?.text.match(KWH_VALUE);
    if (!under || !m) continue;
    const rowLabel = ts[0] !== under && !KWH_VALUE.test(ts[0].text) ? ts[0].text : "";
    if ((m[2] || titledKwh(lines, li)) && !rowLabel) return Number(m[1].replace(/,/g, ""));
    if (rowLabel && kwhScore(rowLabel) > 0) return Number(m[1].replace(/,/g, ""));
  }
  // a bar chart of the comparison: the kWh, with its unit, printed on top of the label's bar (the nearest number
  // over the label, at its bar's height; another comparison label in between ends the search)
  for (let k = li - 1; k >= 0 && k >= li - 8; k--) {
    const ts = lines[k].tokens;
    if (ts.some((t) => monthsBack(t.text) !== undefined)) return undefined;
    const over = ts.find((t) => (t.x0 + t.x1) / 2 >= label.x0 - 8 && (t.x0 + t.x1) / 2 <= label.x1 + 8);
    const m = over?.text.match(KWH_VALUE);
    if (over && m && m[2]) return Number(m[1].replace(/,/g, ""));
    if (over) return undefined;
  }
  return undefined;
}

/** The months a page's usage comparisons give, placed from the bill's period end (none without it). */
export function comparedUsage(pages: Word[][], periodEnd: string): MonthValue[] {
  if (!periodEnd) return [];
  const end = Number(periodEnd.slice(0, 4)) * 12 + Number(periodEnd.slice(5, 7)) - 1;
  const out: MonthValue[] = [];
  for (const words of pages) {
    const lines = tokenLines(words);
    lines.forEach((l, li) => {
      for (const t of l.tokens) {
        const back = monthsBack(t.text);
        if (back === undefined) continue;
        const value = valueOf(lines, li, t);
        const k = end - back;
        if (value !== undefined) out.push({ year: Math.floor(k / 12), month: (k % 12) + 1, value });
      }
    });
  }
  return out;
}
