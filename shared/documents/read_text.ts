import { sniffFileType } from "./sniff.ts";
import { EngineUnavailable, importLocalOnly } from "../runtime/local_only.ts";
import { extractPdfText, renderPdfPage } from "./pdf_text.ts";
import { pageReading, pickReading } from "./pdf_page_read.ts";
import type { TextPiece } from "./text_layout.ts";
import type { FilledBox } from "./pdf_shapes.ts";
import type { StrokedPath } from "./pdf_strokes.ts";

// Reads a document's text IN THIS PROCESS: only a document worker (engine/worker_main.ts) runs this, after
// the engine's preflight checks; services call documentText() in document_text.ts.

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
  /** Text pages that print a chart's value axis: the page's filled shapes (pdf_shapes.ts), for bars without values. */
  boxes?: FilledBox[];
  /** Such a page's stroked lines (pdf_strokes.ts), for a line chart drawn without markers. */
  strokes?: StrokedPath[];
  /**
   * OCR pages: the size of a pixel in points (the page taken as 8.5 inches across), for readers whose limits are in
   * points (a scan's chart shapes, found in its pixels: `boxes`, chart_raster.ts).
   */
  pixelPoints?: number;
}

export interface DocumentText {
  pages: DocumentPage[];
  /** All lines of all pages, in order. */
  text: string;
}

// OCR (native tesseract or tesseract.js with worker threads and WASM) loads only when a page needs it, through
// a specifier bundlers do not follow, so text-PDF extraction also runs where it cannot (an edge function): there
// a scanned page is 503 not_configured. The shape of ocr.ts's ocrImage is declared here for the same reason.
type OcrImage = (
  bytes: Uint8Array,
) => Promise<
  {
    lines: string[];
    pieces: TextPiece[];
    confidence: number;
    boxes?: FilledBox[];
    strokes?: StrokedPath[];
    pixelPoints: number;
  }
>;
const ocrImage = async (bytes: Uint8Array) =>
  (await importLocalOnly<{ ocrImage: OcrImage }>("./ocr.ts", import.meta.url, "OCR")).ocrImage(bytes);

/**
 * Text of one document made of one or more files (a multi-page PDF, or several page images): the PDF
 * text layer where there is one that reads as text, OCR for images and for PDF pages without a usable text layer
 * (a scan, a scan under a small stamp or header, text drawn as outlines, a font whose text layer is not text:
 * pdf_page_read.ts pageReading; where both are read, the better one is kept, pickReading).
 */
export async function readDocumentText(
  files: DocumentFile[],
  opts: { maxPages?: number } = {},
): Promise<DocumentText> {
  const pages: DocumentPage[] = [];
  for (const f of files) {
    const kind = sniffFileType(f.bytes);
    if (kind === "pdf") {
      const pdf = await extractPdfText(f.bytes, { maxPages: opts.maxPages });
      for (const pg of pdf.pages) {
        const how = pageReading(pg.lines, pg.paint);
        const ocr = how === "text" ? undefined : await pageOcr(f.bytes, pg.page, how === "both");
        if (ocr && (how === "ocr" || pickReading(pg.lines, ocr.lines) === "ocr")) {
          pages.push({
            file: f.filename,
            page: pg.page,
            ...ocrPage(ocr),
          });
        } else {
          const boxes = pg.boxes.length ? { boxes: pg.boxes } : {};
          const strokes = pg.strokes.length ? { strokes: pg.strokes } : {};
          pages.push({
            file: f.filename,
            page: pg.page,
            source: "text",
            lines: pg.lines,
            pieces: pg.pieces,
            ...boxes,
            ...strokes,
          });
        }
      }
    } else if (kind === "png" || kind === "jpeg") {
      const ocr = await ocrImage(f.bytes);
      pages.push({ file: f.filename, page: 1, ...ocrPage(ocr) });
    } else {
      throw new Error(`${f.filename} is not a PDF, PNG or JPEG file`);
    }
  }
  return { pages, text: pages.map((p) => p.lines.join("\n")).join("\n") };
}

/** An OCR reading's page fields: its lines and words, and the chart shapes found in its pixels, if any. */
function ocrPage(ocr: Awaited<ReturnType<OcrImage>>): Omit<DocumentPage, "file" | "page"> {
  const shapes = ocr.boxes?.length ? { boxes: ocr.boxes, pixelPoints: ocr.pixelPoints } : {};
  // a line chart traced in the pixels (chart_raster_lines.ts)
  const strokes = ocr.strokes?.length ? { strokes: ocr.strokes, pixelPoints: ocr.pixelPoints } : {};
  return { source: "ocr", lines: ocr.lines, pieces: ocr.pieces, ...shapes, ...strokes };
}

/**
 * A PDF page rendered and read by OCR. `optional` (the page has a text layer too): where this deployment has no
 * OCR or renderer (an edge function), the text layer is read instead of answering 503.
 */
async function pageOcr(bytes: Uint8Array, page: number, optional: boolean) {
  try {
    return await ocrImage(await renderPdfPage(bytes, page));
  } catch (e) {
    if (optional && e instanceof EngineUnavailable) return undefined;
    throw e;
  }
}
