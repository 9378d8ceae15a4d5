// Text a phone photo's page reading left out, read again from a sheet of the uncovered ink
// (shared/documents/ocr_photo_lost.ts, applied by ocr.ts to a phone photo's page only). A drawn page whose
// "reading" misses a table cell: the cell is found as a lost piece, cut out alone on the sheet (the read
// words whited out), and the sheet's words put back in place without replacing a page word; then a real
// tesseract reading of the drawn page's sheet.
import assert from "node:assert/strict";
import { createCanvas } from "@napi-rs/canvas";
import { closeOcr, ocrImage } from "../../../shared/documents/ocr.ts";
import { nativeOcr, nativeOcrAvailable } from "../../../shared/documents/ocr_native.ts";
import { encodePgm, type Gray, grayFromRgba } from "../../../shared/documents/ocr_preprocess.ts";
import { lostPieces, lostSheet, withLostWords } from "../../../shared/documents/ocr_photo_lost.ts";

type Box = { x0: number; y0: number; x1: number; y1: number };

/** A white page with a meter table's row drawn in grey small print (a photo's), and each word's box. */
function drawnPage(): { page: Gray; boxes: Map<string, Box> } {
  const width = 900, height = 300;
  const c = createCanvas(width, height);
  const ctx = c.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = "#555";
  ctx.font = "22px sans-serif";
  const boxes = new Map<string, Box>();
  const put = (text: string, x: number, y: number) => {
    ctx.fillText(text, x, y);
    const m = ctx.measureText(text);
    boxes.set(text, {
      x0: Math.floor(x),
      y0: Math.floor(y - m.actualBoundingBoxAscent),
      x1: Math.ceil(x + m.width),
      y1: Math.ceil(y + m.actualBoundingBoxDescent),
    });
  };
  put("Service", 40, 80);
  put("Meter", 240, 80);
  put("Usage", 470, 80);
  put("Charges", 700, 80);
  put("Electric", 40, 140);
  put("K22992841", 240, 140);
  put("663", 470, 140);
  put("$44.25", 700, 140);
  return { page: grayFromRgba(c.data(), width, height), boxes };
}

const wordOf = (text: string, bbox: Box, confidence = 95) => ({ text, confidence, bbox });

Deno.test("lostPieces: the ink no word of the reading covers is found, line-sized, where the lost cell is", () => {
  const { page, boxes } = drawnPage();
  // the reading lost "663" (tesseract's page layout dropped the cell)
  const read = ["Service", "Meter", "Usage", "Charges", "Electric", "K22992841", "$44.25"];
  const lines = [{ bbox: boxes.get("Service")!, words: read.map((t) => wordOf(t, boxes.get(t)!)) }];
  const pieces = lostPieces(page, lines);
  assert.equal(pieces.length, 1, JSON.stringify(pieces));
  const b = boxes.get("663")!, p = pieces[0].box;
  assert.ok(p.x0 <= b.x0 && p.x1 >= b.x1 && p.y0 <= b.y0 + 2 && p.y1 >= b.y1 - 2, JSON.stringify([p, b]));
  assert.equal(pieces[0].cut, false);
  // with every word read, nothing is lost
  const all = [...read, "663"];
  assert.deepEqual(lostPieces(page, [{ bbox: b, words: all.map((t) => wordOf(t, boxes.get(t)!)) }]), []);
});

Deno.test("withLostWords: a sheet word is put back at its place on the page, never over a page word", () => {
  const pageLine = {
    bbox: { x0: 40, y0: 120, x1: 760, y1: 146 },
    words: [wordOf("Electric", { x0: 40, y0: 124, x1: 120, y1: 146 })],
  };
  const placed = [{ box: { x0: 460, y0: 118, x1: 520, y1: 150 }, sheetX: 24, sheetY: 24 }];
  const read = [{
    bbox: { x0: 30, y0: 28, x1: 70, y1: 50 },
    words: [wordOf("663", { x0: 30, y0: 28, x1: 70, y1: 50 }, 93)],
  }];
  const out = withLostWords([pageLine], placed, read);
  assert.equal(out.length, 2);
  assert.deepEqual(out[1].words[0], wordOf("663", { x0: 466, y0: 122, x1: 506, y1: 144 }, 93));
  // a sheet word meeting a page word, or an unsure one, is not added
  const over = [{ ...read[0], words: [wordOf("663", { x0: 30, y0: 28, x1: 70, y1: 50 }, 93)] }];
  const onWord = [{ box: { x0: 40, y0: 118, x1: 110, y1: 150 }, sheetX: 24, sheetY: 24 }];
  assert.equal(withLostWords([pageLine], onWord, over).length, 1);
  const unsure = [{ ...read[0], words: [wordOf("663", read[0].words[0].bbox, 20)] }];
  assert.equal(withLostWords([pageLine], placed, unsure).length, 1);
});

