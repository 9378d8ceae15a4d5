// OCR inside a worker: the native binary when installed, tesseract.js otherwise (the path of a machine with
// only Node), and a page photographed upside down is still read (the other orientations are tried).
import assert from "node:assert/strict";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { SubprocessPool } from "../../../shared/documents/engine/pool.ts";
import { DocumentEngine } from "../../../shared/documents/engine/engine.ts";
import { bandPage, libtesseractInstalled } from "../../support/ocr.ts";

const page = Deno.readFileSync(new URL("../../fixtures/bills/synthetic/aps-04.png", import.meta.url));
const limits = {
  workers: 1,
  queueMax: 2,
  workerMaxMb: 1024,
  timeoutMs: 120_000,
  textTimeoutMs: 120_000,
  idleMs: 5_000,
};

async function withOcr<T>(mode: string, fn: (e: DocumentEngine) => Promise<T>): Promise<T> {
  const before = Deno.env.get("DOCUMENT_OCR");
  Deno.env.set("DOCUMENT_OCR", mode);
  const engine = new DocumentEngine(new SubprocessPool(limits));
  try {
    return await fn(engine);
  } finally {
    await engine.close();
    before === undefined ? Deno.env.delete("DOCUMENT_OCR") : Deno.env.set("DOCUMENT_OCR", before);
  }
}

Deno.test("OCR fallback: tesseract.js in the worker reads the bill when the native binary is not used", async () => {
  const r = await withOcr("wasm", (e) => e.ocr(page));
  assert.equal(r.engine, "tesseract.js");
  assert.ok(r.lines.some((l) => /ACCOUNT NUMBER/.test(l)), r.lines.slice(0, 5).join("\n"));
  assert.ok(r.confidence > 70);
});

Deno.test("OCR: an upside-down page is read the right way up", async () => {
  const img = await loadImage(page);
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext("2d");
  ctx.translate(img.width, img.height);
  ctx.rotate(Math.PI);
  ctx.drawImage(img, 0, 0);
  const upsideDown = new Uint8Array(canvas.toBuffer("image/png"));
  const r = await withOcr("auto", (e) => e.ocr(upsideDown));
  // With Debian's tesseract-ocr installed the worker must use it (not fall back silently, e.g. on a permission).
  const native = await new Deno.Command("tesseract", { args: ["--version"], stdout: "null", stderr: "null" })
    .output().then((o) => o.success, () => false);
  // with Debian's libtesseract5 (which tesseract-ocr depends on) the worker reads through it, resident (FFI)
  assert.equal(
    r.engine,
    libtesseractInstalled ? "tesseract-ffi" : native ? "tesseract-native" : "tesseract.js",
  );
  assert.ok(r.lines.some((l) => /ACCOUNT NUMBER/.test(l)), `${r.engine}: ${r.lines.slice(0, 5).join("\n")}`);
  assert.ok(r.confidence > 70, String(r.confidence));
});

Deno.test("OCR: a dim, unevenly lit, grainy photo is read (flattened before OCR; read as it is, most of its text was lost)", async () => {
  const img = await loadImage(
    Deno.readFileSync(new URL("../../fixtures/bills/synthetic/aps-08.jpg", import.meta.url)),
  );
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(img, 0, 0);
  const d = ctx.getImageData(0, 0, img.width, img.height);
  let seed = 7;
  const noise = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32) * 14 - 7;
  for (let i = 0; i < d.data.length; i += 4) {
    const y = 0.3 * d.data[i] + 0.59 * d.data[i + 1] + 0.11 * d.data[i + 2];
    const x = (i / 4) % img.width;
    d.data[i] = d.data[i + 1] = d.data[i + 2] = 90 + y * 0.18 + (x / img.width) * 40 + noise(); // grey, dim, a light gradient
  }
  ctx.putImageData(d, 0, 0);
  const photo = new Uint8Array(canvas.toBuffer("image/png"));
  const r = await withOcr("auto", (e) => e.ocr(photo));
  // Read as it is: 2 lines with a global threshold, 20 with the adaptive one; flattened: 26-27 (the clean page: 43).
  assert.ok(r.lines.length >= 12, `${r.engine}: ${r.lines.length} lines\n${r.lines.join("\n")}`);
});

Deno.test("OCR: white text on dark bands (an inverted table header, a total banner) is read", async () => {
  const r = await withOcr("auto", (e) => e.ocr(bandPage(true).png));
  // Read as it is, tesseract loses most of the grey banner ("RIL 2, 2025   $182.44").
  assert.ok(r.lines.some((l) => /TOTAL AMOUNT DUE BY APRIL 2, 2025\s+\$182\.44/.test(l)), r.lines.join("\n"));
  assert.ok(
    r.lines.some((l) => /SERVICE PERIOD\s+METER NUMBER\s+TOTAL KWH USED\s+AMOUNT DUE/.test(l)),
    r.lines.join("\n"),
  );
});

Deno.test("OCR: a page photographed sideways is read the right way up", async () => {
  const img = await loadImage(page);
  const canvas = createCanvas(img.height, img.width);
  const ctx = canvas.getContext("2d");
  ctx.translate(img.height, 0);
  ctx.rotate(Math.PI / 2);
  ctx.drawImage(img, 0, 0);
  const r = await withOcr("auto", (e) => e.ocr(new Uint8Array(canvas.toBuffer("image/png"))));
  assert.ok(r.lines.some((l) => /ACCOUNT NUMBER/.test(l)), `${r.engine}: ${r.lines.slice(0, 5).join("\n")}`);
  assert.ok(r.confidence > 70, String(r.confidence));
});
