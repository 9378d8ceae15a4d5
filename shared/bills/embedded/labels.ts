import { cells } from "./values.ts";

export interface Found {
  /** The text that follows the label on its line (or the value cell below it). */
  value: string;
  line: number;
}

/**
 * Finds a labelled value. Tries, for each label in order: the text after the label in the same cell,
 * the next cell on the line, then the cell in the same column on the following lines (a header row over
 * a value row), then the next line. `accept` decides whether a candidate holds the wanted value; `skip`
 * rejects a negated label ("Next billing date" for a billing date).
 */
export function findLabeled(
  lines: string[],
  labels: RegExp[],
  accept: (v: string) => boolean,
  opts: {
    from?: number;
    to?: number;
    below?: number;
    skip?: (cell: string, index: number, length: number) => boolean;
  } = {},
): Found | undefined {
  const from = opts.from ?? 0;
  const to = opts.to ?? lines.length;
  for (const label of labels) {
    for (let i = from; i < to; i++) {
      const line = lines[i];
      const cs = cells(line);
      for (let c = 0; c < cs.length; c++) {
        const m = cs[c].match(label);
        if (!m || m.index === undefined || opts.skip?.(cs[c], m.index, m[0].length)) continue;
        const after = cs[c].slice(m.index + m[0].length).replace(/^[\s:#.\-]+/, "").trim();
        if (after && accept(after)) return { value: after, line: i };
        if (!after || !accept(after)) {
          if (c + 1 < cs.length && accept(cs[c + 1])) return { value: cs[c + 1], line: i };
        }
        const headerCells = cs.length;
        for (let j = i + 1; j < Math.min(to, i + 1 + (opts.below ?? 2)); j++) {
          const below = cells(lines[j]);
          if (below.length === headerCells && headerCells > 1 && accept(below[c])) {
            return { value: below[c], line: j };
          }
          // a value row with extra cells on the left (a logo or a name beside it): align from the right
          if (
            below.length > headerCells && headerCells > 1 && accept(below[c + below.length - headerCells])
          ) {
            return { value: below[c + below.length - headerCells], line: j };
          }
          if (headerCells === 1 && below.length && accept(below[0])) return { value: below[0], line: j };
        }
      }
    }
  }
  return undefined;
}
