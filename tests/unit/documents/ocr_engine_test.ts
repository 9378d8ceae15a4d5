// OCR inside a worker: the native binary when installed, tesseract.js otherwise (the path of a machine with
// only Node), and a page photographed upside down is still read (the other orientations are tried).
import assert from "node:assert/strict";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { SubprocessPool } from "../../../shared/documents/engine/pool.ts";
import { DocumentEngine } from "../../../shared/documents/engine/engine.ts";

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
  assert.equal(r.engine, native ? "tesseract-native" : "tesseract.js");
  assert.ok(r.lines.some((l) => /ACCOUNT NUMBER/.test(l)), `${r.engine}: ${r.lines.slice(0, 5).join("\n")}`);
  assert.ok(r.confidence > 70, String(r.confidence));
});
