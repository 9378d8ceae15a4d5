// Verification by re-reading (shared/documents/ocr_verify.ts, ocr.ts verifyWords): a page's number
// words are read a second time, on their own, larger and with a digits whitelist, by the real OCR engine.
import assert from "node:assert/strict";
import { createCanvas } from "@napi-rs/canvas";
import { closeOcr, SheetReaders, verifyWords } from "../../../shared/documents/ocr.ts";
import { nativeOcrAvailable } from "../../../shared/documents/ocr_native.ts";
import { grayFromRgba } from "../../../shared/documents/ocr_preprocess.ts";
import {
  applyVerification,
  cropScaled,
  disagreements,
  DISPUTED,
  numberKey,
  NUMBERS,
  pickWords,
  PLACES,
  settledConfidences,
  settledNumberAt,
  settleWords,
  THIRD_SCALE,
  type VerifyLine,
  verifySheet,
} from "../../../shared/documents/ocr_verify.ts";

type Word = VerifyLine["words"][number];

/** A small scan-sized page of labels and numbers, with each drawn word's box. */
function page(rows: string[][]) {
  const c = createCanvas(900, 60 + rows.length * 40);
  const ctx = c.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, c.width, c.height);
  ctx.fillStyle = "#000";
  ctx.font = "17px serif";
  const lines: VerifyLine[] = rows.map((words, r) => {
    const base = 50 + r * 40;
    let x = 40;
    const out: Word[] = words.map((text) => {
      ctx.fillText(text, x, base);
      const w = ctx.measureText(text).width;
      const word = {
        text,
        confidence: 90,
        bbox: { x0: Math.floor(x), y0: base - 14, x1: Math.ceil(x + w), y1: base + 4 },
      };
      x += w + 60;
      return word;
    });
    return { bbox: { x0: 40, y0: base - 14, x1: x, y1: base + 4 }, words: out };
  });
  const rgba = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
  return { gray: grayFromRgba(rgba, c.width, c.height), lines };
}

Deno.test("re-reading: the two readings of a number word agree, a sure glyph misread is replaced, a digit added is disputed", async () => {
  try {
    const { gray, lines } = page([
      ["Account", "4417-2290-55", "Meter", "Z88123"],
      ["Energy", "832", "kWh", "Total", "$182.44"],
      ["Last", "month", "493", "kWh", "Due", "03/26/2024"],
    ]);
    // the first reading, as tesseract might have given it: one number unsure but right, one glyph misread
    // with some confidence, one digit added with high confidence
    const first = structuredClone(lines);
    first[1].words[4].confidence = 40; // "$182.44", right but unsure
    first[1].words[1] = { ...first[1].words[1], text: "522", confidence: 60 }; // "832" misread
    first[2].words[2] = { ...first[2].words[2], text: "1493", confidence: 95 }; // "493" with a digit added
    const read = await verifyWords(gray, first);
    const word = (l: number, w: number) => read[l].words[w];
    assert.equal(word(0, 1).text, "4417-2290-55");
    assert.ok(
      word(0, 1).confidence >= 90,
      `agreeing account number keeps its confidence: ${word(0, 1).confidence}`,
    );
    assert.ok(
      word(1, 4).confidence > 40,
      `an unsure amount read the same way again is raised: ${word(1, 4).confidence}`,
    );
    assert.equal(word(1, 1).text, "832", "a glyph misread replaced by the sure second reading");
    assert.equal(word(2, 2).text, "1493");
    assert.equal(
      word(2, 2).confidence,
      DISPUTED,
      "a digit added: the readings disagree, the word is disputed",
    );
    assert.equal(word(2, 5).text, "03/26/2024");
    // words that are not numbers are not read again
    assert.equal(word(0, 3).text, "Z88123");
    assert.equal(word(0, 3).confidence, 90);
  } finally {
    await closeOcr();
  }
});

