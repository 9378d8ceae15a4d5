// The generic pieces added after scoring the reader on six held-out layouts (docs/bills.md "Layouts the
// reader was not written for"): each is checked on text lines or word boxes built here, not on any utility's
// bill, with every utility-shaped rule OFF, and each case fails without its piece.
import assert from "node:assert/strict";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { findRatePlan, findSupplyRate } from "../../../shared/bills/embedded/rates.ts";
import { parseInlineAddressNoZip } from "../../../shared/bills/embedded/addresses.ts";
import { columnRole, meterTables } from "../../../shared/bills/embedded/meter_tables.ts";
import { wordsOf } from "../../../shared/bills/embedded/pairing.ts";
import { findIssuer, findUtility } from "../../../shared/bills/embedded/utilities.ts";
import { parseDate } from "../../../shared/bills/embedded/values.ts";
import { monthOf } from "../../../shared/bills/embedded/usage_tables.ts";
import { page } from "./layout_page.ts";

const noTaggedRules = () => false;
const us = (line1: string, city: string, state: string, zip: string) => ({
  line1,
  line2: "",
  city,
  state,
  zip,
  country: "US",
});

Deno.test("dates with an apostrophe year ('May 2 '24'), and the apostrophe OCR lost at the end of a cell", () => {
  assert.equal(parseDate("Date bill prepared: May 2 '24"), "2024-05-02");
  assert.equal(parseDate("Total amount you owe by Jun 13, ’23   $41.20"), "2023-06-13");
  assert.equal(parseDate("Date bill prepared: Jun 21 22"), "2022-06-21");
  // a month and a four-digit year is not a day and a two-digit year; inside a sentence nothing is guessed
  assert.equal(parseDate("Jan 2024"), "");
  assert.equal(parseDate("Jan 2024   1,043"), "");
  assert.equal(parseDate("May 11 24 days of service"), "");
});

Deno.test("lexicon: 'service account' / 'service reference' are the service number; 'date bill prepared' the statement date", () => {
  const { lines, pieces } = page([
    [40, [[40, "Customer account"], [160, "2-41-318-5520"]]],
    [54, [[40, "Service account"], [160, "3-071-2290-14"], [330, "Date bill prepared: Mar 8 '24"]]],
    [80, [[40, "Amount due"], [160, "$88.10"]]],
    [100, [[40, "Service Reference: 4675194471"]]],
  ]);
  const item = parseBill(lines, [pieces], { rules: noTaggedRules });
  assert.equal(item.customerInformation.accountNumber, "2-41-318-5520");
  assert.equal(item.customerInformation.serviceNumber, "3-071-2290-14");
  assert.equal(item.billingInformation.invoiceDate, "2024-03-08");
  const ref = parseBill(["Account Number: 5129 062 3015", "Service Reference: 4675194471"], [], {
    rules: noTaggedRules,
  });
  assert.equal(ref.customerInformation.serviceNumber, "4675194471");
});

Deno.test("rate plan without a colon: only a value that names a class of service", () => {
  assert.equal(findRatePlan(["Rate   1(M) Residential Service"]), "1(M) Residential Service");
  assert.equal(findRatePlan(["Rate R Residential Service"]), "R Residential Service");
  // a schedule's number keeps its word; a meter printed after the class on the same line is cut off
  assert.equal(findRatePlan(["Schedule 4 Residential Meter K70213"]), "Schedule 4 Residential");
  assert.equal(findRatePlan(["Rate RS Residential Service Account 4410"]), "RS Residential Service");
  // price lines, notices and other words after "Rate" are not a plan
  assert.equal(findRatePlan(["Rate 0.1123 per kWh residential"]), "");
  assert.equal(findRatePlan(["Rates for residential customers will change on July 1"]), "");
  assert.equal(findRatePlan(["Rate increase for residential service effective June"]), "");
});

