// When two spellings name one utility: the bench's comparison with the truth (issue #11, round 17) and the
// confirm step's comparison of the bill's utility with the one the homeowner chose. Two names are the same utility
// when
// - they are equal once case, "&"/"and", punctuation, a leading "The" and a trailing legal form (Company, Co.,
//   Inc., Incorporated, Corporation, Corp., LLC) are set aside: "Otter Tail Power Company" = "Otter Tail Power";
//   a municipal utility's leading "City of" / "Town of" / "Village of" is set aside too ("City of Fort Collins
//   Utilities" = "Fort Collins Utilities"), and "Coop" / "Co-op" is "Cooperative" (round 25), an "Electric
//   Membership Corporation" an "EMC" ("Randolph Electric Membership Corporation" = "Randolph EMC", round 35);
// - or both are names of one utility of the reference table of US utilities (embedded/utilities.ts: a brand and
//   its long name, "BGE" = "Baltimore Gas and Electric"), each name matching that one entry.
// Anything else stays a different name: a wrong utility never matches (another entry, or none), and a name cut
// short ("Chugach Electric" for "Chugach Electric Association") is not the same name.
import { findUtility } from "./embedded/utilities.ts";

const LEGAL_FORM = /(?:\s+(?:company|co|inc|incorporated|corporation|corp|llc|l\.l\.c))+$/;

/** A utility's name without case, punctuation, "&" for "and", a leading "The" or a trailing legal form. */
export function utilityKey(name: string): string {
  return name.toLowerCase().replace(/&/g, " and ").replace(/\bco-?op\b/g, "cooperative")
    .replace(/\belectric membership (?:corporation|corp\b\.?)/g, "emc").replace(/[.,]/g, " ")
    .replace(/\s+/g, " ").trim().replace(/^the\s+/, "").replace(/^(?:city|town|village) of\s+/, "")
    .replace(LEGAL_FORM, "").trim();
}

/** Do the two names name the same utility (see above)? Empty names never do. */
export function sameUtility(a: string, b: string): boolean {
  if (!a || !b) return false;
  if (utilityKey(a) === utilityKey(b)) return true;
  const [x, y] = [findUtility(a), findUtility(b)];
  return Boolean(x && y && x.states.length && y.states.length && x.name === y.name);
}

/** What follows a city's name in its own utility's brand ("Seattle City Light", "Tacoma Public Utilities"). */
const MUNICIPAL_BRAND_WORDS = new Set(
  ("city light lights power water and utilities utility public electric energy municipal department board " +
    "commission service services system").split(" "),
);

/**
 * Is the bill's utility the provider the homeowner chose from the provider list? As sameUtility, and also where
 * the chosen provider has EIA-861's name of a municipal utility, "City of Seattle" (EIA names a city's own utility
 * after the city), and the bill its brand, the city's name followed by utility words only: "Seattle City Light",
 * "Tacoma Power" (QA pass 14: a Seattle City Light bill was marked "not the provider you chose" for a home whose
 * provider was chosen as "City of Seattle"). The bench keeps sameUtility: a reading "City of Fort Collins" names the
 * city, not its utility.
 */
export function sameChosenUtility(chosen: string, bill: string): boolean {
  if (sameUtility(chosen, bill)) return true;
  if (!/^\s*(?:the\s+)?(?:city|town|village) of\s/i.test(chosen)) return false;
  const city = utilityKey(chosen);
  const brand = utilityKey(bill);
  if (!city || !brand.startsWith(`${city} `)) return false;
  const rest = brand.slice(city.length).trim().split(" ");
  return rest.length > 0 && rest.every((w) => MUNICIPAL_BRAND_WORDS.has(w));
}
