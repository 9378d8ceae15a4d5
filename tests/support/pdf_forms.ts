// Test input: one text PDF (a synthetic bill) turned into the forms real bills arrive in whose text layer lies, is
// missing or is turned (issue #11, docs/documents.md "PDFs whose text layer lies"): the page turned by /Rotate, the
// page's content drawn turned on a page turned back, a scan of the page under a small text stamp, the text reprinted
// with an embedded font whose ToUnicode map is wrong or missing, and the text drawn as vector outlines (no text).
// Used by tests/unit/documents/pdf_forms_test.ts and scripts/bench/pdf_forms.ts.
import {
  decodePDFRawStream,
  degrees,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  rgb,
  setTextRenderingMode,
  StandardFonts,
  TextRenderingMode,
} from "pdf-lib";
import { loadFontkit } from "../../shared/pdf/fontkit_loader.ts";
import { extractPdfText, renderPdfPage } from "../../shared/documents/pdf_text.ts";

export type PdfForm =
  | "rotated"
  | "turned"
  | "scanStamped"
  | "reprinted"
  | "privateUse"
  | "salad"
  | "outlined"
  | "poorOcrLayer";
export const PDF_FORMS: PdfForm[] = [
  "rotated",
  "turned",
  "scanStamped",
  "reprinted",
  "privateUse",
  "salad",
  "outlined",
  "poorOcrLayer",
];

const FONT = new URL("../../assets/fonts/DejaVuSans.ttf", import.meta.url);

/** The page turned by /Rotate (90, 180 or 270): the content as it was, shown turned. */
export async function rotatedPdf(bytes: Uint8Array, angle = 90): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes);
  for (const p of doc.getPages()) p.setRotation(degrees(angle));
  return await doc.save();
}

/**
 * The page's content drawn turned a quarter on a landscape page that /Rotate 270 shows upright (a scanner or
 * driver that rotates the drawing, not the page): the text runs up the page in its own coordinates.
 */
export async function turnedPdf(bytes: Uint8Array): Promise<Uint8Array> {
  const src = await PDFDocument.load(bytes);
  const doc = await PDFDocument.create();
  const embedded = await doc.embedPages(src.getPages());
  for (const e of embedded) {
    const page = doc.addPage([e.height, e.width]);
    page.drawPage(e, { x: e.height, y: 0, rotate: degrees(90) });
    page.setRotation(degrees(270));
  }
  return await doc.save();
}

/** Each page scanned (rendered to an image) under a text stamp of about 60 characters (a header, a received stamp). */
export async function scanStampedPdf(bytes: Uint8Array): Promise<Uint8Array> {
  const src = await PDFDocument.load(bytes);
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < src.getPageCount(); i++) {
    const { width, height } = src.getPage(i).getSize();
    const png = await doc.embedPng(await renderPdfPage(bytes, i + 1, 2));
    const page = doc.addPage([width, height]);
    page.drawImage(png, { x: 0, y: 0, width, height });
    page.drawText(`Scanned by Records Office 2026-03-14 page ${i + 1} ref 88213`, {
      x: 20,
      y: height - 10,
      size: 6,
      font,
      color: rgb(0.3, 0.3, 0.3),
    });
  }
  return await doc.save();
}

interface Piece {
  x: number;
  y: number;
  height: number;
  text: string;
}

async function pagesOf(bytes: Uint8Array): Promise<{ width: number; height: number; pieces: Piece[] }[]> {
  const src = await PDFDocument.load(bytes);
  const text = await extractPdfText(bytes);
  return text.pages.map((p, i) => ({ ...src.getPage(i).getSize(), pieces: p.pieces }));
}

/** The text (only) reprinted with an embedded TrueType font subset at the same places. */
export async function reprintedPdf(bytes: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(await loadFontkit());
  const font = await doc.embedFont(await Deno.readFile(FONT), { subset: true });
  for (const p of await pagesOf(bytes)) {
    const page = doc.addPage([p.width, p.height]);
    for (const t of p.pieces) page.drawText(t.text, { x: t.x, y: p.height - t.y, size: t.height || 8, font });
  }
  return await doc.save();
}

/**
 * As reprintedPdf, with each font's ToUnicode map replaced by one that maps every glyph into the private-use area
 * (what pdf.js reads from a font whose codes a generator renumbered without a usable map): the page looks right,
 * its text layer is not text.
 */
export async function privateUsePdf(bytes: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await reprintedPdf(bytes));
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict)) continue;
    const ref = obj.get(PDFName.of("ToUnicode"));
    if (!ref) continue;
    const cmap = [
      "/CIDInit /ProcSet findresource begin 12 dict begin begincmap",
      "/CMapName /Garbled def /CMapType 2 def",
      "1 begincodespacerange <0000> <FFFF> endcodespacerange",
      "1 beginbfrange <0000> <0FFF> <E000> endbfrange",
      "endcmap CMapName currentdict /CMap defineresource pop end end",
    ].join("\n");
    const stream = doc.context.flateStream(cmap);
    obj.set(PDFName.of("ToUnicode"), doc.context.register(stream));
  }
  return await doc.save();
}

