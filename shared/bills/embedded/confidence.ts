// Candidates and confidence: every field value the reader proposes carries a confidence in 0..1; values
// proposed by several independent readings (a label pair on the page, a line rule) reinforce each other;
// a field whose best value stays below MIN_CONFIDENCE is left empty, because a wrong value costs more
// than an empty one (the homeowner fills an empty field in; a wrong one goes unnoticed into the report).

export interface Candidate {
  value: string;
  conf: number;
  source: string;
}

/** Below this the reader leaves a field empty rather than guess. */
export const MIN_CONFIDENCE = 0.5;

/**
 * Per-field thresholds that differ from MIN_CONFIDENCE. Empty: thresholds per field chosen by
 * scripts/bills/calibrate.ts (leave-one-layout-out over the non-sealed synthetic layouts, a wrong value costing
 * three empty ones) left the held-out wrong count where 0.5 has it (docs/bills.md "Calibrated thresholds").
 */
export const FIELD_MIN_CONFIDENCE: Readonly<Record<string, number>> = {};

/** The threshold below which `field` is left empty: `override` (a number for every field, or per field), else the table. */
export function minConfidenceFor(
  field: string,
  override?: number | Readonly<Record<string, number>>,
): number {
  if (typeof override === "number") return override;
  return override?.[field] ?? FIELD_MIN_CONFIDENCE[field] ?? MIN_CONFIDENCE;
}

/** Per-source base confidence: how often that kind of evidence names the right value. */
export const BASE = {
  "same-cell": 0.8, // "Due Date: 03/26/2024"
  right: 0.8, // "Due Date     03/26/2024"
  below: 0.7, // header cell over value cell
  line: 0.7, // a line rule of the reader (labelled text on the reading-order line)
  block: 0.75, // a postal address block
  inferred: 0.4, // no label: a value inferred from context only
} as const;

/**
 * The best value among candidates. Equal values combine (noisy-or: two independent 0.7 readings give
 * 0.91); a close runner-up with another value lowers the winner's confidence (the reader is torn).
 */
export function choose(cands: Candidate[]): Candidate | undefined {
  const byValue = new Map<string, Candidate>();
  for (const c of cands) {
    if (!c.value) continue;
    const prev = byValue.get(c.value);
    byValue.set(
      c.value,
      prev
        ? { value: c.value, conf: 1 - (1 - prev.conf) * (1 - c.conf), source: `${prev.source}+${c.source}` }
        : { ...c },
    );
  }
  const ranked = [...byValue.values()].sort((a, b) => b.conf - a.conf);
  const [best, second] = ranked;
  if (!best) return undefined;
  if (second && best.conf - second.conf < 0.15) return { ...best, conf: best.conf * 0.75 };
  return best;
}

export const clamp = (x: number) => Math.max(0, Math.min(1, Math.round(x * 100) / 100));