Deno.test("supply price: a bare 'kWh x $' line under a Generation title; a Delivery title's energy charge is not supply", () => {
  const lines = [
    "Delivery charges",
    "Energy charge 1,123 kWh x $0.16783   $98.20",
    "Basic charge   $11.10",
    "Generation charges",
    "1,123 kWh x $0.07099   $40.75",
  ];
  assert.equal(findSupplyRate(lines, noTaggedRules), "0.07099");
  // without the generation section, the energy charge under "Delivery charges" is still not read as supply
  assert.equal(findSupplyRate(lines.slice(0, 3), noTaggedRules), "");
});

Deno.test("supply price: an adjustment clause or a sub-cent rider gives way to the energy charge", () => {
  const lines = [
    "Electric Customer Charge - residential   $10.00",
    "Electric Energy Charge - residential 443 kWh @ $0.04562   $20.21",
    "Fuel Adjustment Charge (FAC) 443 kWh @ $0.00820   $3.63",
  ];
  assert.equal(findSupplyRate(lines, noTaggedRules), "0.04562");
  // the adjustment's price is still read when it is the only price per kWh on the bill…
  assert.equal(findSupplyRate(["Fuel Adjustment 1,203 kWh @ $0.03127   $37.62"], noTaggedRules), "0.03127");
  // … but never a price under 1¢ a kWh
  assert.equal(findSupplyRate(["Fuel Adjustment 1,203 kWh @ $0.00312   $3.75"], noTaggedRules), "");
});

Deno.test("meter tables: an 'Electric Meter' column, readings with their read type, usage with its unit", () => {
  assert.equal(columnRole("Electric Meter"), "meter");
  assert.equal(columnRole("Meter"), "meter");
  assert.equal(columnRole("Meter Reading"), "present");
  const { pieces } = page([
    [100, [[40, "Service Period 02/19/2024 - 03/20/2024"], [300, "Current Billing Days 30"]]],
    [116, [[40, "Electric Meter"], [140, "Current Read"], [240, "Prior Read"], [340, "Billable Usage"]]],
    [128, [[40, "K37297716"], [140, "58853 Actual"], [240, "57673 Actual"], [340, "1,180 kWh"]]],
  ]);
  assert.deepEqual(meterTables([wordsOf(pieces)], noTaggedRules), [
    { meterNumber: "K37297716", usageKwh: "1180", servicePeriodStart: "", servicePeriodEnd: "" },
  ]);
});

Deno.test("a usage total found without a meter number takes the meter table's number when the kWh agree", () => {
  const rows: [number, [number, string][]][] = [
    [40, [[40, "Account Number: 8663195890"], [330, "Bill Date: 03/05/2024"]]],
    [60, [[40, "Electric Meter"], [140, "Current Reading"], [240, "Previous Reading"], [
      340,
      "Billable Usage",
    ]]],
    [72, [[40, "K37297716"], [140, "58853"], [240, "57673"], [340, "1,180 kWh"]]],
    [100, [[40, "Generation 1,180 kWh @ $0.08502"], [300, "$100.33"]]],
  ];
  const { lines, pieces } = page(rows);
  const item = parseBill(lines, [pieces], { rules: noTaggedRules });
  assert.equal(item.electricityUsage.meters.length, 1);
  assert.equal(item.electricityUsage.meters[0].meterNumber, "K37297716");
  assert.equal(item.electricityUsage.meters[0].usageKwh, "1180");
  // a table whose kWh disagree is another meter: its number is not given to the total
  const other = page([...rows.slice(0, 2), [72, [[40, "K37297716"], [140, "58853"], [240, "57673"], [
    340,
    "1,179 kWh",
  ]]], rows[3]]);
  const item2 = parseBill(other.lines, [other.pieces], { rules: noTaggedRules });
  assert.notEqual(item2.electricityUsage.meters[0]?.meterNumber, "K37297716");
});

