// The text layer's lines from positioned pieces (shared/documents/text_layout.ts piecesToLines / gapBetween): where
// two pieces of one line meet, whether they are one word, two words or two cells (docs/bills.md "Text layer:
// pieces run together"). Pieces are built as pdf.js gives a PDF's text items: x of the first glyph, the advance
// width of the item's glyphs, the font size as height, y of the baseline (points, y down).
import assert from "node:assert/strict";
import { gapBetween, piecesToLines, type TextPiece } from "../../../shared/documents/text_layout.ts";

/** A text item of `size` points, each glyph `adv` em wide (0.55 em: a sans-serif's digit or average letter). */
const item = (x: number, y: number, text: string, size = 7, adv = 0.55): TextPiece => ({
  x,
  y,
  width: text.length * size * adv,
  height: size,
  text,
});
/** The item that starts `gap` em after `left` ends (negative: it starts back inside it). */
const after = (left: TextPiece, gap: number, text: string, dy = 0): TextPiece =>
  item(left.x + left.width + gap * left.height, left.y + dy, text, left.height);

Deno.test("text layer: a number touching a capitalised word of another piece is two cells", () => {
  // a meter's kWh, last cell of its row, and the first header word of a table printed beside it (1 pt lower),
  // overlapping by a point: before, "1204Period"
  const kwh = item(300, 410, "1204");
  assert.deepEqual(piecesToLines([item(240, 410, "31877"), kwh, after(kwh, -0.15, "Period", 0.8)]), [
    "31877   1204   Period",
  ]);
  // a service address's ZIP code overprinted by the next column's meter number (before: "30318K5501273")
  const zip = item(40, 200, "1410 ELM ST ATLANTA GA 30318");
  assert.deepEqual(piecesToLines([zip, after(zip, -0.3, "K5501273")]), [
    "1410 ELM ST ATLANTA GA 30318   K5501273",
  ]);
  // touching, no overlap: a number and a month of a history table beside it (before: "642Apr 2024")
  const used = item(120, 90, "Used 642");
  assert.deepEqual(piecesToLines([used, after(used, 0, "Apr 2024")]), ["Used 642   Apr 2024"]);
});

Deno.test("text layer: a piece printed back over another is another word, never the same one", () => {
  // two tables' headers laid across each other: "Mult" of one, "kWh" of the other starting inside it
  const mult = item(400, 188, "Mult", 6.5);
  assert.deepEqual(piecesToLines([mult, after(mult, -0.5, "kWh")]), ["Mult kWh"]);
  // a header cell and another table's title starting well inside it (before: "Billed UsageAverage Daily Use")
  const usage = item(350, 142, "Billed Usage", 6.5);
  assert.deepEqual(piecesToLines([usage, item(usage.x + 10, 141, "Average Daily Use", 6.5)]), [
    "Billed Usage Average Daily Use",
  ]);
});

Deno.test("text layer: a number beside a number further apart than any word space is two cells", () => {
  // a meter number and its read date in a narrow column: 0.7 em apart (pdf.js keeps spaces up to 0.6 em in one
  // item; wider gaps start a new one), before read as one cell "E2209918 03.14.2024"
  const meter = item(36, 283, "E2209918");
  const read = after(meter, 0.7, "03.14.2024");
  assert.deepEqual(piecesToLines([meter, read, after(read, 1.5, "04.12.2024")]), [
    "E2209918   03.14.2024   04.12.2024",
  ]);
  assert.deepEqual(piecesToLines([meter, after(meter, 0.7, "$41.20")]), ["E2209918   $41.20"]);
  // the same gap between words, or between a word and a number, stays one space (a name set wide, a label)
  const name = item(36, 50, "CONSTELLATION");
  assert.deepEqual(piecesToLines([name, after(name, 0.65, "NEW ENERGY, INC")]), [
    "CONSTELLATION NEW ENERGY, INC",
  ]);
  const label = item(36, 60, "Payments Received");
  assert.deepEqual(piecesToLines([label, after(label, 0.65, "06/29/2021")]), [
    "Payments Received 06/29/2021",
  ]);
  // and a number beside a number at a word space's width stays one space ("Jan 19 2021" in three pieces)
  const day = item(36, 70, "19");
  assert.deepEqual(piecesToLines([day, after(day, 0.3, "2021")]), ["19 2021"]);
});

