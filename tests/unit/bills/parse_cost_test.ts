// The embedded reader's parse costs work linear in the bill's text (issue #16: on the Supabase Edge Runtime the
// parse runs in the request's isolate, so only the algorithm bounds it). Counted, not timed: every read of a word's
// position or text during a parse (docs/documents.md "The bill reader's parse"; the times are
// `npm run bench:parse-scaling`'s).
import assert from "node:assert/strict";
import fc from "fast-check";
import { readBillText } from "../../../shared/bills/read_bill_text.ts";
import { baselineRows } from "../../../shared/bills/embedded/chart_dates.ts";
import { scanRowsOf } from "../../../shared/bills/embedded/scan_meters.ts";
import type { TextPiece } from "../../../shared/documents/text_layout.ts";
import type { DocumentText } from "../../../shared/documents/document_text.ts";
import { billRowWords, limitBillText, ROW_SHAPES } from "../../support/limit_bill.ts";
import { MAX_METERS } from "../../../shared/bills/embedded/answer_caps.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Reads of the words' fields (x, y, width, height, text, confidence) while `text` is parsed. */
function wordReads(text: DocumentText): number {
  let reads = 0;
  const pages = text.pages.map((pg) => ({
    ...pg,
    pieces: pg.pieces.map((w) => {
      const counted = {} as typeof w;
      for (const [k, v] of Object.entries(w)) {
        Object.defineProperty(counted, k, { enumerable: true, get: () => (reads++, v) });
      }
      return counted;
    }),
  }));
  readBillText({ ...text, pages });
  return reads;
}

for (const [name, words, width, confidence] of ROW_SHAPES) {
  Deno.test(`parse cost: twice the ${name}, about twice the reads of the words`, () => {
    // before: each meter read regrouped every word of the page into rows (meter_confidence.ts numberIsReading),
    // and each date searched every row of dates before it (chart_dates.ts): 400 history rows read the words 3.9
    // times as often as 200; the scanned meter rows' reader (scan_meters.ts) searched every line from the first for
    // each word: 400 OCR meter rows, 3.5×
    const small = wordReads(limitBillText(200, words, width, confidence));
    const large = wordReads(limitBillText(400, words, width, confidence));
    assert.ok(
      large / small < 2.2,
      `400 rows: ${large} reads, 200 rows: ${small} (${(large / small).toFixed(2)}×)`,
    );
  });
}

Deno.test("parse cost: dates join the same rows as when every row was searched", () => {
  // the search it replaces: the first row made within 3, else a new one
  const before = (ys: number[]) => {
    const keys: number[] = [];
    return ys.map((y) => {
      const k = keys.find((r) => Math.abs(r - y) <= 3);
      if (k !== undefined) return k;
      keys.push(y);
      return y;
    });
  };
  const y = fc.oneof(
    fc.integer({ min: -20, max: 60 }),
    fc.double({ min: -50, max: 50, noNaN: true }),
    fc.constantFrom(NaN, Infinity, -Infinity, 1e300, -0),
    fc.integer({ min: 0, max: 40 }).map((n) => n * 1.5),
  );
  fc.assert(
    fc.property(fc.array(y, { maxLength: 60 }), (ys) => {
      const rowOf = baselineRows();
      assert.deepEqual(ys.map(rowOf), before(ys));
    }),
    { numRuns: 2000 },
  );
});

Deno.test("parse cost: an answer lists at most MAX_METERS meters, the first ones printed, and 13 months", () => {
  // before: 200 meter rows, 200 meters (1,800 rows: 1,800 meters); the page's rows are printed from the last
  // (Meter 1199) at the top down
  const item = readBillText(limitBillText(200, billRowWords)).item;
  assert.deepEqual(
    item.electricityUsage.meters.map((m) => m.meterNumber),
    [...Array(MAX_METERS).keys()].map((i) => `${1199 - i}`),
  );
  const history = limitBillText(
    60,
    (i) =>
      i
        ? [`${MONTHS[(i - 1) % 12]} ${2000 + Math.floor((i - 1) / 12)}`, `${400 + i} kWh`]
        : ["Usage History", "kWh"],
  );
  assert.equal(readBillText(history).item.electricityUsage.usageByMonth.length, 13);
});

Deno.test("parse cost: scanned words join the same lines as when every line was searched", () => {
  const center = (p: TextPiece) => p.y + p.height / 2;
  const before = (pieces: TextPiece[]) => {
    const rows: TextPiece[][] = [];
    for (const p of [...pieces].sort((a, b) => center(a) - center(b))) {
      const row = rows.find((r) => Math.abs(center(r[0]) - center(p)) <= Math.min(r[0].height, p.height) / 2);
      if (row) row.push(p);
      else rows.push([p]);
    }
    return rows.map((r) => r.sort((a, b) => a.x - b.x));
  };
  const num = fc.oneof(
    fc.integer({ min: -5, max: 80 }),
    fc.double({ min: -20, max: 100, noNaN: true }),
    fc.constantFrom(0, 1e300, -1e300),
  );
  // finite positions (a PDF's, OCR's): with NaN among them the centres' sort itself is not the same from one call
  // site to another (a comparison of NaN is no order), and scanRowsOf then runs the old search as it was
  const word = fc.record({
    x: fc.integer({ min: 0, max: 50 }),
    y: num,
    width: fc.constant(10),
    height: fc.oneof(fc.integer({ min: 0, max: 30 }), num),
    text: fc.string({ maxLength: 3 }),
  });
  fc.assert(
    fc.property(fc.array(word, { maxLength: 40 }), (ws) => assert.deepEqual(scanRowsOf(ws), before(ws))),
    { numRuns: 2000 },
  );
});

/** Calls of String.prototype.matchAll (a pattern run over one line of text) while `text` is parsed. */
function lineScans(text: DocumentText): number {
  const matchAll = String.prototype.matchAll;
  let calls = 0;
  String.prototype.matchAll = function (this: string, re: RegExp) {
    calls++;
    return matchAll.call(this, re);
  } as typeof matchAll;
  try {
    readBillText(text);
  } finally {
    String.prototype.matchAll = matchAll;
  }
  return calls;
}

Deno.test("parse cost: twice the OCR meter rows, about twice the patterns run over the scan's lines", () => {
  // before: every meter was looked for on every OCR line (word_confidence.ts printings) before the answer kept 24:
  // 400 rows ran 3.8 times the patterns of 200
  const [name, words, width, confidence] = ROW_SHAPES.find(([n]) => n === "OCR meter rows")!;
  const small = lineScans(limitBillText(200, words, width, confidence));
  const large = lineScans(limitBillText(400, words, width, confidence));
  assert.ok(
    large / small < 2.2,
    `${name}: 400 rows ${large} scans, 200 rows ${small} (${(large / small).toFixed(2)}×)`,
  );
});
