import type { FileKind } from "../documents/sniff.ts";

export interface StoredAttachment {
  /** Kind by magic bytes; null when the attachment is not a PDF, PNG or JPEG. */
  kind: FileKind | null;
  /** Where the attachment was stored; null when it was not kept (not bill-like, or over the size limit). */
  storagePath: string | null;
  /** An image the HTML body shows inline (a logo or signature picture), not a page of a bill. */
  related?: boolean;
}

/**
 * Which stored attachments of one message make the bill to extract, in order. A PDF is a whole bill: the
 * first PDF is the document. A message with no PDF usually carries a bill photographed page by page: its
 * images (not those shown inline in the body) are the pages of one document, up to `maxFiles`.
 */
export function billDocumentFiles<T extends StoredAttachment>(attachments: T[], maxFiles: number): T[] {
  const stored = attachments.filter((a) => a.storagePath && a.kind);
  const pdf = stored.find((a) => a.kind === "pdf");
  if (pdf) return [pdf];
  return stored.filter((a) => !a.related).slice(0, maxFiles);
}
