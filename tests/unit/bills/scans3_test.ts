// Charts and meter tables on scans (issue #11, scans3): OCR word boxes (every word with a confidence) in shapes
// other than the synthetic layouts that showed the cases, with every utility-shaped rule OFF. Each test fails
// without its change.
import type { MeterWithConfidence } from "../../../shared/bills/schema.ts";
import assert from "node:assert/strict";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { scanChartHistory } from "../../../shared/bills/embedded/scan_charts.ts";
import { scanMeterRows } from "../../../shared/bills/embedded/scan_meters.ts";
import { piecesToLines, type TextPiece } from "../../../shared/documents/text_layout.ts";

const noTaggedRules = () => false;
const read = (pieces: TextPiece[]) => parseBill(piecesToLines(pieces), [pieces], { rules: noTaggedRules });
const history = (r: ReturnType<typeof read>) =>
  r.electricityUsage.usageByMonth.map((u) => `${u.month.slice(0, 3)}${u.year % 100}:${u.value}`).join(" ");

/** OCR word boxes of a line of text: 8 pixels a character, 14 high, read at `conf`. */
const words = (x: number, y: number, text: string, conf = 91): TextPiece[] => {
  let at = x;
  return text.split(" ").map((t) => {
    const p = { x: at, y, width: t.length * 8, height: 14, text: t, confidence: conf };
    at += (t.length + 1) * 8;
    return p;
  });
};

