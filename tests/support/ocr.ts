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

/** A white canvas of `w`×`h` to draw on, and its pixels as the PNG a homeowner uploads and the PGM tesseract is given. */
function whitePage(w: number, h: number) {
  const c = createCanvas(w, h);
  const ctx = c.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, w, h);
  const images = () => ({
    png: new Uint8Array(c.toBuffer("image/png")),
    pgm: encodePgm(grayFromRgba(ctx.getImageData(0, 0, w, h).data, w, h)),
  });
  return { ctx, images };
}

/**
 * A page of 32 px text lines on white (an amount and a kWh reading by default), as the PNG a homeowner would
 * upload and as the PGM tesseract is given.
 */
export function textPage(lines = ["Total amount due 182.44 dollars", "Meter reading 40125 kWh"]) {
  const { ctx, images } = whitePage(900, Math.max(300, 80 + 80 * lines.length));
  ctx.fillStyle = "#000";
  ctx.font = "32px sans-serif";
  lines.forEach((t, i) => ctx.fillText(t, 40, 100 + 80 * i));
  return images();
}

/**
 * A page with a table header in white on a dark blue band (as many bills print one) over its row, and with
 * `banner` a total in light grey on a dark grey banner below; as the PNG and the PGM (its grey pixels as they
 * are: the bands not inverted).
 */
export function bandPage(banner = false) {
  const { ctx, images } = whitePage(1275, banner ? 700 : 500);
  ctx.fillStyle = "#000";
  ctx.font = "22px sans-serif";
  ctx.fillText("Account Number 4417 2290 55   Statement Date March 3, 2025", 60, 80);
  ctx.fillStyle = "#1d2f5a";
  ctx.fillRect(40, 200, 1195, 44);
  ctx.fillStyle = "#fff";
  ctx.font = "bold 22px sans-serif";
  ["SERVICE PERIOD", "METER NUMBER", "TOTAL KWH USED", "AMOUNT DUE"].forEach((t, i) =>
    ctx.fillText(t, 60 + i * 300, 230)
  );
  ctx.fillStyle = "#000";
  ctx.font = "22px sans-serif";
  ["Feb 1 - Mar 1", "Z88123", "1,059", "$182.44"].forEach((t, i) => ctx.fillText(t, 60 + i * 300, 280));
  if (banner) {
    ctx.fillStyle = "#333";
    ctx.fillRect(40, 400, 1195, 60);
    ctx.fillStyle = "#eee";
    ctx.font = "26px sans-serif";
    ctx.fillText("TOTAL AMOUNT DUE BY APRIL 2, 2025     $182.44", 80, 440);
  }
  return images();
}
