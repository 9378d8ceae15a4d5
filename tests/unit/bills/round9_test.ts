// Round 9 (issue #11, docs/bills.md "Round 9"): generic pieces found missing on the round's dev layouts
// (scripts/bills/layouts_r9.ts and the four layouts sealed before it), each checked here on word boxes or lines
// built in another shape than the layout that showed it, with every utility-shaped rule OFF; each fails without
// its change.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { meterTables } from "../../../shared/bills/embedded/meter_tables.ts";
import { wordsOf } from "../../../shared/bills/embedded/pairing.ts";
import { tableUsage } from "../../../shared/bills/embedded/usage_tables.ts";
import { findRatePlan, findSupplyRate } from "../../../shared/bills/embedded/rates.ts";
import { findIssuer, findUtility } from "../../../shared/bills/embedded/utilities.ts";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { readUsageHistory } from "../../../shared/bills/embedded/usage_history.ts";
import { parseInlineAddress, parseInlineAddressNoZip } from "../../../shared/bills/embedded/addresses.ts";
import { page } from "./layout_page.ts";

const noTaggedRules = () => false;
const M3 = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const words = (rows: Parameters<typeof page>[0]) => wordsOf(page(rows).pieces);

Deno.test("net metering: a history table of imported / exported / net kWh reads the net column", () => {
  // oldest first, months with their year, the net column last
  const rows = Array.from({ length: 6 }, (_, i) => {
    const imp = 900 + i * 10, exp = 300 + i * 20;
    return [60 + i * 12, [[40, `${["Jan", "Feb", "Mar", "Apr", "May", "Jun"][i]} 2024`], [120, String(imp)], [
      200,
      String(exp),
    ], [280, String(imp - exp)]]] as [number, [number, string][]];
  });
  const p = words([[20, [[40, "Monthly Energy Summary"]]], [
    40,
    [[40, "Period"], [120, "kWh Imported"], [200, "kWh Exported"], [280, "Net kWh"]],
  ], ...rows]);
  const got = tableUsage([p], "2024-06-20", noTaggedRules).map((m) => `${m.month}:${m.value}`);
  assertEquals(got, ["1:600", "2:590", "3:580", "4:570", "5:560", "6:550"]);
  // the same table without its net column: neither the imported nor the exported kWh is the usage
  const noNet = words([
    [40, [[40, "Period"], [120, "kWh Imported"], [200, "kWh Exported"]]],
    ...rows.map((
      [y, cs],
    ) => [y, cs.slice(0, 3)] as [number, [number, string][]]),
  ]);
  assertEquals(tableUsage([noNet], "2024-06-20", noTaggedRules), []);
});

Deno.test("net metering: a meter table with delivered, received and net usage gives the net usage", () => {
  const rows = (net: boolean) =>
    words([
      [40, [
        [40, "Meter No."],
        [110, "Delivered kWh"],
        [190, "Received kWh"],
        ...(net ? [[270, "Net Usage"]] : []),
      ]] as [
        number,
        [number, string][],
      ],
      [52, [[40, "ZX4471902"], [110, "1,212"], [190, "488"], ...(net ? [[270, "724"]] : [])]] as [
        number,
        [number, string][],
      ],
    ]);
  assertEquals(meterTables([rows(true)], noTaggedRules).map((m) => [m.meterNumber, m.usageKwh]), [[
    "ZX4471902",
    "724",
  ]]);
  // without a net column the meter is kept, its usage empty (not the delivered kWh)
  assertEquals(meterTables([rows(false)], noTaggedRules).map((m) => [m.meterNumber, m.usageKwh]), [[
    "ZX4471902",
    "",
  ]]);
});

Deno.test("utility: a co-op slogan ('Your Touchstone Energy Cooperative') is not the issuer; an REMC's name is", () => {
  assertEquals(findUtility("Your Touchstone Energy Cooperative\nStatement for 14 Elm St"), undefined);
  assertEquals(
    findUtility("Your Touchstone Energy Cooperative\nWhitewater Valley REMC   Account 10442")?.name,
    "Whitewater Valley REMC",
  );
});

Deno.test("supply price: a fuel cost recovery rider is read only when no energy price is printed", () => {
  const lines = [
    "Residential Charges",
    "Base Energy 812 kWh at $0.07410   $60.17",
    "Fuel Cost Recovery 812 kWh at $0.02877   $23.36",
  ];
  assertEquals(findSupplyRate(lines, noTaggedRules), "0.07410");
  assertEquals(findSupplyRate([lines[0], lines[2]], noTaggedRules), "0.02877");
});

Deno.test("tier: a bill pricing two tiers of kWh marks no tier; one labelled tier is still read", () => {
  const bill = (extra: string[]) =>
    parseBill(
      [
        "Statement Date: 04/02/2024   Due Date: 04/23/2024",
        "Amount Due $182.40",
        "Energy Charges",
        ...extra,
      ],
      [],
      { rules: noTaggedRules },
    ).electricityUsage.electricityTier;
  assertEquals(
    bill(["Block Tier 1 500 kWh @ $0.1214   $60.70", "Block Tier 2 431 kWh @ $0.1832   $78.96"]),
    "",
  );
  assertEquals(bill(["Your tier: Tier 2", "Energy 931 kWh @ $0.1214   $113.02"]), "Tier 2");
});

