// Reader36 (issue #11, docs/bills.md "Leave-one-utility-out: shaped rules generalized"): readings only a utility-tagged
// rule made, read by general rules (shared/bills/embedded/generalized.ts, a table's repeated words, a row of no day).
// Each test is built on word boxes in other words and shapes than the bill that prompted the rule, with every
// utility-shaped rule OFF and only the general ones on, and fails with the reader of before this change.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { page } from "./layout_page.ts";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { type RuleId, RULES } from "../../../shared/bills/embedded/rules.ts";
import { readTables } from "../../../shared/bills/embedded/tables.ts";
import { wordsOf } from "../../../shared/bills/embedded/pairing.ts";
import { kwhByQuantity, townInCells } from "../../../shared/bills/embedded/generalized.ts";

type Rows = Parameters<typeof page>[0];
/** Only the general rules on (every rule a utility's bill shaped off); `without`: these general ones off too. */
const general = (...without: RuleId[]) => (id: RuleId) =>
  RULES[id].shapedBy.length === 0 && !without.includes(id);
const read = (pages: Rows[], ...without: RuleId[]) => {
  const ps = pages.map(page);
  return parseBill(ps.flatMap((p) => p.lines), ps.map((p) => p.pieces), { rules: general(...without) });
};

const HEAD: Rows = [
  [40, [[36, "Account Number 7734-01988"], [330, "Statement Date 03/18/2024"]]],
  [52, [[330, "Amount Due $412.06"], [450, "Due Date 04/08/2024"]]],
  [70, [[36, "Billing Period 02/14/2024 to 03/14/2024"]]],
];

Deno.test("a service address whose city, state and ZIP a form prints in cells of their own, whatever labels them", () => {
  for (
    const town of [
      [[160, "Town:"], [230, "MAPLE GROVE"], [330, "MN"], [360, "55369"]],
      // OCR joins the label to the city in one cell
      [[160, "Mailing City: MAPLE GROVE"], [330, "MN"], [360, "55369-2210"]],
    ] as [number, string][][]
  ) {
    const r = read([[
      ...HEAD,
      [90, [[36, "Customer No. 55120"], [160, "Service Location:"], [260, "48 WILLOW BEND DR"]]],
      [102, [[36, "Owner:"], [80, "LAKESIDE DENTAL PA"], ...town]],
    ]]);
    const a = r.customerInformation.serviceAddress;
    assertEquals([a.line1, a.city, a.state, a.zip.slice(0, 5)], [
      "48 WILLOW BEND DR",
      "MAPLE GROVE",
      "MN",
      "55369",
    ]);
    const off = read([[
      ...HEAD,
      [90, [[36, "Customer No. 55120"], [160, "Service Location:"], [260, "48 WILLOW BEND DR"]]],
      [102, [[36, "Owner:"], [80, "LAKESIDE DENTAL PA"], ...town]],
    ]], "town-in-cells");
    assertEquals(off.customerInformation.serviceAddress.city, "");
  }
});

Deno.test("three cells are a town only as a city's words, a state's code and a ZIP", () => {
  assertEquals(townInCells(["Town:", "MAPLE GROVE", "MN", "55369"]), {
    city: "MAPLE GROVE",
    state: "MN",
    zip: "55369",
  });
  assertEquals(townInCells(["Meter", "4471", "MN", "55369"]), undefined); // a number, not a city
  assertEquals(townInCells(["MAPLE GROVE", "XQ", "55369"]), undefined); // no such state
  assertEquals(townInCells(["MAPLE GROVE", "MN", "5536"]), undefined); // not a ZIP
  assertEquals(townInCells(["Days", "MN", "30"]), undefined);
});

const charges = (supplier: string): Rows => [
  ...HEAD,
  [90, [[36, "GREENFIELD FOODS LLC"]]],
  [100, [[36, "2290 MILL RACE RD"]]],
  [110, [[36, "ASHEVILLE NC 28806"]]],
  [140, [[36, "Delivery Charges"]]],
  [152, [[36, "Distribution Charge 24,560 kWh x $0.01815"], [330, "$445.76"]]],
  [164, [[36, "Transmission Charge 24,560 kWh x $0.00620"], [330, "$152.27"]]],
  [190, [[36, "Supplier Charges: BLUE RIDGE ENERGY SERVICES"]]],
  [202, [[36, supplier], [330, "$1,555.88"]]],
  [230, [[36, "Total Current Charges"], [330, "$2,153.91"]]],
];

