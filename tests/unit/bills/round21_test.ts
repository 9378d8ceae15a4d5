// Round 21 (issue #11, docs/bills.md "Round 21"): the shapes behind the dev layouts' wrong and empty values, each
// built on word boxes in another shape than the layouts that showed it, with every utility-shaped rule OFF; each
// test fails with the reader of before this round.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { page, readPage as read } from "./layout_page.ts";

const head: Parameters<typeof page>[0] = [
  [40, [[36, "Account Number 80114-2297"], [330, "Bill Date 05/06/2024"]]],
  [52, [[330, "Amount Due $112.40"], [450, "Due Date 05/27/2024"]]],
  [76, [[36, "DELIA FORD"]]],
  [86, [[36, "410 ORCHARD LN"]]],
  [96, [[36, "ENID OK 73703"]]],
  [110, [[36, "Billing Period: 04/03/2024 to 05/02/2024"]]],
];

Deno.test("energy billed in parts at prices printed in cents has no single price", () => {
  const rows = (second: string): Parameters<typeof page>[0] => [
    ...head,
    [140, [[36, "Meter"], [110, "Previous"], [200, "Present"], [300, "kWh"]]],
    [150, [[36, "P88120417"], [110, "40211"], [200, "41111"], [300, "900"]]],
    [170, [[36, "Customer Charge"], [300, "$25.00"]]],
    [180, [[36, "Peak Energy 240 kWh at 19.5 cents"], [300, "$46.80"]]],
    [190, [[36, second], [300, "$40.59"]]],
  ];
  assertEquals(read(rows("Off Peak Energy 660 kWh @ 6.15¢")).electricityUsage.supplyRatePerKwh, "");
  // one price for both parts: that price
  assertEquals(read(rows("Off Peak Energy 660 kWh @ 19.5¢")).electricityUsage.supplyRatePerKwh, "0.195");
});

Deno.test("a line describing the utility's kind after an indefinite article is not its name", () => {
  const rows = (tagline: string): Parameters<typeof page>[0] => [
    [24, [[36, "Bluestem Power Corporation"]]],
    [32, [[36, tagline]]],
    ...head,
    [140, [[36, "Meter"], [110, "Previous"], [200, "Present"], [300, "kWh"]]],
    [150, [[36, "P88120417"], [110, "40211"], [200, "41111"], [300, "900"]]],
    [600, [[36, "Make checks payable to Bluestem Power Corporation."]]],
    [640, [[360, "BLUESTEM POWER CORPORATION"]]],
    [650, [[360, "PO BOX 77"]]],
    [660, [[360, "ENID OK 73702-0077"]]],
  ];
  const name = (tagline: string) => read(rows(tagline)).billingInformation.utilityProviderName;
  assertEquals(name("An Electric Membership Corporation   Enid, Oklahoma"), "Bluestem Power Corporation");
  assertEquals(name("A Touchstone Energy Cooperative"), "Bluestem Power Corporation");
});

Deno.test("a meter's received register under its delivered one: the meter's kWh is the net", () => {
  const rows = (first: string, second: string): Parameters<typeof page>[0] => [
    ...head,
    [140, [[36, "Meter"], [110, "Register"], [220, "Previous"], [290, "Present"], [360, "kWh"]]],
    [150, [[36, "N40917735"], [110, first], [220, "22104"], [290, "23014"], [360, "910"]]],
    [160, [[110, second], [220, "3310"], [290, "3575"], [360, "265"]]],
  ];
  const kwh = (a: string, b: string) => read(rows(a, b)).electricityUsage.meters.map((m) => m.usageKwh);
  assertEquals(kwh("Energy Delivered", "Energy Received"), ["645"]);
  // received under a register not named delivered: which is which is not said
  assertEquals(kwh("Register 1", "Energy Received"), [""]);
  // a second register that is not received energy adds to the meter's (a time-of-use meter's)
  assertEquals(kwh("On-Peak", "Off-Peak"), ["1175"]);
});

Deno.test("a meter table's 'Read From' and 'Read To' columns of dates are the meter's period, not readings", () => {
  const item = read([
    ...head.slice(0, 5),
    [140, [[36, "Meter"], [110, "Read From"], [180, "Read To"], [250, "Previous"], [310, "Present"], [
      370,
      "kWh",
    ]]],
    [150, [[36, "P88120417"], [110, "04/03/2024"], [180, "05/02/2024"], [250, "40211"], [310, "41111"], [
      370,
      "900",
    ]]],
  ]);
  assertEquals(
    item.electricityUsage.meters.map((m) => [m.servicePeriodStart, m.servicePeriodEnd, m.usageKwh]),
    [[
      "2024-04-03",
      "2024-05-02",
      "900",
    ]],
  );
});

Deno.test("a labelled rate printed after a period's dates in one text item is read", () => {
  const rate = (cell: string) => read([...head, [122, [[36, cell]]]]).electricityUsage.electricRate;
  assertEquals(
    rate("Service Dates: 04/03/2024 - 05/02/2024 Rate: Residential Farm and Home"),
    "Residential Farm and Home",
  );
});

Deno.test("the class of service after a dash in a heading of the month's charges is the rate", () => {
  const rate = (heading: string) =>
    read([
      ...head,
      [140, [[36, heading], [360, "Budget Billing"]]],
      [152, [[48, "Customer Charge"], [300, "$25.00"]]],
      [162, [[48, "Energy Charge 900 kWh @ $0.0851"], [300, "$76.59"]]],
    ]).electricityUsage.electricRate;
  assertEquals(rate("Charges for the Period - Farm and Home Residential"), "Farm and Home Residential");
  assertEquals(rate("Actual Charges This Month - General Service"), "General Service");
});
