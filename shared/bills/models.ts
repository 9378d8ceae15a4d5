import { env, type EnvSource } from "../config.ts";
import { structuredClient } from "../llm/index.ts";
import { type Platform, provide } from "../platform.ts";
import { type BillTextParser, billTextParser } from "./bill_parser.ts";
import { EmbeddedBillModel } from "./embedded_model.ts";
import { loadWordConfidence } from "./embedded/word_confidence.ts";
import { StructuredBillModel } from "./gemini_model.ts";
import type { BillModel } from "./model.ts";

/**
 * BILL_MODEL=gemini (GEMINI_API_KEY, GEMINI_MODEL, GEMINI_BASE_URL), openai (OPENAI_BASE_URL, OPENAI_API_KEY,
 * OPENAI_MODEL, OPENAI_API_VERSION for Azure) or embedded (default; BILL_OCR_MIN_WORD_CONFIDENCE_*). The service's
 * embedded reader parses in a document worker (bill_parser.ts: BILL_PARSE, BILL_PARSE_TIMEOUT_SECONDS).
 */
export function billModel(p: Platform): BillModel {
  return provide(
    p,
    "billModel",
    () => makeBillModel(env("BILL_MODEL", "embedded"), Deno.env, billTextParser()),
  );
}

/** `parser`: where the embedded reader parses (this isolate when absent: scripts). */
export function makeBillModel(
  kind: string,
  source: EnvSource = Deno.env,
  parser?: BillTextParser,
): BillModel {
  if (kind === "gemini" || kind === "openai") return new StructuredBillModel(structuredClient(kind, source));
  if (kind === "embedded") {
    return new EmbeddedBillModel({ wordConfidence: loadWordConfidence(source), parser });
  }
  throw new Error(`BILL_MODEL must be gemini, openai or embedded, got "${kind}"`);
}

declare module "../platform.ts" {
  interface Seams {
    billModel: BillModel;
  }
}