Deno.test("a supplier's priced quantity in a unit the reader does not know is kWh when the bill bills it in kWh", () => {
  for (const unit of ["KWHR", "KH", "kWn"]) {
    const line = `Generation Service 24,560 ${unit} x 0.06335`;
    const r = read([charges(line)]);
    assertEquals(r.electricityUsage.supplyRatePerKwh, "0.06335", unit);
    assertEquals(read([charges(line)], "kwh-by-quantity").electricityUsage.supplyRatePerKwh, "", unit);
  }
  // another quantity than any the bill bills in kWh, or a unit named for something else: as printed, no price
  assertEquals(
    read([charges("Generation Service 24,100 KWHR x 0.06335")]).electricityUsage.supplyRatePerKwh,
    "",
  );
  assertEquals(
    kwhByQuantity(["Demand 24,560 kW x 3.11", "Energy 24,560 kWh x .0181", "Gas 24,560 therms @ 0.9"]),
    ["Demand 24,560 kW x 3.11", "Energy 24,560 kWh x .0181", "Gas 24,560 therms @ 0.9"],
  );
  assertEquals(kwhByQuantity(["Supply 812 KH x 0.07", "Rider 812 kWh @ .002"])[0], "Supply 812 kWh x 0.07");
});

/** A statement's history table: every row repeats the account's name in its first cell. */
const historyRow = (y: number, name: string, date: string, days: string, kwh: string): Rows[number] => [
  y,
  [[36, name], [200, date], [270, days], [320, kwh], [390, "$1,102.40"]],
];
const HISTORY_HEAD: Rows = [
  [60, [[36, "Usage Statement"]]],
  [80, [[36, "Account Name"], [200, "Read Date"], [270, "Days"], [320, "kWh"], [390, "Amount"]]],
];

Deno.test("a table continued on the next page whose rows repeat the account's name: the rows keep its columns", () => {
  const first: Rows = [
    ...HISTORY_HEAD,
    ...["01/12/2023", "02/10/2023", "03/13/2023", "04/12/2023"].map((d, i) =>
      historyRow(92 + 12 * i, "RIVERSIDE SCHOOL DIST", d, "30", `${9 + i},120`)
    ),
  ];
  const second = (name: (i: number) => string): Rows => [
    [60, [[36, "Usage Statement"]]],
    ...["05/11/2023", "06/12/2023", "07/12/2023"].map((d, i) =>
      historyRow(80 + 12 * i, name(i), d, "31", "7,480")
    ),
  ];
  const tables = (p2: Rows, ...without: RuleId[]) =>
    readTables([first, p2].map((p) => wordsOf(page(p).pieces)), general(...without));
  const same = tables(second(() => "RIVERSIDE SCHOOL DIST"));
  assertEquals(same.map((t) => [t.page, t.rows.length]), [[0, 4], [1, 3]]);
  assertEquals(same[1].rows[0].cells, ["RIVERSIDE SCHOOL DIST", "05/11/2023", "31", "7,480", "$1,102.40"]);
  // the rule off, or words that are not the table's repeated ones: no continued rows
  assertEquals(tables(second(() => "RIVERSIDE SCHOOL DIST"), "repeated-words-continuation").length, 1);
  assertEquals(tables(second((i) => ["NORTH ANNEX", "RIVERSIDE SCHOOL DIST", "GYM"][i])).length, 1);
});

Deno.test("a history row that bills no day is no month of usage, and the months around it are read", () => {
  const months = [
    "08/11/2023",
    "09/12/2023",
    "10/11/2023",
    "11/09/2023",
    "12/11/2023",
    "01/10/2024",
    "02/09/2024",
  ];
  // a usage statement: no billing period, no statement date beside the history
  const rows: Rows = [
    [40, [[36, "Account Number 7734-01988"], [330, "Rate SC-2 General Service"]]],
    [90, [[36, "Monthly Usage History"]]],
    [102, [[36, "Read Date"], [120, "Days"], [180, "kWh"]]],
    ...months.map((d, i): Rows[number] => [114 + 12 * i, [[36, d], [120, "30"], [180, `${1 + i},4${i}0`]]]),
    // a correction row dated decades ahead, billing no day and no kWh
    [200, [[36, "12/31/2049"], [120, "0"], [180, "0"]]],
    [212, [[36, "03/14/2024"], [120, "34"], [180, "8,412"]]],
  ];
  const got = (r: ReturnType<typeof read>) =>
    r.electricityUsage.usageByMonth.filter((u) => !u.estimated).map((u) => `${u.year}-${u.month} ${u.value}`);
  const read1 = got(read([rows]));
  assertEquals(
    read1.includes("2024-March 8412") && read1.includes("2023-August 1400"),
    true,
    read1.join(", "),
  );
  assertEquals(read1.some((m) => m.startsWith("2049")), false);
  // without the rule the correction row is read as a month (December 2049, 0 kWh)
  assertEquals(got(read([rows], "zero-day-row")).includes("2049-December 0"), true);
});
