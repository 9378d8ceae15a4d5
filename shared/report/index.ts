import { env, envOptional } from "../config.ts";
import { GeminiClient } from "../llm/gemini.ts";
import { OpenAIClient } from "../llm/openai.ts";
import { type Platform, provide } from "../platform.ts";
import { EmbeddedReportWriter } from "./embedded.ts";
import { GeminiReportWriter } from "./gemini.ts";
import type { ReportWriter } from "./types.ts";

/** REPORT_WRITER=gemini (GEMINI_*), openai (OPENAI_*, see shared/llm/openai.ts) or embedded (default without a Gemini key). */
export function reportWriter(p: Platform): ReportWriter {
  return provide(p, "reportWriter", () => {
    const kind = env("REPORT_WRITER", envOptional("GEMINI_API_KEY") ? "gemini" : "embedded");
    if (kind === "gemini") return new GeminiReportWriter(new GeminiClient());
    if (kind === "openai") return new GeminiReportWriter(new OpenAIClient());
    if (kind !== "embedded") {
      throw new Error(`REPORT_WRITER must be gemini, openai or embedded, got "${kind}"`);
    }
    return new EmbeddedReportWriter();
  });
}
export type { ReportContext, ReportSection, ReportWriter, SavingsReport, StateProgram } from "./types.ts";
export { ReportInvalidError, ReportWriterUnavailableError } from "./types.ts";
export { validateReport } from "./schema.ts";

declare module "../platform.ts" {
  interface Seams {
    reportWriter: ReportWriter;
  }
}
