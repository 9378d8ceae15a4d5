// Label/value pairing by position on the page, from word boxes (PDF text items split into words, or OCR
// words): the value to the right of the label on the same line, or in the cell under it (a header over a
// value row, a column under a header). Works on any layout: nothing here knows a utility.
import { groupByBaseline, type TextPiece } from "../../documents/text_layout.ts";

export interface Word {
  text: string;
  x0: number;
  x1: number;
  y: number;
  h: number;
  /** The index of the text item the word came from (words of one PDF item belong together). */
  item?: number;
  /** An OCR word (its piece carries tesseract's confidence), not a PDF text item's. */
  ocr?: true;
}
export interface Cell {
  text: string;
  x0: number;
  x1: number;
  y: number;
  h: number;
  words: Word[];
}
export interface Row {
  y: number;
  h: number;
  cells: Cell[];
}

export type Where = "same-cell" | "right" | "below";
export interface Pair {
  value: string;
  where: Where;
  page: number;
  rowIndex: number;
  labelText: string;
}

/** Splits multi-word PDF text items into words, each with an x-range proportional to its characters. */
export function wordsOf(pieces: TextPiece[]): Word[] {
  const out: Word[] = [];
  pieces.forEach((p, item) => {
    const text = p.text;
    if (!text.trim()) return;
    const per = text.length ? p.width / text.length : 0;
    for (const m of text.matchAll(/\S+/g)) {
      const x0 = p.x + per * (m.index ?? 0);
      const ocr = p.confidence !== undefined ? { ocr: true as const } : {};
      out.push({ text: m[0], x0, x1: x0 + per * m[0].length, y: p.y, h: p.height || 8, item, ...ocr });
    }
  });
  return out;
}

/** Rows of cells: words on one baseline, a gap wider than ~1.2 character heights starts a new cell. */
export function rowsOf(pieces: TextPiece[]): Row[] {
  return groupByBaseline(wordsOf(pieces), (w) => w.h).map((r) => {
    r.parts.sort((a, b) => a.x0 - b.x0);
    const h = Math.max(4, ...r.parts.map((w) => w.h));
    const cells: Cell[] = [];
    for (const w of r.parts) {
      const last = cells.at(-1);
      if (last && w.x0 - last.x1 <= h * 1.2) {
        last.text += (w.x0 - last.x1 > h * 0.12 ? " " : "") + w.text;
        last.x1 = Math.max(last.x1, w.x1);
        last.words.push(w);
      } else cells.push({ text: w.text, x0: w.x0, x1: w.x1, y: w.y, h, words: [w] });
    }
    return { y: r.y, h, cells };
  });
}

const overlap = (a0: number, a1: number, b0: number, b1: number) =>
  Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

/**
 * Every value paired with a label on one page. `label` is matched inside cells; `skip(cell, index, length)`
 * rejects negated labels ("Next billing date"); `accept` decides whether a candidate holds the wanted
 * value. For each label the first acceptable of: the rest of its cell, the next cell to the right, the cell
 * under it on one of the next two rows that overlaps the label horizontally.
 */
export function pairLabel(
  rows: Row[],
  page: number,
  label: RegExp,
  accept: (v: string) => boolean,
  skip: (cell: string, index: number, length: number) => boolean = () => false,
): Pair[] {
  const out: Pair[] = [];
  rows.forEach((row, ri) => {
    row.cells.forEach((cell, ci) => {
      const m = cell.text.match(label);
      if (!m || m.index === undefined || skip(cell.text, m.index, m[0].length)) return;
      const labelText = m[0];
      const rest = cell.text.slice(m.index + m[0].length).replace(/^[\s:#.\-]+/, "").trim();
      if (rest && accept(rest)) {
        return void out.push({ value: rest, where: "same-cell", page, rowIndex: ri, labelText });
      }
      const right = row.cells[ci + 1];
      if (right && accept(right.text)) {
        return void out.push({ value: right.text, where: "right", page, rowIndex: ri, labelText });
      }
      // the label's own horizontal extent: the words that the match covers
      const start = cell.text.slice(0, m.index).split(/\s+/).filter(Boolean).length;
      const n = m[0].trim().split(/\s+/).length;
      const lw = cell.words.slice(start, start + n);
      const x0 = lw[0]?.x0 ?? cell.x0, x1 = lw.at(-1)?.x1 ?? cell.x1;
      for (let k = ri + 1; k < Math.min(rows.length, ri + 3); k++) {
        if (rows[k].y - row.y > row.h * 4.5) break;
        const under = rows[k].cells.filter((c) => overlap(c.x0, c.x1, x0 - row.h, x1 + row.h) > 0);
        const best = under.sort((a, b) => overlap(b.x0, b.x1, x0, x1) - overlap(a.x0, a.x1, x0, x1))[0];
        if (best && accept(best.text)) {
          return void out.push({ value: best.text, where: "below", page, rowIndex: k, labelText });
        }
      }
    });
  });
  return out;
}
