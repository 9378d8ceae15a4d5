// Scan checks (shared/bills/embedded/scan_checks.ts): values OCR read wrongly with confidence — words glued
// together, a meter number letter that may be a digit, a history digit added or dropped — are split where the
// split is certain, else left empty. A text PDF (no OCR confidence on its items) reads exactly as before.
import assert from "node:assert/strict";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import {
  cleanRateName,
  gluedName,
  splitGluedStreet,
  steadyHistory,
} from "../../../shared/bills/embedded/scan_checks.ts";
import { piecesToLines } from "../../../shared/documents/text_layout.ts";
import { ocrPage } from "./layout_page.ts";

const page = ocrPage;

const HISTORY: [string, string][] = [
  ["03/2023", "559"],
  ["04/2023", "447"],
  ["05/2023", "410"],
  ["06/2023", "459"],
  ["07/2023", "564"],
  ["08/2023", "587"],
  ["09/2023", "507"],
  ["10/2023", "1493"],
  ["11/2023", "526"],
  ["12/2023", "77"],
  ["01/2024", "788"],
  ["02/2024", "640"],
];

function bill(
  o: { name?: string; street?: string; meter?: string; meterAgain?: boolean; rate?: string } = {},
  ocr = true,
) {
  const rows: [number, [number, string][]][] = [
    [20, [[40, "Bright Electric Company"]]],
    [40, [[40, o.name ?? "NORA CHEN"]]],
    [54, [[40, "8711 ELM ST"]]],
    [68, [[40, "DENVER CO 80202"]]],
    [80, [[40, "Account Number:"], [400, "4410223519"]]],
    [100, [[40, "Statement Date:"], [400, "03/05/2024"]]],
    [120, [[40, "Due Date:"], [400, "03/26/2024"]]],
    [140, [[40, "Billing Period:"], [400, "02/01/2024 - 03/01/2024"]]],
    [180, [[40, "Total Amount Due:"], [400, "$142.18"]]],
    [200, [[40, `Rate: ${o.rate ?? "Residential Service"}`]]],
    [220, [[40, "Meter Number"], [200, "Read Dates"], [400, "kWh Used"]]],
    [240, [[40, o.meter ?? "M8284137"], [200, "02/01/2024 - 03/01/2024"], [400, "640"]]],
    [280, [[40, "Service Address:"], [400, `${o.street ?? "8711 ELM ST"}, DENVER, CO 80202`]]],
    [320, [[40, "Usage History"]]],
    [340, [[40, "Month"], [200, "kWh Used"]]],
    ...HISTORY.map(([m, v], i): [number, [number, string][]] => [360 + 20 * i, [[40, m], [200, v]]]),
  ];
  if (o.meterAgain) rows.push([640, [[40, "Your meter"], [200, o.meter ?? "M8284137"], [400, "was read"]]]);
  const pieces = page(rows, ocr);
  return parseBill(piecesToLines(pieces), [pieces]);
}

Deno.test("a scanned history month far from its neighbours and the current period is dropped", () => {
  const item = bill();
  // "1493" (493 with a digit added) and "77" (717 with one dropped) break the history; the rest stays
  const months = item.electricityUsage.usageByMonth;
  assert.ok(months.length >= 10, JSON.stringify(months));
  assert.equal(months.find((u) => u.value === 1493), undefined);
  assert.equal(months.find((u) => u.value === 77), undefined);
  assert.ok(months.some((u) => u.value === 788));
  assert.ok(months.some((u) => u.value === 410));
  // a text PDF's history is read as printed
  assert.ok(bill({}, false).electricityUsage.usageByMonth.some((u) => u.value === 1493));
});

Deno.test("steadyHistory: a season is not an outlier, a digit added or dropped is", () => {
  const h = (vs: number[]) => vs.map((value, i) => ({ year: 2024, month: i + 1, value }));
  // summer doubling month over month stays
  assert.equal(steadyHistory(h([500, 520, 900, 1800, 1900, 1100])).length, 6);
  // the first summer month at a history's end stands near the current period: kept
  assert.equal(steadyHistory(h([400, 400, 400, 1300]), 1350).length, 4);
  // 77 among ~700 and 5210 among ~500 go
  assert.deepEqual(steadyHistory(h([700, 690, 77, 720, 710])).map((m) => m.value), [700, 690, 720, 710]);
  assert.deepEqual(steadyHistory(h([500, 5210, 520]), 510).map((m) => m.value), [500, 520]);
  // an end month is checked against its one neighbour and the current period
  assert.deepEqual(steadyHistory(h([500, 520, 5100]), 510).map((m) => m.value), [500, 520]);
  assert.equal(steadyHistory(h([500, 520, 5100])).length, 3); // one reference only: kept
});

