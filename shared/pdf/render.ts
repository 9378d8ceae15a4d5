// HTML subset -> PDF: pages of a chosen size and margins, text in embedded subset fonts (selectable).
import { PDFDocument } from "pdf-lib";
import { type Block, facesUsed, htmlToBlocks, PdfInputError, textsOf } from "./blocks.ts";
import { FontSet } from "./fonts.ts";
import { embedImages, flow, layoutBlocks, type LayoutContext, type PageFrame } from "./layout.ts";
import { BASE_STYLE, type Style } from "./style.ts";
import { PAGE_SIZES } from "./page_sizes.ts";

export { PAGE_SIZES };
export const MAX_PAGES = 200;

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface PageOptions {
  pageSize?: keyof typeof PAGE_SIZES | { width: number; height: number };
  landscape?: boolean;
  /** Points; one number for all four sides. Default 54 (0.75 in). */
  margins?: number | Partial<Margins>;
  title?: string;
}

export function pageGeometry(o: PageOptions): { size: [number, number]; margins: Margins } {
  let size: [number, number] = typeof o.pageSize === "object"
    ? [o.pageSize.width, o.pageSize.height]
    : PAGE_SIZES[o.pageSize ?? "letter"];
  if (!size) {
    throw new PdfInputError(
      `Unknown page size "${o.pageSize}" (letter, a4, legal, a5 or {width, height} in points)`,
    );
  }
  if (o.landscape) size = [size[1], size[0]];
  const d = 54;
  const m = typeof o.margins === "number"
    ? { top: o.margins, right: o.margins, bottom: o.margins, left: o.margins }
    : { top: d, right: d, bottom: d, left: d, ...o.margins };
  if (size[0] - m.left - m.right < 72 || size[1] - m.top - m.bottom < 72) {
    throw new PdfInputError("Margins leave less than 1 inch of content area");
  }
  return { size, margins: m };
}

export async function newLayoutContext(doc: PDFDocument, blocks: Block[]): Promise<LayoutContext> {
  const fonts = new FontSet(doc);
  await fonts.shapeIfNeeded(textsOf(blocks));
  await fonts.load("regular", ...[...facesUsed(blocks)] as ("regular" | "bold" | "italic")[]);
  await fonts.loadCjk(textsOf(blocks));
  const ctx: LayoutContext = { doc, fonts, resolved: new Map() };
  await embedImages(blocks, ctx);
  return ctx;
}

/** Renders an HTML fragment or document to PDF bytes. Throws PdfInputError for input it refuses. */
export async function renderHtmlToPdf(
  html: string,
  opts: PageOptions = {},
  base: Style = BASE_STYLE,
): Promise<Uint8Array> {
  const { size, margins } = pageGeometry(opts);
  const blocks = htmlToBlocks(html, base);
  const doc = await PDFDocument.create();
  doc.setTitle(opts.title ?? (html.match(/<title>([^<]*)<\/title>/i)?.[1]?.trim() || "Document"));
  doc.setProducer("solar-lead-platform pdf-generator");
  doc.setLanguage("en-US");
  doc.setCreationDate(new Date());
  // The caller's own document (staff or a service): drawn as written; the templates' typed values arrive unlinkable
  // (templates.ts). Security pass 16: a partner's own `www.partner.example` was drawn with the one-dot leader.
  const ctx = { ...await newLayoutContext(doc, blocks), authored: true };
  const tooLong = `The document would have more than ${MAX_PAGES} pages`;
  const items = layoutBlocks(
    blocks,
    size[0] - margins.left - margins.right,
    ctx,
    MAX_PAGES * (size[1] - margins.top - margins.bottom),
    tooLong,
  );
  const newPage = (): PageFrame => {
    if (doc.getPageCount() >= MAX_PAGES) throw new PdfInputError(tooLong);
    return {
      page: doc.addPage(size),
      left: margins.left,
      width: size[0] - margins.left - margins.right,
      top: size[1] - margins.top,
      bottom: margins.bottom,
    };
  };
  flow(items, newPage);
  return await doc.save();
}
