import assert from "node:assert/strict";
import { PDFDocument } from "pdf-lib";
import { checkImage, checkPdf } from "../../../shared/documents/engine/preflight.ts";
import { DocumentTooComplex, UnreadableDocument } from "../../../shared/documents/engine/errors.ts";
import type { DocumentLimits } from "../../../shared/documents/engine/limits.ts";
import { statusOf } from "../../../shared/http/errors.ts";
import { filterBombs, pdfWithContent } from "../../support/filter_bombs.ts";
import zlib from "node:zlib";

const fixture = (path: string) => Deno.readFileSync(new URL(`../../fixtures/${path}`, import.meta.url));
const limits: DocumentLimits = {
  maxImagePixels: 50e6,
  maxImageSide: 20000,
  maxInflatedBytes: 64 * 1024 * 1024,
  maxPdfObjects: 1000,
  maxPdfPages: 50,
};

Deno.test("checkImage: sizes from the header; over the pixel or side limit is 422, no header is 400", () => {
  assert.deepEqual(checkImage(fixture("bills/synthetic/aps-04.png"), limits), { width: 1275, height: 1650 });
  assert.ok(checkImage(fixture("bills/synthetic/aps-08.jpg"), limits).width > 100);
  for (const name of ["giant_header.png", "huge_30000.png", "tall_2300x100000.png"]) {
    assert.throws(() => checkImage(fixture(`documents/${name}`), limits), DocumentTooComplex, name);
  }
  assert.throws(
    () => checkImage(new TextEncoder().encode("\x89PNG\r\n\x1a\nnot really"), limits),
    UnreadableDocument,
  );
  const e = (() => {
    try {
      checkImage(fixture("documents/tall_2300x100000.png"), limits, "tall.png");
    } catch (err) {
      return err as DocumentTooComplex;
    }
  })();
  assert.equal(statusOf(e!), 422);
  assert.equal(e?.code, "document_too_complex");
  assert.match(e!.message, /tall\.png is 2300×100000 pixels/);
});

Deno.test("checkPdf: a flate bomb stops at the inflate budget; real bills pass with their inflated size counted", () => {
  const t0 = performance.now();
  assert.throws(() => checkPdf(fixture("documents/flate_bomb.pdf"), limits), DocumentTooComplex);
  assert.ok(performance.now() - t0 < 20_000);
  const facts = checkPdf(fixture("bills/synthetic/aps-01.pdf"), limits);
  assert.ok(facts.streams > 0 && facts.inflatedBytes > 0, JSON.stringify(facts));
  assert.throws(() => checkPdf(new TextEncoder().encode("hello"), limits), UnreadableDocument);
});

Deno.test("checkPdf: objects in object streams and image XObject sizes are bounded", async () => {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 300; i++) doc.addPage([200, 200]).drawText(`page ${i}`);
  const packed = await doc.save({ useObjectStreams: true, objectsPerTick: Infinity });
  assert.throws(() => checkPdf(packed, { ...limits, maxPdfObjects: 100 }), /more than 100 objects/);
  assert.ok(checkPdf(packed, limits).objectStreamObjects > 300);

  const withImage = await PDFDocument.create();
  const img = await withImage.embedPng(fixture("bills/synthetic/aps-04.png"));
  withImage.addPage().drawImage(img, { x: 0, y: 0, width: 100, height: 100 });
  const bytes = await withImage.save();
  assert.throws(
    () => checkPdf(bytes, { ...limits, maxImagePixels: 1_000_000 }),
    /An image in The PDF is 1275×1650/,
  );
  assert.doesNotThrow(() => checkPdf(bytes, limits));
});

// Security pass 12: only a stream whose filters named Flate was inflated, and from its raw bytes. Flate behind ASCIIHex
// or ASCII85 (zlib's error made it "a damaged stream"), Flate behind Flate (one layer counted), LZW and RunLength
// passed uncounted, and decoded in the worker until its memory watchdog killed it.
Deno.test("checkPdf: a bomb behind another filter, two Flate layers, LZW or RunLength stops at the budget too", async () => {
  const over = await filterBombs(100e6);
  for (const [name, pdf] of Object.entries(over)) {
    assert.throws(() => checkPdf(pdf, limits), DocumentTooComplex, `${name} (${pdf.length} bytes)`);
  }
  // Under the budget, each chain's output is counted (30 MB of spaces, and the intermediate stage's bytes).
  for (const [name, pdf] of Object.entries(await filterBombs(30e6))) {
    const facts = checkPdf(pdf, limits);
    assert.ok(facts.inflatedBytes >= 30e6 && facts.inflatedBytes < 31e6, `${name}: ${JSON.stringify(facts)}`);
  }
});

// Security pass 12: pdf.js's text read is quadratic in the `q`s left open (10,000 in a 20 KB page: 18 s of a worker;
// 40,000: past its 180 s limit).
Deno.test("checkPdf: a content stream that leaves more than MAX_SAVE_DEPTH graphics states open is refused", () => {
  const enc = new TextEncoder();
  const raw = (s: string) => pdfWithContent(enc.encode(s), []);
  const flate = (s: string) => pdfWithContent(zlib.deflateSync(enc.encode(s)), ["FlateDecode"]);
  for (const make of [raw, flate]) {
    assert.throws(() => checkPdf(make("q ".repeat(1001)), limits), /nests the graphics state more than 1000/);
    assert.throws(() => checkPdf(make("q\nq 1 0 0 1 0 0 cm\n".repeat(600)), limits), DocumentTooComplex);
    // Balanced, however many; `q` inside strings, hex strings and comments, or as part of a name, is not an operator.
    checkPdf(make("q 0 0 m Q ".repeat(20_000)), limits);
    checkPdf(make("BT (q q q \\) q \\( q) Tj <71 20 71> Tj ET %q q q\n/q1 /qq ".repeat(2_000)), limits);
    checkPdf(make("q ".repeat(1000)), limits);
  }
  // Across the file's streams (here two files' worth, one after the other): 600 and 600.
  const two = new TextEncoder().encode("q ".repeat(600));
  const doc = pdfWithContent(two, []);
  const twice = new Uint8Array(doc.length * 2);
  twice.set(doc);
  twice.set(doc, doc.length);
  assert.throws(() => checkPdf(twice, limits), DocumentTooComplex);
});