// October 2023 … October 2024, the bill's month last
const KWH = [655, 702, 1044, 1381, 1402, 1117, 807, 868, 912, 874, 781, 930, 1208];
const LABELS = ["Oct", "Nov", "Dec", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct"];
const X0 = 320, STEP = 64, ROW = 620;
// the labels as OCR read them: four garbled (a chart the text-PDF readers read whole is not a scan's case)
const GARBLED = [...LABELS];
[GARBLED[1], GARBLED[4], GARBLED[6], GARBLED[9]] = ["Novz", "Febal", "Ap?", "un"];

/** A scanned bill with a bar chart: month labels under the bars (OCR's spellings), each bar's value over it. */
function chartBill(
  opts: {
    labels?: string[];
    values?: (string | undefined)[];
    conf?: number[];
    meterKwh?: number;
    title?: string;
  } = {},
): TextPiece[] {
  const labels = opts.labels ?? GARBLED;
  const values = opts.values ?? KWH.map(String);
  return [
    ...words(40, 30, "Prairie Rivers Electric Cooperative"),
    ...words(520, 30, "Account 55019-3384"),
    ...words(40, 60, "Service from 09/28/2024 to 10/29/2024"),
    ...words(520, 60, "Amount Due $162.18"),
    ...words(40, 90, `Meter 7710-2245 Energy Used ${opts.meterKwh ?? 1208} kWh`),
    ...words(300, 380, opts.title ?? "Your Electric Use (kWh)"),
    ...labels.flatMap((l, k) => words(X0 + k * STEP, ROW, l, 60)),
    // each value over its bar, at the bar's height
    ...values.flatMap((v, k) =>
      v === undefined ? [] : words(X0 + k * STEP - 4, ROW - 40 - KWH[k] / 10, v, opts.conf?.[k] ?? 93)
    ),
  ];
}

Deno.test("scan chart: labels OCR garbled and values lost, anchored by the bill's kWh in its month's bar", () => {
  // before (scan_charts.ts): the text-PDF chart readers want all 13 labels legible — nothing was read
  const values: (string | undefined)[] = KWH.map(String);
  values[3] = undefined; // a value OCR lost
  values[7] = "8GS"; // a value OCR garbled
  const r = read(chartBill({ values }));
  for (const want of ["Oct23:655", "Nov23:702", "Dec23:1044", "Feb24:1402", "Apr24:807", "Jul24:874"]) {
    assert.ok(history(r).includes(want), `${want} in ${history(r)}`);
  }
  assert.ok(!/Jan24|May24/.test(history(r)), history(r));
});

Deno.test("scan chart: not read without the bill's kWh in its month's bar, or from unsure values", () => {
  // NEGATIVE, on the chart reader itself (other readers may still read a legible label's month)
  const chart = (opts: Parameters<typeof chartBill>[0] = {}, kwh = 1208) =>
    scanChartHistory([chartBill(opts)], "2024-10-29", kwh).map((m) =>
      `${m.month}/${m.year % 100}:${m.value}`
    );
  assert.equal(chart().length, 13);
  // the bill's kWh is another number (a chart of something else): nothing
  assert.deepEqual(chart({}, 1100), []);
  // the bill's own bar lost: nothing (no other cross-check)
  const lost: (string | undefined)[] = KWH.map(String);
  lost[12] = undefined;
  assert.deepEqual(chart({ values: lost }), []);
  // a value read with low confidence is left empty
  const unsure = chart({ conf: KWH.map((_, k) => (k === 5 ? 40 : 93)) });
  assert.ok(unsure.includes("2/24:1402") && !unsure.some((m) => m.startsWith("3/24")), unsure.join(" "));
  // a value OCR cut short (its last digits) is left empty
  const cut: (string | undefined)[] = KWH.map(String);
  cut[9] = "74";
  assert.ok(!chart({ values: cut }).some((m) => m.startsWith("7/24")), chart({ values: cut }).join(" "));
  // a chart titled as costs is not kWh, even where a value equals the bill's kWh
  assert.deepEqual(chart({ title: "Your Monthly Cost ($)" }), []);
  // month labels out of calendar order are no chart
  const shuffled = [...GARBLED];
  [shuffled[2], shuffled[8], shuffled[5]] = [shuffled[8], shuffled[5], shuffled[2]];
  assert.deepEqual(chart({ labels: shuffled }), []);
});

/** A scanned bill whose meter table's header OCR garbled, with one meter row (cells at x, OCR confidence). */
function meterBill(row: [number, string, number?][], below: [number, string][] = []): TextPiece[] {
  return [
    ...words(40, 30, "Lakeland Power & Light"),
    ...words(520, 30, "Account 88120-4471"),
    ...words(520, 60, "Amount Due $171.44"),
    ...words(40, 200, "MeterD RdTyp PrevlousRead CumentMeterRead Mult Usage Wh)", 40),
    ...row.flatMap(([x, t, conf]) => words(x, 224, t, conf ?? 94)),
    ...below.flatMap(([x, t]) => words(x, 246, t)),
  ];
}
const meter = (r: ReturnType<typeof read>) =>
  (r.electricityUsage.meters as MeterWithConfidence[]).map(({ confidence: _, ...m }) =>
    Object.values(m).join(" ")
  )
    .join("|");

Deno.test("scan meter row: a garbled header's row read when its readings' difference is the printed kWh", () => {
  // before (scan_meters.ts): no header names the columns — no meter
  const r = read(
    meterBill([
      [40, "X4471902"],
      [150, "Actual"],
      [230, "11/824"],
      [300, "12/924"],
      [380, "58812"],
      [460, "60020"],
      [540, "1"],
      [600, "1,208"],
    ]),
  );
  assert.equal(meter(r), "X4471902 1208 2024-11-08 2024-12-09");
  // current before previous, the kWh on the line under it; the meter number read unsure is left empty
  const r2 = read(
    meterBill([[40, "X4471902", 35], [150, "Present"], [230, "60020"], [300, "Previous"], [380, "58812"]], [[
      40,
      "kWh used: 1,208",
    ]]),
  );
  assert.equal(r2.electricityUsage.meters[0]?.usageKwh, "1208");
  assert.equal(r2.electricityUsage.meters[0]?.meterNumber, "");
});

Deno.test("scan meter row: never read without the readings' difference printed, nor from a rate table", () => {
  // NEGATIVE. The kWh printed is not the readings' difference (a digit misread somewhere): nothing
  assert.deepEqual(
    scanMeterRows([meterBill([[40, "X4471902"], [380, "58812"], [460, "60020"], [600, "1,280"]])]),
    [],
  );
  // a rate table's bounds ("500 1000 500") on lines naming no meter or read are no readings
  const rates = [...words(40, 200, "Energy Block kWh Rate"), ...words(40, 224, "Second 500 1000 500 0.0912")];
  assert.deepEqual(scanMeterRows([rates]), []);
  // the difference is never a reading: the usage is 1208, not either reading
  const m = scanMeterRows([meterBill([[40, "X4471902"], [380, "58812"], [460, "60020"], [600, "1208"]])]);
  assert.deepEqual(m.map((x) => x.usageKwh), ["1208"]);
});
