// The visual order of a laid-out line holding right-to-left text (Unicode Bidirectional Algorithm, UAX #9, by
// bidi-js). Documents are English, so a line is left to right unless it has no left-to-right letter at all.
// Pieces keep their characters in logical order: fontkit shapes an Arabic or Hebrew piece and lays its glyphs
// out right to left itself, so only the order of the pieces is decided here. Two things fontkit does not do are done
// here: a bracket or other mirrored character at a right-to-left level is drawn as its mirror (rule L4), and a
// right-to-left piece with no right-to-left letter (neutrals only, which fontkit lays out left to right) is reversed.
import bidiModule, { type Bidi } from "bidi-js";

// the package is CommonJS whose module.exports is the factory; its types declare it as the default export
const bidiFactory =
  (typeof bidiModule === "function" ? bidiModule : (bidiModule as { default: unknown }).default) as () =>
    Bidi;
let bidi: Bidi | undefined;

// Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic, their presentation forms, and RTL marks
const RTL =
  /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u200F\u202B\u202E\u2067]|[\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;
const LTR_LETTER = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF]/;

export interface Piece<T> {
  /** Characters in logical order. */
  text: string;
  item: T;
  /** Bidi embedding level: odd is right to left. */
  level: number;
}

/**
 * Pieces of `items` (a line's words and spaces in logical order) in the order they are drawn left to right, split
 * where the item or the embedding level changes; undefined when the line has no right-to-left character (drawn as
 * it is).
 */
export function visualPieces<T extends { text: string }>(items: T[]): Piece<T>[] | undefined {
  const text = items.map((i) => i.text).join("");
  if (!RTL.test(text)) return undefined;
  bidi ??= bidiFactory();
  const { levels } = bidi.getEmbeddingLevels(text, LTR_LETTER.test(text) ? "ltr" : "rtl");
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  const pieces: Piece<T>[] = [];
  let at = 0;
  for (const item of items) {
    for (let k = 0; k < item.text.length; k++) {
      const level = levels[at + k], last = pieces[pieces.length - 1];
      const char = mirrored.get(at + k) ?? item.text[k];
      if (last && last.item === item && last.level === level) last.text += char;
      else pieces.push({ text: char, item, level });
    }
    at += item.text.length;
  }
  for (const p of pieces) if (p.level % 2 && !RTL.test(p.text)) p.text = [...p.text].reverse().join("");
  // rule L2: from the highest level down to the lowest odd one, reverse every run of pieces at that level or higher
  const max = Math.max(...pieces.map((p) => p.level));
  const lowestOdd = Math.min(...pieces.map((p) => p.level % 2 ? p.level : p.level + 1));
  for (let level = max; level >= lowestOdd; level--) {
    for (let i = 0; i < pieces.length;) {
      if (pieces[i].level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < pieces.length && pieces[j].level >= level) j++;
      pieces.splice(i, j - i, ...pieces.slice(i, j).reverse());
      i = j;
    }
  }
  return pieces;
}

/** The runs of one string in the order they are drawn left to right; undefined when it has no right-to-left text. */
export function visualRuns(text: string): string[] | undefined {
  return visualPieces([{ text }])?.map((p) => p.text);
}
