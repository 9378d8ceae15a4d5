// The structured-output model endpoints, built from their configuration read once (GEMINI_*, OPENAI_*).
import type { EnvSource } from "../config.ts";
import { loadGeminiConfig, loadOpenAIConfig } from "./config.ts";
import { GeminiClient } from "./gemini.ts";
import { OpenAIClient } from "./openai.ts";
import type { StructuredClient } from "./types.ts";

/** A Gemini or OpenAI-compatible client from the environment (ConfigError names a missing variable). */
export function structuredClient(kind: "gemini" | "openai", source: EnvSource = Deno.env): StructuredClient {
  return kind === "gemini"
    ? new GeminiClient(loadGeminiConfig(source))
    : new OpenAIClient(loadOpenAIConfig({}, source));
}
