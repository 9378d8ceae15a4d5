// The name a bill says its payment goes to: "Please return this portion with your payment to Liberty", "Make
// checks payable to Duquesne Light Company". An address block under that name is where the payment is mailed
// (the remittance block of the stub), never the customer's mailing address — also where no remittance word
// (lexicon.ts REMITTANCE) stands over it and the utility's name is not one the reader knows (photos12).

// "… payment(s) to X", "… check(s) to X", "… payable to X": X up to the line's end, a stop or a wide gap.
const PAYEE =
  /\b(?:payments?|checks?|payable)\s+to\s+([A-Za-z][A-Za-z&'.\- ]{1,60}?)\s*(?:[.,;:]|\s{2,}|$)/gi;

/** Upper-case letters, "&" and single spaces ("Duquesne Light Company." → "DUQUESNE LIGHT COMPANY"). */
const normal = (s: string) => s.toUpperCase().replace(/[^A-Z& ]+/g, " ").replace(/\s+/g, " ").trim();

/** The payees the bill's lines name (normalised). */
export function payees(lines: string[]): string[] {
  const out = new Set<string>();
  for (const line of lines) {
    for (const m of line.matchAll(PAYEE)) {
      const name = normal(m[1]);
      if (/[A-Z]{3}/.test(name)) out.add(name);
    }
  }
  return [...out];
}

/**
 * Is `name` (an address block's first line) one of `named`: the same words, or the first words of a payee's
 * name ("LIBERTY" of "LIBERTY UTILITIES"), or a payee's name with more words after it?
 */
export function namesPayee(name: string, named: string[]): boolean {
  const n = normal(name);
  if (!/[A-Z]{3}/.test(n)) return false;
  return named.some((p) => p === n || p.startsWith(n + " ") || n.startsWith(p + " "));
}
