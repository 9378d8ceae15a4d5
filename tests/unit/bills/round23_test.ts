// Round 23 (issue #11, docs/bills.md "Round 23"): the shapes behind round 22's sealed pair's wrong and empty values
// (goodland, a city's utility bill; gvea, a levelized bill), each built on word boxes in another shape than the
// layouts that showed it, with every utility-shaped rule OFF; each test fails with the reader of before this round.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { readPage as read } from "./layout_page.ts";

type Rows = Parameters<typeof read>[0];

const head: Rows = [
  [40, [[36, "Village of Elm Prairie Utilities"], [360, "Account Number"], [450, "40-1187-02"]]],
  [50, [[360, "Statement Date"], [450, "03/08/2024"]]],
  [60, [[360, "Total Amount Due"], [450, "$184.22"]]],
  [70, [[360, "Due Date"], [450, "03/28/2024"]]],
  [86, [[36, "Billing Period: 01/31/2024 to 02/29/2024"]]],
];

Deno.test("a water or gas meter in the electric meter's table, its units in a cell of their own, is not an electric meter", () => {
  const rows: Rows = [
    ...head,
    [110, [[36, "Svc"], [70, "Meter No."], [150, "Prev Read"], [220, "Curr Read"], [290, "Usage"], [
      340,
      "Unit",
    ]]],
    [120, [[36, "EL"], [70, "Z4410982"], [150, "30112"], [220, "30924"], [290, "812"], [340, "KWH"]]],
    [130, [[36, "WT"], [70, "77120345"], [150, "1204"], [220, "1210"], [290, "6"], [340, "KGAL"]]],
    [140, [[36, "NG"], [70, "80213377"], [150, "5510"], [220, "5542"], [290, "32"], [340, "HCF"]]],
    [150, [[36, "IR"], [70, "81002934"], [150, "9120"], [220, "9877"], [290, "757"], [340, "CF"]]],
  ];
  const got = read(rows).electricityUsage.meters.map((m) => `${m.meterNumber} ${m.usageKwh}`);
  assertEquals(got, ["Z4410982 812"]);
});

Deno.test("the electric service's line billing the kWh at a price, no energy word on it, gives the energy price", () => {
  const rows = (line: string): Rows => [
    ...head,
    [110, [[36, "Meter"], [110, "Previous"], [200, "Present"], [300, "kWh"]]],
    [120, [[36, "Z4410982"], [110, "30112"], [200, "30924"], [300, "812"]]],
    [140, [[36, "Current Charges"]]],
    [150, [[36, line], [330, "$61.63"]]],
    [160, [[36, "Electric Customer Charge"], [330, "$12.00"]]],
    [170, [[36, "Water Usage 6 Kgal @ $4.10"], [330, "$24.60"]]],
    [180, [[36, "Sewer Service"], [330, "$31.00"]]],
    [190, [[36, "Refuse Collection"], [330, "$18.75"]]],
  ];
  assertEquals(
    read(rows("Electricity Service 812 kWh x $0.07590")).electricityUsage.supplyRatePerKwh,
    "0.07590",
  );
  // a delivery price named electric is not the energy's
  assertEquals(read(rows("Electric Delivery 812 kWh x $0.07590")).electricityUsage.supplyRatePerKwh, "");
});

Deno.test("a one-line service address whose street has no suffix is split where the mailing block's street ends", () => {
  const rows: Rows = [
    ...head,
    [96, [[36, "Service Address: 412 WILLOW BEND HAYS KS 67601"]]],
    [110, [[36, "Meter"], [110, "Previous"], [200, "Present"], [300, "kWh"]]],
    [120, [[36, "Z4410982"], [110, "30112"], [200, "30924"], [300, "812"]]],
    [600, [[36, "Please return this portion with your payment"]]],
    [640, [[60, "MARA JENSEN"]]],
    [650, [[60, "412 WILLOW BEND"]]],
    [660, [[60, "HAYS KS 67601"]]],
  ];
  const a = read(rows).customerInformation.serviceAddress;
  assertEquals([a.line1, a.line2, a.city, a.state, a.zip], ["412 WILLOW BEND", "", "HAYS", "KS", "67601"]);
});

Deno.test("the class of service heading the electric line that bills the kWh is the rate when none is labelled", () => {
  const rate = (line: string) =>
    read([
      ...head,
      [110, [[36, "Meter"], [110, "Previous"], [200, "Present"], [300, "kWh"]]],
      [120, [[36, "Z4410982"], [110, "30112"], [200, "30924"], [300, "812"]]],
      [140, [[36, "Current Charges"]]],
      [150, [[36, line], [330, "$61.63"]]],
      [160, [[36, "Water Usage 6 Kgal @ $4.10"], [330, "$24.60"]]],
      [170, [[36, "Sewer Service"], [330, "$31.00"]]],
    ]).electricityUsage.electricRate;
  assertEquals(rate("Electricity General Service 812 kWh x $0.07590"), "General Service");
  // a charge's name is no class of service
  assertEquals(rate("Residential Energy Charge 812 kWh x $0.07590"), "");
});

Deno.test("a levelized or budget bill's amount due is the plan's amount, not the actual charges' balance", () => {
  const due = (rows: Rows) =>
    read([
      ...head.filter(([y]) => y !== 60),
      [110, [[36, "Meter"], [110, "Previous"], [200, "Present"], [300, "kWh"]]],
      [120, [[36, "Z4410982"], [110, "30112"], [200, "30924"], [300, "812"]]],
      ...rows,
    ]).billingInformation.amountDue;
  // the plan's amount beside the balance of the actual charges
  assertEquals(
    due([
      [140, [[36, "Current Charges"], [300, "$153.27"]]],
      [150, [[36, "New Balance"], [300, "$153.27"]]],
      [160, [[36, "Levelized Payment Amount"], [300, "$120.00"]]],
    ]),
    "120.00",
  );
  assertEquals(
    due([
      [140, [[36, "Your Budget Billing Amount"], [300, "$120.00"]]],
      [150, [[36, "Total Current Charges"], [300, "$153.27"]]],
    ]),
    "120.00",
  );
  // what the customer would owe off the plan is not what the bill asks
  assertEquals(
    due([
      [140, [[36, "Amount Due Without Budget Billing"], [300, "$153.27"]]],
      [150, [[36, "Budget Billing Amount Due"], [300, "$120.00"]]],
    ]),
    "120.00",
  );
  // … and a labelled amount due that adds a past-due balance to the plan's amount is the amount due
  assertEquals(
    due([
      [140, [[36, "Budget Billing Amount"], [300, "$120.00"]]],
      [150, [[36, "Past Due Amount"], [300, "$120.00"]]],
      [160, [[36, "Total Amount Due"], [300, "$240.00"]]],
    ]),
    "240.00",
  );
});
