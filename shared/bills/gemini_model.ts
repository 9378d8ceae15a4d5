import type { StructuredClient } from "../llm/types.ts";
import { documentParts, type PromptPart } from "../llm/types.ts";
import { errorText } from "../log.ts";
import type { BillDocument, BillModel, ModelOutcome } from "./model.ts";
import { ModelAnswer } from "./schema.ts";

const SYSTEM = `You read US electricity bills and return JSON matching the response schema exactly.
All pages and all attached files are ONE bill. Rules:
- isElectricityBill: false when the document is not an electricity bill (then leave item fields empty).
- Use "" for anything the bill does not show; never invent values.
- Dates as YYYY-MM-DD. Amounts as plain decimals without currency symbols or commas; a credit is negative.
- customerName comes from the payment stub; ignore routing codes, barcodes, lines of asterisks, presort codes.
- serviceNumber and electricityTier only when explicitly labelled on the bill.
- supplyRatePerKwh: the supply or generation price per kWh as printed (e.g. "0.0712").
- marketState: two-letter state of the service address.
- usageByMonth: every month of usage history printed on the bill (month name, year, kWh value, unit "kWh"), oldest first. Do not estimate months that are not printed.
- meters: one entry per meter with its kWh and service period.`;

/**
 * A structured-output language model (Gemini, or an OpenAI-compatible endpoint) with the bill files inline
 * and the item's JSON schema as the response schema.
 */
export class StructuredBillModel implements BillModel {
  readonly name: string;
  constructor(private readonly client: StructuredClient) {
    this.name = client.model;
  }

  async extract(doc: BillDocument, attempt: number, hint?: string): Promise<ModelOutcome> {
    try {
      const parts: PromptPart[] = [
        {
          text: `Extract the bill (attempt ${attempt}).${
            hint ? ` The previous attempt ${hint}; look again carefully.` : ""
          }`,
        },
        ...await documentParts(this.client, doc.files, async () => (await doc.text()).text),
      ];
      const r = await this.client.generate({ system: SYSTEM, parts, schema: ModelAnswer });
      if (!r.ok) return { ok: false, error: r.error, detail: r.detail, model: r.model };
      return { ok: true, answer: r.value, model: r.model };
    } catch (e) {
      return { ok: false, error: "unavailable", detail: errorText(e), model: this.name };
    }
  }
}

/** Gemini (generateContent REST) as the bill model: the same adapter with a GeminiClient. */
export { StructuredBillModel as GeminiBillModel };
