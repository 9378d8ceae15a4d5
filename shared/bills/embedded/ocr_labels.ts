// Label words OCR misreads by one glyph on scans and photos (issue #11): "Date bil prepared", "Please retum
// this portion", "Cument Charges", "Sewvice address", "Customer Chaige". A word is corrected only where the
// correction is certain: exactly one label word is within one edit (or one of OCR's glyph confusions: rn→m,
// rr→m, d→cl, h→li, w→vv) of it, and the corrected word forms a known label phrase with its neighbour while
// the word as read forms none. A name ("CHARLES SMITH") or a street never stands beside a label word it
// would make a phrase with, so values are not touched. A word made of two or three label words only
// ("DatePrepared", "Pleasepay", "TotalAmountDue": OCR lost the spaces) is split into them.
import { editDistance } from "../../geo/names.ts";

/** Two-word label phrases of US bills (lower case). */
const PHRASES = new Set([
  "account number",
  "amount due",
  "balance forward",
  "bill date",
  "bill prepared",
  "billing date",
  "billing period",
  "current charges",
  "current reading",
  "customer charge",
  "date bill",
  "date due",
  "delivery charges",
  "due date",
  "energy charge",
  "meter number",
  "meter reading",
  "next reading",
  "past due",
  "payment due",
  "payment received",
  "please return",
  "previous balance",
  "previous reading",
  "return this",
  "service address",
  "service location",
  "service period",
  "statement date",
  "supply charges",
  "total amount",
]);
const VOCAB = [...new Set([...PHRASES].flatMap((p) => p.split(" ")))];
/** Label words a glued label splits into: the phrases' words and the small words of labels. */
const PARTS = new Set([...VOCAB, "please", "pay", "by", "prepared", "issued", "now", "read"]);

/** "DatePrepared", "Pleasepay", "TotalAmountDue": a word of two or three label words OCR glued, split. */
function splitGlued(word: string): string {
  if (word.length < 5) return word;
  const w = word.toLowerCase();
  const splits: number[][] = [];
  const walk = (at: number, cuts: number[]) => {
    if (at === w.length) return void (cuts.length >= 2 && cuts.length <= 3 && splits.push(cuts));
    for (let end = at + 2; end <= w.length; end++) if (PARTS.has(w.slice(at, end))) walk(end, [...cuts, end]);
  };
  walk(0, []);
  if (splits.length !== 1) return word;
  return splits[0].map((end, i) => word.slice(i ? splits[0][i - 1] : 0, end)).join(" ");
}
const GLYPHS: [RegExp, string][] = [[/m/g, "rn"], [/m/g, "rr"], [/cl/g, "d"], [/li/g, "h"], [/vv/g, "w"]];

/** The one label word a misread word stands for, or undefined. */
function labelWord(word: string): string | undefined {
  const w = word.toLowerCase();
  if (w.length < 3 || VOCAB.includes(w)) return undefined;
  const hits = new Set<string>();
  for (const [re, to] of GLYPHS) {
    for (const m of w.matchAll(re)) {
      const v = w.slice(0, m.index) + to + w.slice(m.index! + m[0].length);
      if (VOCAB.includes(v)) hits.add(v);
    }
  }
  for (const v of VOCAB) {
    // a plural is a word of its own ("Payments", "READINGS"); a short word only lost a letter ("bil"): a
    // letter changed in it may be another word ("Rate" is not "Date")
    if (v.length < 4 || v === `${w}s` || w === `${v}s` || (w.length <= 4 && v.length !== w.length + 1)) {
      continue;
    }
    if (editDistance(w, v, 1) <= 1) hits.add(v);
  }
  return hits.size === 1 ? [...hits][0] : undefined;
}

const inCase = (as: string, w: string) =>
  as === as.toUpperCase() ? w.toUpperCase() : /^[A-Z]/.test(as) ? w[0].toUpperCase() + w.slice(1) : w;

/** A scanned line with its misread label words corrected (see above). */
export function fixLabelWords(line: string): string {
  const parts = line.split(/(\s+)/).map((p, i) => (i % 2 === 0 && /^[A-Za-z]+$/.test(p) ? splitGlued(p) : p))
    .join("").split(/(\s+)/);
  // a word with the mark that may follow it ("address:")
  const words = parts.map((p, i) => (i % 2 === 0 ? p.match(/^([A-Za-z]+)[:.,]?$/)?.[1] ?? "" : ""));
  const phrase = (a: string, b: string) => !!a && !!b && PHRASES.has(`${a.toLowerCase()} ${b.toLowerCase()}`);
  for (let i = 0; i < parts.length; i += 2) {
    const w = words[i];
    if (!w) continue;
    const fix = labelWord(w);
    if (!fix) continue;
    const prev = words[i - 2] ?? "", next = words[i + 2] ?? "";
    if (phrase(prev, w) || phrase(w, next)) continue;
    if (phrase(prev, fix) || phrase(fix, next)) {
      parts[i] = inCase(w, fix) + parts[i].slice(w.length);
      words[i] = fix;
    }
  }
  return parts.join("");
}
