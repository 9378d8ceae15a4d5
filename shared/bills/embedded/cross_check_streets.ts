// A street against its other printings (issue #11, round 27): OCR loses the space before a street's suffix
// ("77 BIRCH HILLRD" on a scan's stub, "77 BIRCH HILL RD" above it) and never adds one. A street whose other
// printing has the same characters with more spaces is spaced as that printing (its own letters and case kept).
// Streets that differ by a letter are left as read: which printing OCR misread is not known (a majority of
// printings was tried: OCR misreads the same letter twice as often as not, docs/bills.md "Round 27").
import { cells } from "./values.ts";

const bare = (s: string) => s.replace(/\s+/g, "").toUpperCase();

/** The street spaced as its most spaced other printing, or as read. */
export function spacedStreet(street: string, lines: string[]): string {
  const own = bare(street);
  if (!/^\d/.test(own) || own.length < 6) return street;
  let best = street.trim().replace(/\s+/g, " ");
  for (const l of lines) {
    for (const c of cells(l)) {
      const t = c.trim().replace(/\s+/g, " ");
      if (t.split(" ").length > best.split(" ").length && bare(t) === own) best = t;
    }
  }
  if (best === street.trim().replace(/\s+/g, " ")) return street;
  // the printing's spaces over the street's own characters
  const chars = [...street.replace(/\s+/g, "")];
  let i = 0;
  return [...best].map((c) => (c === " " ? " " : chars[i++])).join("");
}
