// The text of an uploaded document, as the services ask for it: read by the document engine (a worker
// subprocess with memory, time and input limits, see engine/), never in the service's own process.
import { documentEngine } from "./engine/index.ts";
import { documentLimits } from "./engine/limits.ts";
import { checkImage } from "./engine/preflight.ts";
import { sniffFileType } from "./sniff.ts";
import type { DocumentFile, DocumentText } from "./read_text.ts";
export type { DocumentFile, DocumentPage, DocumentText } from "./read_text.ts";

/**
 * Text of one document made of one or more files (a multi-page PDF, or several page images): the PDF
 * text layer where there is one, OCR for images and for PDF pages without a text layer. Throws 422
 * document_too_complex, 400 invalid_file_type, 503 busy / not_configured (DomainErrors).
 */
export async function documentText(
  files: DocumentFile[],
  opts: { maxPages?: number } = {},
): Promise<DocumentText> {
  // Image headers are checked here already (plain code, microseconds): a bomb never takes a worker's turn.
  const limits = documentLimits();
  for (const f of files) {
    const kind = sniffFileType(f.bytes);
    if (kind === "png" || kind === "jpeg") checkImage(f.bytes, limits, f.filename);
  }
  return await documentEngine().text(files, opts);
}

/** Pages of a PDF, counted by the engine after its checks (same errors as documentText). */
export function documentPageCount(pdf: Uint8Array, name?: string): Promise<number> {
  return documentEngine().pageCount(pdf, name);
}