Deno.test("re-reading: a number word read 96 or more confidently is not read again (a sure misread stays)", async () => {
  try {
    const { gray, lines } = page([["Energy", "832", "kWh", "Total", "$182.44"]]);
    const first = structuredClone(lines);
    first[0].words[1] = { ...first[0].words[1], text: "822", confidence: 96.4 };
    first[0].words[4] = { ...first[0].words[4], text: "$182.41", confidence: 89.9 };
    const read = await verifyWords(gray, first);
    assert.deepEqual([read[0].words[1].text, read[0].words[1].confidence], ["822", 96.4]);
    assert.equal(read[0].words[4].text, "$182.44", "one under 96 (and 90) is read again and replaced");
  } finally {
    await closeOcr();
  }
});

Deno.test({
  name:
    "re-reading: natively, by the page's waiting tesseracts, both kinds at once; each reading goes back to its word",
  ignore: !(await nativeOcrAvailable()),
  fn: async () => {
    const rows = [
      ["Jan", "412", "Feb", "385", "Mar", "366", "Apr", "298"],
      ["May", "321", "Jun", "507", "Jul", "644", "Aug", "618"],
      ["Sep", "493", "Oct", "352", "Nov", "377", "Dec", "455"],
      ["Total", "$182.44", "Due", "03/26/2024"],
      ["NORFOLK,", "VA", "23510"],
    ];
    const { gray, lines } = page(rows);
    const first = structuredClone(lines);
    for (const l of first) for (const w of l.words) w.confidence = 80;
    // glyph misreads far apart on the number sheet, and one of a city
    first[0].words[3].text = "335"; // 385, the 2nd number word
    first[2].words[5].text = "311"; // 377, the 11th
    first[4].words[0].text = "NORFOIK,";
    const sheets = new SheetReaders();
    try {
      const read = await verifyWords(gray, first, sheets);
      const texts = read.map((l) => l.words.map((w) => w.text));
      assert.deepEqual(texts, rows);
    } finally {
      await sheets.release();
    }
  },
});

Deno.test("re-reading: the place words of a city line — a sure glyph misread replaced, a glued city split", async () => {
  try {
    const { gray, lines } = page([
      ["Service", "address", "1420", "Granby", "St"],
      ["NORFOLK,", "VA", "23510"],
      [
        "FORT",
        "WORTH",
        "TX",
        "76102",
      ],
    ]);
    const first = structuredClone(lines);
    first[1].words[0] = { ...first[1].words[0], text: "NORFOIK,", confidence: 80 };
    // "FORT WORTH" read as one word over both boxes
    const [fort, worth] = first[2].words;
    first[2].words.splice(0, 2, {
      text: "FORTWORTH",
      confidence: 85,
      bbox: { ...fort.bbox, x1: worth.bbox.x1 },
    });
    const read = await verifyWords(gray, first);
    assert.equal(read[1].words[0].text, "NORFOLK,");
    assert.equal(read[2].words[0].text, "FORT WORTH");
    // a street line has no state and ZIP: its words are not place words
    assert.equal(read[0].words[3].confidence, 90);
  } finally {
    await closeOcr();
  }
});

