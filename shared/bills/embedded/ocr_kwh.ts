// A scanned bill's meter kWh checked against its charge lines (issue #11): OCR misreads a kWh figure in a
// small table cell ("442" → "2", "a2") with confidence, while the charge lines print the billed quantity
// again and again ("Energy 442 kWh x $0.0791", "Distribution 442 kWh @ $0.0221"). A wrong value costs more than
// an empty one: the one meter's kWh that is none of the billed quantities, where a single quantity is billed on
// two or more lines, is left empty (not replaced: billed and metered kWh may differ, e.g. net metering).
import type { Meter } from "../schema.ts";

/** The kWh quantities of charge lines: "442 kWh x $0.0791", "1,093 KWHX $0.0209", "2,044 kWh @ $0.0476". */
export function billedQuantities(text: string): number[] {
  return [...text.matchAll(/(?<![\d.,$])(\d{1,3}(?:,\d{3})+|\d+)\s*kwh\s*(?:x|@|×|\*)/gi)]
    .map((m) => Number(m[1].replace(/,/g, "")));
}

/** Whether the bill's one meter's kWh contradicts the one quantity its charge lines bill (see above). */
export function meterKwhContradicted(meters: Meter[], text: string): boolean {
  if (meters.length !== 1 || !meters[0].usageKwh) return false;
  const counts = new Map<number, number>();
  for (const q of billedQuantities(text)) counts.set(q, (counts.get(q) ?? 0) + 1);
  const repeated = [...counts].filter(([, n]) => n >= 2).map(([q]) => q);
  const kwh = Number(meters[0].usageKwh);
  return repeated.length === 1 && repeated[0] !== kwh && !counts.has(kwh);
}
