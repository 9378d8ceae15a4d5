// The engine's built-in operations, run in the worker's own process. Each one checks its input against
// the limits first (preflight.ts), so no decoder sees an image or stream over them. Domains add their own
// operations through registry.ts.
import type { PageOptions } from "../../pdf/render.ts";
import type { DocumentFile, DocumentText } from "../read_text.ts";
import { sniffFileType } from "../sniff.ts";
import { importLocalOnly } from "../../runtime/local_only.ts";
import { DocumentTooComplex, PasswordProtected, UnreadableDocument } from "./errors.ts";
import { documentLimits } from "./limits.ts";
import { checkImage, checkPdf } from "./preflight.ts";

export interface ImageInfo {
  format: "png" | "jpeg";
  width: number;
  height: number;
}

export interface OcrPage {
  lines: string[];
  confidence: number;
  engine: string;
  ms: number;
}

const limits = documentLimits();

async function pageCountOf(pdf: Uint8Array, name: string): Promise<number> {
  checkPdf(pdf, limits, name);
  const { pdfPageCount } = await import("../pdf_text.ts");
  let n: number;
  try {
    n = await pdfPageCount(pdf);
  } catch (e) {
    // pdf.js's PasswordException: not a broken file, one the homeowner can save again without its password.
    if ((e as Error)?.name === "PasswordException") {
      throw new PasswordProtected(`${name} is protected by a password; upload a copy without one`);
    }
    throw new UnreadableDocument(`${name} is not a readable PDF`);
  }
  if (n > limits.maxPdfPages) {
    throw new DocumentTooComplex(`${name} has ${n} pages; the limit is ${limits.maxPdfPages}`);
  }
  return n;
}

function preflight(files: DocumentFile[]): void {
  for (const f of files) {
    const kind = sniffFileType(f.bytes);
    if (kind === "pdf") checkPdf(f.bytes, limits, f.filename);
    else if (kind === "png" || kind === "jpeg") checkImage(f.bytes, limits, f.filename);
    else throw new UnreadableDocument(`${f.filename} is not a PDF, PNG or JPEG file`);
  }
}

/**
 * Decodes the image fully: the native decoder where this deployment has it (not in an edge function), and
 * always pdf-lib's, which is the one the report renderer uses.
 */
async function validateImage(bytes: Uint8Array): Promise<ImageInfo> {
  const size = checkImage(bytes, limits);
  const format = sniffFileType(bytes) as "png" | "jpeg";
  const canvas = await importLocalOnly<
    { loadImage(b: Uint8Array): Promise<{ width: number; height: number }> }
  >(
    "../canvas.ts",
    import.meta.url,
    "image decoding",
  ).catch(() => undefined);
  if (canvas) {
    const img = await canvas.loadImage(bytes).catch(() => undefined);
    if (!img || img.width !== size.width || img.height !== size.height) {
      throw new UnreadableDocument("the image could not be decoded");
    }
  }
  const { PDFDocument } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  try {
    await (format === "png" ? doc.embedPng(bytes) : doc.embedJpg(bytes));
  } catch {
    throw new UnreadableDocument("the image could not be decoded");
  }
  return { format, ...size };
}

/**
 * A PNG/JPEG data: URI only when its header is within the limits (for an operation that embeds a stored
 * image, such as a report's logo: a bad one is left off, not decoded); null otherwise.
 */
export function safeImageDataUri(uri: string | null | undefined, label = "The image"): string | null {
  const m = uri?.match(/^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=]+)$/i);
  if (!m) return null;
  try {
    checkImage(Uint8Array.from(atob(m[2]), (c) => c.charCodeAt(0)), limits, label);
    return uri!;
  } catch (e) {
    console.error(`${label.toLowerCase()} left off: ${(e as Error).message}`);
    return null;
  }
}

export const ops = {
  async text(files: DocumentFile[], opts: { maxPages?: number } = {}): Promise<DocumentText> {
    preflight(files);
    const { readDocumentText } = await import("../read_text.ts");
    return await readDocumentText(files, opts);
  },
  pageCount: (pdf: Uint8Array, name?: string | null) => pageCountOf(pdf, name ?? "The PDF"),
  async renderPdfPage(pdf: Uint8Array, page: number, scale = 2): Promise<Uint8Array> {
    checkPdf(pdf, limits);
    const { renderPdfPage } = await import("../pdf_text.ts");
    return await renderPdfPage(pdf, page, scale);
  },
  async renderHtmlToPdf(html: string, opts: PageOptions = {}): Promise<Uint8Array> {
    const { renderHtmlToPdf } = await import("../../pdf/render.ts");
    return await renderHtmlToPdf(html, opts);
  },
  validateImage,
  async ocr(image: Uint8Array): Promise<OcrPage> {
    checkImage(image, limits);
    const { ocrImage, ocrEngine } = await importLocalOnly<{
      ocrImage(b: Uint8Array): Promise<{ lines: string[]; confidence: number }>;
      ocrEngine(): Promise<string>;
    }>("../ocr.ts", import.meta.url, "OCR");
    const t0 = performance.now();
    const r = await ocrImage(image);
    return {
      lines: r.lines,
      confidence: r.confidence,
      engine: await ocrEngine(),
      ms: performance.now() - t0,
    };
  },
};

export type Ops = typeof ops;
export type OpName = keyof Ops;
