import { type DocumentText, documentText } from "../documents/document_text.ts";
import { documentPageCount } from "../documents/document_text.ts";
import { DomainError } from "../errors.ts";
import { mimeTypes, sniffFileType } from "../documents/sniff.ts";
import { invalidFileType, tooLarge } from "./errors.ts";
import type { BillLimits } from "./limits.ts";
import { boundedBillText } from "./text_bounds.ts";
import type { BillDocument, BillFile } from "./model.ts";

export interface UploadedFile {
  filename: string;
  bytes: Uint8Array;
}

/**
 * Checks the uploaded files against the limits and by their magic bytes (never the name), and makes the
 * one document they form. Its text is read lazily, once, and shared by every attempt.
 */
export async function billDocument(files: UploadedFile[], limits: BillLimits): Promise<BillDocument> {
  if (!files.length) throw invalidFileType("no file was uploaded (send one or more `files` parts)");
  if (files.length > limits.maxFiles) throw tooLarge(`At most ${limits.maxFiles} files per bill`);
  let total = 0;
  const out: BillFile[] = [];
  for (const f of files) {
    total += f.bytes.length;
    if (f.bytes.length > limits.maxFileBytes) {
      throw tooLarge(`${f.filename} is larger than ${limits.maxFileBytes} bytes`);
    }
    if (total > limits.maxTotalBytes) {
      throw tooLarge(`The files are larger than ${limits.maxTotalBytes} bytes together`);
    }
    const kind = sniffFileType(f.bytes);
    if (!kind) throw invalidFileType(`${f.filename} is not a PDF, PNG or JPEG file`);
    out.push({ filename: f.filename, kind, mimeType: mimeTypes[kind], bytes: f.bytes });
  }
  let pages = 0;
  for (const f of out) {
    if (f.kind !== "pdf") {
      pages++;
      continue;
    }
    try {
      pages += await documentPageCount(f.bytes, f.filename);
    } catch (e) {
      if (e instanceof DomainError) throw e;
      throw invalidFileType(`${f.filename} is not a readable PDF`);
    }
  }
  if (pages > limits.maxPages) throw tooLarge(`At most ${limits.maxPages} pages per bill (got ${pages})`);
  let text: Promise<DocumentText> | undefined;
  return {
    files: out,
    text: () => (text ??= documentText(out, { maxPages: limits.maxPages }).then((t) => boundedBillText(t))),
  };
}
