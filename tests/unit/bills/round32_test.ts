// Round 32 (issue #11, docs/bills.md "Round 32"): the reader's missed and wrong values of the round's dev layouts
// (baldwinemc, monpower, and round 30's sealed rienergy and ripley become dev), each built on word boxes in another
// shape than the layouts that showed it, with every utility-shaped rule OFF; each test fails with the reader of
// before this round.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { HEAD_ROWS, readPage as read } from "./layout_page.ts";
import { readInitialsChart } from "../../../shared/bills/embedded/chart_initials.ts";
import { findUtility } from "../../../shared/bills/embedded/utilities.ts";
import type { TextPiece } from "../../../shared/documents/text_layout.ts";

type Rows = Parameters<typeof read>[0];
const months = (item: ReturnType<typeof read>) =>
  item.electricityUsage.usageByMonth.map((m) => `${m.year}-${m.month.slice(0, 3)} ${m.value}`);

Deno.test("a year-by-year usage summary: the months as columns, a row per year labelled by the year alone", () => {
  const rows: Rows = [
    ...HEAD_ROWS,
    [150, [[36, "Energy Charge 702 kWh x $0.1104"], [330, "$77.50"]]],
    [200, [[36, "Electric Use by Year (kWh)"]]],
    [
      212,
      [
        [96, "JAN"],
        [136, "FEB"],
        [176, "MAR"],
        [216, "APR"],
        [256, "MAY"],
        [296, "JUN"],
        [336, "JUL"],
        [
          376,
          "AUG",
        ],
        [416, "SEP"],
        [456, "OCT"],
        [496, "NOV"],
        [536, "DEC"],
      ],
    ],
    // last year's row starts in May (the history's oldest month), this year's stops at the bill's month
    [222, [[36, "2023"], [256, "655"], [296, "812"], [336, "1,020"], [376, "1,104"], [416, "880"], [
      456,
      "640",
    ], [
      496,
      "598",
    ], [536, "733"]]],
    [232, [[36, "2024"], [96, "905"], [136, "870"], [176, "760"], [216, "690"], [256, "702"]]],
  ];
  const got = months(read(rows));
  assertEquals(got.length, 13);
  assertEquals([got[0], got[4], got[7], got[8], got[12]], [
    "2023-May 655",
    "2023-Sep 880",
    "2023-Dec 733",
    "2024-Jan 905",
    "2024-May 702",
  ]);
});

Deno.test("a year's row with a cell that is not a whole kWh gives no months", () => {
  const rows: Rows = [
    ...HEAD_ROWS,
    [200, [[36, "Electric Use by Year (kWh)"]]],
    [212, [[96, "JAN"], [136, "FEB"], [176, "MAR"], [216, "APR"], [256, "MAY"]]],
    [222, [[36, "2024"], [96, "$90.50"], [136, "$87.00"], [176, "$76.00"], [216, "$69.00"], [256, "$70.20"]]],
  ];
  assertEquals(months(read(rows)), []);
});

Deno.test("a tall chart of narrow bars: each bar's kWh over it up to the chart's title", () => {
  const piece = (x: number, y: number, text: string): TextPiece => ({
    x,
    y,
    width: text.length * 4,
    height: 6,
    text,
  });
  const initials = "JFMAMJJASONDJ";
  const values = [640, 610, 520, 470, 560, 820, 1010, 990, 760, 530, 600, 700, 655];
  const max = Math.max(...values);
  const pieces = [
    piece(40, 150, "Your Energy Use (kWh)"),
    ...[...initials].map((l, i) => piece(44 + i * 14, 330, l)),
    // each value printed 3 points over its bar, the bars up to 140 points tall (ten spacings)
    ...values.map((v, i) => piece(40 + i * 14, 330 - 8 - Math.round(v / max * 140) - 3, String(v))),
  ];
  const got = readInitialsChart(pieces, "2024-01-20");
  assertEquals(got.length, 13);
  assertEquals(got.map((m) => m.value), values);
  assertEquals([got[0].year, got[0].month, got[12].year, got[12].month], [2023, 1, 2024, 1]);
});

Deno.test("a period printed as two dates without their year, placed by the bill's date (across New Year's)", () => {
  const rows: Rows = [
    [40, [[36, "Account No. 5521-904-117"], [330, "Bill Date 01/19/2024"]]],
    [52, [[330, "Amount Due $96.12"], [450, "Due Date 02/09/2024"]]],
    [86, [[36, "OMAR HADDAD"]]],
    [96, [[36, "77 BIRCH HILL RD"]]],
    [106, [[36, "DOVER NH 03820"]]],
    [130, [[36, "Meter Read Dates: Dec 16 - Jan 15"], [330, "30 Days"]]],
    [150, [[36, "Energy Charge 612 kWh x $0.1104"], [330, "$67.56"]]],
  ];
  const b = read(rows).billingInformation;
  assertEquals([b.billingPeriodStart, b.billingPeriodEnd], ["2023-12-16", "2024-01-15"]);
  // … and a numeric one within the year
  const numeric = rows.map((r): Rows[number] =>
    r[0] === 130 ? [130, [[36, "SERVICE PERIOD 12/06 TO 01/05"]]] : r
  );
  const n = read(numeric).billingInformation;
  assertEquals([n.billingPeriodStart, n.billingPeriodEnd], ["2023-12-06", "2024-01-05"]);
});

Deno.test("an amount owed is the amount due; the total owed after the due date is not", () => {
  const rows: Rows = [
    [40, [[36, "Account No. 5521-904-117"], [330, "Statement Date 05/14/2024"]]],
    [52, [[330, "Amount Owed"], [450, "$96.12"]]],
    [62, [[330, "Pay By"], [450, "06/04/2024"]]],
    [72, [[330, "Amount Owed After 06/04/2024"], [450, "$100.93"]]],
    [86, [[36, "OMAR HADDAD"]]],
    [96, [[36, "77 BIRCH HILL RD"]]],
    [106, [[36, "DOVER NH 03820"]]],
    [130, [[36, "Billing Period 04/09/2024 to 05/09/2024"]]],
  ];
  assertEquals(read(rows).billingInformation.amountDue, "96.12");
  const after = rows.filter((r) => r[0] !== 52);
  assertEquals(read(after).billingInformation.amountDue, "");
});

Deno.test("the balance prior to (before) the current charges is the past due", () => {
  for (const label of ["Balance Prior to Current Charges", "Balance before this month's charges"]) {
    const rows: Rows = [
      ...HEAD_ROWS,
      [150, [[36, "Energy Charge 612 kWh x $0.1104"], [330, "$67.56"]]],
      [200, [[330, "Account Summary"]]],
      [220, [[330, label], [500, "$40.00"]]],
      [230, [[330, "Current Charges"], [500, "$56.12"]]],
    ];
    assertEquals(read(rows).billingInformation.pastDue, "40.00", label);
  }
});

Deno.test("a holding company named under the issuer ('A … Company') did not issue the bill", () => {
  assertEquals(findUtility("West Ridge Power\nA Duke Energy Company\nPO Box 1090"), undefined);
  assertEquals(findUtility("Kanawha Light\nan Xcel Energy company   1-800-555-0100"), undefined);
  // the utility named as the issuer still is
  assertEquals(findUtility("Duke Energy\nPO Box 1090 Charlotte NC")?.name, "Duke Energy");
  assertEquals(findUtility("Rhode Island Energy\nA PPL Company")?.name, "Rhode Island Energy");
});