Deno.test("re-reading: which words are read again, and what two readings must share", () => {
  const w = (text: string, x0: number, h = 18, confidence = 90): Word => ({
    text,
    confidence,
    bbox: { x0, y0: 100, x1: x0 + 50, y1: 100 + h },
  });
  const lines: VerifyLine[] = [{
    bbox: { x0: 0, y0: 100, x1: 600, y1: 160 },
    words: [w("Total", 0), w("$1,204.50", 60, 18, 89), w("832", 120), w("M8284", 180), w("4417", 240, 60)],
  }];
  // letters and words mixing letters with digits are left to the reader's own checks; a box three times
  // the page's number height reaches into other rows
  assert.deepEqual(pickWords(lines), [[0, 1], [0, 2]]);
  // a number word read 96 or more confidently is not read again (unless told: the sheet's scale)
  const sure = structuredClone(lines);
  sure[0].words[2].confidence = 96;
  assert.deepEqual(pickWords(sure), [[0, 1]]);
  assert.deepEqual(pickWords(sure, NUMBERS, Infinity), [[0, 1], [0, 2]]);
  const sheet = verifySheet(
    { width: 600, height: 200, data: new Uint8Array(600 * 200).fill(255) },
    lines,
    pickWords(lines),
  );
  assert.equal(sheet?.slots.length, 2);
  assert.ok(
    sheet!.slots.every((s) => s.box.y1 - s.box.y0 >= 2 * 18),
    "crops are read at twice their size or more",
  );
  assert.equal(numberKey("$1,204.50"), numberKey("1.204.50."));
  assert.notEqual(numberKey("$1,204.50"), numberKey("$120.45"));
  assert.notEqual(numberKey("12.50"), numberKey("1250"));
  // an unsure second reading that disagrees says nothing; a confident one of another length disputes
  const out = applyVerification(lines, [[0, 1], [0, 2]], [{ text: "1,204.5", confidence: 20 }, {
    text: "8832",
    confidence: 92,
  }]);
  assert.equal(out.lines[0].words[1].confidence, 89);
  assert.equal(out.lines[0].words[2].text, "832");
  assert.equal(out.lines[0].words[2].confidence, DISPUTED);
  assert.equal(lines[0].words[2].confidence, 90, "the first reading is not changed in place");
  // a third reading breaks a tie between two confident readings of the same shape
  const tie = [{ text: "$1,294.50", confidence: 94 }, { text: "882", confidence: 95 }];
  const sidesFirst = applyVerification(lines, [[0, 1], [0, 2]], tie, NUMBERS, [
    { text: "$1,204.50", confidence: 91 },
    { text: "832", confidence: 30 },
  ]);
  assert.equal(sidesFirst.lines[0].words[1].text, "$1,204.50", "the third reading sides with the first");
  assert.equal(sidesFirst.lines[0].words[1].confidence, 91);
  assert.equal(
    sidesFirst.lines[0].words[2].text,
    "882",
    "an unsure third says nothing: the sure second replaces",
  );
  const sidesSecond = applyVerification(lines, [[0, 1]], tie, NUMBERS, [{
    text: "1,294.50",
    confidence: 70,
  }]);
  assert.equal(sidesSecond.lines[0].words[1].text, "$1,294.50", "the third reading sides with the second");
  assert.deepEqual(disagreements(lines, [[0, 1], [0, 2]], tie), [0, 1]);
});

Deno.test("re-reading: a number of a settled shape read confidently (cents and dates 90, years 80, hyphenated ids 70), or printed again so, is not read again and takes its printings' higher confidence", async () => {
  assert.deepEqual(
    ["$12.03", "-88.40", "1,204.50", "03/26/2024", "4417-2290-55", "2023"].map(settledNumberAt),
    [90, 90, 90, 90, 70, 80],
  );
  // bare numbers lose decimal points and digits the second reading puts back ("320" for 32.0): never settled
  assert.deepEqual(
    ["320", "$373", "1,806", "48201", "24,", "1-"].map(settledNumberAt),
    Array(6).fill(undefined),
  );
  const ids: VerifyLine[] = [{
    bbox: { x0: 0, y0: 100, x1: 600, y1: 118 },
    words: [["4417-2290-55", 72], ["03/26/2024", 85], ["2023", 81], ["2032", 76]].map(([text, c], k) => ({
      text: text as string,
      confidence: c as number,
      bbox: { x0: k * 100, y0: 100, x1: k * 100 + 80, y1: 118 },
    })),
  }];
  assert.deepEqual(
    pickWords(ids),
    [[0, 1], [0, 3]],
    "an id at 72 and a year at 81 settled, a date at 85 not",
  );
  try {
    const { gray, lines } = page([
      ["Due", "03/26/2024", "Total", "$182.44", "Gas", "320"],
      ["Pay", "by", "03/26/2024", "Amount", "$182.41"],
    ]);
    const first = structuredClone(lines);
    first[0].words[1].confidence = 93; // a date read sure
    first[1].words[2].confidence = 70; // the same date printed again, read unsure
    first[0].words[3].confidence = 60; // an unsure amount with no twin
    first[1].words[4].confidence = 92; // a confident cents misread of it: settled, stays
    first[0].words[5] = { ...first[0].words[5], text: "322", confidence: 93 }; // a bare number: read again
    assert.deepEqual([...settledConfidences(first)], [["03/26/2024", 93], ["$182.41", 92]]);
    assert.deepEqual(pickWords(first), [[0, 3], [0, 5]]);
    const settled = settleWords(first);
    assert.equal(settled[1].words[2].confidence, 93, "the twin takes the sure printing's confidence");
    assert.equal(first[1].words[2].confidence, 70, "not in place");
    const read = await verifyWords(gray, first);
    assert.deepEqual(read[1].words[2], { ...first[1].words[2], confidence: 93 });
    assert.deepEqual(read[1].words[4], first[1].words[4], "a settled word is left as read");
    assert.equal(read[0].words[5].text, "320", "a bare number is read again (and replaced)");
    assert.ok(read[0].words[3].confidence > 60, "an unsure amount is read again and raised");
  } finally {
    await closeOcr();
  }
});