/**
 * As reprintedPdf, with each font's ToUnicode map shifting every letter three places in its case and mapping every
 * digit to a letter (a custom encoding read as if it were the standard one): a text layer of letter salad.
 */
export async function saladPdf(bytes: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await reprintedPdf(bytes));
  const shift = (u: number) =>
    u >= 0x61 && u <= 0x7a
      ? 0x61 + (u - 0x61 + 3) % 26
      : u >= 0x41 && u <= 0x5a
      ? 0x41 + (u - 0x41 + 3) % 26
      : u >= 0x30 && u <= 0x39
      ? 0x67 + u - 0x30
      : u;
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict)) continue;
    const ref = obj.get(PDFName.of("ToUnicode"));
    const stream = ref && doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) continue;
    const cmap = new TextDecoder().decode(decodePDFRawStream(stream).decode()).replace(
      /<([0-9A-Fa-f]{4})> <([0-9A-Fa-f]{4})>/g,
      (_, code: string, u: string) => `<${code}> <${shift(parseInt(u, 16)).toString(16).padStart(4, "0")}>`,
    );
    obj.set(PDFName.of("ToUnicode"), doc.context.register(doc.context.flateStream(cmap)));
  }
  return await doc.save();
}

/** Look-alikes a poor OCR engine reads for these characters. */
const LOOK_ALIKE: Record<string, string> = {
  o: "0",
  O: "0",
  l: "1",
  I: "l",
  e: "c",
  a: "@",
  s: "$",
  S: "5",
  i: "!",
  B: "8",
  "0": "O",
  "1": "l",
  "5": "S",
  "8": "B",
  g: "9",
  t: "+",
  n: "ri",
  m: "rn",
  u: "v",
  h: "b",
};

/**
 * Each page scanned (rendered to an image) under an invisible text layer of what a poor OCR engine read: the
 * page's text with a look-alike for about one character in three (a "searchable" scan from a cheap scanner).
 */
export async function poorOcrLayerPdf(bytes: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  let seed = 12345;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const misread = (t: string) =>
    [...t].map((c) => LOOK_ALIKE[c] && random() < 0.35 ? LOOK_ALIKE[c] : c).join("");
  const pages = await pagesOf(bytes);
  for (const [i, p] of pages.entries()) {
    const png = await doc.embedPng(await renderPdfPage(bytes, i + 1, 2));
    const page = doc.addPage([p.width, p.height]);
    page.drawImage(png, { x: 0, y: 0, width: p.width, height: p.height });
    page.pushOperators(setTextRenderingMode(TextRenderingMode.Invisible));
    for (const t of p.pieces) {
      page.drawText(misread(t.text), { x: t.x, y: p.height - t.y, size: t.height || 8, font });
    }
  }
  return await doc.save();
}

/** The text drawn as filled glyph outlines (a "print to PDF" that turns text into curves): no text layer at all. */
export async function outlinedPdf(bytes: Uint8Array): Promise<Uint8Array> {
  const fontkit = await loadFontkit();
  const face = fontkit.create(await Deno.readFile(FONT)) as unknown as {
    unitsPerEm: number;
    layout(s: string): {
      glyphs: { path: { scale(x: number, y: number): unknown } }[];
      positions: { xAdvance: number }[];
    };
  };
  const doc = await PDFDocument.create();
  for (const p of await pagesOf(bytes)) {
    const page = doc.addPage([p.width, p.height]);
    for (const t of p.pieces) {
      const size = t.height || 8;
      const k = size / face.unitsPerEm;
      const run = face.layout(t.text);
      let x = t.x;
      run.glyphs.forEach((g, i) => {
        // glyph outlines are y-up in font units; drawSvgPath's SVG space is y-down from (0, page height)
        const path = (g.path as {
          scale(x: number, y: number): { translate(x: number, y: number): { toSVG(): string } };
        })
          .scale(k, -k).translate(x, t.y).toSVG();
        if (path) page.drawSvgPath(path, { x: 0, y: p.height, color: rgb(0, 0, 0) });
        x += run.positions[i].xAdvance * k;
      });
    }
  }
  return await doc.save();
}

/** The form named, built from a text PDF. */
export function pdfForm(form: PdfForm, bytes: Uint8Array): Promise<Uint8Array> {
  switch (form) {
    case "rotated":
      return rotatedPdf(bytes);
    case "turned":
      return turnedPdf(bytes);
    case "scanStamped":
      return scanStampedPdf(bytes);
    case "reprinted":
      return reprintedPdf(bytes);
    case "privateUse":
      return privateUsePdf(bytes);
    case "salad":
      return saladPdf(bytes);
    case "poorOcrLayer":
      return poorOcrLayerPdf(bytes);
    case "outlined":
      return outlinedPdf(bytes);
  }
}
