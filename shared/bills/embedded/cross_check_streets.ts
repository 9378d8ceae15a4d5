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

/** Words a street's own letter follows ("AVENUE D", "BLDG C", "BLOCK A"). */
const OWN_LETTER =
  /^(?:avenue|ave|av|street|st|road|rd|lane|ln|court|ct|block|blk|bldg|building|unit|apt|suite|ste|lot|pier|box|route|rte|hwy|highway|section|sec|row)$/i;

/** Cells that print `street` (alone, or before the city on its line), spaces as read. */
const printingsOf = (street: string, lines: string[]) =>
  lines.flatMap((l) => cells(l)).map((c) => c.trim().replace(/\s+/g, " ")).filter((c) =>
    c.toUpperCase() === street.toUpperCase() || c.toUpperCase().startsWith(`${street.toUpperCase()} `)
  ).length;

/**
 * A street with a letter OCR split off a word ("2082 RIVER BEN D RD" on a scan's stub) read as the page's other
 * printings join it ("2082 RIVER BEND RD" in the customer block and on the service line): only a lone letter that
 * is no compass point (N, S, E, W: "12 OAK N ST"), after a word, where two or more printings read it joined and
 * none but the street's own reads it split, and not the street's last word or after a street's own word
 * ("40 AVENUE D", "BLDG C": a letter of its own; scans19).
 */
export function joinedStreet(street: string, lines: string[]): string {
  const words = street.trim().split(/\s+/);
  if (!/^\d/.test(words[0] ?? "")) return street;
  const at = words.findIndex((w, i) =>
    i >= 2 && i < words.length - 1 && /^[A-DF-MO-RT-VX-Z]$/i.test(w) && /^[A-Z]{2,}$/i.test(words[i - 1]) &&
    !OWN_LETTER.test(words[i - 1])
  );
  if (at < 0) return street;
  const joined = [...words.slice(0, at - 1), words[at - 1] + words[at], ...words.slice(at + 1)].join(" ");
  return printingsOf(joined, lines) >= 2 && printingsOf(words.join(" "), lines) <= 1 ? joined : street;
}
