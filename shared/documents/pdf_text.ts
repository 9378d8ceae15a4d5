import type { getDocumentProxy } from "unpdf";
import { piecesToLines, type TextPiece } from "./text_layout.ts";
import { importLocalOnly } from "../runtime/local_only.ts";
import { type FilledBox, filledBoxes, printsValueAxis, type ShapeOps } from "./pdf_shapes.ts";
import { type StrokedPath, strokedPaths } from "./pdf_strokes.ts";
export type { FilledBox, StrokedPath, TextPiece };

export interface PdfPageText {
  page: number;
  /** Reading-order lines; none for a page without a text layer. */
  lines: string[];
  /** The page paints at least one image (a scan, when there is little or no text). */
  hasImages: boolean;
  /** The positioned text the lines were built from (points, y down), for readers of charts and tables. */
  pieces: TextPiece[];
  /**
   * The filled shapes (bars, boxes) of a page that prints a chart's value axis ("0 kWh … 1,950 kWh",
   * pdf_shapes.ts printsValueAxis), for charts whose bars carry no printed value; empty on other pages.
   */
  boxes: FilledBox[];
  /** The stroked lines of such a page (pdf_strokes.ts: a line chart drawn without markers); empty on other pages. */
  strokes: StrokedPath[];
}

export interface PdfText {
  pageCount: number;
  pages: PdfPageText[];
}

type PdfDoc = Awaited<ReturnType<typeof getDocumentProxy>>;

export async function openPdf(bytes: Uint8Array): Promise<PdfDoc> {
  // pdf.js may detach the buffer it is given: hand it a copy.
  // pdf.js (unpdf) loads with the first PDF, not with every process that may read one.
  const { getDocumentProxy } = await import("unpdf");
  return await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, verbosity: 0 });
}

/** The text layer of every page (up to maxPages) as layout-preserving lines. */
export async function extractPdfText(bytes: Uint8Array, opts: { maxPages?: number } = {}): Promise<PdfText> {
  const pdf = await openPdf(bytes);
  try {
    const count = Math.min(pdf.numPages, opts.maxPages ?? pdf.numPages);
    const pages: PdfPageText[] = [];
    for (let i = 1; i <= count; i++) {
      const page = await pdf.getPage(i);
      const height = page.getViewport({ scale: 1 }).height;
      const content = await page.getTextContent();
      const pieces: TextPiece[] = [];
      for (
        const it of content.items as { str?: string; transform: number[]; width: number; height: number }[]
      ) {
        if (!it.str?.trim()) continue;
        pieces.push({
          x: it.transform[4],
          y: height - it.transform[5],
          width: it.width,
          height: it.height || Math.abs(it.transform[3]),
          text: it.str,
        });
      }
      const lines = piecesToLines(pieces);
      const hasImages = lines.join("").length < 200 ? await paintsImage(page) : true;
      const { boxes, strokes } = printsValueAxis(pieces)
        ? await pageShapes(page, height)
        : { boxes: [], strokes: [] };
      pages.push({ page: i, lines, hasImages, pieces, boxes, strokes });
    }
    return { pageCount: pdf.numPages, pages };
  } finally {
    await pdf.destroy();
  }
}

async function paintsImage(page: { getOperatorList(): Promise<{ fnArray: number[] }> }): Promise<boolean> {
  const { getResolvedPDFJS } = await import("unpdf");
  const { OPS } = await getResolvedPDFJS();
  const ops = await page.getOperatorList();
  return ops.fnArray.some((f) =>
    f === OPS.paintImageXObject || f === OPS.paintInlineImageXObject || f === OPS.paintImageMaskXObject
  );
}

async function pageShapes(
  page: { getOperatorList(): Promise<{ fnArray: number[]; argsArray: unknown[] }> },
  height: number,
): Promise<{ boxes: FilledBox[]; strokes: StrokedPath[] }> {
  const { getResolvedPDFJS } = await import("unpdf");
  const { OPS } = await getResolvedPDFJS();
  const list = await page.getOperatorList();
  const ops = OPS as unknown as ShapeOps;
  return { boxes: filledBoxes(list, ops, height), strokes: strokedPaths(list, ops, height) };
}

/** Rasterises one page to PNG (for OCR of pages that have no text layer). */
export async function renderPdfPage(bytes: Uint8Array, pageNumber: number, scale = 2): Promise<Uint8Array> {
  const { renderPageAsImage } = await import("unpdf");
  const out = await renderPageAsImage(new Uint8Array(bytes), pageNumber, {
    canvasImport: () => importLocalOnly("./canvas.ts", import.meta.url, "page rendering"),
    scale,
  });
  return new Uint8Array(out);
}

export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  const pdf = await openPdf(bytes);
  try {
    return pdf.numPages;
  } finally {
    await pdf.destroy();
  }
}
