// Confidence of the meters from cross-checks (issue #11: a wrong value costs more than an empty one). A meter
// number is one string of digits and letters with nothing on the bill to check it by, so what it is checked by is
// the bill itself:
// - a number read by OCR, printed once, that opens with a 6 read with less than SURE_WORD confidence: a meter
//   number's "G" prefix misread as a digit ("G188500119" → "6188500119") — left empty. Only G: of the letters meter
//   numbers open with (G, K, M, P …) it is the one with a digit twin; 5 (S), 8 (B), 0 (O/D), 1 (I) were tried and
//   emptied right numbers (a fresh seed's "5149088", "5616586"), with no letter misread so seen;
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
/** The digit OCR reads in place of a meter number's leading letter (G). */
const LETTER_LIKE_DIGIT = /^6/;

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

/** Each number printed on the pages → the numbers of every row (one baseline) printing it. */
type RowNumbers = Map<number, Set<number>[]>;

/** The pages' rows read once for all meters (a check per meter that regrouped every row was quadratic). */
export function rowNumbers(pages: TextPiece[][]): RowNumbers {
  const index: RowNumbers = new Map();
  for (const ps of pages) {
    for (const r of groupByBaseline(ps, (p) => p.height)) {
      const nums = new Set<number>();
      for (const p of r.parts) {
        for (const w of p.text.split(/\s+/)) {
          const n = numberOf(w);
          if (n !== undefined) nums.add(n);
        }
      }
      for (const n of nums) index.get(n)?.push(nums) ?? index.set(n, [nums]);
    }
  }
  return index;
}

/** The meter's "number" is its previous reading: on one row with its present reading (number + kWh). */
export function numberIsReading(meter: Meter, pages: TextPiece[][], rows = rowNumbers(pages)): boolean {
  const n = /^\d+$/.test(meter.meterNumber) ? Number(meter.meterNumber) : NaN;
  const kwh = Number(meter.usageKwh);
  if (!(n > 0) || !(kwh > 0)) return false;
  return (rows.get(n) ?? []).some((nums) => nums.has(n + kwh));
}

/** A meter number's shape: 6–12 letters and digits, five or more of them digits, not a date or an amount. */
const METER_LIKE = /^(?=(?:[A-Z]*\d){5})[A-Z0-9]{6,12}$/;

/** A date whose slashes OCR lost ("0472412022" for 04/24/2022): a month, then anything, then a year. */
const DATE_LIKE = /^(?:0?[1-9]|1[0-2])\d{2,6}(?:19|20)\d\d$/;

/**
 * The number that opens the row whose two readings differ by the meter's kWh (present − previous = kWh, the kWh
 * printed on the row too): the meter those reads belong to ("7487490   05/22/2024 06/22/2024   85180   84887
 * 31   293"). Undefined when no such row, or when rows disagree.
 */
export function readsRowNumber(meter: Meter, pages: TextPiece[][]): string | undefined {
  const kwh = Number(meter.usageKwh);
  if (!(kwh > 0)) return undefined;
  const found = new Set<string>();
  for (const ps of pages) {
    for (const r of groupByBaseline(ps, (p) => p.height)) {
      const words = [...r.parts].sort((a, b) => a.x - b.x).flatMap((p) => p.text.split(/\s+/)).filter(
        Boolean,
      );
      const first = words[0].toUpperCase();
      const nums = words.slice(1).map(numberOf);
      if (!METER_LIKE.test(first) || DATE_LIKE.test(first) || !nums.includes(kwh)) continue;
      const reads = nums.filter((n): n is number => n !== undefined && n >= 100 && n !== kwh);
      if (!reads.some((a) => reads.includes(a - kwh))) continue;
      // the meter's own number on the row (another id opens it): the meter is the row's
      if (words.some((w) => sameOnPaper(w, meter.meterNumber))) return undefined;
      found.add(first);
    }
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/** Characters OCR reads one for another (a letter and the digit it looks like). */
const LOOK_ALIKE: Record<string, string> = {
  G: "6",
  O: "0",
  D: "0",
  Q: "0",
  S: "5",
  B: "8",
  I: "1",
  L: "1",
  Z: "2",
};
/** Two numbers the same but for characters OCR reads one for another ("G13258413" and "613258413"). */
export const sameOnPaper = (a: string, b: string): boolean => {
  const key = (s: string) =>
    [...s.toUpperCase().replace(/[^0-9A-Z]/g, "")].map((c) => LOOK_ALIKE[c] ?? c).join("");
  return key(a) === key(b);
};

/** The meters after the checks above (parse_bill.ts, after the scan checks). */
export function checkedMeters(meters: Meter[], pages: TextPiece[][]): Meter[] {
  const rows = meters.some((m) => m.meterNumber) ? rowNumbers(pages) : new Map();
  const reading = meters.filter((m) => m.meterNumber && numberIsReading(m, pages, rows));
  // one meter whose number is not the one on the row its reads are printed on: that row's number
  if (meters.length === 1 && meters[0].meterNumber && !reading.length) {
    const row = readsRowNumber(meters[0], pages);
    if (row && !sameOnPaper(row, meters[0].meterNumber)) meters = [{ ...meters[0], meterNumber: row }];
  }
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
