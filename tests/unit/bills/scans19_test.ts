// Scans, pass 19 (issue #11, scans19): word-box bills read by OCR (every word with a confidence), in shapes other
// than the synthetic layouts that showed each case, with every utility-shaped rule OFF. Each test fails without
// its change.
import assert from "node:assert/strict";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { periodDateSlashes } from "../../../shared/bills/embedded/ocr_dates.ts";
import { joinedStreet } from "../../../shared/bills/embedded/cross_check_streets.ts";
import { piecesToLines } from "../../../shared/documents/text_layout.ts";
import { ocrPage } from "./layout_page.ts";

type Rows = [number, [number, string][]][];
const read = (rows: Rows) => {
  const pieces = ocrPage(rows);
  return parseBill(piecesToLines(pieces), [pieces], { rules: () => false });
};

/** A bill whose meter table prints the read dates in two cells side by side, as OCR read them. */
const meterTable = (from: string, to: string): Rows => [
  [20, [[40, "Lakeshore Public Power"], [420, "Account Number 7730019245"]]],
  [40, [[40, "DANA RIVERA"], [420, "Amount Due $96.40"]]],
  [60, [[40, "818 CEDAR LN"], [420, "Due Date 03/28/2025"]]],
  [80, [[40, "SPRINGFIELD IL 62704"]]],
  [120, [[40, "Meter"], [140, "Read Dates"], [330, "Previous"], [410, "Current"], [490, "kWh Used"]]],
  [140, [[40, "K4410937"], [140, from], [235, to], [330, "20114"], [410, "20862"], [490, "748"]]],
  [180, [[40, "Energy Charge 748 kWh x $0.10500"], [420, "$78.54"]]],
];

Deno.test("scans19: two read dates side by side whose slashes OCR read as 1s are the meter's period", () => {
  // without the rule: no billing period, no service period for the meter
  const r = read(meterTable("0210412025", "0310512025"));
  assert.equal(r.billingInformation.billingPeriodStart, "2025-02-04");
  assert.equal(r.billingInformation.billingPeriodEnd, "2025-03-05");
  const m = r.electricityUsage.meters[0];
  assert.equal(`${m?.servicePeriodStart}..${m?.servicePeriodEnd}`, "2025-02-04..2025-03-05");
});

Deno.test("scans19: side by side garbled tokens are read only as whole dates of four-digit years", () => {
  assert.equal(periodDateSlashes("0412012023   0512212023"), "04/20/2023   05/22/2023");
  assert.equal(
    periodDateSlashes("G67863619 0712112024 0812012024 34322"),
    "G67863619 07/21/2024 08/20/2024 34322",
  );
  // a slash put in (not a glyph read as one), or a two-digit year: left as read without a "-" between them
  assert.equal(periodDateSlashes("412023 52223"), "412023 52223");
  assert.equal(periodDateSlashes("04120123 05122123"), "04120123 05122123");
  // whole dates that are no billing period apart (two numbers of a row): left as read
  assert.equal(periodDateSlashes("0111112023 0411112023"), "0111112023 0411112023");
  assert.equal(periodDateSlashes("0211112023 0211712023"), "0211112023 0211712023");
});

/**
 * A bill whose mailing block prints the customer's unit as OCR read it ("APT 348": its B read as an 8) and whose
 * service line prints it again as `again`, read at `confidence`.
 */
const unitBill = (again: string, confidence = 92) => {
  const rows: Rows = [
    [20, [[40, "Riverbend Electric Cooperative"], [420, "Account Number 4418820763"]]],
    [40, [[420, "Statement Date 06/02/2024"]]],
    [60, [[420, "Amount Due $112.40"], [560, "Due Date 06/24/2024"]]],
    [100, [[40, "MARIA LOPEZ"]]],
    [114, [[40, "1833 WILLOW ST APT 348"]]],
    [128, [[40, "ZANESVILLE OH 43701"]]],
    [170, [[40, `Service Address: 1833 Willow St ${again}, Zanesville, OH 43701`]]],
    [190, [[40, "Service Period 04/30/2024 - 05/30/2024"]]],
    [210, [[40, "Meter 55120984   Previous 40918   Present 41812   Energy Used 894 kWh"]]],
  ];
  const pieces = ocrPage(rows).map((p) => /B,?$/.test(p.text) ? { ...p, confidence } : p);
  const r = parseBill(piecesToLines(pieces), [pieces], { rules: () => false });
  return {
    billingAddress: r.billingInformation.billingAddress,
    serviceAddress: r.customerInformation.serviceAddress,
  };
};

