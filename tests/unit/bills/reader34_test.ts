// Reader34 (issue #11, docs/bills.md "Round 34 … reader34"): the most common empty fields of the non-sealed corpus
// counted by layout, read by general rules (no new layouts). Each test is built on word boxes in another shape than
// the layouts that showed it, with every utility-shaped rule OFF, and fails with the reader of before this round.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { readPage as read } from "./layout_page.ts";

type Rows = Parameters<typeof read>[0];
/** A header, a customer's block, a period, and a meter read with its kWh (1,212). */
const HEAD: Rows = [
  [40, [[36, "Account Number 5530-20417"], [330, "Statement Date 09/12/2024"]]],
  [52, [[330, "Due Date 10/03/2024"]]],
  [120, [[36, "LENA FORSBERG"]]],
  [130, [[36, "219 CEDAR KNOLL RD"]]],
  [140, [[36, "BRAINERD MN 56401"]]],
  [160, [[36, "Service Period 08/08/2024 to 09/07/2024"]]],
  [172, [[36, "Meter Number"], [110, "Previous"], [180, "Present"], [250, "kWh Used"]]],
  [184, [[36, "T55120934"], [110, "40118"], [180, "41330"], [250, "1,212"]]],
  [196, [[36, "Total Usage 1,212 kWh"]]],
];
const total = (amount: string): Rows => [[300, [[36, "Total Amount Due"], [300, amount]]]];

Deno.test("no energy word: the one priced kWh line billing the meter's kWh, its amount its product", () => {
  for (const label of ["Usage Charge", "Current Billing", "Base Rate"]) {
    const rows: Rows = [
      ...HEAD,
      [220, [[36, "Customer Charge"], [300, "$14.00"]]],
      [232, [[36, `${label} 1,212 kWh @ $0.07315`], [300, "$88.66"]]],
      [244, [[36, "Fuel Cost Adjustment Rider 1,212 kWh @ $0.00412"], [300, "$4.99"]]],
      ...total("$107.65"),
    ];
    assertEquals(read(rows).electricityUsage.supplyRatePerKwh, "0.07315", label);
  }
});

Deno.test("two priced lines, another kWh, or an amount that is not the product: no price", () => {
  const cases: [string, Rows][] = [
    ["two components", [
      [232, [[36, "Base Tariff 1,212 kWh x $0.02110"], [300, "$25.57"]]],
      [244, [[36, "Current Billing 1,212 kWh x $0.07315"], [300, "$88.66"]]],
    ]],
    ["another quantity", [[232, [[36, "Usage Charge 1,000 kWh @ $0.07315"], [300, "$73.15"]]]]],
    ["not its product", [[232, [[36, "Usage Charge 1,212 kWh @ $0.07315"], [300, "$98.66"]]]]],
    ["a delivery price", [[232, [[36, "Distribution Usage 1,212 kWh @ $0.07315"], [300, "$88.66"]]]]],
  ];
  for (const [what, charges] of cases) {
    assertEquals(
      read([...HEAD, ...charges, ...total("$120.00")]).electricityUsage.supplyRatePerKwh,
      "",
      what,
    );
  }
});

/** No labelled period: a meter line, its two reads on the line under it, the next read's date under that. */
const reads = (readLine: string): Rows => [
  ...HEAD.slice(0, 5),
  [180, [[36, "Rate Residential Service"], [200, "Meter Number R8831047"]]],
  [192, [[200, readLine]]],
  [204, [[36, "Energy Used 1,212 kWh"], [200, "Next Reading Date 10/08/2024"]]],
  [220, [[36, "Energy Charge 1,212 kWh @ $0.07315"], [300, "$88.66"]]],
  ...total("$102.66"),
];

Deno.test("both reads on one line, each its date and its reading: the meter's and the bill's period", () => {
  const r = read(reads("Read 08/08/2024 40118 Read 09/07/2024 41330"));
  assertEquals(r.electricityUsage.meters.map((m) => [m.servicePeriodStart, m.servicePeriodEnd]), [[
    "2024-08-08",
    "2024-09-07",
  ]]);
  assertEquals([r.billingInformation.billingPeriodStart, r.billingInformation.billingPeriodEnd], [
    "2024-08-08",
    "2024-09-07",
  ]);
  // the later read's reading smaller than the earlier one's: not two reads of one meter
  const odd = read(reads("Read 08/08/2024 41330 Read 09/07/2024 40118"));
  assertEquals(odd.electricityUsage.meters.map((m) => m.servicePeriodStart), [""]);
});

