// Two tables printed on one band (issue #11, round 27): a table's row of values and, level with it, the column
// headers of the table beside it ("024466237  8/9/24  9/10/24  67052  68038  986   Month  Days  kWh  kWh/Day"),
// its header line run into the neighbour's labelled figures ("… Present   kWh Usage Average kWh per Day 30.8").
// The line reader sees one line that is neither a row nor a header; split at the x where the neighbour's
// headers begin, each side is a table of its own.
import type { Word } from "./pairing.ts";
import { HEADER_WORD, isValueToken, type Token, tokenLines } from "./tables.ts";

const headerToken = (t: Token) => !isValueToken(t.text) && !/\d/.test(t.text) && HEADER_WORD.test(t.text);

/**
 * The x where a line of values (at least two) is followed by a run of at least three column headers to the
 * line's end: the left edge of the table beside it. Undefined when no line of the words is such.
 */
export function sideTableCut(words: Word[]): number | undefined {
  for (const { tokens } of tokenLines(words)) {
    let k = tokens.length;
    while (k > 0 && headerToken(tokens[k - 1])) k--;
    if (tokens.length - k < 3 || k < 2) continue;
    const before = tokens.slice(0, k);
    // the values' side is a row: values only (a label before them is a labelled line, not a row)
    if (before.filter((t) => isValueToken(t.text)).length < 2 || !isValueToken(before[k - 1].text)) continue;
    return tokens[k].x0;
  }
  return undefined;
}

/**
 * The words left and right of a cut: a word starting before it is the left table's, and so is every word of a
 * text item that starts there (a header printed as one piece, "kWh Usage", whose second word passes the cut).
 */
export function splitAt(words: Word[], cut: number): [Word[], Word[]] {
  const isLeft = (w: Word) => w.x0 < cut - 0.5;
  const leftItems = new Set(words.filter((w) => isLeft(w) && w.item !== undefined).map((w) => w.item));
  const left = new Set(words.filter((w) => isLeft(w) || (w.item !== undefined && leftItems.has(w.item))));
  return [[...left], words.filter((w) => !left.has(w))];
}
