// A rate plan's words one glyph off on a scan or photo (issue #11, photos17): "Residential Electnc Service",
// "Residential Electric Secvice", "Residential Eleciric Service". The name was kept as read, a wrong value. A word
// of the name is read as the word of rate names it stands for when exactly one such word lies within one edit of
// it, or one of OCR's glyph confusions away (ri read as n, n as ri, rn as m, m as rn, d as cl, h as li, w as vv);
// words of five letters or more only (a short word one edit off may be another word). Only for names read by OCR
// (scan_checks.ts cleanRateName).
import { editDistance } from "../../geo/names.ts";

/** Words of US residential rate plans' names (lower case). */
const RATE_WORDS = [
  "residential",
  "electric",
  "service",
  "general",
  "schedule",
  "standard",
  "domestic",
  "single",
  "family",
  "dwelling",
  "seasonal",
  "heating",
  "multiple",
  "optional",
  "secondary",
  "customer",
  "basic",
  "rural",
];
// (and n read as ri, "Resideritial": the mirror of ri read as n, reader34)
const GLYPHS: [RegExp, string][] = [[/n/g, "ri"], [/ri/g, "n"], [/m/g, "rn"], [/rn/g, "m"], [/cl/g, "d"], [
  /li/g,
  "h",
], [/vv/g, "w"]];

/** The one rate word a misread word stands for, or undefined. */
function rateWord(word: string): string | undefined {
  const w = word.toLowerCase();
  if (w.length < 5 || RATE_WORDS.includes(w)) return undefined;
  const hits = new Set<string>();
  // a plural is a word of its own ("Residential Services")
  for (const v of RATE_WORDS) if (w !== `${v}s` && editDistance(w, v, 1) <= 1) hits.add(v);
  for (const [re, to] of GLYPHS) {
    for (const m of w.matchAll(re)) {
      const v = w.slice(0, m.index) + to + w.slice(m.index! + m[0].length);
      if (RATE_WORDS.includes(v)) hits.add(v);
    }
  }
  return hits.size === 1 ? [...hits][0] : undefined;
}

/** The rate name with each word one glyph off a rate word read as that word, in the word's case. */
export function fixRateWords(name: string): string {
  return name.replace(/[A-Za-z]+/g, (w) => {
    const v = rateWord(w);
    if (!v) return w;
    return w === w.toUpperCase() ? v.toUpperCase() : /^[A-Z]/.test(w) ? v[0].toUpperCase() + v.slice(1) : v;
  });
}
