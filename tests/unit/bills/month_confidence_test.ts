// A confidence per history month and per meter (issue #11, docs/bills.md "Per-month and per-meter confidence"):
// each month and meter carries its own, from how it was read and what the bill prints beside it; one under the
// threshold is left out rather than guessed. Word boxes in shapes of no one layout, every utility-shaped rule off.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import {
  confidentMonths,
  ITEM_MIN_CONFIDENCE,
  monthConfidences,
} from "../../../shared/bills/embedded/month_confidence.ts";
import { meterConfidences } from "../../../shared/bills/embedded/meter_scores.ts";
import { normalizeItem } from "../../../shared/bills/normalize.ts";
import type { MeterWithConfidence } from "../../../shared/bills/schema.ts";
import type { TextPiece } from "../../../shared/documents/text_layout.ts";
import { HEAD_ROWS as head, historyRows as history, ocrPage, page } from "./layout_page.ts";

const meter: Parameters<typeof page>[0] = [[140, [[36, "Meter 77310052"], [200, "Total kWh Used 858"]]]];
const charge: Parameters<typeof page>[0] = [[150, [[36, "Energy Charge 858 kWh X 0.0598"], [300, "$51.31"]]]];
const off = () => false;
const text = (rows: Parameters<typeof page>[0]) => {
  const p = page(rows);
  return (opts: Parameters<typeof parseBill>[2] = {}) =>
    parseBill(p.lines, [p.pieces], { rules: off, ...opts });
};
/** The same page as OCR words, every word read at 92 but those `unsure` names, read at `at`. */
const scan = (rows: Parameters<typeof page>[0], unsure: string[], at: number) => {
  const p = page(rows);
  const words: TextPiece[] = ocrPage(rows).map((
    w,
  ) => (unsure.includes(w.text) ? { ...w, confidence: at } : w));
  return (opts: Parameters<typeof parseBill>[2] = {}) => parseBill(p.lines, [words], { rules: off, ...opts });
};

Deno.test("each month read carries its own confidence; the bill's month agreeing with the meter is the surest", () => {
  const item = text([...head, ...meter, ...history("858")])();
  assertEquals(item.monthConfidence, {
    "2024-01": 0.85,
    "2024-02": 0.85,
    "2024-03": 0.85,
    "2024-04": 0.85,
    "2024-05": 0.95,
  });
  // the whole history's confidence stays as it was
  assertEquals(item.confidence.usageByMonth, 0.85);
  // the normalised item (what the API answers) keeps it; the months the completion estimates have none
  const n = normalizeItem(item);
  assertEquals(n.monthConfidence, item.monthConfidence);
  assertEquals(n.electricityUsage.usageByMonth.filter((u) => u.estimated).length, 7);
});

Deno.test("a month read from one OCR word tesseract was unsure of is less sure than its neighbours: to confirm", () => {
  const item = scan([...head, ...meter, ...history("858")], ["944"], 30)();
  // under the confirm step's 0.6 (plausibility.ts), over the 0.5 that leaves a month out
  assertEquals(item.monthConfidence?.["2024-02"], 0.55);
  assertEquals(item.electricityUsage.usageByMonth.length, 5);
  assertEquals(item.monthConfidence?.["2024-01"], 0.85);
  // under a stricter threshold that month alone is left out rather than guessed; with none, every month stays
  const strict = scan([...head, ...meter, ...history("858")], ["944"], 30)({ itemMinConfidence: 0.7 });
  assertEquals(strict.electricityUsage.usageByMonth.map((u) => u.month), [
    "January",
    "March",
    "April",
    "May",
  ]);
  assertEquals(Object.keys(strict.monthConfidence ?? {}), ["2024-01", "2024-03", "2024-04", "2024-05"]);
  const all = scan([...head, ...meter, ...history("858")], ["944"], 30)({ itemMinConfidence: 0 });
  assertEquals(all.electricityUsage.usageByMonth.length, 5);
});

