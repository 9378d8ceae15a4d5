// Whether the address is a unit in a shared building (apartment, condo, suite, lot): a rooftop system there
// needs whoever owns the roof, so the report asks instead of assuming the homeowner can install one.
import type { SavingsRequest } from "./input.ts";

// A designator as a word, then a unit number (with a digit) or a single letter: "Apt 4B", "Unit B", "Ste. 200",
// "# 12"; never a street name such as "Lot Street" or "Phillips Rd".
const UNIT =
  /(?:^|[\s,])(?:apt|apartment|unit|ste|suite|fl|floor|rm|room|bldg|building|lot|spc|space|trlr|trailer|penthouse|ph)\b\.?\s*#?\s*(?:[\w-]*\d[\w-]*|[a-z]\b)|(?:^|[\s,])#\s*\w+/i;

/** True when the address names a unit (line2, or a unit designator in the one-line address). */
export function isUnitAddress(address: SavingsRequest["address"]): boolean {
  if (typeof address !== "string") return Boolean(address.line2?.trim()) || UNIT.test(address.line1 ?? "");
  // Only the street part: the first comma-separated piece or two (never the city, state, ZIP).
  const street = address.split(",").slice(0, -2).join(",") || address.split(",")[0];
  return UNIT.test(street);
}

// The same designators closing a one-line street ("4746 Maple Ave Apt 25B", "12 Oak Rd #3", "9 Elm St, Unit B").
const TRAILING_UNIT =
  /^(.*?\d.*?\S)[\s,]+((?:(?:apt|apartment|unit|ste|suite|fl|floor|rm|room|bldg|building|lot|spc|space|trlr|trailer|penthouse|ph)\b\.?\s*#?\s*(?:[\w-]*\d[\w-]*|[a-z])|#\s*[\w-]+))\s*$/i;

/**
 * A street typed with its unit ("4746 Maple Ave Apt 25B") split into the street and the unit, for the unit field
 * of the home step (QA pass 7: the unit stayed in the street, the unit field empty). Null without a trailing unit.
 */
export function splitUnit(line1: string): { line1: string; line2: string } | null {
  const m = line1.trim().match(TRAILING_UNIT);
  return m ? { line1: m[1].trim(), line2: m[2].trim() } : null;
}

/** own: the homeowner said so; not_owned: no rooftop system; ask: a unit address with no answer yet. */
export function roofAccess(
  address: SavingsRequest["address"],
  answer?: "own" | "not_owned",
): "own" | "not_owned" | "ask" {
  if (answer) return answer;
  return isUnitAddress(address) ? "ask" : "own";
}

/**
 * A unit whose owner says they own the roof, with a system proposed: its size assumes the whole roof found for the
 * address is theirs (flag `unit_whole_roof`). No source gives a unit's share of its building's roof (the roof data
 * is the building's, or the model's single-family roof), so the size is not cut by a guessed share: the report says
 * what it assumes and the partner checks it.
 */
export function unitOnWholeRoof(
  address: SavingsRequest["address"],
  answer: "own" | "not_owned" | undefined,
  systemKw: number,
): boolean {
  return systemKw > 0 && answer === "own" && isUnitAddress(address);
}
