/** Facts a billing email states in its text: account number, amount due, due date, service address. */
export interface MailHints {
  accountNumber: string | null;
  amountDue: string | null;
  dueDate: string | null;
  serviceAddress: { line1: string; city: string; state: string; zip: string } | null;
}

const ACCOUNT =
  /\baccount\s*(?:number|no\.?|#|num\.?)?\s*(?:ending\s+in\s+)?[:#]?\s*([0-9][0-9 -]{3,22}[0-9])/i;
const AMOUNT = /\b(?:amount|balance|total)\s+(?:due|owed)\b[^$\d-]{0,20}(-?\$?\s?[\d,]+\.\d{2})/i;
const DUE =
  /\bdue\s+(?:date|by|on)?\s*[:\-]?\s*([A-Z][a-z]{2,8}\.? \d{1,2},? \d{4}|\d{1,2}\/\d{1,2}\/\d{2,4}|\d{4}-\d{2}-\d{2})/i;
const ADDRESS =
  /\bservice\s+address\s*[:\-]?\s*([0-9][^\n,]{3,80}),\s*([A-Za-z .'-]{2,40}),?\s+([A-Z]{2})\s+(\d{5})/i;

/** Digits only, so "1234-567 89" and "123456789" match. */
export function normalizeAccount(s: string): string {
  return s.replace(/\D/g, "");
}

/** How much of a message's text the hints are looked for in: a bill's facts are at its top. */
export const MAX_HINT_CHARS = 64 * 1024;

/**
 * The text the patterns run on: its first MAX_HINT_CHARS characters, every run of white space one character (a line
 * break if it holds one). The patterns put optional parts between `\s*`s, which backtrack over every way of sharing
 * a long run of spaces: "due" and 4,000 spaces in a stranger's email took 112 s of the email agent, "account" and
 * 4,000 spaces 23 s (security pass 10); over runs of one character they are linear.
 */
export function hintText(text: string): string {
  return text.slice(0, MAX_HINT_CHARS).replace(/\s+/g, (w) => (w.includes("\n") ? "\n" : " "));
}

export function mailHints(raw: string): MailHints {
  const text = hintText(raw);
  const acct = text.match(ACCOUNT);
  const amount = text.match(AMOUNT);
  const due = text.match(DUE);
  const addr = text.match(ADDRESS);
  return {
    accountNumber: acct && normalizeAccount(acct[1]).length >= 5 ? normalizeAccount(acct[1]) : null,
    amountDue: amount ? amount[1].replace(/[$,\s]/g, "") : null,
    dueDate: due ? due[1] : null,
    serviceAddress: addr
      ? { line1: addr[1].trim(), city: addr[2].trim(), state: addr[3], zip: addr[4] }
      : null,
  };
}