Deno.test("meter usage printed after its unit: 'Total electricity you used this month in kWh 1,123'", () => {
  const item = parseBill(
    [
      "Account Number: 1234567890",
      "Meter: K7356751",
      "Total electricity you used this month in kWh   1,123",
    ],
    [],
    { rules: noTaggedRules },
  );
  assert.equal(item.electricityUsage.meters[0].meterNumber, "K7356751");
  assert.equal(item.electricityUsage.meters[0].usageKwh, "1123");
});

Deno.test("a labelled service address without ZIP; ambiguous splits are left empty", () => {
  assert.deepEqual(
    parseInlineAddressNoZip("5499 Oak Hollow Dr Columbia MO"),
    us("5499 Oak Hollow Dr", "Columbia", "MO", ""),
  );
  assert.equal(parseInlineAddressNoZip("88 Park Pl Apt 4 Jefferson City MO")?.line2, "Apt 4");
  assert.equal(parseInlineAddressNoZip("12 Elm St St. Louis MO")?.city, "St. Louis");
  // no suffix ("Quail Run"), or "St." that may start the city: never cut the street in the wrong place
  assert.equal(parseInlineAddressNoZip("6433 Quail Run St. Louis MO"), undefined);
  assert.equal(parseInlineAddressNoZip("6433 Quail Run Columbia MO"), undefined);
  assert.equal(parseInlineAddressNoZip("Columbia MO"), undefined);
  const item = parseBill(["Service Address   5499 Oak Hollow Dr Columbia MO"], [], { rules: noTaggedRules });
  assert.equal(item.customerInformation.serviceAddress.line1, "5499 Oak Hollow Dr");
  assert.equal(item.customerInformation.serviceAddress.city, "Columbia");
});

Deno.test("a post-office box block is never taken as the service address", () => {
  const lines = [
    "Account Number: 1234567890   Amount Due: $80.00",
    "UTILITY PAYMENTS",
    "P.O. BOX 600",
    "ROSEMEAD, CA 91771-0001",
    "NORA MARTINEZ",
    "8711 ELM ST",
    "BAKERSFIELD, CA 93309",
  ];
  const item = parseBill(lines, [], { rules: noTaggedRules });
  assert.notEqual(item.customerInformation.serviceAddress.line1, "P.O. BOX 600");
});

Deno.test("utility names in capitals (logos) are recognised; their acronyms only as printed", () => {
  assert.equal(findUtility("SOUTHERN CALIFORNIA EDISON")?.name, "Southern California Edison");
  assert.equal(findUtility("Central maine power")?.name, "Central Maine Power");
  assert.equal(findUtility("we sce the point"), undefined);
  assert.equal(findUtility("SCE")?.name, "Southern California Edison");
});

Deno.test("no period printed as such: the meter table's read dates give it, when the bill's dates agree", () => {
  const rows: [number, [number, string][]][] = [
    [40, [[40, "Account Number 5716-9679-07"], [330, "Bill Date 08/31/2022"]]],
    [52, [[330, "Due Date 09/21/2022"]]],
    [80, [
      [36, "Meter Number"],
      [110, "Days"],
      [150, "Previous Read Date"],
      [240, "Previous Reading"],
      [
        320,
        "Current Read Date",
      ],
      [410, "Current Reading"],
      [490, "Total kWh"],
    ]],
    [92, [[36, "96123456"], [110, "28"], [150, "07/31/2022"], [240, "45066"], [320, "08/28/2022"], [
      410,
      "46151",
    ], [
      490,
      "1,085",
    ]]],
  ];
  const { lines, pieces } = page(rows);
  const item = parseBill(lines, [pieces], { rules: noTaggedRules });
  assert.equal(item.billingInformation.billingPeriodStart, "2022-07-31");
  assert.equal(item.billingInformation.billingPeriodEnd, "2022-08-28");
  // read dates after the statement date are not this bill's period
  const late = page([
    [40, [[40, "Account Number 5716-9679-07"], [330, "Bill Date 08/20/2022"]]],
    ...rows.slice(1),
  ]);
  assert.equal(
    parseBill(late.lines, [late.pieces], { rules: noTaggedRules }).billingInformation.billingPeriodEnd,
    "",
  );
});

