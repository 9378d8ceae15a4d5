import { isoDate } from "./values.ts";

export interface Signed {
  signed: boolean;
  name: string;
  date: string;
}

const ROLE_WORDS = {
  customer: ["customer", "buyer", "homeowner", "borrower", "owner"],
  installer: ["contractor", "seller", "installer", "provider", "company"],
};

export type SignatureRole = keyof typeof ROLE_WORDS;

/**
 * The line starts with the party's role word, also as OCR leaves it: one letter wrong in a long word
 * ("Barrower"), or after a short token of dust ("tL Borrower: Signed electronically ...").
 */
const SHORT_WORD = /^(?:by|to|of|in|if|the|and|or|as|at|on|for|an?|is|no)$/i;
const ROLE = Object.fromEntries((Object.keys(ROLE_WORDS) as SignatureRole[]).map((role) => [role, {
  test(line: string): boolean {
    const first = line.match(/^([A-Za-z]+)/)?.[1];
    const dust = line.match(/^(\S{1,3})\s+([A-Za-z]+)/);
    const afterDust = dust && !SHORT_WORD.test(dust[1]) ? dust[2] : undefined;
    const candidates = [first, afterDust].filter(Boolean).map((w) => w!.toLowerCase());
    return candidates.some((w) =>
      ROLE_WORDS[role].some((r) => w === r || (r.length >= 7 && similarity(w, r) >= 0.85))
    );
  },
}])) as Record<SignatureRole, { test(line: string): boolean }>;

/**
 * A signature line counts as signed when it carries a conformed signature ("/s/ Name"), a signing mark
 * ("Buyer: X Name") or an e-signature record ("Signed electronically by Name on date"); a blank line
 * (underscores) does not.
 */
export function signature(lines: string[], role: SignatureRole): Signed {
  for (const l of lines) {
    if (!ROLE[role].test(l.trim())) continue;
    const slash = l.match(/(?:\/s\/|:\s*X)\s+(.+?)(?:\s{2,}|\s+Date\b|$)/i);
    const elec = l.match(/signed\W*electronically\W*by\W*(.+?)\s*\bon\W*(\d.+)$/i);
    if (elec) return { signed: true, name: personName(elec[1]), date: isoDate(elec[2]) };
    if (slash) return { signed: true, name: personName(slash[1]), date: isoDate(l.split(/date/i)[1] ?? "") };
    // A blank signature line; any other line naming the party (e.g. "Buyer(s): name, phone") is not one.
    if (/_{4,}/.test(l)) return { signed: false, name: "", date: "" };
  }
  return { signed: false, name: "", date: "" };
}

/** The "Printed name:" under a party's signature line (also under a blank one), or "". */
export function printedName(lines: string[], role: SignatureRole): string {
  const at = lines.findIndex((l) => ROLE[role].test(l.trim()) && /signature|\/s\/|_{4,}/i.test(l));
  if (at < 0) return "";
  for (const l of lines.slice(at + 1, at + 3)) {
    const m = l.match(/^Printed name\s*:?\s*(.+)$/i);
    if (m) return personName(m[1]);
  }
  return "";
}

// Abbreviations a name may end with; any other trailing full stop is the end of a sentence or OCR dust.
const ABBREVIATION = /\b(?:Inc|Co|Corp|Ltd|Jr|Sr|L\.?L\.?C|L\.?P|Bros|Mfg|Intl)\.$/i;

function personName(s: string): string {
  // dashes, tildes and underscores after a name are OCR dust or the rest of a signing line
  const t = s.trim().replace(/\s+/g, " ").replace(/[\s_~\-–—]+$/, "");
  return /\.$/.test(t) && !ABBREVIATION.test(t) ? t.slice(0, -1) : t;
}

/**
 * The best reading of one name that the document prints several times (the party clause, the signature,
 * the printed name under it), each possibly with OCR errors ("Robert oBrien", "Desert Sun Energy Le"):
 * among the readings that spell about the same letters as the first, the one whose letters occur most
 * often in the text (spaces and punctuation, which OCR drops or adds, ignored), then the one printed most
 * often exactly, then the earlier one. A reading unlike the first is never chosen.
 */
export function bestReading(readings: string[], text: string): string {
  const [head] = readings.filter(Boolean);
  if (!head) return "";
  const one = text.replace(/\s+/g, " ");
  const folded = letters(text);
  const score = (r: string) => [occurrences(folded, letters(r)), occurrences(one, r, true)];
  let best = head, top = score(head);
  for (const r of readings) {
    if (!r || r === best || similarity(letters(r), letters(head)) < 0.75) continue;
    const s = score(r);
    if (s[0] > top[0] || (s[0] === top[0] && s[1] > top[1])) [best, top] = [r, s];
  }
  return best;
}

const letters = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

/** How often `s` occurs in `text`; `whole`: only where the name ends ("Inc" is not counted in "Inc."). */
function occurrences(text: string, s: string, whole = false): number {
  if (!s) return 0;
  let n = 0;
  for (let i = text.indexOf(s); i >= 0; i = text.indexOf(s, i + s.length)) {
    if (!whole || !/[A-Za-z0-9.'-]/.test(text[i + s.length] ?? "")) n++;
  }
  return n;
}

/** 1 - edit distance / length of the longer string. */
export function similarity(a: string, b: string): number {
  if (!a.length && !b.length) return 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return 1 - prev[b.length] / Math.max(a.length, b.length);
}
