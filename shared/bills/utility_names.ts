// When two spellings name one utility: the bench's comparison with the truth (issue #11, round 17) and the
// confirm step's comparison of the bill's utility with the one the homeowner chose. Two names are the same utility
// when
// - they are equal once case, "&"/"and", punctuation, a leading "The" and a trailing legal form (Company, Co.,
//   Inc., Incorporated, Corporation, Corp., LLC) are set aside: "Otter Tail Power Company" = "Otter Tail Power";
//   a municipal utility's leading "City of" / "Town of" / "Village of" is set aside too ("City of Fort Collins
//   Utilities" = "Fort Collins Utilities"), and "Coop" / "Co-op" is "Cooperative" (round 25);
// - or both are names of one utility of the reference table of US utilities (embedded/utilities.ts: a brand and
//   its long name, "BGE" = "Baltimore Gas and Electric"), each name matching that one entry.
// Anything else stays a different name: a wrong utility never matches (another entry, or none), and a name cut
// short ("Chugach Electric" for "Chugach Electric Association") is not the same name.
import { findUtility } from "./embedded/utilities.ts";

const LEGAL_FORM = /(?:\s+(?:company|co|inc|incorporated|corporation|corp|llc|l\.l\.c))+$/;

/** A utility's name without case, punctuation, "&" for "and", a leading "The" or a trailing legal form. */
export function utilityKey(name: string): string {
  return name.toLowerCase().replace(/&/g, " and ").replace(/\bco-?op\b/g, "cooperative").replace(/[.,]/g, " ")
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
