import { env, envOptional, type EnvSource } from "../../config.ts";
import { structuredClient } from "../../llm/index.ts";
import { type Platform, provide } from "../../platform.ts";
import { EmbeddedReportWriter } from "./embedded.ts";
import { GeminiReportWriter } from "./gemini.ts";
import type { ReportWriter } from "./types.ts";

/** REPORT_WRITER=gemini (GEMINI_*), openai (OPENAI_*, see shared/llm/config.ts) or embedded (default without a Gemini key). */
export function reportWriter(p: Platform): ReportWriter {
  return provide(p, "reportWriter", () => makeReportWriter());
}

/** The report writer from its settings (REPORT_WRITER and the model's GEMINI_* / OPENAI_*), read once. */
export function makeReportWriter(source: EnvSource = Deno.env): ReportWriter {
  const kind = env("REPORT_WRITER", envOptional("GEMINI_API_KEY", source) ? "gemini" : "embedded", source);
  if (kind === "gemini" || kind === "openai") return new GeminiReportWriter(structuredClient(kind, source));
  if (kind !== "embedded") throw new Error(`REPORT_WRITER must be gemini, openai or embedded, got "${kind}"`);
  return new EmbeddedReportWriter();
}
export type { ReportContext, ReportSection, ReportWriter, SavingsReport, StateProgram } from "./types.ts";
export { ReportInvalidError } from "./types.ts";
export { validateReport } from "./schema.ts";

declare module "../../platform.ts" {
  interface Seams {
    reportWriter: ReportWriter;
  }
}
