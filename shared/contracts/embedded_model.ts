import { errorText } from "../log.ts";
import type { AnalysisOutcome, ContractAnalyser, ContractDocument } from "./model.ts";

/** Offline analysis: the document's text (PDF text layer, OCR for images and scans) read by rules. */
export class EmbeddedContractAnalyser implements ContractAnalyser {
  readonly name = "embedded-contract-reader";
  async analyse(doc: ContractDocument): Promise<AnalysisOutcome> {
    let text: string;
    try {
      text = await doc.text();
    } catch (e) {
      // A corrupt PDF or an undecodable image fails the same way on every attempt: permanent, not retried.
      return {
        ok: false,
        error: "invalid",
        detail: `The document could not be read (${errorText(e)})`,
        model: this.name,
      };
    }
    if (!text.trim()) {
      return { ok: false, error: "invalid", detail: "The document has no readable text", model: this.name };
    }
    // The rules load on the first analysis, not with the service at start (docs/operations.md, "Local stack: cold12").
    const { analyseContractText } = await import("./embedded/analyse.ts");
    return { ok: true, summary: analyseContractText(text), model: this.name };
  }
}
