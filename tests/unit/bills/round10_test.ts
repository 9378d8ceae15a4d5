// Round 10 (issue #11, docs/bills.md "Round 10"): generic pieces found missing on the round's dev layouts
// (scripts/bills/layouts_r10.ts psegnj and cenhud, and round 9's srp and duquesne, now dev), each checked here on
// word boxes or lines built in another shape than the layout that showed it, with every utility-shaped rule OFF;
// each fails without its change.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { meterTables } from "../../../shared/bills/embedded/meter_tables.ts";
import { wordsOf } from "../../../shared/bills/embedded/pairing.ts";
import { findRatePlan } from "../../../shared/bills/embedded/rates.ts";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { page } from "./layout_page.ts";

const noTaggedRules = () => false;
const words = (rows: Parameters<typeof page>[0]) => wordsOf(page(rows).pieces);
const bill = (lines: string[], pieces: Parameters<typeof parseBill>[1] = []) =>
  parseBill(lines, pieces, { rules: noTaggedRules });

Deno.test("a meter table headed 'Meter #' is a meter table", () => {
  const p = words([
    [40, [[40, "Meter #"], [120, "From Date"], [200, "To Date"], [280, "kWh"]]],
    [52, [[40, "ZX4471902"], [120, "03/02/2024"], [200, "04/01/2024"], [280, "642"]]],
  ]);
  assertEquals(meterTables([p], noTaggedRules), [{
    meterNumber: "ZX4471902",
    usageKwh: "642",
    servicePeriodStart: "2024-03-02",
    servicePeriodEnd: "2024-04-01",
  }]);
});

Deno.test("a meter table's rows without a meter number are the registers of the meter above", () => {
  const rows: [number, [number, string][]][] = [
    [40, [[40, "Meter Number"], [130, "Register"], [210, "Multiplier"], [290, "Usage"]]],
    [52, [[40, "55120877"], [130, "Peak"], [210, "1"], [290, "150"]]],
    [64, [[130, "Shoulder"], [210, "1"], [290, "210"]]],
    [76, [[130, "Off Peak"], [210, "1"], [290, "480"]]],
  ];
  assertEquals(meterTables([words(rows)], noTaggedRules).map((m) => [m.meterNumber, m.usageKwh]), [
    ["55120877", "840"],
  ]);
  // a total row under the registers is not another register
  const total = words([...rows, [88, [[130, "Total"], [290, "840"]]]]);
  assertEquals(meterTables([total], noTaggedRules).map((m) => m.usageKwh), ["840"]);
});

Deno.test("a meter printed in a column beside a gas meter is read from its own column", () => {
  // the gas meter's column on the left this time, its usage in therms beside the electric kWh
  const item = bill([
    "Statement Date: 04/03/2024   Due Date: 04/24/2024   Amount Due $201.16",
    "Service Period: 03/02/2024 - 04/01/2024",
    "Gas Meter 4471902 Residential Gas   Electric Meter ZX88120 Residential",
    "Usage 52 Therms   Usage 640 kWh",
  ]);
  assertEquals(item.electricityUsage.meters.map((m) => [m.meterNumber, m.usageKwh]), [["ZX88120", "640"]]);
});

Deno.test("a meter's read dates printed on the reading lines under it give its period and the bill's", () => {
  const item = bill([
    "Statement Date: 04/03/2024   Due Date: 04/24/2024   Amount Due $88.20",
    "Electric Meter ZX88120",
    "Previous Read 03/02/2024 (Actual)   41,220",
    "Current Read 04/01/2024 (Estimated)   41,860",
    "Energy Used 640 kWh",
  ]);
  const m = item.electricityUsage.meters[0];
  assertEquals([m.meterNumber, m.servicePeriodStart, m.servicePeriodEnd], [
    "ZX88120",
    "2024-03-02",
    "2024-04-01",
  ]);
  assertEquals(
    [item.billingInformation.billingPeriodStart, item.billingInformation.billingPeriodEnd],
    ["2024-03-02", "2024-04-01"],
  );
  // one date only under the meter: no period from it
  const one = bill([
    "Statement Date: 04/03/2024   Due Date: 04/24/2024   Amount Due $88.20",
    "Electric Meter ZX88120",
    "Current Read 04/01/2024   41,860",
    "Energy Used 640 kWh",
  ]);
  assertEquals(one.electricityUsage.meters[0].servicePeriodStart, "");
});

Deno.test("a meter table printing only the present read date, the period's last day, takes the bill's start", () => {
  const rows: [number, [number, string][]][] = [
    [20, [[40, "Billing Period: Mar 2, 2024 to Apr 1, 2024"]]],
    [30, [[40, "Statement Date: 04/03/2024"], [240, "Due Date: 04/24/2024"]]],
    [40, [[40, "Electric Meter"], [130, "Read Date"], [210, "Usage (kWh)"]]],
    [52, [[40, "ZX88120"], [130, "04/01/2024"], [210, "640"]]],
  ];
  const p = page(rows);
  const m = bill(p.lines, [p.pieces]).electricityUsage.meters[0];
  assertEquals([m.meterNumber, m.servicePeriodStart, m.servicePeriodEnd], [
    "ZX88120",
    "2024-03-02",
    "2024-04-01",
  ]);
});

Deno.test("a price of one of several time-of-use periods is not the bill's energy price", () => {
  const supply = (extra: string[]) =>
    bill([
      "Statement Date: 07/03/2024   Due Date: 07/24/2024   Amount Due $141.30",
      "Electric Charges",
      ...extra,
    ]).electricityUsage.supplyRatePerKwh;
  assertEquals(
    supply([
      "Summer Peak Energy 120 kWh @ $0.3105   $37.26",
      "Summer Off Peak Energy 560 kWh @ $0.1277   $71.51",
    ]),
    "",
  );
  // a supply price on its own line beside time-of-use delivery prices is the bill's
  assertEquals(
    supply([
      "Generation 680 kWh x $0.0815   $55.42",
      "Peak Distribution 120 kWh x $0.0612   $7.34",
      "Off Peak Distribution 560 kWh x $0.0211   $11.82",
    ]),
    "0.0815",
  );
});

Deno.test("labels: late charges added after (a due date), balance remaining, pricing plan", () => {
  const item = bill([
    "Bill Date: 04/03/2024",
    "Total Amount Due $96.12",
    "Late payment charge applied after: 04/24/2024",
    "Balance Remaining   $12.40",
  ]);
  assertEquals([item.billingInformation.dueDate, item.billingInformation.pastDue], ["2024-04-24", "12.40"]);
  // a due date printed as such wins over the late-charge date
  const both = bill([
    "Bill Date: 04/03/2024   Due Date: 04/20/2024",
    "Total Amount Due $96.12",
    "Late charges are added after 04/27/2024",
  ]);
  assertEquals(both.billingInformation.dueDate, "2024-04-20");
  assertEquals(findRatePlan(["Pricing Plan   Residential Time-of-Use"]), "Residential Time-of-Use");
});

Deno.test("a rate printed after its meter's number in one cell is the rate; a gas meter's is not", () => {
  assertEquals(
    findRatePlan(["Meter No. 55512345 Schedule RS Residential Service"]),
    "Schedule RS Residential Service",
  );
  assertEquals(findRatePlan(["Meter No. 55512345 Schedule G1 Residential Gas Service"]), "");
});