Deno.test("the bill's month that is not the meter's kWh, and far from every other month, is left out", () => {
  // 6,052 (a year-to-date total in the month's cell) against the meter's 858 and months of ~900
  const item = text([...head, ...meter, ...history("6,052")])();
  assertEquals(item.electricityUsage.usageByMonth.map((u) => u.value), [1012, 944, 901, 870]);
  // the other months of that history are a little less sure (its own month disagreed)
  assertEquals(item.monthConfidence?.["2024-01"], 0.75);
  // an own month that disagrees but is a month's figure (another labelling convention) is kept, to confirm
  const other = text([...head, ...meter, ...history("920")])();
  assertEquals(other.monthConfidence?.["2024-05"], 0.55);
  assertEquals(other.electricityUsage.usageByMonth.length, 5);
});

Deno.test("a second reading of a month with the same value confirms it; a lone scan-chart month read unsure goes", () => {
  const h = [
    { year: 2024, month: 3, value: 901, how: "ocr-chart" as const },
    { year: 2024, month: 4, value: 870, how: "ocr-chart" as const },
  ];
  const readings = [...h, { year: 2024, month: 3, value: 901, how: "compared" as const }];
  const words = ocrPage([[10, [[10, "901"], [60, "870"]]]]).map((w) =>
    w.text === "870" ? { ...w, confidence: 20 } : w
  );
  const c = monthConfidences(h, { readings, periodEnd: "", total: 0, pages: [words] });
  assertEquals(c, { "2024-03": 0.83, "2024-04": 0.35 });
  assertEquals(confidentMonths(h, c).map((m) => m.month), [3]);
  assertEquals(ITEM_MIN_CONFIDENCE, 0.5);
});

Deno.test("each meter carries its own confidence: a kWh a charge line bills is surer; an unsure lone number goes", () => {
  const plain = text([...head, ...meter, ...history("858")])();
  const billed = text([...head, ...meter, ...charge, ...history("858")])();
  const conf = (i: typeof plain) =>
    (i.electricityUsage.meters as MeterWithConfidence[]).map((m) => m.confidence);
  assertEquals(conf(plain), [0.8]);
  assertEquals(conf(billed), [0.95]);
  // on the wire: the normalised item keeps each meter's confidence
  assertEquals((normalizeItem(billed).electricityUsage.meters[0] as MeterWithConfidence).confidence, 0.95);
  // a meter of a number only, that number one OCR word read at 40: under the threshold, left out
  const words = ocrPage([[10, [[10, "Meter"], [60, "G4471902"]]]]).map((w) =>
    w.text === "G4471902" ? { ...w, confidence: 40 } : w
  );
  const lone = { meterNumber: "G4471902", usageKwh: "", servicePeriodStart: "", servicePeriodEnd: "" };
  assertEquals(meterConfidences([lone], { text: "", money: [], supplyRatePerKwh: "", pages: [words] }), [
    0.45,
  ]);
});

Deno.test("through the reader: a meter under the threshold is left out rather than guessed", () => {
  const rows: Parameters<typeof page>[0] = [
    ...head,
    [140, [[36, "Meter Number G4471902"]]],
    ...history("858"),
  ];
  const p = page(rows);
  const words = ocrPage(rows).map((w) => (w.text === "G4471902" ? { ...w, confidence: 40 } : w));
  const read = (opts: Parameters<typeof parseBill>[2]) =>
    (parseBill(p.lines, [words], { rules: off, ...opts }).electricityUsage.meters as MeterWithConfidence[])
      .map((m) => [m.meterNumber, m.confidence]);
  // by default the identifiers' word check (word_confidence.ts) keeps an unsure number of one letter and digits
  // (scans18: before it, the number was emptied and a number-less meter stayed, 0.55), so the meter's own
  // confidence (0.55 − 0.1) leaves it out
  assertEquals(read({}), []);
  // with that check off (BILL_OCR_MIN_WORD_CONFIDENCE_IDS=0), the meter's own confidence (0.55 − 0.1) leaves it out
  const ids0 = { identifiers: 0, numbers: 50, history: 10, words: 50 };
  assertEquals(read({ wordConfidence: ids0 }), []);
  assertEquals(read({ wordConfidence: ids0, itemMinConfidence: 0 }), [["G4471902", 0.45]]);
});
