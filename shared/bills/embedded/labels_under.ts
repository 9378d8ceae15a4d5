// Labels printed UNDER their values (round 30): a band of values on one line and, right under it, a line of as many
// captions ("1686951749   09/10/2023   10/03/2023   $173.84" over "Account Number   Statement Date   Past Due
// Date   Amount Due"), each caption under its value. Many bills print a summary band this way; the reader paired a
// label only with what is right of it or under it, so these values had no label. General: the shape is two lines
// of the same number of cells, every caption without a digit, every value with one, each value left-aligned over
// its caption; nothing here knows a utility or a label's words.
import type { Row } from "./pairing.ts";

/** A caption: words, no digit, short. */
const caption = (t: string) => !/\d/.test(t) && /[a-z]{2}/i.test(t) && t.trim().split(/\s+/).length <= 5;

/**
 * The values of a labels-under-values band paired with `label`: for each caption cell that matches it (and that
 * `skip` does not reject), the cell of the line just above that starts where the caption starts, when `accept`
 * takes it. Only where both lines are a band: the same number of cells (two or more), every caption without a
 * digit, every value with one, and no line of values right under the captions (that would make them a header).
 */
export function valuesAbove(
  rows: Row[],
  label: RegExp,
  accept: (v: string) => boolean,
  skip: (cell: string, index: number, length: number) => boolean = () => false,
): string[] {
  const out: string[] = [];
  // (a scan's specks, "-" or "\u00a9" between the cells, are no cells)
  const bare = (r: Row): Row => ({ ...r, cells: r.cells.filter((c) => /[a-z0-9]/i.test(c.text)) });
  rows.map(bare).forEach((row, ri, all) => {
    const above = all[ri - 1];
    if (!above || row.cells.length < 2 || above.cells.length !== row.cells.length) return;
    if (row.y - above.y > Math.max(row.h, above.h) * 2.5) return;
    if (!row.cells.every((c) => caption(c.text)) || !above.cells.every((c) => /\d/.test(c.text))) return;
    // captions over a line of values under them are a table's header, not captions of the line above
    const below = all[ri + 1];
    if (below && below.y - row.y <= row.h * 2.5 && below.cells.some((c) => /\d/.test(c.text))) return;
    // each value starts where its caption starts (within a character's height)
    const tol = Math.max(row.h, above.h) * 1.2;
    if (!row.cells.every((c, i) => Math.abs(c.x0 - above.cells[i].x0) <= tol)) return;
    row.cells.forEach((c, i) => {
      const m = c.text.match(label);
      if (!m || m.index === undefined || skip(c.text, m.index, m[0].length)) return;
      if (accept(above.cells[i].text)) out.push(above.cells[i].text);
    });
  });
  return out;
}
