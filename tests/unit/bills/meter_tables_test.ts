// Meter tables read by the table reader and a billing period printed without a label, on word-box layouts
// built here (no bill of any utility). Every parseBill call runs with every utility-shaped rule OFF, so
// what is read is read by the generic reader alone.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { columnRole, meterTables, unlabelledPeriod } from "../../../shared/bills/embedded/meter_tables.ts";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { wordsOf } from "../../../shared/bills/embedded/pairing.ts";
import { CH, page } from "./layout_page.ts";

const noTaggedRules = () => false;
/** Right-aligned cell ending at x1. */
const r = (x1: number, text: string): [number, string] => [x1 - text.length * CH, text];
// a two-line header band, as bills print it ("Previous / Reading"), columns right-aligned
const X = [200, 300, 400, 500, 600, 700];
const meterHeader = (y: number, usage: boolean): [number, [number, string][]][] => [
  [y - 12, [
    [40, "Meter"],
    r(X[0], "Previous"),
    r(X[2], "Previous"),
    r(X[3], "Present"),
    ...(usage ? [r(X[5], "kWh")] : []),
  ]],
  [y, [
    [40, "Number"],
    r(X[0], "Read Date"),
    r(X[1], "Read Date"),
    r(X[2], "Reading"),
    r(X[3], "Reading"),
    r(X[4], "Multiplier"),
    ...(usage ? [r(X[5], "Used")] : []),
  ]],
];
const meterRow = (y: number, id: string, prev: string, pres: string, mult: string, usage?: string) =>
  [y, [
    [40, id],
    r(X[0], "01/05/2024"),
    r(X[1], "02/04/2024"),
    r(X[2], prev),
    r(X[3], pres),
    r(X[4], mult),
    ...(usage ? [r(X[5], usage)] : []),
  ]] as [number, [number, string][]];

Deno.test("column roles of a meter table come from the header words", () => {
  assertEquals(
    [
      "Meter Number",
      "Prior Read Date",
      "Read Date",
      "Previous Reading",
      "Present Reading",
      "Prior Meter Reading",
      "Meter Reading",
      "Constant",
      "Total kWh",
      "Number of Days",
      "Amount",
      "Demand kW",
    ].map(columnRole),
    [
      "meter",
      "startDate",
      "endDate",
      "previous",
      "present",
      "previous",
      "present",
      "multiplier",
      "usage",
      undefined,
      undefined,
      undefined,
    ],
  );
});

Deno.test("meter table: the usage column when printed; else (present - previous) x multiplier, with rollover", () => {
  const withUsage = page([
    ...meterHeader(100, true),
    meterRow(114, "M12345678", "48,837", "53,359", "1", "4,522"),
  ]);
  assertEquals(meterTables([wordsOf(withUsage.pieces)], noTaggedRules), [
    {
      meterNumber: "M12345678",
      usageKwh: "4522",
      servicePeriodStart: "2024-01-05",
      servicePeriodEnd: "2024-02-04",
    },
  ]);
  const noUsage = page([
    ...meterHeader(100, false),
    meterRow(114, "M12345678", "1200", "1243", "20"),
    meterRow(128, "M87654321", "99,950", "00,150", "1"),
  ]);
  assertEquals(
    meterTables([wordsOf(noUsage.pieces)], noTaggedRules).map((m) => `${m.meterNumber}:${m.usageKwh}`),
    ["M12345678:860", "M87654321:200"],
  );
});

Deno.test("a table without a meter column, or about gas, gives no meter", () => {
  const history = page([
    [100, [[40, "Month"], r(200, "Days"), r(280, "kWh")]],
    [114, [[40, "Jan 2024"], r(200, "31"), r(280, "1,204")]],
    [128, [[40, "Feb 2024"], r(200, "29"), r(280, "998")]],
  ]);
  assertEquals(meterTables([wordsOf(history.pieces)], noTaggedRules), []);
  const gas = page([
    [100, [
      [40, "Meter Number"],
      r(260, "Read Date"),
      r(340, "Previous Reading"),
      r(420, "Present Reading"),
      r(
        500,
        "Therms",
      ),
    ]],
    [114, [[40, "G1234567"], r(260, "02/04/2024"), r(340, "1200"), r(420, "1243"), r(500, "44")]],
  ]);
  assertEquals(meterTables([wordsOf(gas.pieces)], noTaggedRules), []);
});

const billTop = (range: string, extra: [number, [number, string][]][] = []) =>
  page([
    [20, [[40, "Sunrise Electric Cooperative"]]],
    [34, [[40, "Account Number: 4410 2235 19"], [300, "Statement Date: 02/10/2024"]]],
    [48, [[40, "Maria Lopez"], [300, range]]],
    [62, [[40, "1452 Oak Hollow Dr"], [300, "Due Date: 03/01/2024"]]],
    [76, [[40, "Tampa FL 33614"], [300, "Amount Due: $142.18"]]],
    ...extra,
  ]);

