import type { DocumentText } from "../documents/document_text.ts";
import { looksLikeElectricityBill, parseBill } from "./embedded/parse_bill.ts";
import { allRules, rulesWithout } from "./embedded/rules.ts";
import type { WordConfidenceThresholds } from "./embedded/word_confidence.ts";
import type { ModelAnswer } from "./schema.ts";

/** How the embedded reader reads (all plain data: it crosses to a parse worker by structured clone). */
export interface BillReadOptions {
  /** Turn off the rules written for these utilities' bills (the leave-one-out benchmark). */
  withoutRulesShapedBy?: string[];
  /** With `withoutRulesShapedBy`: also the general rules those utilities' bills prompted (rules.ts `promptedBy`). */
  strictLeaveOut?: boolean;
  /** OCR word-confidence thresholds (embedded/word_confidence.ts; its defaults when absent). */
  wordConfidence?: WordConfidenceThresholds;
  /** The field thresholds (embedded/confidence.ts minConfidenceFor; its table when absent). */
  minConfidence?: number | Readonly<Record<string, number>>;
  /** The threshold of each history month and meter (embedded/month_confidence.ts ITEM_MIN_CONFIDENCE; 0 keeps all). */
  itemMinConfidence?: number;
  /** false: without the cross-checks against confident misreads (embedded/cross_check_fields.ts). */
  crossChecks?: boolean;
}

/** A document's text (text layer or OCR words) read into the extraction answer by the layout-aware parser. */
export function readBillText(text: DocumentText, opts: BillReadOptions = {}): ModelAnswer {
  if (!looksLikeElectricityBill(text.text)) return { isElectricityBill: false, item: parseBill([]) };
  const rules = opts.withoutRulesShapedBy?.length
    ? rulesWithout(opts.withoutRulesShapedBy, opts.strictLeaveOut)
    : allRules;
  return {
    isElectricityBill: true,
    item: parseBill(text.pages.flatMap((p) => p.lines), text.pages.map((p) => p.pieces), {
      rules,
      wordConfidence: opts.wordConfidence,
      minConfidence: opts.minConfidence,
      itemMinConfidence: opts.itemMinConfidence,
      crossChecks: opts.crossChecks,
      boxes: text.pages.map((p) => p.boxes ?? []),
      strokes: text.pages.map((p) => p.strokes ?? []),
      pixelPoints: text.pages.map((p) => p.pixelPoints ?? 0),
    }),
  };
}
