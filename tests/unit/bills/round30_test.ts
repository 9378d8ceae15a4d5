// Round 30 (issue #11, docs/bills.md "Round 30"): the reader's wrong and missed values of the round's dev layouts
// (nodak, avecc, and round 29's sealed lebanon and nwrec become dev) and of the non-sealed set, each built on word
// boxes in another shape than the layouts that showed it, with every utility-shaped rule OFF; each test fails with
// the reader of before this round.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { readPage as read } from "./layout_page.ts";
import { printsMonthlyHistory } from "../../../shared/bills/embedded/printed_history.ts";
import { findUtility } from "../../../shared/bills/embedded/utilities.ts";
import { meterIdOf } from "../../../shared/bills/embedded/meter_tables.ts";
import { rateInServiceRow } from "../../../shared/bills/embedded/service_row_rate.ts";

type Rows = Parameters<typeof read>[0];
/** A customer's block and a period. */
const BODY: Rows = [
  [120, [[36, "JANE DOE"]]],
  [130, [[36, "41 ORCHARD LN"]]],
  [140, [[36, "SALINA KS 67401"]]],
  [160, [[36, "Service Period 01/28/2024 to 02/27/2024"]]],
  [180, [[36, "Energy Charge 931 kWh x $0.1102"], [300, "$102.60"]]],
];

Deno.test("labels printed under their values: each value is its caption's", () => {
  const rows: Rows = [
    [40, [[36, "5521904117"], [170, "03/02/2024"], [300, "03/22/2024"], [440, "$96.12"]]],
    [50, [[36, "Account Number"], [170, "Statement Date"], [300, "Due Date"], [440, "Amount Due"]]],
    [72, [[36, "Summary of Charges"]]],
    ...BODY,
  ];
  const item = read(rows);
  assertEquals(
    [
      item.customerInformation.accountNumber,
      item.billingInformation.invoiceDate,
      item.billingInformation.dueDate,
      item.billingInformation.amountDue,
    ],
    ["5521904117", "2024-03-02", "2024-03-22", "96.12"],
  );
});

Deno.test("the past due date is the bill's deadline, and no past due amount", () => {
  const rows: Rows = [
    [40, [[36, "Account Number 4410-88213"], [330, "Statement Date 03/02/2024"]]],
    [52, [[330, "Past Due Date 03/22/2024"]]],
    [64, [[330, "Amount Due $102.60"]]],
    ...BODY,
  ];
  const b = read(rows).billingInformation;
  assertEquals([b.dueDate, b.pastDue], ["2024-03-22", ""]);
});

Deno.test("a cooperative association's name keeps its last word", () => {
  assertEquals(
    findUtility("Lamar Electric Cooperative Association\nPO Box 580")?.name,
    "Lamar Electric Cooperative Association",
  );
  assertEquals(
    findUtility("SUSSEX RURAL ELECTRIC COOPERATIVE ASSOCIATION\nPO Box 526")?.name,
    "Sussex Rural Electric Cooperative Association",
  );
  // a co-op named without it is read as before
  assertEquals(
    findUtility("Pioneer Electric Cooperative\nThe Association of Members")?.name,
    "Pioneer Electric Cooperative",
  );
});

Deno.test("a service address label alone in its cell, the street in the next cell, the street in the mailing block", () => {
  const rows: Rows = [
    [40, [[36, "Account Number 4410-88213"], [330, "Billing Date 03/02/2024"]]],
    [52, [[330, "Due Date 03/22/2024"], [450, "Amount Due $102.60"]]],
    [80, [[36, "JANE DOE"], [330, "Rate"], [420, "Residential"]]],
    [90, [[36, "41 ORCHARD LN"]]],
    [100, [[36, "SALINA KS 67401"], [330, "Service Address"], [420, "41 ORCHARD LN"]]],
    [120, [[36, "BASIC CHARGES"]]],
    [130, [[36, "Customer Charge"], [300, "$30.00"]]],
    [140, [[36, "Energy Charge 931 kWh x $0.1102"], [300, "$102.60"]]],
    [160, [[36, "Service Period 01/28/2024 to 02/27/2024"]]],
  ];
  const a = read(rows).customerInformation.serviceAddress;
  assertEquals([a.line1, a.city, a.state, a.zip], ["41 ORCHARD LN", "", "", ""]);
});

