import type { ContractSummary } from "./schema.ts";

function flatten(v: unknown, prefix = "", out: Record<string, unknown> = {}): Record<string, unknown> {
  if (v && typeof v === "object" && !Array.isArray(v)) {
    for (const [k, x] of Object.entries(v)) flatten(x, prefix ? `${prefix}.${k}` : k, out);
  } else out[prefix] = Array.isArray(v) ? [...v].map(String).sort().join(",") : v;
  return out;
}

function same(a: unknown, b: unknown): boolean {
  if (typeof a === "number" && typeof b === "number") return Math.abs(a - b) < 0.011;
  if (typeof a === "string" && typeof b === "string") {
    return a.trim().toLowerCase() === b.trim().toLowerCase();
  }
  return a === b || (a == null && b == null);
}

/** Field-by-field agreement of an analysed summary with the expected one (for tests and the accuracy bench). */
export function compareSummary(
  expected: ContractSummary,
  actual: ContractSummary,
): { fields: number; correct: number; mismatches: string[] } {
  const e = flatten(expected), a = flatten(actual);
  const mismatches: string[] = [];
  for (const k of Object.keys(e)) {
    // A missing battery flattens to null on one side and to fields on the other.
    const av = k in a ? a[k] : k.startsWith("equipment.battery") ? a["equipment.battery"] : undefined;
    if (!same(e[k], av)) mismatches.push(`${k}: expected ${JSON.stringify(e[k])}, got ${JSON.stringify(av)}`);
  }
  return { fields: Object.keys(e).length, correct: Object.keys(e).length - mismatches.length, mismatches };
}
