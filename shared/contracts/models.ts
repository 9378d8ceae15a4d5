import { env } from "../config.ts";
import { GeminiClient } from "../llm/gemini.ts";
import { OpenAIClient } from "../llm/openai.ts";
import { type Platform, provide } from "../platform.ts";
import { EmbeddedContractAnalyser } from "./embedded_model.ts";
import { StructuredContractAnalyser } from "./gemini_model.ts";
import type { ContractAnalyser } from "./model.ts";

/** CONTRACT_MODEL=gemini (GEMINI_*), openai (OPENAI_*, see shared/llm/openai.ts) or embedded (default). */
export function contractAnalyser(p: Platform): ContractAnalyser {
  return provide(p, "contractAnalyser", () => {
    const kind = env("CONTRACT_MODEL", "embedded");
    if (kind === "gemini") return new StructuredContractAnalyser(new GeminiClient());
    if (kind === "openai") return new StructuredContractAnalyser(new OpenAIClient());
    if (kind === "embedded") return new EmbeddedContractAnalyser();
    throw new Error(`CONTRACT_MODEL must be gemini, openai or embedded, got "${kind}"`);
  });
}

declare module "../platform.ts" {
  interface Seams {
    contractAnalyser: ContractAnalyser;
  }
}
