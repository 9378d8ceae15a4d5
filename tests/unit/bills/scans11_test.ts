// Scans, pass 11 (issue #11, scans11): OCR's errors that cost the synthetic scans the most fields, repaired by
// general rules. Word-box bills built here (every word read by OCR with a confidence), in shapes other than the
// synthetic layouts that showed the errors, with every utility-shaped rule OFF. Each case fails without its rule.
import assert from "node:assert/strict";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { periodDateSlashes, slashReadings } from "../../../shared/bills/embedded/ocr_dates.ts";
import { piecesToLines } from "../../../shared/documents/text_layout.ts";
import { ocrPage } from "./layout_page.ts";

type Rows = [number, [number, string][]][];
const read = (rows: Rows, ocr = true) => {
  const pieces = ocrPage(rows, ocr);
  return parseBill(piecesToLines(pieces), [pieces], { rules: () => false });
};
const head: Rows = [
  [20, [[40, "Pine Ridge Electric Membership Corp."], [400, "Account No. 7719034420"]]],
  [40, [[40, "JORDAN ELLIS"], [400, "Amount Due   $142.18"]]],
  [52, [[40, "88 CEDAR POINT RD"], [400, "Due Date   03/28/2025"]]],
  [64, [[40, "ELKTON MD 21921"]]],
];
const period = (r: ReturnType<typeof read>) =>
  `${r.billingInformation.billingPeriodStart}..${r.billingInformation.billingPeriodEnd}`;

Deno.test("scan dates: a period's date whose slashes OCR read as 1, 7 or 2 is read when the other date confirms it", () => {
  // "Service Period 01/14/2025 - 02/12/2025" with the second date's slashes read as 1s
  const a = read([...head, [90, [[40, "Service Period 01/14/2025 - 0211212025"]]]]);
  assert.equal(period(a), "2025-01-14..2025-02-12");
  // both dates garbled, one slash each ("1/14/25 to 2/12/25")
  const b = read([...head, [90, [[40, "Service Period 1114/25 to 2/1225"]]]]);
  assert.equal(period(b), "2025-01-14..2025-02-12");
  // a slash read as 2 ("2/12/25")
  const c = read([...head, [90, [[40, "Service Period 1/14/25 to 2/12225"]]]]);
  assert.equal(period(c), "2025-01-14..2025-02-12");
});

Deno.test("scan dates: a meter table's read dates with a slash read as 1 give the meter's service period", () => {
  const r = read([
    ...head,
    [90, [[40, "Meter"], [140, "Read Dates"], [300, "Previous"], [370, "Present"], [440, "kWh Used"]]],
    [104, [[40, "G55102934"], [140, "01/14/2025"], [220, "0211212025"], [300, "40112"], [370, "41020"], [
      440,
      "908",
    ]]],
  ]);
  const m = r.electricityUsage.meters[0];
  assert.equal(`${m?.servicePeriodStart}..${m?.servicePeriodEnd}`, "2025-01-14..2025-02-12");
});

Deno.test("scan dates: no reading without a period that confirms exactly one, and never on a text layer", () => {
  // a text PDF prints its slashes: its digits are not read as dates
  assert.equal(
    period(read([...head, [90, [[40, "Service Period 01/14/2025 - 0211212025"]]]], false)).includes("02-12"),
    false,
  );
  // "416/22 to 5/4/22": 4/6/22 (28 days) is a period, 4/16/22 (18 days) is not — one reading
  assert.equal(periodDateSlashes("Billing Period 416/22 to 5/4/22"), "Billing Period 4/6/22 to 5/4/22");
  // no dated neighbour: left as read (an account or a meter number is not a date)
  assert.equal(
    periodDateSlashes("Account 0211212025   Meter 1212612022"),
    "Account 0211212025   Meter 1212612022",
  );
  // the neighbour too far (a reading 70 days away is no period)
  assert.equal(periodDateSlashes("11/02/2024 - 0211212025"), "11/02/2024 - 0211212025");
  // several readings a period apart ("711225": 7/1/25, 7/11/25, 7/12/25 after 6/10/25) stay as read
  for (const d of ["7/1/25", "7/11/25", "7/12/25"]) assert.ok(slashReadings("711225").includes(d));
  assert.equal(periodDateSlashes("6/10/25 - 711225"), "6/10/25 - 711225");
  // a valid date is never changed
  assert.deepEqual(slashReadings("02/12/2025"), []);
});

Deno.test("billing address: a block addressed to the bill's own issuer is never the customer's", () => {
  // the stub's customer block garbled by OCR ("BOULDER CO8"): the issuer's block is the only one left on the stub
  const rows: Rows = [
    [20, [[40, "Cedar Valley Power"], [400, "Account No. 7719034420"]]],
    [40, [[40, "MAYA CHEN"], [400, "Amount Due   $142.18"]]],
    [52, [[40, "12 ORCHARD LN"], [400, "Due Date   03/28/2025"]]],
    [64, [[40, "FARGO ND 58102"]]],
    [90, [[40, "Energy Charge 812 kWh @ $0.1102   $89.48"]]],
    ...[
      "Customer Charge",
      "Transmission",
      "Distribution",
      "Power Cost Adjustment",
      "Franchise Fee",
      "Sales Tax",
      "Total",
    ]
      .map((
        label,
        i,
      ): [number, [number, string][]] => [110 + 16 * i, [[40, label], [300, `$${3 + i}.1${i}`]]]),
    [300, [[40, "Return this portion with your payment."]]],
    [316, [[40, "Account Number"], [200, "Amount Due"]]],
    [328, [[40, "7719034420"], [200, "$142.18"]]],
    [350, [[300, "CEDAR VALLEY POWER"]]],
    [362, [[300, "PO BOX 4410"]]],
    [374, [[300, "BISMARCK ND 58502"]]],
    [400, [[60, "MAYA CHEN"]]],
    [412, [[60, "12 ORCHARD LN"]]],
    [424, [[60, "FARGO ND5B"]]],
  ];
  const b = read(rows).billingInformation;
  assert.equal(b.utilityProviderName, "Cedar Valley Power");
  assert.notEqual(b.billingAddress.line1, "PO BOX 4410");
  assert.equal(b.billingAddress.line1, "12 ORCHARD LN");
});
