import { env } from "../config.ts";
import { GeminiClient } from "../llm/gemini.ts";
import { type Platform, provide } from "../platform.ts";
import { EmbeddedBillModel } from "./embedded_model.ts";
import { StructuredBillModel } from "./gemini_model.ts";
import type { BillModel } from "./model.ts";
import { openAIBillModel } from "./openai_model.ts";

/**
 * BILL_MODEL=gemini (GEMINI_API_KEY, GEMINI_MODEL, GEMINI_BASE_URL), openai (OPENAI_BASE_URL, OPENAI_API_KEY,
 * OPENAI_MODEL, OPENAI_API_VERSION for Azure) or embedded (default).
 */
export function billModel(p: Platform): BillModel {
  return provide(p, "billModel", () => makeBillModel(env("BILL_MODEL", "embedded")));
}

export function makeBillModel(kind: string): BillModel {
  if (kind === "gemini") return new StructuredBillModel(new GeminiClient());
  if (kind === "openai") return openAIBillModel();
  if (kind === "embedded") return new EmbeddedBillModel();
  throw new Error(`BILL_MODEL must be gemini, openai or embedded, got "${kind}"`);
}

declare module "../platform.ts" {
  interface Seams {
    billModel: BillModel;
  }
}