Deno.test("a meter column's cell with the service's description run into it: the number that ends it", () => {
  assertEquals(meterIdOf("ELECTRIC RESIDENTIAL G5739397"), "G5739397");
  assertEquals(meterIdOf("K20029069"), "K20029069");
  // words with a digit before the number, or a number without four digits: the cell stays whole
  assertEquals(meterIdOf("Unit 4 G5739397"), "Unit 4 G5739397");
  assertEquals(meterIdOf("ELECTRIC A12"), "ELECTRIC A12");
  const rows: Rows = [
    [40, [[36, "Account Number 4410-88213"], [330, "Billing Date 03/02/2024"]]],
    [52, [[330, "Due Date 03/22/2024"], [450, "Amount Due $102.60"]]],
    [160, [[36, "Service Period 01/28/2024 to 02/27/2024"]]],
    [200, [[150, "Meter"], [230, "Previous"], [290, "Present"], [350, "Usage"], [430, "Amount"]]],
    [210, [[36, "ELECTRIC RESIDENTIAL G5739397"], [230, "47777"], [290, "48708"], [350, "931 KWH"], [
      430,
      "$102.60",
    ]]],
  ];
  assertEquals(
    read(rows).electricityUsage.meters.map((m) => [m.meterNumber, m.usageKwh]),
    [["G5739397", "931"]],
  );
});

Deno.test("an unpaid prior balance is the past due", () => {
  const rows: Rows = [
    [40, [[36, "Account Number 4410-88213"], [330, "Billing Date 03/02/2024"]]],
    [52, [[330, "Due Date 03/22/2024"], [450, "Amount Due $124.36"]]],
    ...BODY,
    [200, [[36, "UNPAID PRIOR BALANCE"], [300, "$21.76"]]],
  ];
  assertEquals(read(rows).billingInformation.pastDue, "21.76");
});

Deno.test("a total of the last 12 months is no history of months", () => {
  assertEquals(printsMonthlyHistory(["Total kWh Last 12 Months 10,125", "Monthly Average 844"]), false);
  // a history's own title is one as before
  assertEquals(printsMonthlyHistory(["12 Month Usage History"]), true);
  assertEquals(printsMonthlyHistory(["Your Usage - Last 13 Months (kWh)"]), true);
});

Deno.test("a row of months under an average's title, a scan's speck before one month, prints no history of kWh", () => {
  const title = "Monthly Usage Summary - Average Daily Use (kWh)";
  assertEquals(
    printsMonthlyHistory([title, "Aug-23   Sep-23   Oct-23   - Nov23   Dec-23", "50.0   20.1   34.2"]),
    false,
  );
  // the same row under a kWh history's title is a history as before
  assertEquals(printsMonthlyHistory(["Monthly kWh", "Aug-23   Sep-23   Oct-23   - Nov23   Dec-23"]), true);
});

Deno.test("the class an electric service row names before its meter number is the rate", () => {
  const lines = [
    "Service   Meter   Previous   Present   Usage   Amount",
    "ELECTRIC RESIDENTIAL ELECTRIC G5739397   47777   48922   1,145 KWH   $113.15",
    "WATER   02787245   591   602   11,000 GAL   $80.20",
  ];
  assertEquals(rateInServiceRow(lines), "RESIDENTIAL ELECTRIC");
  assertEquals(
    rateInServiceRow(["Electric Small Commercial   K1234567   100   900   800 kWh   $90.00"]),
    "Small Commercial",
  );
  // two electric rows of different classes: which one is not said
  assertEquals(
    rateInServiceRow([
      "ELECTRIC RESIDENTIAL G5739397   47777   48922   1,145 KWH",
      "ELECTRIC COMMERCIAL G5739398   1000   2000   1,000 KWH",
    ]),
    "",
  );
  // a charge line is no service row
  assertEquals(rateInServiceRow(["Electric Residential Energy   1,145 kWh   $113.15"]), "");
});
