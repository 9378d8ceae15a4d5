// OCR word confidence in the reader (shared/bills/embedded/word_confidence.ts): a value read only from words
// tesseract was unsure of is left empty, unless a second printing or a cross-check confirms it; PDF text items
// (no confidence) read exactly as before.
import assert from "node:assert/strict";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import {
  CONFIRM_CONFIDENCE,
  dateSpellings,
  loadWordConfidence,
  ocrRows,
  printings,
  unsureFields,
  WORD_CONFIDENCE,
} from "../../../shared/bills/embedded/word_confidence.ts";
import { makeBillModel } from "../../../shared/bills/models.ts";
import { ConfigError } from "../../../shared/config.ts";
import { piecesToLines, type TextPiece } from "../../../shared/documents/text_layout.ts";

const W = 7; // pixels a character

/** An OCR page: rows of [x, text, confidence?] words (confidence absent: a PDF text item). */
function ocrPage(rows: [number, [number, string, number?][]][]): TextPiece[] {
  return rows.flatMap(([y, ws]) =>
    ws.map(([x, text, confidence]) => ({
      x,
      y,
      width: text.length * W,
      height: 12,
      text,
      ...(confidence === undefined ? {} : { confidence }),
    }))
  );
}

/** A bill page; `conf` gives the OCR confidence of the words named (others 95, or none: a text PDF). */
function bill(conf: Record<string, number> = {}, ocr = true): TextPiece[] {
  const c = (t: string) => conf[t] ?? (ocr ? 95 : undefined);
  const row = (y: number, ...cells: [number, string][]): [number, [number, string, number?][]] => [
    y,
    cells.flatMap(([x, cell]) => {
      let at = x;
      return cell.split(" ").map((w) => {
        const word: [number, string, number?] = [at, w, c(w)];
        at += (w.length + 1) * W;
        return word;
      });
    }),
  ];
  return ocrPage([
    row(40, [40, "Bright Electric Company"]),
    row(80, [40, "Account Number:"], [400, "4410223519"]),
    row(100, [40, "Statement Date:"], [400, "03/05/2024"]),
    row(120, [40, "Due Date:"], [400, "03/26/2024"]),
    row(140, [40, "Past Due Balance"], [400, "$0.00"]),
    row(160, [40, "Current Charges"], [400, "$142.18"]),
    row(180, [40, "Total Amount Due:"], [400, "$142.18"]),
    row(220, [40, "Meter Number"], [200, "Read Dates"], [400, "kWh Used"]),
    row(240, [40, "M8284137"], [200, "02/01/2024 - 03/01/2024"], [400, "812"]),
    row(280, [40, "Service Address:"], [400, "8711 ELM ST, DENVER, CO 80202"]),
  ]);
}

const read = (pieces: TextPiece[]) => parseBill(piecesToLines(pieces), [pieces]);

Deno.test("confident OCR words: the fields are filled as from a text layer, field for field", () => {
  const text = read(bill({}, false)), ocr = read(bill());
  assert.equal(ocr.customerInformation.accountNumber, "4410223519");
  assert.equal(ocr.billingInformation.amountDue, "142.18");
  assert.equal(ocr.electricityUsage.meters[0]?.meterNumber, "M8284137");
  assert.equal(ocr.electricityUsage.meters[0]?.usageKwh, "812");
  assert.equal(ocr.billingInformation.pastDue, "0.00");
  assert.deepEqual(ocr, text);
});

Deno.test("an account or meter number read from an unsure word is left empty, not guessed", () => {
  const item = read(bill({ "4410223519": 31, M8284137: 36 }));
  assert.equal(item.customerInformation.accountNumber, "");
  assert.equal(item.confidence.accountNumber, undefined);
  // a meter number of one letter and digits is kept though unsure (scans18: tesseract scores the mix low); one of
  // another shape is not
  assert.equal(item.electricityUsage.meters[0]?.meterNumber, "M8284137");
  const digits = bill({ M8284137: 92 }).map((
    p,
  ) => (p.text === "M8284137" ? { ...p, text: "MB284137", confidence: 36 } : p));
  assert.equal(read(digits).electricityUsage.meters[0]?.meterNumber, "");
  // the rest of the page is read as before
  assert.equal(item.electricityUsage.meters[0]?.usageKwh, "812");
  assert.equal(item.billingInformation.amountDue, "142.18");
  // at the threshold: kept; just under: left empty
  const at = WORD_CONFIDENCE.identifiers;
  assert.equal(read(bill({ "4410223519": at })).customerInformation.accountNumber, "4410223519");
  assert.equal(read(bill({ "4410223519": at - 1 })).customerInformation.accountNumber, "");
  // a threshold of 0 turns the check off
  const off = { identifiers: 0, numbers: 0, history: 0, words: 0 };
  const pieces = bill({ "4410223519": 31 });
  assert.equal(
    parseBill(piecesToLines(pieces), [pieces], { wordConfidence: off }).customerInformation.accountNumber,
    "4410223519",
  );
});