Deno.test("a labelled one-line service address without the comma after the street, with its ZIP", () => {
  assert.deepEqual(
    parseInlineAddressNoZip("7017 LAKEVIEW CT ROYAL OAK MI 48067"),
    us("7017 LAKEVIEW CT", "ROYAL OAK", "MI", "48067"),
  );
  const item = parseBill(["Service Address: 7017 LAKEVIEW CT ROYAL OAK MI 48067"], [], {
    rules: noTaggedRules,
  });
  assert.equal(item.customerInformation.serviceAddress.zip, "48067");
});

Deno.test("an unlabelled class of service with its code is the rate plan; a bare phrase is not", () => {
  assert.equal(
    findRatePlan(["Residential Service D1   Billing Period: Feb 8 - Mar 8, 2023"]),
    "Residential Service D1",
  );
  assert.equal(findRatePlan(["General Service Rate (GS-1)"]), "General Service Rate (GS-1)");
  assert.equal(findRatePlan(["Residential Service   is available to all homes"]), "");
});

Deno.test("'Issued:' is the statement date; 'Billing Rate:' a rate label; a label joined to the rate's value is cut off", () => {
  const item = parseBill(
    ["Account Number: 1000 6242 9488   Issued: 11/12/2024", "Date Due   12/06/2024"],
    [],
    {
      rules: noTaggedRules,
    },
  );
  assert.equal(item.billingInformation.invoiceDate, "2024-11-12");
  assert.equal(
    findRatePlan(["Billing Rate: Residential Standard Service   Rate Code: RS"]),
    "Residential Standard Service",
  );
  assert.equal(
    findRatePlan(["Rate RS Residential Service Service period: Oct 11, 2024 - Nov 9, 2024 (29 days)"]),
    "RS Residential Service",
  );
  assert.equal(
    findRatePlan(["Billing Rate: Residential Standard Service Rate Code: RS"]),
    "Residential Standard Service",
  );
  assert.equal(findRatePlan(["Rate: Saver Choice (TOU-E)"]), "Saver Choice (TOU-E)");
});

Deno.test("a line of column headers ends the rows above it: a meter table printed level with a history table's rows", () => {
  // left: a meter table; right: a usage history whose rows run past the meter table's header line
  const { pieces } = page([
    [100, [[400, "Historical Usage (kWh)"]]],
    [112, [[400, "Oct-23"], [470, "1,321"]]],
    [124, [[36, "Meter Number"], [120, "Current Reading"], [210, "Previous Reading"], [300, "Usage (kWh)"], [
      400,
      "Nov-23",
    ], [470, "1,650"]]],
    [136, [[400, "Dec-23"], [470, "1,966"]]],
    [148, [[36, "M64585896"], [120, "89194"], [210, "87313"], [300, "1,881"]]],
  ]);
  assert.deepEqual(meterTables([wordsOf(pieces)], noTaggedRules).map((m) => [m.meterNumber, m.usageKwh]), [[
    "M64585896",
    "1881",
  ]]);
});

