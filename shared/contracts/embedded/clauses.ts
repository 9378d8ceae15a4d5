import type { ClauseKey } from "../schema.ts";
import { num } from "./values.ts";

const CLAUSES: Record<ClauseKey, RegExp> = {
  cancellation: /right to cancel|notice of cancellation|may cancel this (transaction|agreement)/i,
  warranty: /\bwarrant(y|ies|s)\b/i,
  production_guarantee:
    /production guarantee|performance guarantee|guarantees? that the system will produce/i,
  interconnection: /\binterconnection\b/i,
  insurance: /\binsurance\b/i,
  arbitration: /\barbitration\b/i,
};

export function clauses(flat: string): ClauseKey[] {
  return (Object.keys(CLAUSES) as ClauseKey[]).filter((k) => CLAUSES[k].test(flat)).sort();
}

/**
 * Days to cancel: "within three (3) business days", "within 5 days"; on a scan the figure in brackets is
 * often garbled ("within three I) business days", "five ©)"), so a number word wins over it.
 */
export function cancellationDays(flat: string): number | null {
  const one = flat.replace(/\s+/g, " ");
  const m = one.match(
    /cancel.{0,140}?within\W*([a-z]+|\d+)\b(?:\W*\(?(\d+)\)?)?.{0,6}?(?:business|calendar|days)/i,
  );
  if (!m) return null;
  return num(m[1]) ?? num(m[2]);
}
