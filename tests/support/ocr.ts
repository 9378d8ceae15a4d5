// Native OCR in tests: which engines this machine has, and a small page of bill-like text.
import { createCanvas } from "@napi-rs/canvas";
import { encodePgm, grayFromRgba } from "../../shared/documents/ocr_preprocess.ts";

/** Debian's libtesseract5 opens here (the FFI engine can read). */
export const libtesseractInstalled = (() => {
  try {
    Deno.dlopen("libtesseract.so.5", {}).close();
    return true;
  } catch {
    return false;
  }
})();

/** The `tesseract` CLI runs here. */
export const tesseractCliInstalled = await new Deno.Command("tesseract", {
  args: ["--version"],
  stdout: "null",
  stderr: "null",
}).output().then((o) => o.success, () => false);

/**
 * A page of 32 px text lines on white (an amount and a kWh reading by default), as the PNG a homeowner would
 * upload and as the PGM tesseract is given.
 */
export function textPage(lines = ["Total amount due 182.44 dollars", "Meter reading 40125 kWh"]) {
  const w = 900, h = Math.max(300, 80 + 80 * lines.length);
  const c = createCanvas(w, h);
  const ctx = c.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = "#000";
  ctx.font = "32px sans-serif";
  lines.forEach((t, i) => ctx.fillText(t, 40, 100 + 80 * i));
  return {
    png: new Uint8Array(c.toBuffer("image/png")),
    pgm: encodePgm(grayFromRgba(ctx.getImageData(0, 0, w, h).data, w, h)),
  };
}
