// Confidence of the meters from cross-checks (issue #11: a wrong value costs more than an empty one). A meter
// number is one string of digits and letters with nothing on the bill to check it by, so what it is checked by is
// the bill itself:
// - a number read by OCR, printed once, that opens with a digit OCR reads in place of a letter (6 for G, 0 for O or
//   D, 5 for S, 8 for B, 1 for I) and was read with less than SURE_WORD confidence: a meter number's letter prefix
//   misread as a digit ("G188500119" → "6188500119") — left empty;
// - a "number" that is the meter's previous reading: printed on a row with the present reading equal to it plus the
//   meter's kWh ("40561   01/11/2024   41468   907") — the meter table's columns were read out of place; the number
//   is dropped, and a meter so left without a number joins the one other meter read with a number and no kWh
//   (the same meter, its number on the row under the reads).
// Generic: no utility's words, only the shapes many bills share.
import { groupByBaseline, type TextPiece } from "../../documents/text_layout.ts";
import type { Meter } from "../schema.ts";
import { ocrRows, printings } from "./word_confidence.ts";
import { BILLED, GENERATION, kwhOf } from "./net_metering.ts";

/** OCR confidence under which a word's first glyph may be a letter read as a digit (scan_meters.ts reads at 80). */
export const SURE_WORD = 80;
/** Digits OCR reads in place of a letter at the start of a meter number. */
const LETTER_LIKE_DIGIT = /^[60581]/;

/** A meter number read by OCR once, unsure, opening with a letter-like digit (see above). */
export function letterReadAsDigit(meterNumber: string, pages: TextPiece[][]): boolean {
  if (!/^\d+$/.test(meterNumber) || !LETTER_LIKE_DIGIT.test(meterNumber)) return false;
  if (!pages.some((ps) => ps.some((p) => p.confidence !== undefined))) return false;
  const seen = printings(meterNumber, ocrRows(pages));
  return seen.length === 1 && seen[0] < SURE_WORD;
}

const numberOf = (s: string) => {
  const m = s.trim().match(/^(\d{1,3}(?:,\d{3})+|\d+)$/);
  return m ? Number(m[1].replace(/,/g, "")) : undefined;
};

/** The meter's "number" is its previous reading: on one row with its present reading (number + kWh). */
export function numberIsReading(meter: Meter, pages: TextPiece[][]): boolean {
  const n = /^\d+$/.test(meter.meterNumber) ? Number(meter.meterNumber) : NaN;
  const kwh = Number(meter.usageKwh);
  if (!(n > 0) || !(kwh > 0)) return false;
  return pages.some((ps) =>
    groupByBaseline(ps, (p) => p.height).some((r) => {
      const nums = r.parts.flatMap((p) => p.text.split(/\s+/)).map(numberOf);
      return nums.includes(n) && nums.includes(n + kwh);
    })
  );
}

/** The meters after the checks above (parse_bill.ts, after the scan checks). */
export function checkedMeters(meters: Meter[], pages: TextPiece[][]): Meter[] {
  const reading = meters.filter((m) => m.meterNumber && numberIsReading(m, pages));
  const out = meters.map((m) =>
    reading.includes(m) || (m.meterNumber && letterReadAsDigit(m.meterNumber, pages))
      ? { ...m, meterNumber: "" }
      : m
  );
  // a meter whose "number" was its reading, and one other meter read with a number and no kWh: one meter
  const named = out.filter((m) => m.meterNumber && !m.usageKwh);
  if (out.length === 2 && reading.length === 1 && named.length === 1) {
    const u = out[meters.indexOf(reading[0])], n = named[0];
    return [{
      ...u,
      meterNumber: n.meterNumber,
      servicePeriodStart: u.servicePeriodStart || n.servicePeriodStart,
      servicePeriodEnd: u.servicePeriodEnd || n.servicePeriodEnd,
    }];
  }
  return out;
}

/** The net kWh a bill prints as billed ("Net Usage 519", "Billed Usage 519 kWh"), when it prints one figure. */
function printedNet(lines: string[]): number | undefined {
  const nets = new Set<number>();
  for (const l of lines) {
    const cs = l.split(/\s{3,}/).map((c) => c.trim());
    const k = cs.findIndex((c) => BILLED.test(c));
    const v = k >= 0 && cs[k + 1] !== undefined ? kwhOf(cs[k + 1]) : undefined;
    if (v !== undefined) nets.add(v);
  }
  return nets.size === 1 ? [...nets][0] : undefined;
}

/**
 * A net-metered bill whose production meter's kWh was not read (OCR garbled it: "a7"): two meters, one with kWh K
 * and one without, the bill printing its billed net N and, on a line about generation, the generated K − N
 * ("kWh Generated -417"). The delivered and generated figures then check out against the net: one meter, the one
 * read, billed the net (as net_metering.ts netBilledMeters does when both kWh were read).
 */
export function netWithUnreadMeter(meters: Meter[], lines: string[]): Meter[] {
  if (meters.length !== 2) return meters;
  const read = meters.filter((m) => Number(m.usageKwh) > 0);
  if (read.length !== 1 || meters.find((m) => m !== read[0])!.usageKwh) return meters;
  const net = printedNet(lines);
  const k = Number(read[0].usageKwh);
  if (net === undefined || !(k > net)) return meters;
  const generated = k - net;
  const printed = lines.some((l) =>
    GENERATION.test(l) &&
    l.split(/\s{3,}/).some((c) => kwhOf(c.replace(/^[-−]\s*/, "").replace(/\s*kwh$/i, "")) === generated)
  );
  return printed ? [{ ...read[0], usageKwh: String(net) }] : meters;
}
