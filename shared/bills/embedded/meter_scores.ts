// A confidence for each meter (issue #11): one confidence for all meters said nothing about the one meter whose
// kWh nothing on the bill confirms. Each meter's confidence here comes from what it holds and what the bill says
// beside it:
// - what was read: a number and a kWh (0.75), a kWh alone (0.65), a number alone (0.55);
// - its kWh is a quantity a charge line bills ("1,140 kWh X 0.05979"), or kWh × the supply price is a charge
//   printed on the bill: +0.15; the history's own reading of the bill's month is that kWh: +0.05;
// - on a scan, the OCR words: a kWh printed once under tesseract's 50 −0.3, not found as printed −0.05; a meter
//   number printed once under 65 (the identifiers' word threshold) −0.1.
// A meter under ITEM_MIN_CONFIDENCE (month_confidence.ts) is left out rather than guessed.
// Generic: no utility's words.
import type { TextPiece } from "../../documents/text_layout.ts";
import type { Meter } from "../schema.ts";
import { rateFactor } from "./cross_checks.ts";
import { billedQuantities } from "./ocr_kwh.ts";
import { ocrFactor } from "./month_confidence.ts";
import { ocrRows, printings, WORD_CONFIDENCE } from "./word_confidence.ts";

export interface MeterContext {
  /** The bill's text (its charge lines), every amount printed on it (cents), and the supply price read. */
  text: string;
  money: number[];
  supplyRatePerKwh: string;
  /** The kWh of the bill's month as the history itself read it (not added from the meters), if any. */
  historyOwnMonth?: number;
  pages: TextPiece[][];
}

/** The confidence (0..1, two decimals) of each meter, in the meters' order. */
export function meterConfidences(meters: Meter[], ctx: MeterContext): number[] {
  const ocr = ctx.pages.some((ps) => ps.some((p) => p.confidence !== undefined));
  const rows = ocr ? ocrRows(ctx.pages) : [];
  const billed = new Set(billedQuantities(ctx.text));
  return meters.map((m) => {
    const kwh = Number(m.usageKwh);
    let c = m.usageKwh ? (m.meterNumber ? 0.75 : 0.65) : 0.55;
    if (m.usageKwh && kwh > 0) {
      if (billed.has(kwh) || rateFactor(kwh, ctx.supplyRatePerKwh, ctx.money) > 1) c += 0.15;
      const own = ctx.historyOwnMonth;
      if (own !== undefined && Math.abs(own - kwh) <= Math.max(1, kwh * 0.02)) c += 0.05;
      if (ocr) c += ocrFactor(kwh, rows);
    }
    if (ocr && m.meterNumber) {
      const found = printings(m.meterNumber, rows);
      if (found.length === 1 && found[0] < WORD_CONFIDENCE.identifiers) c -= 0.1;
    }
    return Math.max(0, Math.min(1, Math.round(c * 100) / 100));
  });
}
