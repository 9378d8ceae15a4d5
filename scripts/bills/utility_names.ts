// How the bench compares a utility's name with the truth's: shared/bills/utility_names.ts (the same comparison
// as the confirm step's), or, with the bench's --exact-names, as strings (to compare figures across rounds).
import { sameUtility as sameName } from "../../shared/bills/utility_names.ts";

export { utilityKey } from "../../shared/bills/utility_names.ts";

let exact = false;
/** The bench's --exact-names: names compared as strings, as before round 17. */
export function compareNamesExactly(on: boolean) {
  exact = on;
}

/** Do the two names name the same utility? Two empty names are the same (an empty truth read as empty). */
export function sameUtility(a: string, b: string): boolean {
  if (!a || !b || exact) return a === b;
  return sameName(a, b);
}
