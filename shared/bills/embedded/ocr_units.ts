// An apartment or suite number read by OCR whose last character is an 8 after another digit ("Apt 148",
// "APT 28"): OCR reads a unit's final B as 8 ("Apt 14B" -> "Apt 148", seen on every phone photo and scan of
// the synthetic corpus whose unit ends in B). A wrong unit costs more than an empty one: on a bill read by OCR
// such a unit is left empty (the street and city are kept) — unless the page prints the unit again and OCR read
// that printing's B as a B (scans19: "APT 15B" in the service block, "APT 158" in the mailing block).
import { type TextPiece, wordConfidence } from "../../documents/text_layout.ts";
import type { Address } from "../schema.ts";

const AMBIGUOUS_UNIT = /^(?:apt|apartment|unit|suite|ste|#|bldg|lot|fl|floor|rm|room)?\.?\s*#?\s*\d+8$/i;

/** Is this address line a unit whose trailing 8 may be OCR's reading of a B? */
export const ambiguousOcrUnit = (line2: string): boolean => AMBIGUOUS_UNIT.test(line2.trim());

/** Under this word confidence a B read elsewhere does not settle the unit (the words' threshold, word_confidence.ts). */
const MIN_B_CONFIDENCE = 50;

const keyOf = (s: string) => s.toUpperCase().replace(/[^0-9A-Z]/g, "");

/**
 * The unit with its trailing 8 read as a B where another printing of it on the page reads the B: the word
 * "<digits>B" (a mark after it allowed) read at MIN_B_CONFIDENCE or more, right after the line's own unit word on
 * its line ("APT", "Unit"). A B is not what OCR makes of a printed 8 among digits; an 8 is what it makes of a B.
 */
function unitWithB(line2: string, pages: TextPiece[][]): string | undefined {
  const m = line2.trim().match(/^(.*?)(\d+)8$/);
  const word = m && keyOf(m[1]);
  if (!m || !word) return undefined;
  const withB = `${m[2]}B`;
  for (const page of pages) {
    for (const p of page) {
      if (p.text.replace(/[.,;:]+$/, "") !== withB || wordConfidence(p) < MIN_B_CONFIDENCE) continue;
      const mid = p.y + p.height / 2;
      const before = page.filter((q) =>
        q !== p && q.x + q.width <= p.x + 1 && Math.abs(q.y + q.height / 2 - mid) <= p.height / 2
      ).sort((a, b) =>
        b.x + b.width - (a.x + a.width)
      )[0];
      if (before && keyOf(before.text) === word) return `${m[1]}${withB}`;
    }
  }
  return undefined;
}

/**
 * The address with such a unit read as its B where the page confirms it, else left empty (the same object when
 * nothing changes).
 */
export function withoutAmbiguousUnit(a: Address, pages: TextPiece[][] = []): Address {
  if (!a.line2 || !ambiguousOcrUnit(a.line2)) return a;
  return { ...a, line2: unitWithB(a.line2, pages) ?? "" };
}