Deno.test("parseBill: meter usage from a meter table with reading columns only (tagged rules off)", () => {
  const p = billTop("Service: 01/05/2024 to 02/04/2024", [
    ...meterHeader(120, false),
    meterRow(134, "M12345678", "1200", "1243", "20"),
  ]);
  const item = parseBill(p.lines, [p.pieces], { rules: noTaggedRules });
  assertEquals(item.electricityUsage.meters.map((m) => [m.meterNumber, m.usageKwh]), [["M12345678", "860"]]);
  // the bill prints no history of months: none is made from the meter (round 17, printed_history.ts)
  assertEquals(item.electricityUsage.usageByMonth, []);
});

Deno.test("parseBill: the table's usage is not taken when the bill prints another total kWh", () => {
  const p = billTop("Service: 01/05/2024 to 02/04/2024", [
    [100, [[40, "Total kWh used 990"]]],
    ...meterHeader(120, false),
    meterRow(134, "M12345678", "1200", "1243", "20"),
  ]);
  const item = parseBill(p.lines, [p.pieces], { rules: noTaggedRules });
  assertEquals(item.electricityUsage.meters.some((m) => m.usageKwh === "860"), false);
});

Deno.test("unlabelled billing period: a 20..40 day range before the statement and due dates", () => {
  for (
    const range of ["Jan 5 - Feb 4, 2024", "01/05/24 to 02/04/24", "January 5, 2024 through February 4, 2024"]
  ) {
    const p = billTop(range);
    const item = parseBill(p.lines, [p.pieces], { rules: noTaggedRules });
    assertEquals(
      [item.billingInformation.billingPeriodStart, item.billingInformation.billingPeriodEnd],
      ["2024-01-05", "2024-02-04"],
      range,
    );
  }
  // a range across the new year takes the end's year less one for its start
  assertEquals(unlabelledPeriod(["Dec 20 - Jan 19, 2024"], "2024-01-27", "", [])?.dates, [
    "2023-12-20",
    "2024-01-19",
  ]);
});

Deno.test("unlabelled billing period: refused when the dates disagree, the days disagree, or two ranges compete", () => {
  // ends after the statement date
  assertEquals(unlabelledPeriod(["01/15/24 - 02/14/24"], "2024-02-10", "2024-03-01", []), undefined);
  // a printed day count that is not the range's length
  assertEquals(unlabelledPeriod(["01/05/24 - 02/04/24   12 days"], "2024-02-10", "", []), undefined);
  // a day count that agrees raises the confidence
  const withDays = unlabelledPeriod(["01/05/24 - 02/04/24   30 days"], "2024-02-10", "", []);
  const without = unlabelledPeriod(["01/05/24 - 02/04/24"], "2024-02-10", "", []);
  assertEquals(Boolean(withDays && without && withDays.conf > without.conf), true);
  // nothing to check it against: not kept
  assertEquals(unlabelledPeriod(["01/05/24 - 02/04/24"], "", "", []), undefined);
  // two different ranges that both pass: ambiguous
  assertEquals(
    unlabelledPeriod(["01/05/24 - 02/04/24", "12/06/23 - 01/04/24"], "2024-02-10", "", []),
    undefined,
  );
  // too short or too long is not a billing period
  assertEquals(unlabelledPeriod(["01/05/24 - 01/12/24"], "2024-02-10", "", []), undefined);
  assertEquals(unlabelledPeriod(["11/05/23 - 02/04/24"], "2024-02-10", "", []), undefined);
});

Deno.test("labels printed over two lines head the cell below them (table reader), when nothing is on the label's line", () => {
  const p = page([
    [20, [[40, "Sunrise Electric Cooperative"]]],
    [100, [[40, "Account"], r(260, "Statement"), r(360, "Due"), r(460, "Amount")]],
    [112, [[40, "Number"], r(260, "Date"), r(360, "Date"), r(460, "Due")]],
    [126, [[40, "4410223519"], r(260, "03/05/2024"), r(360, "03/26/2024"), r(460, "$142.18")]],
    [160, [[40, "Total kWh used 1043"]]],
  ]);
  const bi = parseBill(p.lines, [p.pieces], { rules: noTaggedRules }).billingInformation;
  assertEquals([bi.invoiceDate, bi.dueDate, bi.amountDue], ["2024-03-05", "2024-03-26", "142.18"]);
  // a history table's "Bill Date" column (many rows) is not the statement date
  const history = page([
    [20, [[40, "Sunrise Electric Cooperative"]]],
    [100, [[40, "Bill"], r(260, "kWh")]],
    [112, [[40, "Date"], r(260, "Used")]],
    [126, [[40, "01/05/2024"], r(260, "990")]],
    [140, [[40, "02/05/2024"], r(260, "1,043")]],
  ]);
  assertEquals(
    parseBill(history.lines, [history.pieces], { rules: noTaggedRules }).billingInformation.invoiceDate,
    "",
  );
});