Deno.test("an unsure kWh reading is left empty; an amount printed twice or that balances is kept", () => {
  assert.equal(read(bill({ "812": 20 })).electricityUsage.meters[0]?.usageKwh, "");
  // both printings of $142.18 unsure, but they agree (two readings)
  assert.equal(read(bill({ "$142.18": 30 })).billingInformation.amountDue, "142.18");
  // the past due read once from an unsure word: amount due = past due + the current charges printed
  const item = read(bill({ "$0.00": 30 }));
  assert.equal(item.billingInformation.pastDue, "0.00");
  // the same without the current charges printed: nothing confirms it
  const alone = bill({ "$0.00": 30 }).filter((p) => p.y !== 160);
  assert.equal(read(alone).billingInformation.pastDue, "");
});

Deno.test("an unsure kWh reading is kept when kWh × the supply price is a charge printed on the bill", () => {
  const meter = () => ({ meterNumber: "", usageKwh: "812", servicePeriodStart: "", servicePeriodEnd: "" });
  const pieces = ocrPage([[10, [[10, "812", 20], [60, "kWh", 90]]]]);
  const f = (rate: string) => ({
    accountNumber: "",
    serviceNumber: "",
    amountDue: "",
    pastDue: "",
    supplyRatePerKwh: rate,
    meters: [meter()],
    usageByMonth: [],
  });
  const alone = f("");
  unsureFields(alone, [pieces], WORD_CONFIDENCE, [8932]);
  assert.equal(alone.meters[0].usageKwh, "");
  // 812 × $0.11 = $89.32, printed
  const charged = f("0.1100");
  unsureFields(charged, [pieces], WORD_CONFIDENCE, [8932]);
  assert.equal(charged.meters[0].usageKwh, "812");
});

Deno.test("a name, address or date read from an unsure word is kept, but marked for the confirm step", () => {
  const sure = read(bill());
  assert.ok(sure.confidence.dueDate! > 0.6 && sure.confidence.serviceAddress! > 0.6);
  const item = read(bill({ "03/26/2024": 30, "DENVER,": 25 }));
  assert.equal(item.billingInformation.dueDate, "2024-03-26");
  assert.equal(item.confidence.dueDate, CONFIRM_CONFIDENCE);
  assert.equal(item.customerInformation.serviceAddress.city, "DENVER");
  assert.equal(item.confidence.serviceAddress, CONFIRM_CONFIDENCE);
  // the other fields keep their confidence
  assert.equal(item.confidence.invoiceDate, sure.confidence.invoiceDate);
  assert.deepEqual(dateSpellings("2024-03-06").slice(0, 2), ["03062024", "030624"]);
  assert.ok(dateSpellings("2024-03-06").includes("MAR62024"));
});

Deno.test("printings: a number split over two OCR words is found whole, never inside a longer number", () => {
  const rows = ocrRows([ocrPage([
    [10, [[10, "4850", 90], [50, "122", 40], [90, "075", 90]]],
    [30, [[10, "1770", 99], [60, "77", 60]]],
  ])]);
  assert.deepEqual(printings("4850 122 075", rows), [40]);
  assert.deepEqual(printings("77", rows), [60]);
  assert.deepEqual(printings("999", rows), []);
});

Deno.test("history months from unsure chart digits are dropped when the history threshold is on", () => {
  const pieces = ocrPage([[10, [[10, "Jan", 90], [60, "Feb", 90]]], [30, [[10, "753", 5], [60, "701", 88]]]]);
  const usage = [
    { month: "January" as const, year: 2024, value: 753, unit: "kWh" as const },
    { month: "February" as const, year: 2024, value: 701, unit: "kWh" as const },
  ];
  const f = {
    accountNumber: "",
    serviceNumber: "",
    amountDue: "",
    supplyRatePerKwh: "",
    pastDue: "",
    meters: [],
    usageByMonth: usage,
  };
  unsureFields(f, [pieces], { identifiers: 50, numbers: 50, history: 0, words: 0 });
  assert.equal(f.usageByMonth.length, 2);
  unsureFields(f, [pieces], { identifiers: 50, numbers: 50, history: 50, words: 0 });
  assert.deepEqual(f.usageByMonth.map((u) => u.value), [701]);
});

Deno.test("thresholds come from the environment (BILL_OCR_MIN_WORD_CONFIDENCE_*), 0..100", () => {
  assert.deepEqual(loadWordConfidence(new Map()), WORD_CONFIDENCE);
  assert.deepEqual(
    loadWordConfidence(
      new Map([["BILL_OCR_MIN_WORD_CONFIDENCE_IDS", "80"], ["BILL_OCR_MIN_WORD_CONFIDENCE_HISTORY", "30"], [
        "BILL_OCR_MIN_WORD_CONFIDENCE_WORDS",
        "0",
      ]]),
    ),
    { ...WORD_CONFIDENCE, identifiers: 80, history: 30, words: 0 },
  );
  for (const v of ["101", "-1", "high"]) {
    assert.throws(
      () => loadWordConfidence(new Map([["BILL_OCR_MIN_WORD_CONFIDENCE_NUMBERS", v]])),
      ConfigError,
    );
  }
  assert.throws(
    () => makeBillModel("embedded", new Map([["BILL_OCR_MIN_WORD_CONFIDENCE_IDS", "x"]])),
    ConfigError,
  );
});