Deno.test("scans19: a unit read with an 8 for its B is read as the B another printing of it shows", () => {
  // without the rule: "APT 348" is left empty (OCR's 8 for a B), though the service line reads "Apt 34B"
  const c = unitBill("Apt 34B");
  assert.equal(c.billingAddress.line2, "APT 34B");
  assert.equal(c.serviceAddress.line2, "Apt 34B");
});

Deno.test("scans19: a unit's 8 is not read as a B on an unsure B, another unit word or another number", () => {
  assert.equal(unitBill("Apt 34B", 40).billingAddress.line2, "");
  assert.equal(unitBill("Bldg 34B").billingAddress.line2, "");
  assert.equal(unitBill("Apt 24B").billingAddress.line2, "");
  assert.equal(unitBill("Apt 348").billingAddress.line2, "");
});

Deno.test("scans19: a meter number after its label with a speck OCR read after it (Meter Number.) is read", () => {
  // without the rule: "Number." stops the meter label, the meter is left without its number
  const r = read([
    [20, [[40, "Bayou Parish Power"], [420, "Account Number 3308129456"]]],
    [40, [[40, "Meter Number."], [160, "K7720415"]]],
    [60, [[40, "Read Date"], [160, "05/02/2024 to 06/01/2024"]]],
    [80, [[40, "Energy Used"], [160, "1,132 kWh"]]],
    [100, [[40, "ANA TORRES"], [420, "Amount Due $141.06"]]],
    [114, [[40, "2210 BAYOU RD"], [420, "Due Date 06/21/2024"]]],
    [128, [[40, "HOUMA LA 70360"]]],
  ]);
  const m = r.electricityUsage.meters[0];
  assert.equal(m?.meterNumber, "K7720415");
  assert.equal(m?.usageKwh, "1132");
});

Deno.test("scans19: a street with a letter OCR split off a word is read as its other printings join it", () => {
  const r = read([
    [20, [[40, "Ozark Valley Electric"], [420, "Account Number 1642272336"]]],
    [40, [[420, "Bill Date 03/02/2024"]]],
    [60, [[40, "SERVICE LOCATION"], [200, "2082 RIVER BEND RD OZARK AR 72949"]]],
    [80, [[40, "Meter G4054114   Previous 68261   Present 69107   Energy Used 846 kWh"]]],
    [100, [[40, "Amount Due $118.20"], [420, "Due Date 03/22/2024"]]],
    [300, [[40, "Please return this portion with your payment"]]],
    [320, [[40, "Account Number 1642272336"], [420, "Amount Due $118.20"]]],
    [360, [[40, "KAREN HALL"]]],
    [374, [[40, "2082 RIVER BEN D RD"]]],
    [388, [[40, "OZARK AR 72949"]]],
    [420, [[40, "Customer Block"]]],
    [434, [[40, "2082 RIVER BEND RD"], [420, "Total $118.20"]]],
  ]);
  // without the rule: "2082 RIVER BEN D RD" (the stub's reading)
  assert.equal(r.billingInformation.billingAddress.line1, "2082 RIVER BEND RD");
});

Deno.test("scans19: a lone letter of a street is kept where it is a compass point or printed apart elsewhere", () => {
  const lines = ["2082 RIVER BEND RD", "SERVICE   2082 RIVER BEND RD OZARK AR 72949"];
  assert.equal(joinedStreet("2082 RIVER BEN D RD", lines), "2082 RIVER BEND RD");
  assert.equal(joinedStreet("2082 RIVER BEN D RD", lines.slice(1)), "2082 RIVER BEN D RD");
  // a letter printed apart on two lines, the street's last word, or after a street's own word: its own
  const apart = ["2082 RIVER BEND RD", "2082 RIVER BEND RD", "2082 RIVER BEN D RD", "2082 RIVER BEN D RD"];
  assert.equal(joinedStreet("2082 RIVER BEN D RD", apart), "2082 RIVER BEN D RD");
  assert.equal(joinedStreet("40 PARK AVENUE D", ["40 PARK AVENUED", "40 PARK AVENUED"]), "40 PARK AVENUE D");
  assert.equal(joinedStreet("40 AVENUE D EAST", ["40 AVENUED EAST", "40 AVENUED EAST"]), "40 AVENUE D EAST");
  assert.equal(joinedStreet("40 OAK N ST", ["40 OAKN ST", "40 OAKN ST"]), "40 OAK N ST");
});
