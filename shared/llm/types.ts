// The shape every structured-output language-model client shares (Gemini, OpenAI-compatible): a system
// prompt, text and inline files, a zod schema the answer must match. The bill, contract and report
// adapters depend on this interface only, so the provider is an environment choice.
import { Buffer } from "node:buffer";
import type { z } from "zod";

/** One part of a multimodal prompt: text, or a file sent inline (PDF, PNG, JPEG). */
export type PromptPart = { text: string } | { inlineData: { mimeType: string; data: string /* base64 */ } };

export interface StructuredRequest<T> {
  system: string;
  parts: PromptPart[];
  /** The shape the model must answer with; sent as the response JSON schema, and used to validate the answer. */
  schema: z.ZodType<T>;
  model?: string;
  temperature?: number;
}

export type StructuredResult<T> =
  | { ok: true; value: T; raw: string; model: string }
  | { ok: false; error: "unparseable" | "invalid"; detail: string; raw: string; model: string };

export interface StructuredClient {
  /** "gemini" or "openai": names the writer/adapter in logs and stored records. */
  readonly provider: string;
  readonly model: string;
  /** "text": the client's endpoint takes no PDF input, send a PDF's text layer instead (images still go inline). */
  readonly pdfInput?: "file" | "text";
  /** Asks for JSON matching `schema`. Transport errors throw; a bad answer is returned as ok:false. */
  generate<T>(req: StructuredRequest<T>): Promise<StructuredResult<T>>;
}

/** Parses and validates a model's JSON text against the request's schema. */
export function parseStructured<T>(schema: z.ZodType<T>, raw: string, model: string): StructuredResult<T> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, error: "unparseable", detail: "Model answer is not JSON", raw, model };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      error: "invalid",
      detail: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "),
      raw,
      model,
    };
  }
  return { ok: true, value: parsed.data, raw, model };
}

/** A document's files as prompt parts: inline, or (for a client without PDF input) PDFs replaced by their text. */
export async function documentParts(
  client: StructuredClient,
  files: { mimeType: string; bytes: Uint8Array }[],
  text: () => Promise<string>,
): Promise<PromptPart[]> {
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
  const asText = client.pdfInput === "text" && files.some((f) => f.mimeType === "application/pdf");
  const parts: PromptPart[] = files.filter((f) => !(asText && f.mimeType === "application/pdf")).map((f) => ({
    inlineData: { mimeType: f.mimeType, data: b64(f.bytes) },
  }));
  if (asText) {
    parts.unshift({ text: `The document's text (PDF text layer or OCR), page by page:\n${await text()}` });
  }
  return parts;
}
