import { errorText } from "../log.ts";
import type { BillDocument, BillModel, ModelOutcome } from "./model.ts";
import { looksLikeElectricityBill, parseBill } from "./embedded/parse_bill.ts";

/** The offline engine: PDF text layer / OCR, then the layout-aware bill parser. Deterministic. */
export class EmbeddedBillModel implements BillModel {
  readonly name = "embedded-parser-1";

  async extract(doc: BillDocument): Promise<ModelOutcome> {
    try {
      const text = await doc.text();
      const lines = text.pages.flatMap((p) => p.lines);
      if (!looksLikeElectricityBill(text.text)) return { ok: true, answer: { isElectricityBill: false, item: parseBill([]) }, model: this.name };
      return { ok: true, answer: { isElectricityBill: true, item: parseBill(lines) }, model: this.name };
    } catch (e) {
      return { ok: false, error: "unparseable", detail: errorText(e), model: this.name };
    }
  }
}