Deno.test("a row of months over an unlabelled row of kWh, under a title that names the kWh, is the usage history", () => {
  const months = ["Apr 22", "May 22", "Jun 22", "Jul 22", "Aug 22", "Sep 22"];
  const values = ["615", "744", "853", "1,103", "982", "675"];
  const rows: [number, [number, string][]][] = [
    [20, [[40, "Account Number: 238336624"], [330, "Date billed: May 3, 2022"]]],
    [34, [[40, "Service period: 08/25/2022 - 09/23/2022"], [330, "Payment due date: Oct 14, 2022"]]],
    [60, [[40, "Electricity usage summary (kWh)"]]],
    [72, months.map((m, i): [number, string] => [40 + i * 60, m])],
    [82, values.map((v, i): [number, string] => [40 + i * 60, v])],
    [100, [[40, "Current electricity charges"]]],
    [112, [[40, "Plan: Reliant Basic Power 12"]]],
  ];
  const { lines, pieces } = page(rows);
  const item = parseBill(lines, [pieces], { rules: noTaggedRules });
  assert.deepEqual(item.electricityUsage.usageByMonth.filter((m) => !m.estimated).map((m) => m.value), [
    615,
    744,
    853,
    1103,
    982,
    675,
  ]);
  assert.equal(item.electricityUsage.electricRate, "Reliant Basic Power 12");
  // without a title naming the kWh, an unlabelled row of numbers is not taken as usage
  const untitled = page([...rows.slice(0, 2), [60, [[40, "Summary"]]], ...rows.slice(3)]);
  const item2 = parseBill(untitled.lines, [untitled.pieces], { rules: noTaggedRules });
  assert.equal(item2.electricityUsage.usageByMonth.filter((m) => !m.estimated).length, 0);
  // a payment arrangement is not a plan of electricity
  assert.equal(findRatePlan(["Plan: Budget Billing"]), "");
});

Deno.test("a history row of several number columns reads the kWh under its header's kWh column; without a header, no guess", () => {
  const rows = [
    "Account Number: 5500 5613 266   Issue date: November 19, 2024",
    "Billing period: October 17, 2024 to November 18, 2024 (32 days)",
    "Energy usage history",
    "Month   Days   Avg Temp   kWh",
    "Dec 2023   31   86°   948",
    "Jan 2024   28   55°   986",
    "Feb 2024   30   42°   1,037",
  ];
  const item = parseBill(rows, [], { rules: noTaggedRules });
  const read = item.electricityUsage.usageByMonth.filter((m) => !m.estimated).map((m) => [m.month, m.value]);
  assert.deepEqual(read.slice(0, 3), [["December", 948], ["January", 986], ["February", 1037]]);
  // the same rows without their header: the days (31, 28, 30) are never taken for kWh
  const bare = parseBill(rows.filter((l) => !l.startsWith("Month")), [], { rules: noTaggedRules });
  assert.ok(!bare.electricityUsage.usageByMonth.some((m) => [31, 28, 30].includes(m.value)));
  // one number after the month stays a plain "Jan 2024   812" row
  const plain = parseBill(["Statement Date: 02/05/2024", "Jan 2024   812", "Dec 2023   790"], [], {
    rules: noTaggedRules,
  });
  assert.ok(plain.electricityUsage.usageByMonth.some((m) => m.month === "January" && m.value === 812));
});

// round 7 (dev layouts txu, easton, consumers, dte; the round-7 sealed layouts pse and paloalto only scored)

Deno.test("a row of 'Mar/23' months over an unlabelled row of kWh, under an electric usage title, is the history", () => {
  const months = ["Nov/23", "Dec/23", "Jan/24", "Feb/24", "Mar/24"];
  const values = ["812", "944", "1,021", "903", "760"];
  const rows: [number, [number, string][]][] = [
    [40, [[40, "Account: 5500561326"], [300, "Statement Date: 03/14/2024"]]],
    [54, [[40, "Service Dates: 02/12/2024 - 03/12/2024"]]],
    [80, [[40, "Electric Usage Information"]]],
    [92, months.map((m, i) => [40 + i * 60, m] as [number, string])],
    [102, values.map((v, i) => [40 + i * 60, v] as [number, string])],
  ];
  const { lines, pieces } = page(rows);
  const item = parseBill(lines, [pieces], { rules: noTaggedRules });
  const read = item.electricityUsage.usageByMonth.filter((m) => !m.estimated).map((
    m,
  ) => [m.month, m.year, m.value]);
  assert.deepEqual(read, [
    ["November", 2023, 812],
    ["December", 2023, 944],
    ["January", 2024, 1021],
    ["February", 2024, 903],
    ["March", 2024, 760],
  ]);
  assert.deepEqual(monthOf("Mar/24"), { month: 3, year: 2024 });
  // a year-less date keeps its day reading: "Mar 24" under a date header is March 24th, not a year
  assert.deepEqual(monthOf("Mar 24", "Read Date"), { month: 3 });
});