Deno.test("text layer: a word printed in pieces stays one word", () => {
  // glyph by glyph, each glyph kerned back a few hundredths of an em (a real bill's page prints words so)
  const glyphs: TextPiece[] = [];
  for (const ch of "MONTHLY") {
    glyphs.push(glyphs.length ? after(glyphs.at(-1)!, -0.07, ch) : item(36, 300, ch));
  }
  assert.deepEqual(piecesToLines(glyphs), ["MONTHLY"]);
  // a change of font or size inside a word, a registered mark raised above its word, a unit or an ordinal
  // touching its number, a closing quote
  const cases: [TextPiece, string, string, number?][] = [
    [item(36, 10, "What"), "’s a kilowatt-hour?", "What’s a kilowatt-hour?"],
    [item(36, 20, "Energy Savers Program", 9.5), "®", "Energy Savers Program®", -3],
    [item(36, 30, "986"), "kWh", "986kWh"],
    [item(36, 40, "Jan 5"), "th", "Jan 5th"],
    [item(36, 50, "BGE.COM/MyAccount", 9), ".", "BGE.COM/MyAccount."],
  ];
  for (const [left, right, want, dy] of cases) {
    assert.deepEqual(piecesToLines([left, after(left, -0.05, right, dy ?? 0)]), [want], want);
  }
});

Deno.test("text layer: gapBetween keeps the cell and word gaps of before, and ends on any position", () => {
  const at = (gap: number, l = "Total", r = "Due") =>
    gapBetween({ text: l, end: 100 }, { text: r, start: 100 + gap }, 10);
  assert.equal(at(9.5), "   ");
  assert.equal(at(8), " ");
  assert.equal(at(1.5), " ");
  assert.equal(at(1), "");
  for (const bad of [NaN, Infinity, -Infinity, 1e300, -1e300]) {
    assert.ok(["", " ", "   "].includes(at(bad, "1,204", "Period")));
    assert.ok(["", " ", "   "].includes(at(bad)));
  }
  // a line of 20,000 pieces, each touching the next, some a number and a capitalised word: linear, all read
  const many = Array.from({ length: 20_000 }, (_, i) => item(i * 10, 5, i % 2 ? "Ab" : "12", 10, 0.5));
  const t0 = performance.now();
  const [line] = piecesToLines(many);
  assert.equal(line.length, 20_000 * 2 + 10_000 * 3);
  assert.ok(line.startsWith("12   Ab12   Ab"));
  assert.ok(performance.now() - t0 < 5_000);
});

Deno.test("text layer: OCR words keep the gaps alone (their boxes are cut to the ink, their spaces tesseract's)", () => {
  const ocr = (p: TextPiece): TextPiece => ({ ...p, confidence: 91 });
  // a house number touching its street, two numbers 0.7 em apart, a word overlapping the next: as before
  const number = ocr(item(36, 20, "870"));
  assert.deepEqual(piecesToLines([number, ocr(after(number, -0.1, "Oak"))]), ["870Oak"]);
  const month = ocr(item(36, 30, "Nov22"));
  assert.deepEqual(piecesToLines([month, ocr(after(month, 0.7, "1,517"))]), ["Nov22 1,517"]);
  // the same pieces from a PDF's text layer
  assert.deepEqual(piecesToLines([item(36, 20, "870"), after(item(36, 20, "870"), -0.1, "Oak")]), [
    "870   Oak",
  ]);
});

Deno.test("text layer: a phone photo's OCR words take the text layer's cells (ocrAsPrinted)", () => {
  const ocr = (p: TextPiece): TextPiece => ({ ...p, confidence: 88 });
  // a history row's month and kWh 0.7 em apart, a meter's kWh touching the next table's header word: cells
  const month = ocr(item(36, 30, "Nov22"));
  assert.deepEqual(piecesToLines([month, ocr(after(month, 0.7, "1,517"))], true), ["Nov22   1,517"]);
  const kwh = ocr(item(36, 40, "1204"));
  assert.deepEqual(piecesToLines([kwh, ocr(after(kwh, -0.1, "Period"))], true), ["1204   Period"]);
  // words a word space apart and a unit touching its number stay as they were
  const name = ocr(item(36, 50, "MAPLE"));
  assert.deepEqual(piecesToLines([name, ocr(after(name, 0.3, "AVE"))], true), ["MAPLE AVE"]);
  const use = ocr(item(36, 60, "986"));
  assert.deepEqual(piecesToLines([use, ocr(after(use, 0.05, "kWh"))], true), ["986kWh"]);
  // without the flag (a scan's page): the gaps alone
  assert.deepEqual(piecesToLines([kwh, ocr(after(kwh, -0.1, "Period"))]), ["1204Period"]);
});
