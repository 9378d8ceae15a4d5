import type { ContractSummary } from "./schema.ts";

export interface ContractFile {
  filename: string;
  mimeType: string;
  bytes: Uint8Array;
}

/** One contract (one or more files: a PDF, or page images); its text is read at most once. */
export interface ContractDocument {
  files: ContractFile[];
  text(): Promise<string>;
}

export type AnalysisOutcome =
  | { ok: true; summary: ContractSummary; model: string }
  // unavailable: the model could not be reached (retry later); invalid: it answered something unusable.
  | { ok: false; error: "unavailable" | "invalid"; detail: string; model: string };

/** The contract-analysis seam: Gemini with a JSON schema in production, the embedded reader offline. */
export interface ContractAnalyser {
  readonly name: string;
  analyse(doc: ContractDocument): Promise<AnalysisOutcome>;
}