Deno.test("multi-service statement: a water meter's line is not the electric meter", () => {
  const item = parseBill(
    [
      "Account: 5500561326   Statement Date: 03/14/2024",
      "Energy 470 kWh @ $0.0489   $22.98",
      "Total kWh used 470",
      "Water Meter Information",
      "Meter W4381504 Previous 3723 Present 8641 Usage 5,421 gallons",
    ],
    [],
    { rules: noTaggedRules },
  );
  assert.ok(!item.electricityUsage.meters.some((m) => m.meterNumber === "W4381504"));
  assert.equal(item.electricityUsage.meters[0]?.usageKwh, "470");
});

Deno.test("a utility not in the table: its name where two places agree (the page's opening name, the remittance line, the website)", () => {
  const { lines, pieces } = page([
    [36, [[36, "GREENVALE MUNICIPAL UTILITIES"], [300, "Account"], [380, "Due Date"]]],
    [48, [[36, "Electric - Water - Sewer   greenvaleutilities.com"], [300, "77104233"], [380, "04/02/2024"]]],
    [80, [[36, "Energy 470 kWh @ $0.0489   $22.98"]]],
    [560, [[36, "Please return this portion with your payment to Greenvale Municipal Utilities."]]],
  ]);
  const item = parseBill(lines, [pieces], { rules: noTaggedRules });
  assert.equal(item.billingInformation.utilityProviderName, "Greenvale Municipal Utilities");
  assert.equal(
    findIssuer(["CITY OF NORTHFIELD UTILITIES", "Make checks payable to City of Northfield Utilities"]),
    "City of Northfield Utilities",
  );
  // the page's name and its website agree: title case from capitals
  assert.equal(
    findIssuer(["NORTHFIELD ELECTRIC DEPARTMENT", "northfieldelectricdepartment.org"]),
    "Northfield Electric Department",
  );
  // one place only, or two places naming different issuers: nothing is guessed
  assert.equal(findIssuer(["GREENVALE MUNICIPAL UTILITIES", "Amount Due   $65.97"]), undefined);
  assert.equal(findIssuer(["Make checks payable to Greenvale Utilities", "Thank you"]), undefined);
  assert.equal(
    findIssuer([
      "GREENVALE UTILITIES",
      "Make checks payable to Greenvale Utilities",
      "Thank you for choosing Bayside Power Board.",
      "baysidepowerboard.com",
    ]),
    undefined,
  );
  // a person or a street is not an issuer
  assert.equal(findIssuer(["THOMAS DAVIS", "Make checks payable to Thomas Davis"]), undefined);
});

Deno.test("a one-line title over a full line of column headers is not a header: a one-row meter table under a section title", () => {
  const rows: [number, [number, string][]][] = [
    [40, [[36, "Account: 5500561326"], [300, "Statement Date: 03/14/2024"]]],
    [54, [[36, "Service Dates: 02/12/2024 - 03/12/2024"]]],
    [74, [[36, "UTILITY COMPANY"]]],
    [84, [[36, "Electric Meter Information"]]],
    [96, [[36, "Meter"], [120, "Previous Read"], [200, "Present Read"], [280, "Multiplier"], [360, "kWh"]]],
    [108, [[36, "K47936216"], [120, "30070"], [200, "30540"], [280, "1"], [360, "470"]]],
  ];
  const { lines, pieces } = page(rows);
  assert.deepEqual(meterTables([wordsOf(pieces)], noTaggedRules).map((m) => [m.meterNumber, m.usageKwh]), [
    ["K47936216", "470"],
  ]);
  // the meter prints no read dates: it was read over the bill's period
  const item = parseBill(lines, [pieces], { rules: noTaggedRules });
  assert.deepEqual(item.electricityUsage.meters, [{
    meterNumber: "K47936216",
    usageKwh: "470",
    servicePeriodStart: "2024-02-12",
    servicePeriodEnd: "2024-03-12",
    confidence: 0.75,
  }]);
});

