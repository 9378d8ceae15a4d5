// The generic reader's pieces: label/value pairing by position, the lexicon's negative labels, typed values
// in any spelling, cross-checks, and confidence (a field below the threshold is left empty).
import assert from "node:assert/strict";
import { pairLabel, rowsOf } from "../../../shared/bills/embedded/pairing.ts";
import { LEXICON, nameLike, negated } from "../../../shared/bills/embedded/lexicon.ts";
import { choose, MIN_CONFIDENCE } from "../../../shared/bills/embedded/confidence.ts";
import {
  amountFactor,
  consistentHistory,
  dateFactors,
  moneyOnBill,
  rateFactor,
  territoryFactor,
} from "../../../shared/bills/embedded/cross_checks.ts";
import { looksLikeElectricityBill, parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { cleanLines } from "../../../shared/bills/embedded/noise.ts";
import { findUtility } from "../../../shared/bills/embedded/utilities.ts";
import { rulesWithout } from "../../../shared/bills/embedded/rules.ts";
import { parseDate } from "../../../shared/bills/embedded/values.ts";
import type { TextPiece } from "../../../shared/documents/text_layout.ts";

const piece = (x: number, y: number, text: string, size = 10): TextPiece => ({
  x,
  y,
  width: text.length * size * 0.5,
  height: size,
  text,
});

Deno.test("pairing by position: value right of the label, cell under a header, column under a header", () => {
  const page = [
    piece(40, 100, "Due Date:"),
    piece(200, 100, "03/26/2024"),
    // a header row over a value row: each value sits under its own label
    piece(40, 140, "Account Number"),
    piece(250, 140, "Amount Due"),
    piece(400, 140, "Statement Date"),
    piece(40, 154, "4410 2235 19"),
    piece(250, 154, "$142.18"),
    piece(400, 154, "03/05/2024"),
  ];
  const rows = rowsOf(page);
  const date = (v: string) => Boolean(parseDate(v));
  assert.deepEqual(pairLabel(rows, 0, /\bdue date\b/i, date).map((p) => [p.value, p.where]), [[
    "03/26/2024",
    "right",
  ]]);
  assert.deepEqual(pairLabel(rows, 0, /\bstatement date\b/i, date).map((p) => [p.value, p.where]), [[
    "03/05/2024",
    "below",
  ]]);
  assert.deepEqual(pairLabel(rows, 0, /\bamount due\b/i, (v) => /\$\d/.test(v)).map((p) => p.value), [
    "$142.18",
  ]);
  // the account column: the value under "Account Number", not the amount under its neighbour
  assert.deepEqual(
    pairLabel(rows, 0, /\baccount number\b/i, (v) => /^\d[\d ]+$/.test(v)).map((p) => p.value),
    ["4410 2235 19"],
  );
});

Deno.test("PDF text items holding several labels are split into word boxes: each label keeps its own column", () => {
  // one text item "Account Number Service Location" over two value cells
  const page = [
    piece(40, 100, "Account Number Service Location"),
    piece(40, 114, "3001-0320-353"),
    piece(150, 114, "JANE DOE"),
  ];
  const rows = rowsOf(page);
  assert.deepEqual(pairLabel(rows, 0, /\baccount number\b/i, (v) => /\d/.test(v)).map((p) => p.value), [
    "3001-0320-353",
  ]);
});

Deno.test("lexicon negatives: next billing date, previous balance, payments received through are not the field", () => {
  const skip = (field: keyof typeof LEXICON, cell: string, label: RegExp) => {
    const m = cell.match(label)!;
    return negated(field, cell, m.index!, m[0].length);
  };
  assert.equal(skip("invoiceDate", "Next billing date", /\bbilling date\b/i), true);
  assert.equal(skip("invoiceDate", "Billing date", /\bbilling date\b/i), false);
  assert.equal(skip("amountDue", "Previous amount due", /\bamount due\b/i), true);
  assert.equal(skip("amountDue", "Total amount due", /\btotal amount due\b/i), false);
  assert.equal(skip("dueDate", "Previous due date", /\bdue date\b/i), true);

  const item = parseBill([
    "Duke Energy",
    "Account number: 9100 2345 6789",
    "Next billing date:   04/05/2024",
    "Statement date:   03/06/2024",
    "Previous amount due   $120.00",
    "Amount due   $98.40",
    "Due date   03/27/2024",
    "Billing period: 02/02/2024 - 03/03/2024",
  ]);
  assert.equal(item.billingInformation.invoiceDate, "2024-03-06");
  assert.equal(item.billingInformation.amountDue, "98.40");
  const only = parseBill([
    "Duke Energy",
    "Account number: 9100 2345 6789",
    "Next billing date:   04/05/2024",
    "Amount due $98.40",
  ]);
  assert.equal(only.billingInformation.invoiceDate, "", "a next billing date is never the statement date");
});

Deno.test("names: plan names, websites and departments are not a customer; people and companies are", () => {
  for (
    const s of [
      "Direct Payment Plan",
      "www.mvea.coop",
      "Correspond With Duke Energy (not for payment)",
      "Budget Billing",
      "Accounts Payable",
      "Customer Service",
    ]
  ) assert.equal(nameLike(s), false, s);
  for (
    const s of [
      "Maria Lopez",
      "JOHN Q PUBLIC",
      "Pharmaceutics International Inc",
      "AUSTIN STREET BREWERY LLC",
    ]
  ) assert.equal(nameLike(s), true, s);
});

Deno.test("the customer's mailing block is read, not the utility's remittance or correspondence box", () => {
  const item = parseBill([
    "Duke Energy",
    "Account Number: 9100 2345 6789",
    "Amount Due: $98.40",
    "Correspond With Duke Energy (not for payment)",
    "Duke Energy",
    "PO Box 1094",
    "Charlotte, NC 28201-1094",
    "Service address: 1452 Oak Hollow Dr, Tampa, FL 33614",
    "Please return this portion with your payment",
    "Make checks payable to:",
    "Duke Energy Payment Processing",
    "PO Box 1090",
    "Charlotte, NC 28201-1090",
    "MARIA LOPEZ",
    "1452 OAK HOLLOW DR",
    "TAMPA FL 33614",
  ]);
  assert.equal(item.customerInformation.customerName, "MARIA LOPEZ");
  assert.equal(item.billingInformation.billingAddress.line1, "1452 OAK HOLLOW DR");
  assert.equal(item.customerInformation.serviceAddress.city, "Tampa");
});

Deno.test("kWh in any spelling: an OCR-joined 'TotalkWhUsed' is still an electricity bill; a gas bill is not", () => {
  assert.deepEqual(cleanLines(["TotalkWhUsed   1,059"]), ["Total kWh Used   1,059"]);
  assert.equal(
    looksLikeElectricityBill("Duke Energy\nAccount 9100\nTotalkWhUsed 1059\nAmount Due $98.40"),
    true,
  );
  assert.equal(looksLikeElectricityBill("ACCOUNT 12\nUSAGE 1059KWH\nTOTAL DUE 98.40"), true);
  // no kWh printed, but a known electric utility, an account and an amount
  assert.equal(
    looksLikeElectricityBill("Georgia Power\nAccount number 12345\nTotal due $98.40\nElectric service"),
    true,
  );
  assert.equal(
    looksLikeElectricityBill(
      "Pacific Gas and Electric\nGas service\nAccount 1234\nUsage 42 therms\nAmount due $61.20",
    ),
    false,
  );
  assert.equal(findUtility("Questions? Central Maine Power, Augusta")?.states.join(), "ME");
  assert.equal(
    findUtility("Middle Tennessee Electric Membership Corporation")?.name,
    "Middle Tennessee Electric Membership Corporation",
  );
});

Deno.test("meter readings are not usage; a sales-tax percentage is not a supply rate", () => {
  const item = parseBill([
    "Duke Energy",
    "Account number 9100 2345 6789",
    "Service period: Dec 22, 2024 - Jan 23, 2025",
    "Amount due $151.20",
    "Meter readings   Present reading Jan 25   27415   Previous reading Dec 22   26356",
    "Total kWh used   1,059",
    "Sales tax 6.000% on energy   $8.40",
    "Energy charge tax 0.0650 per kWh",
  ]);
  const values = item.electricityUsage.usageByMonth.map((u) => u.value);
  assert.ok(!values.includes(27415) && !values.includes(26356), JSON.stringify(values));
  // the period's kWh is the meter's; the bill prints no history of months, so none is made (round 17)
  assert.deepEqual(item.electricityUsage.meters.map((m) => m.usageKwh), ["1059"]);
  assert.deepEqual(values, []);
  assert.equal(item.electricityUsage.supplyRatePerKwh, "");
  // the history check drops a month that is a reading or a yearly total next to the period's usage
  assert.deepEqual(
    consistentHistory([{ value: 980 }, { value: 27415 }, { value: 1100 }], 1059).map((m) => m.value),
    [980, 1100],
  );
});

Deno.test("cross-checks: date order, amount due against the charges, kWh x rate, the utility's territory", () => {
  const ok = dateFactors({
    billingPeriodStart: "2024-02-02",
    billingPeriodEnd: "2024-03-03",
    invoiceDate: "2024-03-05",
    dueDate: "2024-03-26",
  });
  assert.ok(Object.values(ok).every((f) => f > 1));
  // an invoice date taken from "Next billing date" falls after the due date
  const bad = dateFactors({
    billingPeriodStart: "2024-02-02",
    billingPeriodEnd: "2024-03-03",
    invoiceDate: "2024-04-04",
    dueDate: "2024-03-26",
  });
  assert.ok(bad.invoiceDate < 1 && bad.dueDate < 1);
  const money = moneyOnBill(
    "Energy 1,043 kWh x 0.034870 $36.37\nTotal current charges $98.40\nAmount due $98.40\nPast due $20.00\nTotal $118.40",
  );
  assert.ok(rateFactor(1043, "0.034870", money) > 1);
  assert.ok(rateFactor(1043, "0.050000", money) < 1);
  assert.ok(rateFactor(1043, "6.000", money) < 0.5, "not a price per kWh");
  assert.ok(amountFactor("98.40", "", money) > 1);
  assert.ok(
    amountFactor("118.40", "20.00", money) > amountFactor("118.40", "", money),
    "past due + current charges",
  );
  assert.ok(territoryFactor("ME", ["ME"]) > 1 && territoryFactor("MA", ["ME"]) < 1);
});

Deno.test("confidence: agreeing readings reinforce, torn ones weaken; below the threshold a field is left empty", () => {
  const agree = choose([{ value: "a", conf: 0.7, source: "line" }, {
    value: "a",
    conf: 0.7,
    source: "below",
  }])!;
  assert.ok(agree.conf > 0.9);
  const torn = choose([{ value: "a", conf: 0.7, source: "line" }, {
    value: "b",
    conf: 0.65,
    source: "right",
  }])!;
  assert.ok(torn.conf < 0.7 * 0.8);
  // a billing period inferred from an unlabelled date range: empty unless a meter read confirms it
  const base = [
    "Central Maine Power",
    "Account Number: 3001-0320-353",
    "Amount Due $393.39",
    "Delivery Charges: SGS ( 12/21/2021 - 01/19/2022 )",
  ];
  const alone = parseBill(base);
  assert.equal(alone.billingInformation.billingPeriodEnd, "");
  assert.equal(alone.confidence.billingPeriodEnd, undefined);
  const confirmed = parseBill([
    ...base,
    "Meter Number   Read Date   Prior Read Date   Total kWh",
    "L108605388   01/19/2022   12/20/2021   4,522 kWh",
  ]);
  assert.equal(confirmed.billingInformation.billingPeriodEnd, "2022-01-19");
  assert.ok(confirmed.confidence.billingPeriodEnd >= MIN_CONFIDENCE);
  assert.ok(confirmed.confidence.accountNumber > 0.5 && confirmed.confidence.amountDue > 0.5);
  for (const v of Object.values(confirmed.confidence)) assert.ok(v >= MIN_CONFIDENCE && v <= 1);
});

Deno.test("leave-one-out: rules tagged with a utility are off when that utility's bills are scored", () => {
  const without = rulesWithout(["ngrid"]);
  assert.equal(without("statement-dated-rows"), false);
  assert.equal(without("usage-chart-bar-labels"), true);
});

Deno.test("a meter table row: the usage is the difference of the readings, in any column order", async () => {
  const { readingDifference } = await import("../../../shared/bills/embedded/parse_bill.ts");
  assert.equal(
    readingDifference("L108605388   01/19/2022   53,359   12/20/2021   48,837   30   4,522"),
    "4522",
  );
  assert.equal(readingDifference("123456   4,522   48,837   53,359"), "4522");
  assert.equal(readingDifference("123456   Jan 19   1,043 kWh"), undefined);
});

Deno.test("an unread service address label: the mailing block is not taken for the service address", () => {
  const lines = [
    "Central Maine Power",
    "Service Location",
    "Account Number: 3001-0320-353",
    "Amount Due $393.39",
    "Your Messages",
    "Please return this stub with your payment",
    "AUSTIN STREET BREWERY LLC",
    "1380 WESTBROOK ST",
    "PORTLAND ME 04102-1619",
  ];
  const item = parseBill(lines);
  assert.equal(item.billingInformation.billingAddress.line1, "1380 WESTBROOK ST");
  assert.equal(
    item.customerInformation.serviceAddress.line1,
    "",
    "a guess below the threshold is left empty",
  );
  // no service label at all: the mailing address is the best guess, with a confidence to confirm
  const guess = parseBill(lines.filter((l) => l !== "Service Location"));
  assert.equal(guess.customerInformation.serviceAddress.line1, "1380 WESTBROOK ST");
  assert.ok(guess.confidence.serviceAddress < 0.7);
  assert.equal(nameLike("cjTy OF BUFFALO"), false, "OCR garble");
});

Deno.test("a meter row printing the read date before the prior read date gives an ordered period", () => {
  const item = parseBill(
    [
      "Account Number: 3001-0320-353",
      "Amount Due $393.39",
      "Total kWh 4,522",
      "Meter Number   Read Date   Meter Reading   Prior Read Date   Prior Meter Reading   Total kWh",
      "L108605388   01/19/2022   53,359   12/20/2021   48,837   4,522",
    ],
    [],
    { rules: rulesWithout(["cmp"]) },
  );
  const m = item.electricityUsage.meters[0];
  assert.deepEqual([m.servicePeriodStart, m.servicePeriodEnd], ["2021-12-20", "2022-01-19"]);
  assert.notEqual(m.usageKwh, "53359", "a reading is never usage");
});

Deno.test("another street in the body that could not be read as an address: the mailing block is not the home", () => {
  const stub = [
    "Please return this portion with your payment",
    "Pharmaceutics International Inc",
    "10819 Gilroy Rd",
    "Hunt Valley, MD 21031",
  ];
  const garbled = parseBill([
    "BGE",
    "Bill Summary",
    "ELECTRIC   103 Beaver Ct",
    "CommainSov   Codd   Zion",
    "Account # 7645860000",
    "Amount Due $40,371.59",
    ...stub,
  ]);
  assert.equal(garbled.billingInformation.billingAddress.line1, "10819 Gilroy Rd");
  assert.equal(garbled.customerInformation.serviceAddress.line1, "");
  const plain = parseBill(["BGE", "Bill Summary", "Account # 7645860000", "Amount Due $40,371.59", ...stub]);
  assert.equal(plain.customerInformation.serviceAddress.line1, "10819 Gilroy Rd");
});

Deno.test("a gas+electric bill: only the electric meter and the electric history are read", () => {
  const item = parseBill([
    "Baltimore Gas and Electric",
    "Account number 1234 5678 90",
    "Amount due $182.40",
    "Billing period: 01/05/2024 - 02/05/2024",
    "Gas meter 7781234   Usage 85 therms",
    "Electric meter G1887856   Usage 812 kWh",
    "Gas usage history (therms)   Nov 2023 60   Dec 2023 92   Jan 2024 85",
    "Electric usage history (kWh)   Nov 2023 700   Dec 2023 790   Jan 2024 812",
  ]);
  assert.deepEqual(item.electricityUsage.meters.map((m) => [m.meterNumber, m.usageKwh]), [[
    "G1887856",
    "812",
  ]]);
  // the history's newest row (Jan 2024) is this bill's 812 kWh, labelled by the month its period started: by
  // the convention (a month's usage is the bill whose period ends in it) the rows are Dec, Jan, Feb — the
  // bill's kWh is not counted twice (usage_tables.ts alignToPeriod)
  assert.deepEqual(
    item.electricityUsage.usageByMonth.map((u) => `${u.month} ${u.value}`),
    ["December 700", "January 790", "February 812"],
  );
});

Deno.test("a due date printed without a year takes the year after the bill's own dates", async () => {
  const { parseYearlessDate } = await import("../../../shared/bills/embedded/values.ts");
  assert.equal(parseYearlessDate("Mar 18", "2021-02-25"), "2021-03-18");
  assert.equal(parseYearlessDate("Jan 12", "2023-12-20"), "2024-01-12");
  assert.equal(parseYearlessDate("1/12", "2023-12-20"), "2024-01-12");
  assert.equal(
    parseYearlessDate("Mar 18, 2021", "2021-02-25"),
    "",
    "dated with a year: the ordinary parser reads it",
  );
  const item = parseBill([
    "Duke Energy",
    "Account number 9100 2345 6789",
    "Statement date: 02/25/2021",
    "Please pay by   Mar 18",
    "Amount due $98.40",
  ]);
  assert.equal(item.billingInformation.dueDate, "2021-03-18");
  assert.ok(item.confidence.dueDate >= 0.5);
});