Deno.test("a street name OCR glued to its suffix is split; a word of its own is not", () => {
  const item = bill({ street: "8711 ELMST" });
  assert.equal(item.customerInformation.serviceAddress.line1, "8711 ELM ST");
  // a text layer's street is split by no suffix rule; since round 27 it is spaced as the bill's other printing
  // of it ("8711 ELM ST" above: cross_check_streets.ts)
  assert.equal(bill({ street: "8711 ELMST" }, false).customerInformation.serviceAddress.line1, "8711 ELM ST");
  assert.deepEqual(splitGluedStreet("4261 OAK HOLLOWDR", ""), { line1: "4261 OAK HOLLOW DR", line2: "" });
  assert.deepEqual(splitGluedStreet("4663 HILLCRESTWAY", ""), { line1: "4663 HILLCREST WAY", line2: "" });
  assert.deepEqual(splitGluedStreet("7725 PARK PLAPT 4B", ""), { line1: "7725 PARK PL", line2: "APT 4B" });
  for (const s of ["12 FOREST", "40 BROADWAY", "7 ORCHARD", "88 ELM ST", "5 W 21ST"]) {
    assert.deepEqual(splitGluedStreet(s, ""), { line1: s, line2: "" });
  }
});

Deno.test("a customer name OCR read as one glued word is left empty", () => {
  assert.equal(bill({ name: "NORA CHEN" }).customerInformation.customerName, "NORA CHEN");
  assert.equal(bill({ name: "NORACHEN" }).customerInformation.customerName, "");
  assert.equal(bill({ name: "NORACHEN" }, false).customerInformation.customerName, "NORACHEN");
  assert.ok(gluedName("KEVINWILSON") && !gluedName("KEVIN WILSON") && !gluedName("ACME"));
});

Deno.test("a scanned meter number with a letter OCR confuses with a digit needs a second printing", () => {
  // "MB284137": B or 8? printed once: empty; printed twice the same: kept
  assert.equal(bill({ meter: "MB284137" }).electricityUsage.meters[0]?.meterNumber, "");
  assert.equal(
    bill({ meter: "MB284137", meterAgain: true }).electricityUsage.meters[0]?.meterNumber,
    "MB284137",
  );
  // a leading prefix letter is a prefix, not a misread digit: kept
  assert.equal(bill({ meter: "L108605388" }).electricityUsage.meters[0]?.meterNumber, "L108605388");
  // no confusable letter (M, digits): kept
  assert.equal(bill({ meter: "M8284137" }).electricityUsage.meters[0]?.meterNumber, "M8284137");
  // a text PDF: read as printed
  assert.equal(bill({ meter: "MB284137" }, false).electricityUsage.meters[0]?.meterNumber, "MB284137");
});

Deno.test("a scanned rate plan name: the period joined to it, trailing marks and glued words are cleaned", () => {
  const rate = (r: string, ocr = true) => bill({ rate: r }, ocr).electricityUsage.electricRate;
  assert.equal(rate("Residential Service"), "Residential Service");
  assert.equal(
    rate("RS Residential Single Family From 9/15/24 To 10/13/24 28 Days"),
    "RS Residential Single Family",
  );
  assert.equal(rate("TOU-DR1 ResidentialTime of Use ~"), "TOU-DR1 Residential Time of Use");
  // a sign no plan name prints: unsure, left empty
  assert.equal(rate("Residential Service ®)"), "");
  // a text PDF: as printed
  assert.equal(rate("TOU-DR1 ResidentialTime of Use", false), "TOU-DR1 ResidentialTime of Use");
  assert.equal(cleanRateName("Residential Service (R)"), "Residential Service (R)");
  assert.equal(cleanRateName("Residential - R"), "Residential - R");
});

Deno.test("a scanned street's upper-case LN read as IN, and a unit's trailing speck, are corrected", () => {
  assert.equal(bill({ street: "1428 CEDAR IN" }).customerInformation.serviceAddress.line1, "1428 CEDAR LN");
  assert.deepEqual(splitGluedStreet("870 OAK DR", "APT 14."), { line1: "870 OAK DR", line2: "APT 14" });
  assert.equal(
    bill({ street: "1428 CEDAR IN" }, false).customerInformation.serviceAddress.line1,
    "1428 CEDAR IN",
  );
});
