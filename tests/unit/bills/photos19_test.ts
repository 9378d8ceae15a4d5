// photos19 (issue #11, phone photos): a usage chart without values whose month labels OCR partly garbled ("Apt",
// "Ape" for Apr), word boxes and filled boxes in points, y down, as the OCR path hands a photo's page to the text
// PDFs' chart readers (chart_raster.ts chartsInPoints).
import assert from "node:assert/strict";
import type { FilledBox } from "../../../shared/documents/pdf_shapes.ts";
import type { TextPiece } from "../../../shared/documents/text_layout.ts";
import { piece, ticks as ticksAt } from "../../support/chart_words.ts";
import { readBarHeights } from "../../../shared/bills/embedded/chart_bars.ts";
import { gappedLabelRows } from "../../../shared/bills/embedded/chart_label_gaps.ts";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { closeOcr, ocrImage } from "../../../shared/documents/ocr.ts";
import { nativeOcrAvailable } from "../../../shared/documents/ocr_native.ts";

const ZERO = 240; // the axis's zero, y down
const ticks = () => ticksAt(ZERO);

const MONTHS = ["Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul"];
/** 13 month labels from July 2022 (9 points under the zero), `garbled` put in place of some, the years under them. */
const labels = (garbled: Record<number, string> = {}): TextPiece[] => [
  ...MONTHS.map((m, i) => piece(garbled[i] ?? m, 178 + 15 * i, ZERO + 9, 7)),
  piece("2022", 175, ZERO + 17),
  piece("2023", 265, ZERO + 17),
];
const VALUES = [1000, 1070, 1090, 1130, 1350, 1450, 1790, 1890, 1560, 1230, 1080, 1040, 1180];
const bars = (): FilledBox[] =>
  VALUES.map((v, i) => ({ x: 180 + 15 * i, y: ZERO - v / 25, width: 6, height: v / 25 }));

Deno.test("bars without values: a label OCR garbled ('Apt') is placed by its neighbours, every bar read", () => {
  const got = readBarHeights([...ticks(), ...labels({ 9: "Apt" })], bars(), "2023-07-13");
  assert.equal(got.length, 13, JSON.stringify(got));
  for (const [i, m] of got.entries()) {
    assert.deepEqual([m.year, m.month], [2022 + Math.floor((i + 6) / 12), ((i + 6) % 12) + 1]);
    assert.ok(Math.abs(m.value - VALUES[i]) <= 10, `${m.value} for ${VALUES[i]}`);
  }
  // three garbled, none two in a row, one of them the row's last label: still read, the last as July 2023
  const three = readBarHeights(
    [...ticks(), ...labels({ 2: "Sap", 9: "Ape", 12: "Jui" })],
    bars(),
    "2023-07-13",
  );
  assert.equal(three.length, 13);
  assert.deepEqual([three[12].year, three[12].month], [2023, 7]);
});

Deno.test("garbled labels: placed only where the row's names fit one grid in calendar order", () => {
  // two garbled labels side by side: not placed
  assert.deepEqual(
    readBarHeights([...ticks(), ...labels({ 9: "Apt", 10: "Mey" })], bars(), "2023-07-13"),
    [],
  );
  // a month name out of its place (OCR read "Mar" where April stands): the row is not a calendar
  assert.deepEqual(readBarHeights([...ticks(), ...labels({ 8: "Feb", 9: "Apt" })], bars(), "2023-07-13"), []);
  // a garbled label's word missing altogether (a gap in the row): nothing placed there
  const gap = labels({ 9: "" }).filter((p) => p.text);
  assert.deepEqual(gappedLabelRows(gap), []);
  // a number on the row where a label should stand (a value printed in the labels' line) is not a label
  assert.deepEqual(gappedLabelRows(labels({ 9: "1230" })), []);
  // four garbled labels: too few names read
  assert.deepEqual(gappedLabelRows(labels({ 1: "Ag", 3: "Ot", 5: "Dc", 7: "Fb" })), []);
  // every label read: left to the reader of whole rows
  assert.deepEqual(gappedLabelRows(labels()), []);
});

Deno.test("garbled labels: the bill's month must end the row as before (a row ending elsewhere: nothing)", () => {
  // the same chart on a bill whose period ends in May 2023: the row's last label (July) is neither May nor June
  assert.deepEqual(readBarHeights([...ticks(), ...labels({ 9: "Apt" })], bars(), "2023-05-13"), []);
});

Deno.test({
  name:
    "ocrImage + parseBill (real tesseract): a phone photo's line chart, one label garbled, traced and read",
  sanitizeResources: false,
  sanitizeOps: false,
  ignore: !(await nativeOcrAvailable()),
  fn: async () => {
    // a dev layout's synthetic phone photo (make_phone_photos.ts, tacoma, seed 97452): the chart's words as read
    // ("1,500 kKwn", "Apt" for Apr); the bill's truth from the synthetic corpus it was made from
    const truth = (JSON.parse(await Deno.readTextFile("tests/fixtures/bills/synthetic/manifest.json")) as {
      id: string;
      kind: string;
      truth: { electricityUsage: { usageByMonth: { month: string; year: number; value: number }[] } };
    }[]).find((e) => e.id === "tacoma-02" && e.kind === "pdf")!.truth.electricityUsage.usageByMonth;
    try {
      const r = await ocrImage(await Deno.readFile("tests/fixtures/bills/photos19/tacoma-02-p1.jpg"));
      assert.equal(r.strokes?.length, 1, "the traced line is given on a photo's page");
      const item = parseBill(r.lines, [r.pieces], {
        rules: () => false,
        boxes: [r.boxes ?? []],
        strokes: [r.strokes ?? []],
        pixelPoints: [r.pixelPoints],
      });
      const charted = item.electricityUsage.usageByMonth.filter((m) => m.fromChart);
      assert.ok(charted.length >= 10, JSON.stringify(item.electricityUsage.usageByMonth));
      for (const m of charted) {
        const want = truth.find((t) => t.month === m.month && t.year === m.year)!.value;
        assert.ok(Math.abs(m.value - want) <= want * 0.05, `${m.month} ${m.year}: ${m.value} for ${want}`);
      }
    } finally {
      await closeOcr();
    }
  },
});
