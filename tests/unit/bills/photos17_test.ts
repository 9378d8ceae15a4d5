// Phone photos, pass 17 (issue #11, docs/bills.md "Photos, pass 17"): OCR word boxes (every word read with a
// confidence, as a photo's page is read) in shapes other than the dev layouts that showed the cases, with every
// utility-shaped rule OFF. Each positive test fails without its change.
import assert from "node:assert/strict";
import {
  letterReadings,
  lostDigitReadings,
  periodDateSlashes,
} from "../../../shared/bills/embedded/ocr_dates.ts";
import { readPage } from "./layout_page.ts";

type Rows = Parameters<typeof readPage>[0];
/** A co-op's bill due 06/14/2025, its period on row 90 (OCR word boxes, or a text layer's with `ocr` false). */
const read = (periodRows: Rows, ocr = true) =>
  readPage([
    [20, [[40, "Prairie Wind Electric Cooperative"], [400, "Account No. 5520418873"]]],
    [40, [[40, "SAM RIVERA"], [400, "Amount Due   $118.40"]]],
    [52, [[40, "410 WILLOW BEND RD"], [400, "Due Date   06/14/2025"]]],
    [64, [[40, "SALINA KS 67401"]]],
    ...periodRows,
  ], ocr);
const period = (r: ReturnType<typeof read>) =>
  `${r.billingInformation.billingPeriodStart}..${r.billingInformation.billingPeriodEnd}`;

// ---- a period's date with one digit lost

Deno.test("photo dates: a period's date that lost one digit is read when the other date confirms exactly one reading", () => {
  // "04/03/2025 - 05/02/2025" with the second date's 5 lost
  assert.equal(
    period(read([[90, [[40, "Billing Period 04/03/2025 - 0/02/2025"]]]])),
    "2025-04-03..2025-05-02",
  );
  // in a meter table's row: 04/23/2025 with its 4 and both slashes lost (04/3 and 05/3 are no period)
  const r = read([
    [90, [[40, "Meter"], [130, "From"], [210, "To"], [290, "Previous"], [360, "Present"], [430, "kWh"]]],
    [104, [[40, "88213094"], [130, "0232025"], [210, "05/22/2025"], [290, "40112"], [360, "41020"], [
      430,
      "908",
    ]]],
  ]);
  const m = r.electricityUsage.meters[0];
  assert.equal(`${m?.servicePeriodStart}..${m?.servicePeriodEnd}`, "2025-04-23..2025-05-22");
});

Deno.test("photo dates: a lost digit is put back only where one reading fits, never on a text layer", () => {
  // "0/02/2025" can be any month's 2nd: after 04/03/2025 only 05/02/2025 is a period (20–40 days)
  assert.ok(
    ["05/02/2025", "06/02/2025", "10/02/2025"].every((d) => lostDigitReadings("0/02/2025").includes(d)),
  );
  assert.equal(periodDateSlashes("04/03/2025 - 0/02/2025"), "04/03/2025 - 05/02/2025");
  // a day whose one digit was lost: 05/1/2025 … 05/9/2025 all a period after 04/10/2025, left as read
  assert.equal(periodDateSlashes("04/10/2025 - 05//2025"), "04/10/2025 - 05//2025");
  // "0132025" before 05/12/2025: 04/3/2025 and 04/13/2025 (a 4 lost, or a 4 and a 1) both fit, left as read
  assert.equal(periodDateSlashes("0132025 05/12/2025"), "0132025 05/12/2025");
  // a number too short to be a date that lost a digit (a meter's multiplier, a days count) is never read as one
  assert.deepEqual(lostDigitReadings("2025"), []);
  // a valid date is never changed
  assert.deepEqual(lostDigitReadings("05/02/2025"), []);
  // a text PDF prints its dates: nothing read into its digits
  assert.equal(
    period(read([[90, [[40, "Billing Period 04/03/2025 - 0/02/2025"]]]], false)).includes("05-02"),
    false,
  );
});

Deno.test("photo dates: a period's date with one glyph read as a letter is read when the other date confirms it", () => {
  // "05/02/2025" whose "5/" OCR read as one S-like letter, with a days count after it
  assert.equal(
    period(read([[90, [[40, "Residential Service 04/03/2025 to 0S02/2025   29 days"]]]])),
    "2025-04-03..2025-05-02",
  );
  // the letter is one glyph: a word of letters, or two letters in a number, is no date
  assert.deepEqual(letterReadings("M0748675").filter((d) => d.endsWith("2025")), []);
  assert.deepEqual(letterReadings("0SA2/2025"), []);
  // a meter number beside a date is not read as the period's other end
  assert.equal(periodDateSlashes("K8802116 05/02/2025"), "K8802116 05/02/2025");
});
