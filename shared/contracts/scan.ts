// Makes a "scanned" copy of a generated contract for the test corpus: each page rasterised, turned a little,
// speckled, and saved as a JPEG, so the embedded reader's OCR path is measured too.
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { pdfPageCount, renderPdfPage } from "../documents/pdf_text.ts";

export async function scanContract(pdf: Uint8Array, seed: number): Promise<Uint8Array[]> {
  let x = seed >>> 0 || 1;
  const rnd = () => ((x = (x * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  const pages: Uint8Array[] = [];
  const n = await pdfPageCount(pdf);
  for (let i = 1; i <= n; i++) {
    const img = await loadImage(await renderPdfPage(pdf, i, 2));
    const canvas = createCanvas(img.width, img.height);
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#f4f1ea";
    ctx.fillRect(0, 0, img.width, img.height);
    ctx.translate(img.width / 2, img.height / 2);
    ctx.rotate((rnd() - 0.5) * 0.02);
    ctx.drawImage(img, -img.width / 2, -img.height / 2);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = "rgba(60,60,60,0.5)";
    for (let k = 0; k < 1500; k++) {
      ctx.fillRect(rnd() * img.width, rnd() * img.height, 1 + rnd() * 2, 1 + rnd() * 2);
    }
    pages.push(new Uint8Array(await canvas.encode("jpeg", 80)));
  }
  return pages;
}