Deno.test("history rows sharing a text line with another column's payment or gas row: the cells from the month on", () => {
  const lines = [
    "Account Number: 5500561326   Invoice Date: 06/05/2023",
    "Account Summary   Your Electricity Usage",
    "Previous Amount Due   $100.62   JAN 23   1,116 kWh",
    "Payment Received   -$64.96   FEB 23   1,150 kWh",
    "Balance Forward   $35.66   MAR 23   1,108 kWh",
    "Gas Cost Recovery 161 Ccf x $0.49802   $30.10   APR 23   1,237 kWh",
    "MAY 23   1,402 kWh",
  ];
  const item = parseBill(lines, [], { rules: noTaggedRules });
  const read = item.electricityUsage.usageByMonth.filter((m) => !m.estimated).map((m) => [m.month, m.value]);
  assert.deepEqual(read, [
    ["January", 1116],
    ["February", 1150],
    ["March", 1108],
    ["April", 1237],
    ["May", 1402],
  ]);
  // the guard words right of the month, or a month away from any other month read, are still not read
  const lone = parseBill(
    [
      "Account Number: 5500561326   Invoice Date: 06/05/2023",
      "Payment Received   -$64.96   FEB 23   1,150 kWh",
      "Meter   JUN 23   31150 read",
    ],
    [],
    { rules: noTaggedRules },
  );
  assert.equal(lone.electricityUsage.usageByMonth.filter((m) => !m.estimated).length, 0);
});

Deno.test("an unlabelled class of service with the next label joined to it by the text layer", () => {
  assert.equal(
    findRatePlan(["Residential Service D1 Billing Period: Feb 8 - Mar 8, 2023   This Month   Last Year"]),
    "Residential Service D1",
  );
  // a sentence about a class of service is still not a plan
  assert.equal(findRatePlan(["Residential Service customers will see: a new charge"]), "");
});

Deno.test("supply price printed in cents after the kWh: '1,196 kWh x 6.09¢' is $0.0609", () => {
  assert.equal(findSupplyRate(["Energy Charge 1,196 kWh x 6.09¢   $72.84"], noTaggedRules), "0.0609");
  assert.equal(findSupplyRate(["Energy Charge 1,196 kWh x 1.15¢   $13.75"], noTaggedRules), "0.0115");
  assert.equal(findSupplyRate(["Energy charge 880 kWh @ 12.5 cents   $110.00"], noTaggedRules), "0.125");
  // an average price in cents is not the price of the energy
  assert.equal(findSupplyRate(["Average energy price 880 kWh @ 14.2¢"], noTaggedRules), "");
});

Deno.test("a header cell 'Account' alone over its value (a header row of account, dates and amount)", () => {
  const { lines, pieces } = page([
    [36, [[36, "UTILITY COMPANY"], [300, "Account"], [380, "Statement Date"], [460, "Due Date"], [
      530,
      "Amount Due",
    ]]],
    [48, [[36, "Electric - Water"], [300, "9454562146"], [380, "03/14/2022"], [460, "04/02/2022"], [
      530,
      "$65.97",
    ]]],
    [80, [[36, "Energy 470 kWh @ $0.0489   $22.98"]]],
  ]);
  const item = parseBill(lines, [pieces], { rules: noTaggedRules });
  assert.equal(item.customerInformation.accountNumber, "9454562146");
  assert.equal(item.billingInformation.dueDate, "2022-04-02");
  // "Account Summary" is not the label
  const summary = page([
    [36, [[36, "Account Summary"], [300, "Statement Date"]]],
    [48, [[36, "4471 2290"], [300, "03/14/2022"]]],
  ]);
  assert.equal(
    parseBill(summary.lines, [summary.pieces], { rules: noTaggedRules }).customerInformation.accountNumber,
    "",
  );
});
