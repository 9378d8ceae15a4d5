// Makes a "scanned" image of a PDF page: rendered at 150 dpi, slightly rotated, speckled, grey paper.
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { renderPdfPage } from "../../shared/documents/pdf_text.ts";
import type { Rng } from "./random_bill.ts";

export async function scanPage(
  pdf: Uint8Array,
  page: number,
  r: Rng,
  format: "png" | "jpeg",
): Promise<Uint8Array> {
  const png = await renderPdfPage(pdf, page, 150 / 72);
  const img = await loadImage(png);
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = `rgb(${r.int(232, 246)},${r.int(232, 246)},${r.int(228, 242)})`;
  ctx.fillRect(0, 0, img.width, img.height);
  ctx.translate(img.width / 2, img.height / 2);
  ctx.rotate(((r.next() - 0.5) * 2.4 * Math.PI) / 180); // up to ±1.2°
  ctx.translate(-img.width / 2 + r.int(-8, 8), -img.height / 2 + r.int(-8, 8));
  ctx.globalCompositeOperation = "multiply";
  ctx.drawImage(img, 0, 0);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalCompositeOperation = "source-over";
  // dust and toner specks
  for (let i = 0; i < 900; i++) {
    const g = r.int(40, 160);
    ctx.fillStyle = `rgba(${g},${g},${g},${0.25 + r.next() * 0.5})`;
    ctx.fillRect(r.int(0, img.width), r.int(0, img.height), r.int(1, 2), r.int(1, 2));
  }
  return format === "png"
    ? new Uint8Array(canvas.toBuffer("image/png"))
    : new Uint8Array(canvas.toBuffer("image/jpeg", 72));
}
