import type { StructuredClient } from "../llm/types.ts";
import { documentParts, type PromptPart } from "../llm/types.ts";
import { errorText } from "../log.ts";
import type { AnalysisOutcome, ContractAnalyser, ContractDocument } from "./model.ts";
import { ContractSummary } from "./schema.ts";

const SYSTEM =
  `You review US residential solar installation contracts and return JSON matching the response schema exactly.
All attached files are ONE contract. Rules:
- isSolarContract: false when the document is not a solar installation, loan, lease or power purchase contract.
- Use "" or null for anything the contract does not state; never invent values.
- systemSizeKw: DC nameplate size in kW. totalPrice, downPayment: USD numbers without symbols.
- pricePerWatt: as printed, else totalPrice / (systemSizeKw * 1000), rounded to cents.
- financing.type: cash, loan, lease or ppa (power purchase agreement); escalatorPct: annual payment increase in percent.
- cancellationPeriodDays: the number of days the customer has to cancel.
- clauses: list each of these the contract contains: cancellation, warranty, production_guarantee, interconnection, insurance, arbitration.
- signatures: signed is true only when a signature, a conformed "/s/ name" or an electronic-signature record is present on that party's line; a blank signature line is not signed. Dates as YYYY-MM-DD.`;

/** A structured-output model (Gemini, or an OpenAI-compatible endpoint) with the contract inline and the summary's JSON schema. */
export class StructuredContractAnalyser implements ContractAnalyser {
  readonly name: string;
  constructor(private readonly client: StructuredClient) {
    this.name = client.model;
  }

  async analyse(doc: ContractDocument): Promise<AnalysisOutcome> {
    try {
      const parts: PromptPart[] = [
        { text: "Summarize this contract." },
        ...await documentParts(this.client, doc.files, () => doc.text()),
      ];
      const r = await this.client.generate({ system: SYSTEM, parts, schema: ContractSummary });
      if (!r.ok) return { ok: false, error: "invalid", detail: `${r.error}: ${r.detail}`, model: r.model };
      return { ok: true, summary: r.value, model: r.model };
    } catch (e) {
      return { ok: false, error: "unavailable", detail: errorText(e), model: this.name };
    }
  }
}

/** Gemini (generateContent REST) as the contract analyser: the same adapter with a GeminiClient. */
export { StructuredContractAnalyser as GeminiContractAnalyser };
