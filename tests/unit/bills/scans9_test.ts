// OCR's own errors in addresses, dates and month labels (issue #11, scans9: shared/bills/embedded/
// ocr_address.ts, ocr_tokens.ts): word-box bills built here, read by OCR (every word with a confidence), in
// shapes other than the synthetic layouts that showed the errors, with every utility-shaped rule OFF. Each case
// fails without its repair.
import assert from "node:assert/strict";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { fixLabelWords } from "../../../shared/bills/embedded/ocr_labels.ts";
import { piecesToLines, type TextPiece } from "../../../shared/documents/text_layout.ts";

const noTaggedRules = () => false;
const W = 7; // pixels a character

/** A page of OCR word boxes (confidence 91): rows of cells at (x, y). */
function page(rows: [number, [number, string][]][]): TextPiece[] {
  return rows.flatMap(([y, cells]) =>
    cells.flatMap(([x, cell]) => {
      let at = x;
      return cell.split(" ").map((text) => {
        const p: TextPiece = { x: at, y, width: text.length * W, height: 12, text, confidence: 91 };
        at += (text.length + 1) * W;
        return p;
      });
    })
  );
}
const read = (rows: [number, [number, string][]][]) => {
  const pieces = page(rows);
  return parseBill(piecesToLines(pieces), [pieces], { rules: noTaggedRules });
};
const head: [number, [number, string][]][] = [
  [20, [[40, "Lakeshore Power Cooperative"], [400, "Account No. 3320917745"]]],
  [40, [[400, "Total Due   $96.40"]]],
];
const address = (a: { line1: string; line2: string; city: string; state: string; zip: string }) =>
  [a.line1, a.line2, a.city, a.state, a.zip].join("|");

Deno.test("scan address: a state read with a digit or in lower case, before its ZIP, is read as the state", () => {
  const a = read([...head, [80, [[40, "Premises: 42 BIRCH LN APT 5 TOLEDO 0H 43604"]]]]);
  assert.equal(address(a.customerInformation.serviceAddress), "42 BIRCH LN|APT 5|TOLEDO|OH|43604");
  const b = read([...head, [80, [[40, "Service location: 19 Quarry Rd, Duluth, Mn 55803"]]]]);
  assert.equal(address(b.customerInformation.serviceAddress), "19 Quarry Rd||Duluth|MN|55803");
});

Deno.test("scan address: a state glued to its ZIP, specks before the house number, a comma read as a semicolon", () => {
  const a = read([...head, [80, [[40, "Service Address:"], [200, "615 WILLOW BEND"]]], [94, [[
    200,
    "BANGOR ME04401",
  ]]]]);
  assert.equal(address(a.customerInformation.serviceAddress), "615 WILLOW BEND||BANGOR|ME|04401");
  const b = read([...head, [80, [[40, "Service at: ~~ 88 Juniper Ct; Ogden; UT 84401"]]]]);
  assert.equal(address(b.customerInformation.serviceAddress), "88 Juniper Ct||Ogden|UT|84401");
  // "M118505" is no glued state: no address is made of it
  const c = read([...head, [80, [[40, "Service Address:"], [200, "615 WILLOW BEND"]]], [94, [[
    200,
    "BANGOR M104401",
  ]]]]);
  assert.equal(c.customerInformation.serviceAddress.state, "");
});

Deno.test("scan address: a street whose spaces OCR lost after the house number is split at its capitals", () => {
  const a = read([...head, [80, [[40, "Service address: 2210MeadowLarkLn, Boise, ID 83702"]]]]);
  assert.equal(address(a.customerInformation.serviceAddress), "2210 Meadow Lark Ln||Boise|ID|83702");
});

Deno.test("scan address: the mailing block is the one addressed to a person, not a premises block under a heading", () => {
  const a = read([
    ...head,
    [80, [[40, "Power Usage Overview"]]],
    [94, [[40, "Service Address"], [160, "615 WILLOW BEND"]]],
    [108, [[40, "BANGOR ME 04401"]]],
    [330, [[40, "ROSA DELGADO"]]],
    [344, [[40, "PO BOX 311"]]],
    [358, [[40, "BANGOR ME 04402"]]],
    // the charges, under the mailing block (no payment stub is printed)
    ...Array.from({ length: 12 }, (_, i): [number, [number, string][]] => [
      400 + 14 * i,
      [[40, `Charge line ${i + 1}`], [300, `$${(4 + i).toFixed(2)}`]],
    ]),
  ]);
  assert.equal(a.customerInformation.customerName, "ROSA DELGADO");
});

Deno.test("scan dates: a date's lost second slash is put back, a month and year is not taken for a date", () => {
  const a = read([
    ...head,
    [60, [[40, "Bill Date"], [200, "10/142024"]]],
    [74, [[40, "Pay By"], [200, "11/524"]]],
    [88, [[40, "Read dates 9/1124 - 10/1024"]]],
  ]);
  assert.equal(a.billingInformation.invoiceDate, "2024-10-14");
  assert.equal(a.billingInformation.dueDate, "2024-11-05");
  assert.equal(a.billingInformation.billingPeriodStart, "2024-09-11");
  assert.equal(a.billingInformation.billingPeriodEnd, "2024-10-10");
  const b = read([...head, [60, [[40, "Bill Date"], [200, "11/2024"]]]]);
  assert.equal(b.billingInformation.invoiceDate, "");
});

