import assert from "node:assert/strict";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { extractPdfText } from "../../../shared/documents/pdf_text.ts";
import { documentText } from "../../../shared/documents/document_text.ts";
import { closeOcr } from "../../../shared/documents/ocr.ts";

Deno.test("extractPdfText keeps the layout: columns become cells, pages stay apart", async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const p1 = doc.addPage([612, 792]);
  p1.drawText("Account Number:", { x: 40, y: 700, size: 10, font });
  p1.drawText("4410 2235 19", { x: 300, y: 700, size: 10, font });
  p1.drawText("Amount Due", { x: 40, y: 680, size: 10, font });
  const p2 = doc.addPage([612, 792]);
  p2.drawText("Page two", { x: 40, y: 700, size: 10, font });
  const text = await extractPdfText(await doc.save());
  assert.equal(text.pageCount, 2);
  assert.deepEqual(text.pages[0].lines, ["Account Number:   4410 2235 19", "Amount Due"]);
  assert.deepEqual(text.pages[1].lines, ["Page two"]);
  assert.equal(text.pages[0].pieces.find((p) => p.text === "4410 2235 19")?.x, 300);
});

Deno.test("documentText OCRs a PDF page that is only a scanned image, and reads several files as one document", async () => {
  try {
    const scan = await Deno.readFile(new URL("../../fixtures/bills/synthetic/aps-04.png", import.meta.url));
    const doc = await PDFDocument.create();
    const png = await doc.embedPng(scan);
    doc.addPage([612, 792]).drawImage(png, { x: 0, y: 0, width: 612, height: 792 });
    const scannedPdf = await doc.save();
    const text = await documentText([
      { filename: "scan.pdf", bytes: scannedPdf },
      {
        filename: "extra.pdf",
        bytes: await Deno.readFile(new URL("../../fixtures/bills/synthetic/aps-01.pdf", import.meta.url)),
      },
    ]);
    assert.deepEqual(text.pages.map((p) => [p.file, p.source]), [["scan.pdf", "ocr"], ["extra.pdf", "text"]]);
    assert.match(text.pages[0].lines.join("\n"), /Arizona Public Service/);
    assert.match(text.pages[0].lines.join("\n"), /Billing period/i);
  } finally {
    await closeOcr();
  }
});

Deno.test("pageSkew measures a scan's tilt from word boxes (median of lines, ignores short lines)", async () => {
  const { pageSkew } = await import("../../../shared/documents/ocr.ts");
  const line = (y: number, slope: number) =>
    [0, 100, 200, 300].map((x) => ({
      x0: x,
      x1: x + 60,
      y0: y + slope * (x + 30) - 5,
      y1: y + slope * (x + 30) + 5,
    }));
  assert.ok(
    Math.abs(
      pageSkew([line(100, 0.02), line(140, 0.02), line(180, 0.021), [{ x0: 0, x1: 5, y0: 0, y1: 90 }]]) -
        0.02,
    ) < 1e-3,
  );
  assert.equal(pageSkew([line(100, 0.5)]), 0, "a steep 'slope' is not a scan's tilt: left alone");
  assert.equal(pageSkew([]), 0);
});

Deno.test("malformed image headers are refused in plain code (the native decoder segfaulted the whole process on them)", async () => {
  const { imageSize } = await import("../../../shared/documents/image_size.ts");
  const { ocrImage, closeOcr } = await import("../../../shared/documents/ocr.ts");
  const jpeg = await Deno.readFile(new URL("../../fixtures/bills/synthetic/aps-08.jpg", import.meta.url));
  const png = await Deno.readFile(new URL("../../fixtures/bills/synthetic/aps-04.png", import.meta.url));
  assert.deepEqual(imageSize(png), { width: 1275, height: 1650 });
  assert.deepEqual(imageSize(jpeg), { width: 1275, height: 1650 });
  const bad = [
    new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new TextEncoder().encode("garbage")]), // JPEG magic, then junk
    jpeg.slice(0, 20), // a JPEG cut before its frame header
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new TextEncoder().encode("garbage")]), // PNG magic, then junk
    png.slice(0, 40).map((v, i) => (i >= 16 && i < 24 ? 0 : v)), // a PNG of 0 x 0 pixels
  ];
  try {
    for (const b of bad) {
      assert.equal(imageSize(b), undefined);
      await assert.rejects(ocrImage(b), /could not be read/);
    }
  } finally {
    await closeOcr();
  }
});
