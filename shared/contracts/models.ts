import { env } from "../config.ts";
import { structuredClient } from "../llm/index.ts";
import { type Platform, provide } from "../platform.ts";
import { EmbeddedContractAnalyser } from "./embedded_model.ts";
import { StructuredContractAnalyser } from "./gemini_model.ts";
import type { ContractAnalyser } from "./model.ts";

/** CONTRACT_MODEL=gemini (GEMINI_*), openai (OPENAI_*, see shared/llm/config.ts) or embedded (default). */
export function contractAnalyser(p: Platform): ContractAnalyser {
  return provide(p, "contractAnalyser", () => {
    const kind = env("CONTRACT_MODEL", "embedded");
    if (kind === "gemini" || kind === "openai") return new StructuredContractAnalyser(structuredClient(kind));
    if (kind === "embedded") return new EmbeddedContractAnalyser();
    throw new Error(`CONTRACT_MODEL must be gemini, openai or embedded, got "${kind}"`);
  });
}

declare module "../platform.ts" {
  interface Seams {
    contractAnalyser: ContractAnalyser;
  }
}
