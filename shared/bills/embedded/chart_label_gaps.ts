// A chart's row of month labels with a few labels OCR garbled (issue #11, photos19): a phone photo's or a scan's
// "Mar Ape May", "Mar Apt May", "Jun Jui Aug" under a chart drawn without values. The chart readers (chart_bars.ts)
// want every label of the row to name its month (chart_rows.ts evenLabelRows), so one garbled label lost the
// whole chart. The labels are evenly spaced and consecutive, so a garbled one is placed by its neighbours: the
// month names read on the row fix the grid (their spacing, from each neighbouring pair's distance over the months
// between them), and a word on the row at a grid position between (or just past) them takes the month its place
// gives. Strict: the names read must lie on the grid (within a quarter of the spacing) in calendar order at every
// step (a pair two positions apart names months two apart), at most three labels garbled and none two in a row,
// every position has a word, and at least nine names read; a name that does not fit, or a second word at a
// position, and the row is not taken. Its months and years are then checked as a fully read row's are (the
// bill's month at its end, the years printed under it). Generic: geometry and the calendar only.
import type { TextPiece } from "../../documents/text_layout.ts";
import { center, MONTH3 } from "./chart_rows.ts";
import { monthNumber } from "./values.ts";

const NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** At most this many garbled labels in a row; at least this many names read. */
const MAX_GARBLED = 3;
const MIN_READ = 9;
/** A label lies on the grid within this share of the spacing. */
const ON_GRID = 0.25;
/** A garbled label is a short word of letters (and OCR's look-alike marks), not a number. */
const WORDLIKE = /^[A-Za-z'’.,:;|!]{1,5}$/;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The rows of 12 or more month labels with at most three garbled (see the file's head), each label of the row
 * named by its month ("Apr" for the garbled "Ape"), with its y and spacing: as chart_rows.ts evenLabelRows.
 * Rows every label of which is read are left to evenLabelRows (not returned here).
 */
export function gappedLabelRows(pieces: TextPiece[]): { y: number; row: TextPiece[]; spacing: number }[] {
  const lines = new Map<number, TextPiece[]>();
  for (const p of pieces) {
    const key = [...lines.keys()].find((y) => Math.abs(y - p.y) <= 3) ?? p.y;
    lines.set(key, [...(lines.get(key) ?? []), p]);
  }
  const out: { y: number; row: TextPiece[]; spacing: number }[] = [];
  for (const [y, line] of lines) {
    const named = line.filter((p) => MONTH3.test(p.text.trim())).sort((a, b) => center(a) - center(b));
    if (named.length < MIN_READ) continue;
    const months = named.map((p) => monthNumber(p.text.trim())! - 1);
    // each neighbouring pair's months apart (1–4: at most three garbled between), and the spacing it gives
    const apart = named.slice(1).map((_, i) => (months[i + 1] - months[i] + 12) % 12);
    if (apart.some((d) => d < 1 || d > MAX_GARBLED + 1)) continue;
    const spacing = median(named.slice(1).map((p, i) => (center(p) - center(named[i])) / apart[i]));
    if (!(spacing > 0)) continue;
    // every name on the grid its first one starts
    const index = [0];
    apart.forEach((d) => index.push(index.at(-1)! + d));
    const x0 = center(named[0]);
    if (named.some((p, i) => Math.abs(center(p) - (x0 + index[i] * spacing)) > spacing * ON_GRID)) continue;
    const wordAt = (k: number) => {
      const at = line.filter((p) => Math.abs(center(p) - (x0 + k * spacing)) <= spacing * ON_GRID);
      return at.length === 1 && WORDLIKE.test(at[0].text.trim()) && !MONTH3.test(at[0].text.trim())
        ? at[0]
        : undefined;
    };
    const row: TextPiece[] = [];
    let garbled = 0, run = 0, ok = true;
    const place = (p: TextPiece, k: number) => ({ ...p, text: NAMES[(((months[0] + k) % 12) + 12) % 12] });
    // garbled labels just before the first name and just after the last one, where a word stands on the grid
    let from = 0, to = index.at(-1)!;
    if (wordAt(from - 1)) from--;
    if (wordAt(to + 1)) to++;
    for (let k = from; k <= to && ok; k++) {
      const i = index.indexOf(k);
      if (i >= 0) {
        row.push(named[i]);
        run = 0;
        continue;
      }
      const w = wordAt(k);
      if (!w || ++run > 1 || ++garbled > MAX_GARBLED) ok = false;
      else row.push(place(w, k));
    }
    if (!ok || !garbled || row.length < 12) continue;
    out.push({ y, row, spacing });
  }
  return out;
}
