import type { getDocumentProxy } from "unpdf";
import { piecesToLines, type TextPiece } from "./text_layout.ts";
import { importLocalOnly } from "../runtime/local_only.ts";
import { type FilledBox, filledBoxes, printsValueAxis, type ShapeOps } from "./pdf_shapes.ts";
import { type StrokedPath, strokedPaths } from "./pdf_strokes.ts";
import { paintedOn, type PaintOps } from "./pdf_paint.ts";
import { type PaintFacts, SCAN_TEXT, SMALL_TEXT_CHARS, textQuality } from "./pdf_page_read.ts";
export type { FilledBox, StrokedPath, TextPiece };

export interface PdfPageText {
  page: number;
  /** Reading-order lines; none for a page without a text layer. */
  lines: string[];
  /** The page paints at least one image (a scan, when there is little or no text); true when not looked at. */
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
  /** What a page with a small text layer paints besides text (pdf_paint.ts); absent on pages of much text. */
  paint?: PaintFacts;
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

/**
 * The text layer of every page (up to maxPages) as layout-preserving lines. Positions are taken in the page's own
 * box (MediaBox/CropBox offsets removed) and in the direction most of its text runs: a page whose content is drawn
 * turned a quarter (a driver that rotates the drawing and turns the page back with /Rotate) reads line by line as
 * an upright one (readingFrame). A page with little text also gets what else it paints (paintFacts), for
 * pdf_page_read.ts to tell a scan under a stamp or text drawn as outlines from a page that is only text.
 */
export async function extractPdfText(bytes: Uint8Array, opts: { maxPages?: number } = {}): Promise<PdfText> {
  const pdf = await openPdf(bytes);
  try {
    const count = Math.min(pdf.numPages, opts.maxPages ?? pdf.numPages);
    const pages: PdfPageText[] = [];
    for (let i = 1; i <= count; i++) {
      const page = await pdf.getPage(i);
      const view = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      const items = (content.items as { str?: string; transform: number[]; width: number; height: number }[])
        .filter((it) => it.str?.trim());
      const frame = readingFrame(items, view);
      const pieces: TextPiece[] = items.map((it) => ({
        ...frame.place(it.transform[4], it.transform[5]),
        width: it.width,
        height: it.height || Math.hypot(it.transform[2], it.transform[3]),
        text: it.str!,
      }));
      const lines = piecesToLines(pieces);
      const chars = lines.join("").replace(/\s/g, "").length;
      const paint = chars < SMALL_TEXT_CHARS || textQuality(lines) < SCAN_TEXT
        ? await paintFacts(page, view)
        : undefined;
      const hasImages = paint?.hasImages ?? true;
      const { boxes, strokes } = frame.upright && printsValueAxis(pieces)
        ? await pageShapes(page, view)
        : { boxes: [], strokes: [] };
      pages.push({ page: i, lines, hasImages, pieces, boxes, strokes, ...(paint ? { paint } : {}) });
    }
    return { pageCount: pdf.numPages, pages };
  } finally {
    await pdf.destroy();
  }
}

/**
 * The frame the page's text reads in: the quarter turn most of its characters run in (0 on nearly every page), and
 * how to place a text origin in it (points from the page box's top-left corner, y down).
 */
export function readingFrame(
  items: { str?: string; transform: number[] }[],
  view: [number, number, number, number],
): { upright: boolean; place(e: number, f: number): { x: number; y: number } } {
  const weight = [0, 0, 0, 0];
  for (const it of items) {
    const a = Math.atan2(it.transform[1], it.transform[0]);
    if (Number.isFinite(a)) weight[((Math.round(a / (Math.PI / 2)) % 4) + 4) % 4] += it.str?.length ?? 0;
  }
  const q = weight.indexOf(Math.max(...weight));
  const [c, s] = [[1, 0], [0, 1], [-1, 0], [0, -1]][q];
  const corners = [[view[0], view[1]], [view[2], view[1]], [view[0], view[3]], [view[2], view[3]]];
  const left = Math.min(...corners.map(([x, y]) => x * c + y * s));
  const top = Math.max(...corners.map(([x, y]) => -x * s + y * c));
  return { upright: q === 0, place: (e, f) => ({ x: e * c + f * s - left, y: top - (-e * s + f * c) }) };
}

/** Operators of a page's list looked at for its paint facts. */
const MAX_PAINT_OPS = 200_000;

async function paintFacts(
  page: { getOperatorList(): Promise<{ fnArray: number[]; argsArray: unknown[] }> },
  view: [number, number, number, number],
): Promise<PaintFacts> {
  const { getResolvedPDFJS } = await import("unpdf");
  const { OPS } = await getResolvedPDFJS();
  return paintedOn(await page.getOperatorList(), OPS as unknown as PaintOps, view, MAX_PAINT_OPS);
}

async function pageShapes(
  page: { getOperatorList(): Promise<{ fnArray: number[]; argsArray: unknown[] }> },
  view: [number, number, number, number],
): Promise<{ boxes: FilledBox[]; strokes: StrokedPath[] }> {
  const { getResolvedPDFJS } = await import("unpdf");
  const { OPS } = await getResolvedPDFJS();
  const list = await page.getOperatorList();
  const ops = OPS as unknown as ShapeOps;
  // in the page box, as the text pieces (readingFrame): a box that does not start at 0,0 moves neither
  return {
    boxes: filledBoxes(list, ops, view[3]).map((b) => ({ ...b, x: b.x - view[0] })),
    strokes: strokedPaths(list, ops, view[3]).map((p) => ({
      points: p.points.map((q) => ({ ...q, x: q.x - view[0] })),
    })),
  };
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