Deno.test("rate plan: a 'Current Charges - <class>' or 'Energy Charges - <class>' heading names the rate", () => {
  assertEquals(
    findRatePlan(["Current Charges - Residential Service Rate 10", "Customer Charge $12.00"]),
    "Residential Service Rate 10",
  );
  assertEquals(
    findRatePlan(["Energy Charges - Schedule 4 Residential", "Basic charge 11.00"]),
    "Schedule 4 Residential",
  );
  assertEquals(findRatePlan(["Current Charges - $84.12"]), "");
});

Deno.test("net metering: history rows read from lines under a header of imported / exported / net kWh give the net", () => {
  const lines = [
    "Usage History",
    "Month   kWh Imported   kWh Exported   Net kWh",
    "Mar 2024   1,010   220   790",
    "Apr 2024   960   410   550",
  ];
  assertEquals(readUsageHistory(lines, noTaggedRules).map((m) => `${m.month}:${m.value}`), [
    "3:790",
    "4:550",
  ]);
});

Deno.test("chart: bars under a title of averages per day are not the months' kWh (a scan loses their decimal point)", () => {
  const chart = (title: string) =>
    words([
      [20, [[40, title]]],
      [36, Array.from({ length: 12 }, (_, i) => [40 + i * 30, String(180 + i * 7)] as [number, string])],
      [100, Array.from({ length: 12 }, (_, i) => [40 + i * 30, M3[i]] as [number, string])],
      [110, [[40, "2024"]]],
    ]);
  assertEquals(tableUsage([chart("Average Use per Day (kWh)")], "2024-12-15", noTaggedRules), []);
  assertEquals(tableUsage([chart("Monthly Use (kWh)")], "2024-12-15", noTaggedRules).length, 12);
});

Deno.test("meter: a line of labelled readings gives the kWh printed with it when their difference agrees", () => {
  const bill = (reads: string) =>
    parseBill(
      [
        "Bill Date: 08/04/2024   Due Date: 08/26/2024",
        "Amount Due $96.20",
        "Meter No. 55102938   Read 07/01/2024 to 07/31/2024",
        reads,
      ],
      [],
      { rules: noTaggedRules },
    ).electricityUsage.meters.map((m) => m.usageKwh);
  assertEquals(bill("Current Reading 48,210   Prior Reading 47,388   Constant 1   kWh 822"), ["822"]);
  assertEquals(bill("Current 4821   Prior 4739   Mult 10   820 kWh"), ["820"]);
  // the readings disagree with the kWh printed: not taken
  assertEquals(bill("Current Reading 48,210   Prior Reading 47,388   Constant 1   kWh 829"), [""]);
});

Deno.test("meter table: a 'Curr Date' column ends the meter's read period", () => {
  const p = words([
    [40, [[40, "Meter"], [110, "Prev Date"], [170, "Curr Date"], [230, "Usage kWh"]]],
    [52, [[40, "E2234511"], [110, "3/02/24"], [170, "4/01/24"], [230, "655"]]],
  ]);
  assertEquals(meterTables([p], noTaggedRules).map((m) => [m.servicePeriodStart, m.servicePeriodEnd]), [[
    "2024-03-02",
    "2024-04-01",
  ]]);
});

Deno.test("utility: a remittance phrase naming the issuer's desk ('… Customer Care') still names the issuer", () => {
  const lines = [
    "Town of Millbrook Utilities   Account 4410-22",
    "Electric Service Statement",
    "Please mail this portion with your payment to Town of Millbrook Utilities Customer Care.",
  ];
  assertEquals(findIssuer(lines), "Town of Millbrook Utilities");
});

Deno.test("supply price: a block rate with no energy word gives its first block's price", () => {
  assertEquals(
    findSupplyRate([
      "Electric Service Detail",
      "Basic Charge 30 days x $0.31   $9.30",
      "Block 1 600 kWh x $0.0912   $54.72",
      "Block 2 212 kWh x $0.1107   $23.47",
    ], noTaggedRules),
    "0.0912",
  );
});

Deno.test("address: a labelled one-line address with another column's amount joined after its ZIP", () => {
  const a = parseInlineAddress("88 Orchard Ter, Tacoma WA 98406 $112.40");
  assertEquals([a?.line1, a?.city, a?.state, a?.zip], ["88 Orchard Ter", "Tacoma", "WA", "98406"]);
  const b = parseInlineAddressNoZip("88 ORCHARD TER TACOMA WA 98406$112.40");
  assertEquals([b?.line1, b?.city, b?.zip], ["88 ORCHARD TER", "TACOMA", "98406"]);
});

Deno.test("rate plan: the service period printed after the rate on its line is not part of it", () => {
  assertEquals(
    findRatePlan(["Rate: GS-2 General Service From 3/01/24 To 3/31/24 30 Days"]),
    "GS-2 General Service",
  );
  assertEquals(
    findRatePlan(["Rate Schedule: R-4 Residential Jan 12, 2024 - Feb 11, 2024"]),
    "R-4 Residential",
  );
});
