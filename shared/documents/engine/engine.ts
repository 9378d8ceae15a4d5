// The document engine as the services see it: typed operations over a transport (the local subprocess
// pool, or HTTP to a separately hosted worker). Heavy work on untrusted bytes goes through here only.
import { PdfInputError } from "../../pdf/input_error.ts";
import type { PageOptions } from "../../pdf/render.ts";
import type { DocumentFile, DocumentText } from "../read_text.ts";
import { fromFailure } from "./errors.ts";
import type { ImageInfo, OcrPage } from "./ops.ts";
import type { CallOptions, EngineTransport } from "./pool.ts";

export class DocumentEngine {
  constructor(readonly transport: EngineTransport, private readonly textTimeoutMs?: number) {}

  /** Any operation, built in or registered by a domain (registry.ts), with the engine's errors. */
  async call<T>(op: string, args: unknown[], opts?: CallOptions): Promise<T> {
    const res = await this.transport.call(op, args, opts);
    if (!res.ok) throw fromFailure(res.error, { PdfInputError });
    return res.value as T;
  }

  /** Text layer or OCR of a document of one or more files (read_text.ts), after the preflight checks. */
  text(files: DocumentFile[], opts: { maxPages?: number } = {}): Promise<DocumentText> {
    const plain = files.map((f) => ({ filename: f.filename, bytes: f.bytes }));
    return this.call("text", [plain, opts], { timeoutMs: this.textTimeoutMs });
  }

  pageCount(pdf: Uint8Array, name?: string): Promise<number> {
    return this.call("pageCount", [pdf, name]);
  }

  renderPdfPage(pdf: Uint8Array, page: number, scale = 2): Promise<Uint8Array> {
    return this.call("renderPdfPage", [pdf, page, scale]);
  }

  renderHtmlToPdf(html: string, opts: PageOptions = {}): Promise<Uint8Array> {
    return this.call("renderHtmlToPdf", [html, opts]);
  }

  /** Decodes an image in the sandbox: its format and size, or 400 invalid_file_type / 422 document_too_complex. */
  validateImage(bytes: Uint8Array): Promise<ImageInfo> {
    return this.call("validateImage", [bytes]);
  }

  /** OCR of one page image (the benchmark's unit). */
  ocr(image: Uint8Array): Promise<OcrPage> {
    return this.call("ocr", [image], { timeoutMs: this.textTimeoutMs });
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}
