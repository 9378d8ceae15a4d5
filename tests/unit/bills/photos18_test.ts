// photos18 (issue #11, phone photos): word boxes and filled boxes in points, y down, as the OCR path hands a photo's
// page to the text PDFs' chart readers (chart_raster.ts chartsInPoints).
import assert from "node:assert/strict";
import type { FilledBox } from "../../../shared/documents/pdf_shapes.ts";
import type { TextPiece } from "../../../shared/documents/text_layout.ts";
import { piece, ticks as ticksAt } from "../../support/chart_words.ts";
import { readBarHeights } from "../../../shared/bills/embedded/chart_bars.ts";

const ZERO = 240; // the axis's zero, y down
const ticks = () => ticksAt(ZERO);

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** 13 month labels from January 2021 (baseline 9 points under the zero, 7 points tall), the two years under them. */
const labels = (): TextPiece[] => [
  ...Array.from({ length: 13 }, (_, i) => piece(MONTHS[i % 12], 178 + 15 * i, ZERO + 9, 7)),
  piece("2021", 175, ZERO + 17),
  piece("2022", 355, ZERO + 17),
];
const VALUES = [1000, 1070, 1090, 1130, 1350, 1450, 1790, 1890, 1560, 1230, 1080, 1040, 1180];
const bars = (): FilledBox[] =>
  VALUES.map((v, i) => ({ x: 180 + 15 * i, y: ZERO - v / 25, width: 6, height: v / 25 }));
/** A blurred letter of a label filled solid: a small box inside the label's line, beside the bar's centre. */
const specks = (at: number[], top = ZERO + 4): FilledBox[] =>
  at.map((i) => ({ x: 179 + 15 * i, y: top, width: 2.5, height: 1.5 }));

Deno.test("bars without values: a label's glyph filled solid (a phone photo's blur) is not a second bar over it", () => {
  const got = readBarHeights([...ticks(), ...labels()], [...bars(), ...specks([2, 4, 10, 12])], "2022-01-18");
  assert.equal(got.length, 13, JSON.stringify(got));
  for (const [i, m] of got.entries()) {
    assert.deepEqual([m.year, m.month], [2021 + Math.floor(i / 12), (i % 12) + 1]);
    assert.ok(Math.abs(m.value - VALUES[i]) <= 10, `${m.value} for ${VALUES[i]}`);
  }
});

Deno.test("bars without values: a box beginning over the label's line is still a bar (side by side: nothing read)", () => {
  // the same small boxes, their tops a point over the labels' tops (ZERO + 2): a second column, grouped bars
  assert.deepEqual(
    readBarHeights([...ticks(), ...labels()], [...bars(), ...specks([2, 4, 10, 12], ZERO + 1)], "2022-01-18"),
    [],
  );
  // a second bar standing on the zero beside each bar (this year / last year): nothing, as before
  const pairs = bars().map((b) => ({ ...b, x: b.x + 3.5, width: 2.5 }));
  assert.deepEqual(readBarHeights([...ticks(), ...labels()], [...bars(), ...pairs], "2022-01-18"), []);
});
