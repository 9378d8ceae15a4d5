// A meter's kWh against its readings: present − previous (× the meter's multiplier) is the kWh it measured. OCR
// misreads a kWh cell with confidence ("1,004" for 1,094) where the row's two readings, read right, still give
// the difference. A kWh that is no difference of the readings printed on its meter's row (or on the lines under it
// that name a reading: "Current Reading 47649" over "Previous Reading 46352"), where exactly one of its
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
 * The lines printing a meter's readings: its row (the line printing its number) and the one or two lines under it
 * that name a reading ("Previous Reading   46352"); for a bill's one meter whose number was not read (OCR's letter
 * in it, scan_checks.ts), the bill's lines naming a reading (up to four).
 */
function meterRows(m: Meter, lines: string[], count: number): string[] {
  const reading = (l: string) => /\bread/i.test(l);
  if (!m.meterNumber) {
    const rows = count === 1 ? lines.filter(reading) : [];
    return rows.length <= 4 ? rows : [];
  }
  const at = lines.flatMap((l, i) => (l.includes(m.meterNumber) ? [i] : []));
  if (at.length !== 1) return [];
  return [lines[at[0]].replace(m.meterNumber, " "), ...lines.slice(at[0] + 1, at[0] + 3).filter(reading)];
}

/**
 * Each meter's kWh checked against the readings on its row (the line printing its number, and the one or two
 * lines under it that name a reading): replaced by its one look-alike that is a difference of the readings, when
 * the kWh as read is none and no charge line bills it.
 */
export function metersAgainstReadings(meters: Meter[], lines: string[], text: string): Meter[] {
  const billed = new Set(billedQuantities(text));
  return meters.map((m) => {
    const kwh = Number(m.usageKwh);
    if (!(kwh > 0) || billed.has(kwh)) return m;
    const rows = meterRows(m, lines, meters.length);
    if (!rows.length) return m;
    const diffs = new Set(readingDifferences(rows.join("   ")));
    if (!diffs.size || diffs.has(kwh)) return m;
    const fits = lookAlikes(String(kwh)).map(Number).filter((v) => diffs.has(v));
    return fits.length === 1 ? { ...m, usageKwh: String(fits[0]) } : m;
  });
}
