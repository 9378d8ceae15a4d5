// Each OCR word's confidence reaches the document text (shared/documents/ocr.ts ocrPieces): the bill reader
// leaves values read from unsure words empty (shared/bills/embedded/word_confidence.ts). No OCR engine runs here.
import assert from "node:assert/strict";
import { ocrPieces } from "../../../shared/documents/ocr.ts";
import { type TextPiece, wordConfidence } from "../../../shared/documents/text_layout.ts";

Deno.test("OCR pieces carry tesseract's word confidence; a text-layer piece counts as certain", () => {
  const word = (text: string, x0: number, confidence: number) => ({
    text,
    confidence,
    bbox: { x0, y0: 100, x1: x0 + text.length * 11, y1: 118 },
  });
  const lines = [{
    bbox: { x0: 100, y0: 100, x1: 400, y1: 118 },
    words: [word("Meter", 100, 96), word("MB284137", 180, 36)],
  }];
  const pieces = ocrPieces(lines);
  assert.deepEqual(pieces.map((p) => [p.text, p.confidence]), [["Meter", 96], ["MB284137", 36]]);
  assert.deepEqual(pieces.map(wordConfidence), [96, 36]);
  const pdfItem: TextPiece = { x: 0, y: 0, width: 10, height: 10, text: "M8284137" };
  assert.equal(wordConfidence(pdfItem), 100);
});