Deno.test("re-reading: a place word read 93 or more confidently is not read again", () => {
  const w = (text: string, x0: number, confidence: number): Word => ({
    text,
    confidence,
    bbox: { x0, y0: 100, x1: x0 + 50, y1: 118 },
  });
  const lines: VerifyLine[] = [
    {
      bbox: { x0: 0, y0: 100, x1: 600, y1: 118 },
      words: [w("NORFOIK,", 0, 88), w("VA", 60, 95), w("23510", 120, 95)],
    },
    {
      bbox: { x0: 0, y0: 100, x1: 600, y1: 118 },
      words: [w("ALLENTOWN,", 0, 94), w("PA", 60, 95), w("18101", 120, 95)],
    },
  ];
  assert.deepEqual(pickWords(lines, PLACES), [[0, 0]]);
  assert.deepEqual(pickWords(lines, PLACES, Infinity), [[0, 0], [1, 0]]);
});

Deno.test("re-reading: a crop's scaled pixels are the bilinear ones worked out per pixel", () => {
  const W = 300, H = 200;
  const src = { width: W, height: H, data: new Uint8Array(W * H).map((_, i) => (i * 7919) % 251) };
  const naive = (box: { x0: number; y0: number; x1: number; y1: number }, s: number) => {
    const x0 = Math.max(0, box.x0 - 1), x1 = Math.min(W, box.x1 + 1);
    const y0 = Math.max(0, box.y0 - 1), y1 = Math.min(H, box.y1 + 1);
    const w = Math.max(1, x1 - x0), h = Math.max(1, y1 - y0);
    const width = Math.max(1, Math.round(w * s)), height = Math.max(1, Math.round(h * s));
    const data = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      const sy = Math.min(h - 1, Math.max(0, (y + 0.5) / s - 0.5));
      const ya = Math.floor(sy), yb = Math.min(h - 1, ya + 1), fy = sy - ya;
      for (let x = 0; x < width; x++) {
        const sx = Math.min(w - 1, Math.max(0, (x + 0.5) / s - 0.5));
        const xa = Math.floor(sx), xb = Math.min(w - 1, xa + 1), fx = sx - xa;
        const at = (yy: number, xx: number) => src.data[(y0 + yy) * W + x0 + xx];
        data[y * width + x] = (at(ya, xa) * (1 - fx) + at(ya, xb) * fx) * (1 - fy) +
          (at(yb, xa) * (1 - fx) + at(yb, xb) * fx) * fy;
      }
    }
    return { width, height, data };
  };
  for (
    const [box, s] of [[{ x0: 10, y0: 20, x1: 90, y1: 38 }, 3.1], [{ x0: -3, y0: 190, x1: 40, y1: 230 }, 2], [
      { x0: 250, y0: 5, x1: 320, y1: 25 },
      4 * THIRD_SCALE,
    ]] as const
  ) {
    assert.deepEqual(cropScaled(src, box, s), naive(box, s));
  }
});
