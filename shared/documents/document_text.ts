// The text of an uploaded document, as the services ask for it: read by the document engine (a worker
// subprocess with memory, time and input limits, see engine/), never in the service's own process.
import { documentEngine } from "./engine/index.ts";
import type { DocumentFile, DocumentText } from "./read_text.ts";
export type { DocumentFile, DocumentPage, DocumentText } from "./read_text.ts";

/**
 * Text of one document made of one or more files (a multi-page PDF, or several page images): the PDF
 * text layer where there is one, OCR for images and for PDF pages without a text layer. Throws 422
 * document_too_complex, 400 invalid_file_type, 503 busy / not_configured (ApiErrors).
 */
export function documentText(files: DocumentFile[], opts: { maxPages?: number } = {}): Promise<DocumentText> {
  return documentEngine().text(files, opts);
}

/** Pages of a PDF, counted by the engine after its checks (same errors as documentText). */
export function documentPageCount(pdf: Uint8Array, name?: string): Promise<number> {
  return documentEngine().pageCount(pdf, name);
}
