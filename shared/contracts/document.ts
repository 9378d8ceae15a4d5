import { type EnvSource, loadUploadLimits, type UploadLimits } from "../config.ts";
import { type Platform, provide } from "../platform.ts";
import { documentText } from "../documents/document_text.ts";
import { mimeTypes, sniffFileType } from "../documents/sniff.ts";
import { DomainError } from "../errors.ts";
import { DocumentTooComplex } from "../documents/engine/errors.ts";
import type { ContractDocument, ContractFile } from "./model.ts";

export type ContractLimits = UploadLimits;

/** CONTRACT_MAX_FILES (10), CONTRACT_MAX_FILE_BYTES (15 MB), CONTRACT_MAX_TOTAL_BYTES (25 MB), CONTRACT_MAX_PAGES (40). */
export function loadContractLimits(source: EnvSource = Deno.env): ContractLimits {
  const defaults = {
    maxFiles: 10,
    maxFileBytes: 15 * 1024 * 1024,
    maxTotalBytes: 25 * 1024 * 1024,
    maxPages: 40,
  };
  return loadUploadLimits("CONTRACT", defaults, source);
}

/** The platform's contract upload limits, read once (tests replace them with override(p, "contractLimits", …)). */
export function contractLimits(p: Platform): ContractLimits {
  return provide(p, "contractLimits", () => loadContractLimits());
}

declare module "../platform.ts" {
  interface Seams {
    contractLimits: ContractLimits;
  }
}

/** Checks uploaded files by their bytes (PDF, PNG, JPEG) and size: 400 invalid_file_type, 413 too large. */
export function checkFiles(
  files: { filename: string; bytes: Uint8Array }[],
  limits: ContractLimits,
  part = "files",
): ContractFile[] {
  if (!files.length) {
    throw new DomainError(
      "invalid",
      "invalid_request",
      `Send the contract as one or more \`${part}\` parts (PDF, PNG or JPEG)`,
    );
  }
  if (files.length > limits.maxFiles) {
    throw new DomainError("too_large", "payload_too_large", `At most ${limits.maxFiles} files per document`);
  }
  let total = 0;
  return files.map((f) => {
    total += f.bytes.length;
    if (f.bytes.length > limits.maxFileBytes) {
      throw new DomainError(
        "too_large",
        "payload_too_large",
        `${f.filename} is larger than ${limits.maxFileBytes} bytes`,
      );
    }
    if (total > limits.maxTotalBytes) {
      throw new DomainError(
        "too_large",
        "payload_too_large",
        `The files are larger than ${limits.maxTotalBytes} bytes together`,
      );
    }
    const kind = sniffFileType(f.bytes);
    if (!kind) {
      throw new DomainError(
        "invalid",
        "invalid_file_type",
        `Invalid file type: ${f.filename} is not a PDF, PNG or JPEG file`,
      );
    }
    return { filename: f.filename, mimeType: mimeTypes[kind], bytes: f.bytes };
  });
}

/**
 * The most text the contract reader takes: its rules (embedded/) run in the service's process, about a second per
 * 200,000 characters at worst, and a PDF's text layer can hold megabytes in tiny print on its 40 pages
 * (docs/security.md "Pass 5"). A dense 40-page contract has well under half of this.
 */
export const MAX_CONTRACT_TEXT_CHARS = 400_000;

/** The contract as one document; its text (text layer, OCR for images and scans) is read once, lazily. */
export function contractDocument(files: ContractFile[], limits: ContractLimits): ContractDocument {
  let text: Promise<string> | undefined;
  return {
    files,
    text:
      () => (text ??= documentText(files, { maxPages: limits.maxPages }).then((t) => boundedText(t.text))),
  };
}

function boundedText(text: string): string {
  if (text.length > MAX_CONTRACT_TEXT_CHARS) {
    throw new DocumentTooComplex(
      `The contract has ${text.length} characters of text; a contract has at most ${MAX_CONTRACT_TEXT_CHARS}`,
    );
  }
  return text;
}
