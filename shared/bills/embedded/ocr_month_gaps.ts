// A history table's month label that OCR garbled on a scan or photo (issue #11, photos16): "Jui 22", "Ag 22",
// "dn 23" in a column of "Month   kWh" rows. The table reader (usage_tables.ts) reads a row only when its
// label names a month, so such a row's kWh was lost. A history table's months are consecutive, so a label
// lying between two read ones is determined by its place: the rows read on either side of a run of garbled
// labels are exactly as many months apart as the run has rows plus one, in the table's direction.
// A label is given its month only where the table says its months step by one: every pair of neighbouring
// rows read on both sides steps by one month, the same way (oldest first or newest first), at least three
// such pairs, and the gap's two sides fit that step. A row at either end of the table (a "Total" or
// "Average" row, a title) has a read month on one side only and is never filled; nor is a gap in a table of
// bi-monthly or quarterly rows. Only for OCR'd pages (a text layer's labels are read as printed).
import { MonthNames } from "../schema.ts";

type When = { month: number; year?: number };
const plain = (
  t = "",
) => (/^\d{1,3}(?:,\d{3})*(?:\.\d+)?$|^\d+(?:\.\d+)?$/.test(t.trim()) ? Number(t.replace(/,/g, "")) : NaN);

/**
 * A placed row's kWh against its days and kWh per day, where the table prints both and they read as numbers: a
 * garbled label often goes with a misread kWh on the same line ("Apra1   30   908   333" for 998 kWh, 33.3 a
 * day); the row is placed only when kWh ≈ days × per day (the per-day figure rounded to a tenth).
 */
function perDayAgrees(c: { value: string; days?: string; perDay?: string }): boolean {
  const [kwh, days, perDay] = [plain(c.value), plain(c.days), plain(c.perDay)];
  if (!(days >= 1 && days <= 99) || !(perDay > 0) || !(kwh >= 0)) return true;
  return Math.abs(kwh - days * perDay) <= days * 0.06 + 1;
}
/** At most this many rows from a read label to the next (three garbled labels in a row). */
const MAX_GAP = 4;

/**
 * The cells of a history run with each garbled month label between two read ones replaced by the month its
 * place gives ("Jul 2022"; the month alone when its neighbours print no year). `monthOf` reads a label.
 */
export function fillGarbledMonths<C extends { month: string; value: string; days?: string; perDay?: string }>(
  cells: C[],
  monthOf: (label: string) => When | undefined,
): C[] {
  const read = cells.map((c) => monthOf(c.month));
  const key = (w: When) => (w.year ?? 0) * 12 + w.month - 1;
  // the step between two read months k rows apart: by the year when both print one, else by the month alone
  const step = (a: When, b: When) =>
    a.year !== undefined && b.year !== undefined
      ? key(b) - key(a)
      : (((b.month - a.month) % 12) + 18) % 12 - 6;
  const pairs = read.slice(1).flatMap((w, i) => (w && read[i] ? [step(read[i]!, w)] : []));
  if (pairs.length < 3) return cells;
  const dir = pairs[0];
  if (Math.abs(dir) !== 1 || pairs.some((s) => s !== dir)) return cells;
  const out = [...cells];
  for (let i = 0; i < cells.length; i++) {
    if (!read[i] || read[i + 1]) continue;
    const j = read.findIndex((w, k) => k > i && w !== undefined);
    if (j < 0) break;
    const gap = j - i;
    if (gap > MAX_GAP || step(read[i]!, read[j]!) !== dir * gap) continue;
    for (let k = i + 1; k < j; k++) {
      if (!perDayAgrees(cells[k])) continue;
      const at = read[i]!.year !== undefined && read[j]!.year !== undefined
        ? key(read[i]!) + dir * (k - i)
        : -1;
      const month = at >= 0 ? (at % 12) + 1 : ((read[i]!.month - 1 + dir * (k - i) + 120) % 12) + 1;
      const name = MonthNames[month - 1];
      out[k] = { ...cells[k], month: at >= 0 ? `${name} ${Math.floor(at / 12)}` : name };
    }
  }
  return out;
}