Deno.test({
  name: "lostSheet (real tesseract): the lost cell read from the sheet, the read words whited out",
  sanitizeResources: false,
  sanitizeOps: false,
  ignore: !(await nativeOcrAvailable()),
  fn: async () => {
    try {
      const { page, boxes } = drawnPage();
      const read = ["Service", "Meter", "Usage", "Charges", "Electric", "K22992841", "$44.25"];
      const lines = [{ bbox: boxes.get("Service")!, words: read.map((t) => wordOf(t, boxes.get(t)!)) }];
      const lost = lostSheet(page, lines, lostPieces(page, lines))!;
      const r = await nativeOcr(encodePgm(lost.sheet), { block: true });
      const merged = withLostWords(lines, lost.placed, r.lines);
      const added = merged.slice(1).flatMap((l) => l.words.map((w) => w.text));
      assert.deepEqual(added, ["663"]);
    } finally {
      await closeOcr();
    }
  },
});

Deno.test("withLostWords: a word the reading cut short is replaced by the sheet's whole, sure reading only", () => {
  const cut = wordOf("K2", { x0: 240, y0: 124, x1: 262, y1: 146 }, 91);
  const pageLine = { bbox: { x0: 40, y0: 120, x1: 760, y1: 146 }, words: [cut] };
  const placed = [{ box: { x0: 234, y0: 118, x1: 380, y1: 150 }, cut: true, sheetX: 24, sheetY: 24 }];
  const sheetWord = (text: string, confidence: number) => [{
    bbox: { x0: 30, y0: 28, x1: 150, y1: 50 },
    words: [wordOf(text, { x0: 30, y0: 28, x1: 150, y1: 50 }, confidence)],
  }];
  const whole = withLostWords([pageLine], placed, sheetWord("K22992841", 93));
  assert.deepEqual(whole.flatMap((l) => l.words.map((w) => w.text)), ["K22992841"]);
  // read at under 85 (a digit misread: "K22092841" at 81), or no longer than the page's word: the page's kept
  for (const [text, conf] of [["K22092841", 81], ["K7", 95]] as const) {
    const kept = withLostWords([pageLine], placed, sheetWord(text, conf));
    assert.deepEqual(kept.flatMap((l) => l.words.map((w) => w.text)), ["K2"]);
  }
  // a piece that is not a cut word's never replaces one
  const plain = [{ ...placed[0], cut: false }];
  assert.deepEqual(
    withLostWords([pageLine], plain, sheetWord("K22992841", 93)).flatMap((l) => l.words.map((w) => w.text)),
    ["K2"],
  );
});

Deno.test({
  name: "ocrImage (real tesseract): a phone photo's meter-table cell the page reading dropped is read",
  sanitizeResources: false,
  sanitizeOps: false,
  ignore: !(await nativeOcrAvailable()),
  fn: async () => {
    // a synthetic phone photo of a Palo Alto bill's first page (scripts/bills/make_phone_photos.ts, seed 4242):
    // its meter row "Electric K22992841 663 kWh $44.25" is read "Electric K2 kwh $44.25" by the page reading
    try {
      const r = await ocrImage(await Deno.readFile("tests/fixtures/documents/photo_lost_cell.jpg"));
      const row = r.lines.find((l) => /^Electric\s+K2/.test(l));
      assert.ok(row && /\b663\b/.test(row), String(row));
    } finally {
      await closeOcr();
    }
  },
});
