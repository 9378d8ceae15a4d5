import type { DocumentText } from "../documents/document_text.ts";
import type { FileKind } from "../documents/sniff.ts";
import type { ModelAnswer } from "./schema.ts";

export interface BillFile {
  filename: string;
  kind: FileKind;
  mimeType: string;
  bytes: Uint8Array;
}

/** One document (one or more files) to extract; its text is read once and shared by every attempt. */
export interface BillDocument {
  files: BillFile[];
  text(): Promise<DocumentText>;
}

export type ModelOutcome =
  | { ok: true; answer: ModelAnswer; model: string }
  | { ok: false; error: "unparseable" | "invalid" | "unavailable"; detail: string; model: string };

/** The language-model seam of bill extraction: Gemini in production, the embedded engine offline. */
export interface BillModel {
  readonly name: string;
  /** One extraction attempt (1-based). `hint` names what the previous attempt missed. */
  extract(doc: BillDocument, attempt: number, hint?: string): Promise<ModelOutcome>;
}
