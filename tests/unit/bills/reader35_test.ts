// Reader35 (issue #11, docs/bills.md "Round 35"): the wrong values of round 33's former sealed pair (a city's fuel
// cost read as the energy's price, a rate label read into the rate, a city's name read for its utility's, an EMC's
// long name) fixed by general rules. Each test is built on word boxes in another shape than the layouts that showed
// it and fails with the reader of before this round.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { readPage as read } from "./layout_page.ts";
import { sameUtility } from "../../../shared/bills/utility_names.ts";

type Rows = Parameters<typeof read>[0];
/** A band of labels over their values, a customer's block, and a meter row with its read dates and kWh (1,212). */
const HEAD: Rows = [
  [40, [[36, "Account No."], [150, "Bill Date"], [260, "Due Date"]]],
  [50, [[36, "88213-0045"], [150, "09/12/2024"], [260, "10/03/2024"]]],
  [110, [[36, "ODELL PRUITT"]]],
  [120, [[36, "57 HARROW LANE"]]],
  [130, [[36, "PIERRE SD 57501"]]],
  [170, [[36, "Meter"], [100, "From"], [170, "To"], [240, "Previous"], [300, "Present"], [360, "kWh"]]],
  [180, [[36, "X4410982"], [100, "08/08/2024"], [170, "09/07/2024"], [240, "40118"], [300, "41330"], [
    360,
    "1,212",
  ]]],
];
/** An energy line billing the meter's kWh at a price, its amount the product. */
const ENERGY: Rows = [[234, [[36, "Energy 1,212 kWh x $0.07315"], [300, "$88.66"]]]];
const total = (amount: string): Rows => [[300, [[36, "Total Amount Due"], [300, amount]]]];

Deno.test("a fuel cost beside an energy charge billing the kWh at its own price: the energy charge's price", () => {
  for (const fuel of ["Cost of Fuel 1,212 kWh x $0.04120", "Purchased Fuel Cost 1,212 KWH @ .04120"]) {
    const rows: Rows = [
      ...HEAD,
      [220, [[36, "Monthly Service Charge"], [300, "$12.00"]]],
      [232, [[36, fuel], [300, "$49.93"]]],
      [244, [[36, "Energy Charge 1,212 kWh x $0.07315"], [300, "$88.66"]]],
      ...total("$150.59"),
    ];
    assertEquals(read(rows).electricityUsage.supplyRatePerKwh, "0.07315", fuel);
  }
  // a fuel CHARGE is a price of the energy (a regulated utility's fuel charge): read as before
  const charge: Rows = [
    ...HEAD,
    [232, [[36, "Energy Charge 1,212 kWh x $0.07315"], [300, "$88.66"]]],
    [244, [[36, "Fuel Charge 1,212 kWh x $0.04120"], [300, "$49.93"]]],
    ...total("$138.59"),
  ];
  assertEquals(read(charge).electricityUsage.supplyRatePerKwh, "0.04120");
});

Deno.test("a charges heading with the rate's label and no colon: the class, without the label", () => {
  const rows = (heading: string): Rows => [
    ...HEAD,
    [210, [[36, heading]]],
    [222, [[36, "Base Charge"], [300, "$12.00"]]],
    ...ENERGY,
    ...total("$100.66"),
  ];
  assertEquals(
    read(rows("Electric Service Charges Rate Domestic Service D-2")).electricityUsage.electricRate,
    "Domestic Service D-2",
  );
  // a rate's number after the word keeps it ("Rate 4 Residential": the rate is named with its number)
  assertEquals(
    read(rows("Electric Charges - Rate 4 Residential Service")).electricityUsage.electricRate,
    "Rate 4 Residential Service",
  );
});

const townBill = (logo: string): Rows => [
  [30, [[36, logo], [360, "Account Number 77120-4"]]],
  [42, [[36, "210 Main Street   Elmwood, WI 54740"], [360, "Bill Date 09/12/2024"]]],
  [54, [[360, "Due Date 10/03/2024"]]],
  ...HEAD.slice(2),
  ...ENERGY,
  ...total("$88.66"),
  [560, [[36, "Please return this stub. Make checks payable to Town of Elmwood."]]],
  [600, [[360, "TOWN OF ELMWOOD"]]],
  [610, [[360, "PO BOX 87"]]],
  [620, [[360, "ELMWOOD WI 54740-0087"]]],
];

Deno.test("a town's name agreed by the payee and the remittance box, its utility's name atop the page: the utility", () => {
  assertEquals(
    read(townBill("TOWN OF ELMWOOD ELECTRIC UTILITY")).billingInformation.utilityProviderName,
    "Town of Elmwood Electric Utility",
  );
  // a logo that is the town's name with other words than a utility's stays the town's
  assertEquals(
    read(townBill("TOWN OF ELMWOOD CITY HALL")).billingInformation.utilityProviderName,
    "Town of Elmwood",
  );
});

Deno.test("an Electric Membership Corporation is an EMC", () => {
  assertEquals(sameUtility("Jackson Electric Membership Corporation", "Jackson EMC"), true);
  assertEquals(sameUtility("Jackson Electric Membership Corp.", "JACKSON EMC"), true);
  assertEquals(sameUtility("Jackson Electric Membership Corporation", "Jones-Onslow EMC"), false);
});

Deno.test("a service street printed alone over the customer's block: the block's town is not the service's", () => {
  const rows = (second: string): Rows => [
    [30, [[36, "Account No. 88213-0045"], [360, "Bill Date 09/12/2024"]]],
    [42, [[36, "Service Location: 57 HARROW LANE"], [360, "Due Date 10/03/2024"]]],
    [54, [[36, "ODELL PRUITT"], [360, "Amount Due $88.66"]]],
    [64, [[36, second]]],
    [74, [[36, "PIERRE, SD 57501"]]],
    ...HEAD.slice(5),
    ...ENERGY,
    ...total("$88.66"),
  ];
  const own = read(rows("57 HARROW LANE")).customerInformation.serviceAddress;
  assertEquals([own.line1, own.city, own.state, own.zip], ["57 HARROW LANE", "", "", ""]);
  // a unit line under the street, then the town: still the service address's town
  const unit = read(rows("APT 4")).customerInformation.serviceAddress;
  assertEquals([unit.line1, unit.city, unit.state, unit.zip], ["57 HARROW LANE", "PIERRE", "SD", "57501"]);
});
