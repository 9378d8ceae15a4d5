// A meter's kWh against its readings: present − previous (× the meter's multiplier) is the kWh it measured. OCR
// misreads a kWh cell with confidence ("1,004" for 1,094) where the row's two readings, read right, still give
// the difference. A kWh that is no difference of the readings printed on its meter's row, where exactly one of its
// look-alike readings (cross_check_digits.ts) is, and that no charge line bills (ocr_kwh.ts), is read as that one.
import type { Meter } from "../schema.ts";
import { lookAlikes } from "./cross_check_digits.ts";
import { billedQuantities } from "./ocr_kwh.ts";

const DATE = /\d{1,2}[/-]\d{1,2}[/-]\d{2,4}/g;

/** The differences (× a printed multiplier) of the readings on a meter's row: pairs of 3..7-digit numbers. */
export function readingDifferences(row: string): number[] {
  const text = row.replace(DATE, " ");
  const mult = Number(
    text.match(/\b(?:multiplier|mult\.?|constant|meter factor)\b\D{0,5}(\d{1,4})\b/i)?.[1] ?? 1,
  );
  const nums = (text.match(/(?<![\d.,])(?:\d{1,3}(?:,\d{3})+|\d{3,7})(?![\d.,]\d)/g) ?? [])
    .map((n) => Number(n.replace(/,/g, "")));
  const out = new Set<number>();
  for (const x of nums) {
    for (const y of nums) {
      if (x > y && y >= 100) {
        out.add(x - y);
        if (mult > 1) out.add((x - y) * mult);
      }
    }
  }
  return [...out];
}

/**
 * Each meter's kWh checked against the readings on its row (the line printing its number): replaced by its one
 * look-alike that is a difference of the readings, when the kWh as read is none and no charge line bills it.
 */
export function metersAgainstReadings(meters: Meter[], lines: string[], text: string): Meter[] {
  const billed = new Set(billedQuantities(text));
  return meters.map((m) => {
    const kwh = Number(m.usageKwh);
    if (!m.meterNumber || !(kwh > 0) || billed.has(kwh)) return m;
    const rows = lines.filter((l) => l.includes(m.meterNumber));
    if (rows.length !== 1) return m;
    const diffs = new Set(readingDifferences(rows[0].replace(m.meterNumber, " ")));
    if (!diffs.size || diffs.has(kwh)) return m;
    const fits = lookAlikes(String(kwh)).map(Number).filter((v) => diffs.has(v));
    return fits.length === 1 ? { ...m, usageKwh: String(fits[0]) } : m;
  });
}
