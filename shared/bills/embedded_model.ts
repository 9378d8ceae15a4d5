import { errorText, log } from "../log.ts";
import { EngineUnavailable } from "../runtime/local_only.ts";
import { invalidFileType } from "./errors.ts";
import { DomainError } from "../errors.ts";
import type { BillDocument, BillModel, ModelOutcome } from "./model.ts";
import type { BillReadOptions } from "./read_bill_text.ts";
import { type BillTextParser, parseInProcess } from "./bill_parser.ts";

/** The offline engine: PDF text layer / OCR, then the layout-aware bill parser. Deterministic. */
export class EmbeddedBillModel implements BillModel {
  readonly name = "embedded-parser-1";
  /**
   * `withoutRulesShapedBy`: turn off the rules written for these utilities' bills (the leave-one-out benchmark);
   * `wordConfidence`: OCR word-confidence thresholds (embedded/word_confidence.ts; its defaults when absent);
   * `minConfidence`: the field thresholds (embedded/confidence.ts minConfidenceFor; its table when absent);
   * `itemMinConfidence`: the threshold of each history month and meter (embedded/month_confidence.ts ITEM_MIN_CONFIDENCE; 0 keeps all);
   * `parser`: where the text is parsed (bill_parser.ts: a document worker in the service; this isolate when absent).
   */
  constructor(private readonly opts: BillReadOptions & { parser?: BillTextParser } = {}) {}

  /**
   * The outcome per document: the reader is deterministic (it takes no hint), so the retry loop's second call
   * (retry.ts stops when an answer repeats) gets the first one instead of parsing the text again in the service's
   * process (docs/security.md "Pass 5": at the text bounds a parse holds the event loop for up to a second or two).
   */
  private readonly outcomes = new WeakMap<BillDocument, Promise<ModelOutcome>>();

  extract(doc: BillDocument): Promise<ModelOutcome> {
    let outcome = this.outcomes.get(doc);
    if (!outcome) this.outcomes.set(doc, outcome = this.read(doc));
    return outcome;
  }

  private async read(doc: BillDocument): Promise<ModelOutcome> {
    let text;
    try {
      text = await doc.text();
    } catch (e) {
      // The document engine's own answer (422 too complex, 503 busy / not_configured), or an engine this
      // deployment does not carry (503 not_configured): passed on as they are.
      if (e instanceof DomainError || e instanceof EngineUnavailable) throw e;
      // A file with the right magic bytes that cannot be decoded is bad input, not a model failure.
      log("info", "bill document unreadable", { error: errorText(e) });
      throw invalidFileType("a file could not be read as a PDF or image");
    }
    const { parser = parseInProcess, ...read } = this.opts;
    try {
      return { ok: true, answer: await parser(text, read), model: this.name };
    } catch (e) {
      // The document engine's answer (422 killed at the parse deadline, 503 busy): passed on as it is.
      if (e instanceof DomainError) throw e;
      return { ok: false, error: "unparseable", detail: errorText(e), model: this.name };
    }
  }
}