Deno.test("an issuer named '… Light & Power' (as '… Power & Light'), in capitals or not", () => {
  for (
    const [logo, name] of [["RIVERTON LIGHT & POWER", "Riverton Light & Power"], [
      "Mesa Valley Light and Power Company",
      "Mesa Valley Light and Power Company",
    ]]
  ) {
    const rows: Rows = [[20, [[36, logo]]], ...HEAD, ...total("$102.66")];
    assertEquals(read(rows).billingInformation.utilityProviderName, name, logo);
  }
});

/** A summary: the last bill's amount, a payment, the balance printed under it, two charges, the amount due. */
const summary = (balance: string): Rows => [
  ...HEAD,
  [220, [[36, "Meter Reading Information"], [300, "Amount of Last Bill"], [420, "$143.20"]]],
  [232, [[36, "Read Type Actual"], [300, "Payment(s) Received as of 09/01/24"], [420, "-$100.00"]]],
  [244, [[36, "Multiplier 1"], [300, "Prior Account Balance"], [420, balance]]],
  [256, [[300, "Basic Service Charges"], [420, "$50.00"]]],
  [268, [[300, "Supplier Service Charges"], [420, "$41.76"]]],
  [280, [[300, "Total Amount Due"], [420, "$134.96"]]],
];

Deno.test("the balance printed under the payments, the last bill less them: the past due", () => {
  assertEquals(read(summary("$43.20")).billingInformation.pastDue, "43.20");
  // a balance that is not the last bill less the payments confirms nothing
  assertEquals(read(summary("$48.20")).billingInformation.pastDue, "");
});

Deno.test("a scan's rate word with its n read as ri is read as the rate word", () => {
  const rows: Rows = [...HEAD, [210, [[36, "Rate: Resideritial Service"]]], ...total("$102.66")];
  assertEquals(read(rows, true).electricityUsage.electricRate, "Residential Service");
});

Deno.test("a history whose months are printed MM/YY, in two columns: the run of months read", () => {
  // twelve months 09/23 … 08/24 in two columns of six, beside the charges
  const months = [
    "09/23",
    "10/23",
    "11/23",
    "12/23",
    "01/24",
    "02/24",
    "03/24",
    "04/24",
    "05/24",
    "06/24",
    "07/24",
  ];
  const kwh = [980, 870, 1020, 1310, 1405, 1288, 1102, 940, 1012, 1190, 1340];
  const rows: Rows = [
    ...HEAD,
    [210, [[300, "Usage History"]]],
    [222, [[300, "Month"], [350, "kWh"], [400, "Month"], [450, "kWh"]]],
    ...months.slice(0, 6).map((m, i): Rows[number] => [234 + 12 * i, [
      ...(i === 2 ? [[36, "Energy Charge 1,212 kWh @ $0.07315"], [200, "$88.66"]] as [number, string][] : []),
      [300, m],
      [350, kwh[i].toLocaleString("en-US")],
      ...(months[i + 6]
        ? [[400, months[i + 6]], [450, kwh[i + 6].toLocaleString("en-US")]] as [number, string][]
        : []),
    ]]),
    ...total("$102.66"),
  ];
  const got = read(rows).electricityUsage.usageByMonth.map((u) =>
    `${u.month.slice(0, 3)} ${u.year} ${u.value}`
  );
  for (const [i, m] of months.entries()) {
    const [mm, yy] = m.split("/");
    const name = new Date(2000, Number(mm) - 1, 1).toLocaleString("en-US", { month: "short" });
    assertEquals(got.includes(`${name} 20${yy} ${kwh[i]}`), true, `${m} in ${got.join(", ")}`);
  }
});

Deno.test("MM/YY labels that make no run of six months are not read as months", () => {
  const rows: Rows = [
    ...HEAD,
    [210, [[36, "Meter K7741"], [120, "09/07"], [170, "41330"], [250, "10/24"], [300, "1212"]]],
    [222, [[36, "Energy Charge 1,212 kWh @ $0.07315"], [300, "$88.66"]]],
    ...total("$102.66"),
  ];
  assertEquals(
    read(rows).electricityUsage.usageByMonth.filter((u) => u.year === 2007 || u.month === "October"),
    [],
  );
});
