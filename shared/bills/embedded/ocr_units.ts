// An apartment or suite number read by OCR whose last character is an 8 after another digit ("Apt 148",
// "APT 28"): OCR reads a unit's final B as 8 ("Apt 14B" -> "Apt 148", seen on every phone photo and scan of
// the synthetic corpus whose unit ends in B), and nothing on the page tells the two apart. A wrong unit costs
// more than an empty one: on a bill read by OCR such a unit is left empty (the street and city are kept).
import type { Address } from "../schema.ts";

const AMBIGUOUS_UNIT = /^(?:apt|apartment|unit|suite|ste|#|bldg|lot|fl|floor|rm|room)?\.?\s*#?\s*\d+8$/i;

/** Is this address line a unit whose trailing 8 may be OCR's reading of a B? */
export const ambiguousOcrUnit = (line2: string): boolean => AMBIGUOUS_UNIT.test(line2.trim());

/** The address with such a unit left empty (the same object when nothing changes). */
export function withoutAmbiguousUnit(a: Address): Address {
  return a.line2 && ambiguousOcrUnit(a.line2) ? { ...a, line2: "" } : a;
}
