// Whether a ZIP can be a state's, by its three-digit prefix (shared/geo/zip3_states.ts, generated from the
// gazetteer's source): a pure, offline check for readers that hold no database (the bill reader's addresses).
import { ZIP3_BY_STATE } from "./zip3_states.ts";

let byPrefix: Map<string, Set<string>> | undefined;

function prefixes(): Map<string, Set<string>> {
  if (byPrefix) return byPrefix;
  byPrefix = new Map();
  for (const [state, ranges] of Object.entries(ZIP3_BY_STATE)) {
    for (const range of ranges.split(" ")) {
      const [from, to = from] = range.split("-").map(Number);
      for (let n = from; n <= to; n++) {
        const key = String(n).padStart(3, "0");
        if (!byPrefix.has(key)) byPrefix.set(key, new Set());
        byPrefix.get(key)!.add(state);
      }
    }
  }
  return byPrefix;
}

/** True when ZIPs of that three-digit prefix are in that state (two-letter code, upper case). */
export function zipInState(zip: string, state: string): boolean {
  if (!/^\d{5}(?:-?\d{4})?$/.test(zip)) return false;
  return prefixes().get(zip.slice(0, 3))?.has(state) ?? false;
}