Deno.test("scan history: a month label's year digit 4 read as 'a' and Jul read as 'Jui' still name their month", () => {
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jui", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const a = read([
    ...head,
    [60, [[40, "Service period 12/02/2024 - 12/31/2024"]]],
    [80, [[40, "Monthly kWh Use"]]],
    ...months.map((m, i): [number, [number, string][]] => [
      100 + 14 * i,
      [[40, `${m} 2${i % 3 ? "4" : "a"}`], [120, `${610 + 10 * i} kWh`]],
    ]),
  ]);
  const got = a.electricityUsage.usageByMonth.map((u) => `${u.month}:${u.value}`);
  assert.ok(got.includes("April:640"), got.join(" "));
  assert.ok(got.includes("July:670"), got.join(" "));
  assert.ok(got.includes("January:610"), got.join(" "));
});

Deno.test("scan kWh: the one meter's kWh that none of the charge lines bills is left empty, not kept wrong", () => {
  const bill = (kwh: string, lines: number) =>
    read([
      ...head,
      [60, [[40, "Service period 09/03/2024 - 10/02/2024"]]],
      [80, [[40, `Meter # 5501234   Read 10/02/2024   ${kwh} kWh`]]],
      ...["Energy", "Distribution", "Transmission"].slice(0, lines).map((
        w,
        i,
      ): [number, [number, string][]] => [110 + 14 * i, [[40, `${w} 618 kWh x $0.0${31 + i}10`], [
        300,
        "$19.16",
      ]]]),
    ]).electricityUsage.meters.map((m) => m.usageKwh).join(",");
  assert.equal(bill("2", 3), "");
  assert.equal(bill("618", 3), "618");
  // billed once only: no contradiction to rest on
  assert.equal(bill("2", 1), "2");
});

Deno.test("scan address: a speck after the ZIP and OCR's accents on plain letters; a text PDF's accents stay", () => {
  const a = read([...head, [80, [[40, "Premises: 77 Harbor View Rd, Macon, GA 31204 ."]]]]);
  assert.equal(address(a.customerInformation.serviceAddress), "77 Harbor View Rd||Macon|GA|31204");
  const b = read([...head, [80, [[40, "Premises: 77 Harbör Viéw Rd, Macon, GA 31204"]]]]);
  assert.equal(address(b.customerInformation.serviceAddress), "77 Harbor View Rd||Macon|GA|31204");
  const pdf = page([...head, [80, [[40, "Premises: 12 Peñasco Rd, Santa Fe, NM 87501"]]]])
    .map(({ confidence: _c, ...p }) => p);
  const c = parseBill(piecesToLines(pdf), [pdf], { rules: noTaggedRules });
  assert.equal(address(c.customerInformation.serviceAddress), "12 Peñasco Rd||Santa Fe|NM|87501");
});

Deno.test("scan labels: a label word one glyph off is read as the label where it makes a label phrase", () => {
  const a = read([
    ...head,
    [60, [[40, "Statemeut Date:"], [200, "03/05/2024"]]],
    [74, [[40, "Date bil prepared: 03/06/2024"]]],
  ]);
  assert.equal(a.billingInformation.invoiceDate, "2024-03-05");
  const b = read([...head, [74, [[40, "Date bil prepared: 03/06/2024"]]]]);
  assert.equal(b.billingInformation.invoiceDate, "2024-03-06");
  // neither a plural, nor another short word, nor a word beside no label word is changed
  assert.equal(
    fixLabelWords("Payments Received   Billing Rate: R1   CHARLES CURENT"),
    "Payments Received   Billing Rate: R1   CHARLES CURENT",
  );
  assert.equal(
    fixLabelWords("Cument Charges   Customer Chaige   Sewvice address:"),
    "Current Charges   Customer Charge   Service address:",
  );
});

Deno.test("scan labels: a label OCR glued into one word is split into its label words", () => {
  const a = read([
    ...head,
    [60, [[40, "DatePrepared"], [200, "Pleasepay by"]]],
    [74, [[40, "04/12/2024"], [200, "05/03/2024"]]],
  ]);
  assert.equal(a.billingInformation.invoiceDate, "2024-04-12");
  assert.equal(a.billingInformation.dueDate, "2024-05-03");
  // a glued name is no label
  assert.equal(fixLabelWords("KEVINWILSON   Statement   Overdue"), "KEVINWILSON   Statement   Overdue");
});

Deno.test("scan kWh: OCR's spellings of kWh (Kih, KiWh, kVVh, (Wh)) are read as kWh", () => {
  const kwh = (label: string) =>
    read([
      ...head,
      [60, [[40, "Service period 09/03/2024 - 10/02/2024"]]],
      [80, [[40, "Meter: 7730119"], [200, `${label} used`], [300, "845"]]],
    ]).electricityUsage.meters.map((m) => m.usageKwh).join(",");
  assert.equal(kwh("Kih"), "845");
  assert.equal(kwh("kVVh"), "845");
});
