import { sniffFileType } from "./sniff.ts";
import { importLocalOnly } from "../runtime/local_only.ts";
import { extractPdfText, renderPdfPage } from "./pdf_text.ts";
import type { TextPiece } from "./text_layout.ts";

export interface DocumentFile {
  filename: string;
  bytes: Uint8Array;
}

export interface DocumentPage {
  file: string;
  page: number;
  source: "text" | "ocr";
  lines: string[];
  /** Positioned words or text items (PDF points for text pages, pixels for OCR). */
  pieces: TextPiece[];
}

export interface DocumentText {
  pages: DocumentPage[];
  /** All lines of all pages, in order. */
  text: string;
}

// OCR (tesseract.js, worker threads, WASM) and rasterising (native canvas) load only when a page needs
// them, so text-PDF extraction also runs where those cannot (e.g. an edge runtime).
// (the shape of ocr.ts ocrImage, declared here so no import, not even a type one, points the graph at ocr.ts)
type OcrImage = (bytes: Uint8Array) => Promise<{ lines: string[]; pieces: TextPiece[]; confidence: number }>;
const ocrImage = async (bytes: Uint8Array) =>
  (await importLocalOnly<{ ocrImage: OcrImage }>("./ocr.ts", import.meta.url, "OCR")).ocrImage(bytes);

// A page with fewer characters than this in its text layer, that paints an image, is a scan: OCR it.
const MIN_TEXT_CHARS = 40;

/**
 * Text of one document made of one or more files (a multi-page PDF, or several page images): the PDF
 * text layer where there is one, OCR for images and for PDF pages without a text layer.
 */
export async function documentText(files: DocumentFile[], opts: { maxPages?: number } = {}): Promise<DocumentText> {
  const pages: DocumentPage[] = [];
  for (const f of files) {
    const kind = sniffFileType(f.bytes);
    if (kind === "pdf") {
      const pdf = await extractPdfText(f.bytes, { maxPages: opts.maxPages });
      for (const pg of pdf.pages) {
        if (pg.lines.join("").replace(/\s/g, "").length >= MIN_TEXT_CHARS || !pg.hasImages) {
          pages.push({ file: f.filename, page: pg.page, source: "text", lines: pg.lines, pieces: pg.pieces });
        } else {
          const png = await renderPdfPage(f.bytes, pg.page);
          const ocr = await ocrImage(png);
          pages.push({ file: f.filename, page: pg.page, source: "ocr", lines: ocr.lines, pieces: ocr.pieces });
        }
      }
    } else if (kind === "png" || kind === "jpeg") {
      const ocr = await ocrImage(f.bytes);
      pages.push({ file: f.filename, page: 1, source: "ocr", lines: ocr.lines, pieces: ocr.pieces });
    } else {
      throw new Error(`${f.filename} is not a PDF, PNG or JPEG file`);
    }
  }
  return { pages, text: pages.map((p) => p.lines.join("\n")).join("\n") };
}
