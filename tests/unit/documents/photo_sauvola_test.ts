// A phone photo's page read a second time with Sauvola's local threshold (shared/documents/ocr.ts,
// PHOTO_SAUVOLA): the paper's grain and JPEG blotches, left after flattening, break tesseract's page layout
// under its global threshold on some pages. A committed synthetic phone photo (tests/fixtures/bills/
// photos_synthetic, made by scripts/bills/make_phone_photos.ts) and the text of the PDF it was made from;
// real tesseract.
import assert from "node:assert/strict";
import { closeOcr, ocrImage } from "../../../shared/documents/ocr.ts";
import { extractPdfText } from "../../../shared/documents/pdf_text.ts";

/** The words holding a digit on the PDF's page, and how many of them the OCR of the photo read exactly. */
async function digitRecall(pdfFile: string, page: number, photoFile: string): Promise<[number, number]> {
  const pdf = await extractPdfText(await Deno.readFile(pdfFile));
  const want = pdf.pages[page - 1].lines.join(" ").split(/\s+/).filter((w) => /\d/.test(w));
  const r = await ocrImage(await Deno.readFile(photoFile));
  const got = new Map<string, number>();
  for (const w of r.lines.join(" ").split(/\s+/)) got.set(w, (got.get(w) ?? 0) + 1);
  let n = 0;
  for (const w of want) {
    const k = got.get(w) ?? 0;
    if (k) got.set(w, k - 1), n++;
  }
  return [n, want.length];
}

Deno.test({
  name: "ocrImage (real tesseract): a phone photo's figures read with the better of two thresholds",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    try {
      const [n, of] = await digitRecall(
        "tests/fixtures/bills/synthetic/psegli-02.pdf",
        1,
        "tests/fixtures/bills/photos_synthetic/psegli-02-p1.jpg",
      );
      // 10 of 26 with the global threshold alone, 15 with the better reading kept
      assert.ok(n >= 14, `${n} of ${of} figures read`);
    } finally {
      await closeOcr();
    }
  },
});
