// A street against its other printings (issue #11, round 27): a scan prints the street of the mailing block and
// of the service address, and OCR reads one letter of one printing as a look-alike ("844 TAKEVIEWCT" on the stub,
// "844 LAKEVIEW CT" above). The street is read as its spelling printed more often; where the bill prints the two
// spellings as often, which one is misread is not known, and the street is left empty.
import { cells } from "./values.ts";

const key = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, "");

/** The one letter at which two keys of one length differ, else false. */
function oneLetterApart(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  let diff = 0;
  for (let i = 0; i < a.length && diff < 2; i++) if (a[i] !== b[i]) diff += /[A-Z]/.test(a[i] + b[i]) ? 1 : 2;
  return diff === 1;
}

/** The street as read, its spelling printed more often, or "" when two spellings are printed as often. */
export function checkedStreet(street: string, lines: string[]): string {
  const own = key(street);
  const number = street.match(/^\d+/)?.[0];
  if (!number || own.length < 6) return street;
  const counts = new Map<string, { n: number; text: string }>();
  for (const l of lines) {
    for (const c of cells(l)) {
      const k = key(c);
      if (!k.startsWith(number) || (k !== own && !oneLetterApart(own, k))) continue;
      const seen = counts.get(k) ?? { n: 0, text: c.trim() };
      seen.n++;
      counts.set(k, seen);
    }
  }
  const others = [...counts.entries()].filter(([k]) => k !== own);
  if (!others.length) return street;
  const mine = counts.get(own)?.n ?? 0;
  const best = others.sort((a, b) => b[1].n - a[1].n)[0][1];
  if (others.length === 1 && best.n > mine) return best.text;
  return best.n >= mine ? "" : street;
}
