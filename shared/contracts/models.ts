import { env } from "../config.ts";
import { GeminiClient } from "../llm/gemini.ts";
import { type Platform, provide } from "../platform.ts";
import { EmbeddedContractAnalyser } from "./embedded_model.ts";
import { GeminiContractAnalyser } from "./gemini_model.ts";
import type { ContractAnalyser } from "./model.ts";

/** CONTRACT_MODEL=gemini (GEMINI_API_KEY, GEMINI_MODEL, GEMINI_BASE_URL) or embedded (default). */
export function contractAnalyser(p: Platform): ContractAnalyser {
  return provide(p, "contractAnalyser", () => {
    const kind = env("CONTRACT_MODEL", "embedded");
    if (kind === "gemini") return new GeminiContractAnalyser(new GeminiClient());
    if (kind === "embedded") return new EmbeddedContractAnalyser();
    throw new Error(`CONTRACT_MODEL must be gemini or embedded, got "${kind}"`);
  });
}

declare module "../platform.ts" {
  interface Seams {
    contractAnalyser: ContractAnalyser;
  }
}
