import { env } from "../config.ts";
import { GeminiClient } from "../llm/gemini.ts";
import { type Platform, provide } from "../platform.ts";
import { EmbeddedBillModel } from "./embedded_model.ts";
import { GeminiBillModel } from "./gemini_model.ts";
import type { BillModel } from "./model.ts";

/** BILL_MODEL=gemini (GEMINI_API_KEY, GEMINI_MODEL, GEMINI_BASE_URL) or embedded (default). */
export function billModel(p: Platform): BillModel {
  return provide(p, "billModel", () => makeBillModel(env("BILL_MODEL", "embedded")));
}

export function makeBillModel(kind: string): BillModel {
  if (kind === "gemini") return new GeminiBillModel(new GeminiClient());
  if (kind === "embedded") return new EmbeddedBillModel();
  throw new Error(`BILL_MODEL must be gemini or embedded, got "${kind}"`);
}

declare module "../platform.ts" {
  interface Seams {
    billModel: BillModel;
  }
}
