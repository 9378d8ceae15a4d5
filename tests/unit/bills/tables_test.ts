// The generic table reader on word-box layouts built here (no bill of any utility): column tables with and
// without years, multi-line headers, empty cells, $ / days / meter-reading columns beside the kWh,
// transposed tables, labelled bar charts, a table continued on the next page.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import type { Word } from "../../../shared/bills/embedded/pairing.ts";
import { readTables, readTransposed } from "../../../shared/bills/embedded/tables.ts";
import {
  kwhScore,
  monthOf,
  placeYears,
  recentMonths,
  tableUsage,
} from "../../../shared/bills/embedded/usage_tables.ts";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { CH, page } from "./layout_page.ts";

let item = 0;
/** One line of cells at height y: [x, text] (each cell one text item, split into words). */
function line(y: number, cells: [number, string][]): Word[] {
  return cells.flatMap(([x, text]) => {
    const it = item++;
    let at = x;
    return text.split(" ").map((w) => {
      const word = { text: w, x0: at, x1: at + w.length * CH, y, h: 10, item: it };
      at += (w.length + 1) * CH;
      return word;
    });
  }).filter((w) => w.text);
}
/** Right-aligned cell ending at x1. */
const r = (x1: number, text: string): [number, string] => [x1 - text.length * CH, text];
const values = (ms: { year: number; month: number; value: number }[]) =>
  ms.map((m) => `${m.year}-${String(m.month).padStart(2, "0")}:${m.value}`);

Deno.test("column table with years: the kWh column, not the days or the amount", () => {
  const page = [
    ...line(100, [[50, "Month"], r(200, "Days"), r(280, "kWh"), r(380, "Amount")]),
    ...line(114, [[50, "Jan 2024"], r(200, "31"), r(280, "1,204"), r(380, "$158.20")]),
    ...line(128, [[50, "Feb 2024"], r(200, "29"), r(280, "998"), r(380, "$131.05")]),
    ...line(142, [[50, "Mar 2024"], r(200, "31"), r(280, "870"), r(380, "$118.40")]),
  ];
  assertEquals(values(tableUsage([page], "")), ["2024-01:1204", "2024-02:998", "2024-03:870"]);
});

Deno.test("column table without years: years from the bill's period end, oldest first or newest first", () => {
  const rows = ["Oct", "Nov", "Dec", "Jan", "Feb"].map((m, i) =>
    line(114 + 14 * i, [[50, m], r(280, String(700 + i))])
  );
  const head = line(100, [[50, "Month"], r(280, "Usage (kWh)")]);
  assertEquals(values(tableUsage([[...head, ...rows.flat()]], "2024-02-20")), [
    "2023-10:700",
    "2023-11:701",
    "2023-12:702",
    "2024-01:703",
    "2024-02:704",
  ]);
  const desc = ["Feb", "Jan", "Dec"].map((m, i) => line(114 + 14 * i, [[50, m], r(280, String(900 - i))]));
  assertEquals(values(tableUsage([[...head, ...desc.flat()]], "2024-02-20")), [
    "2024-02:900",
    "2024-01:899",
    "2023-12:898",
  ]);
  // no year printed and no period end: the rows cannot be placed, nothing is invented
  assertEquals(tableUsage([[...head, ...rows.flat()]], ""), []);
});

Deno.test("multi-line header over a statement: read date and billed kWh beside meter readings and demand", () => {
  const page = [
    ...line(90, [
      [60, "Bill"],
      [120, "Read"],
      r(230, "Present"),
      r(300, "Previous"),
      r(360, "Billed"),
      r(420, "Billed"),
    ]),
    ...line(102, [
      [60, "Date"],
      [120, "Date"],
      r(230, "Reading"),
      r(300, "Reading"),
      r(360, "kWh"),
      r(420, "Demand"),
    ]),
    ...line(120, [
      [60, "4/15/2021"],
      [120, "4/14/21"],
      r(230, "27,415"),
      r(300, "23,763"),
      r(360, "3,652"),
      r(420, "9.6"),
    ]),
    ...line(134, [
      [60, "5/13/2021"],
      [120, "5/13/21"],
      r(230, "30,915"),
      r(300, "27,415"),
      r(360, "3,500"),
      r(420, "8.5"),
    ]),
  ];
  const [t] = readTables([page]);
  assertEquals(t.columns.map((c) => c.header), [
    "Bill Date",
    "Read Date",
    "Present Reading",
    "Previous Reading",
    "Billed kWh",
    "Billed Demand",
  ]);
  assertEquals(values(tableUsage([page], "")), ["2021-04:3652", "2021-05:3500"]);
});

Deno.test("empty cells stay empty and a row without kWh gives no month", () => {
  const page = [
    ...line(100, [[50, "Service Period"], r(260, "kWh Used"), r(360, "Amount")]),
    ...line(114, [[50, "01/2024"], r(260, "640"), r(360, "$80.10")]),
    ...line(128, [[50, "02/2024"], r(360, "$12.00")]),
    ...line(142, [[50, "03/2024"], r(260, "702"), r(360, "$88.00")]),
  ];
  const [t] = readTables([page]);
  assertEquals(t.rows.map((row) => row.cells[1]), ["640", "", "702"]);
  assertEquals(values(tableUsage([page], "")), ["2024-01:640", "2024-03:702"]);
});

Deno.test("a table of meter readings or of dollars only gives no usage", () => {
  const readings = [
    ...line(100, [[50, "Read Date"], r(260, "Meter Reading"), r(360, "Multiplier")]),
    ...line(114, [[50, "Jan 25, 2024"], r(260, "27415"), r(360, "1")]),
    ...line(128, [[50, "Feb 24, 2024"], r(260, "28474"), r(360, "1")]),
  ];
  assertEquals(tableUsage([readings], "2024-02-24"), []);
  const dollars = [
    ...line(100, [[50, "Month"], r(260, "Amount")]),
    ...line(114, [[50, "Jan 2024"], r(260, "$120.00")]),
    ...line(128, [[50, "Feb 2024"], r(260, "$99.00")]),
  ];
  assertEquals(tableUsage([dollars], ""), []);
  assertEquals([
    kwhScore("Days Used"),
    kwhScore("kWh/day"),
    kwhScore("Previous Reading"),
    kwhScore("Total kWh"),
  ], [
    0,
    0,
    0,
    2,
  ]);
});

Deno.test("transposed table: months as columns, the kWh row (not amount, days or kWh per day)", () => {
  const page = [
    ...line(100, [
      [40, "Service to"],
      r(200, "Feb 25, 2021"),
      r(280, "Jan 27, 2021"),
      r(360, "Feb 26, 2020"),
    ]),
    ...line(112, [[40, "kWh Used"], r(200, "968"), r(280, "951"), r(360, "784")]),
    ...line(124, [[40, "Service days"], r(200, "29"), r(280, "30"), r(360, "28")]),
    ...line(136, [[40, "kWh/day"], r(200, "33"), r(280, "32"), r(360, "28")]),
    ...line(148, [[40, "Amount"], r(200, "$103.72"), r(280, "$102.08"), r(360, "$83.25")]),
  ];
  const [t] = readTransposed([page]);
  assertEquals(t.rows.map((row) => row.label), ["kWh Used", "Service days", "kWh/day", "Amount"]);
  assertEquals(values(tableUsage([page], "")), ["2021-02:968", "2021-01:951", "2020-02:784"]);
  // month names without a year, a row with an empty cell
  const noYear = [
    ...line(100, [[40, "Month"], r(160, "Jan"), r(200, "Feb"), r(240, "Mar"), r(280, "Apr")]),
    ...line(112, [[40, "kWh"], r(160, "812"), r(240, "640"), r(280, "598")]),
  ];
  assertEquals(values(tableUsage([noYear], "2024-04-10")), ["2024-01:812", "2024-03:640", "2024-04:598"]);
});

Deno.test("labelled bar chart: one value over each month, axis ticks ignored, years from the year labels", () => {
  const months = ["JUL", "AUG", "SEP", "OCT", "NOV", "DEC", "JAN", "FEB"];
  const page = [
    ...line(20, [[60, "2020"], [60 + 7 * 30, "2021"]]),
    // axis ticks stacked on the left, with a unit
    ...line(40, [
      [10, "900 kWh"],
      ...months.slice(0, 4).map((_, i) => [60 + i * 30, String(500 + i)] as [number, string]),
    ]),
    ...line(60, [
      [10, "450 kWh"],
      ...months.slice(4).map((_, i) => [60 + (i + 4) * 30, String(600 + i)] as [number, string]),
    ]),
    ...line(100, months.map((m, i) => [60 + i * 30, m] as [number, string])),
  ];
  assertEquals(values(tableUsage([page], "")), [
    "2020-07:500",
    "2020-08:501",
    "2020-09:502",
    "2020-10:503",
    "2020-11:600",
    "2020-12:601",
    "2021-01:602",
    "2021-02:603",
  ]);
});

Deno.test("a table continued on the next page under a page title keeps its columns", () => {
  const head = [
    ...line(60, [[200, "Monthly Usage History"]]),
    ...line(90, [[50, "Read Date"], r(200, "Days"), r(280, "kWh")]),
  ];
  const p1 = [
    ...head,
    ...line(104, [[50, "1/12/2024"], r(200, "30"), r(280, "9,062")]),
    ...line(118, [[50, "2/12/2024"], r(200, "31"), r(280, "9,520")]),
  ];
  const p2 = [
    ...line(60, [[200, "Monthly Usage History"]]),
    ...line(80, [[50, "3/13/2024"], r(200, "30"), r(280, "9,077")]),
    ...line(94, [[50, "4/12/2024"], r(200, "30"), r(280, "8,202")]),
  ];
  assertEquals(values(tableUsage([p1, p2], "")), [
    "2024-01:9062",
    "2024-02:9520",
    "2024-03:9077",
    "2024-04:8202",
  ]);
});

Deno.test("history helpers: months, years, at most 13 months up to the bill's period", () => {
  assertEquals(monthOf("Jan '24"), { month: 1, year: 2024 });
  assertEquals(monthOf("Jan 24", "Read Date"), { month: 1 });
  assertEquals(monthOf("12/2023"), { month: 12, year: 2023 });
  assertEquals(monthOf("01/05/24 - 02/04/24"), { month: 2, year: 2024 });
  assertEquals(placeYears([11, 12, 1], [undefined, undefined, undefined], "2024-01-31"), [2023, 2023, 2024]);
  const many = Array.from(
    { length: 20 },
    (_, i) => ({ year: 2022 + Math.floor(i / 12), month: (i % 12) + 1, value: i }),
  );
  const kept = recentMonths([...many, { year: 2030, month: 12, value: 0 }], "2023-08-15");
  assertEquals(kept.length, 13);
  assertEquals(kept.at(-1), { year: 2023, month: 8, value: 19 });
});

Deno.test("parseBill reads a usage history printed only as a column table", () => {
  const p = page([
    [20, [[40, "Sunrise Electric Cooperative"]]],
    [34, [[40, "Account Number: 4410 2235 19"], [300, "Statement Date: 03/05/2024"]]],
    [48, [[40, "Billing Period: 02/02/2024 - 03/03/2024"], [300, "Amount Due: $142.18"]]],
    [62, [[40, "Total kWh used 1043"]]],
    [90, [[40, "Your Usage"], r(200, "Days"), r(280, "kWh"), r(380, "Amount")]],
    ...["Oct", "Nov", "Dec", "Jan", "Feb", "Mar"].map((m, i) =>
      [104 + 14 * i, [
        [40, m],
        r(200, "30"),
        r(280, String([880, 941, 1102, 1210, 1150, 1043][i])),
        r(380, "$99.00"),
      ]] as [
        number,
        [number, string][],
      ]
    ),
  ]);
  const item = parseBill(p.lines, [p.pieces]);
  assertEquals(
    item.electricityUsage.usageByMonth.map((u) => `${u.year}-${u.month}:${u.value}`),
    [
      "2023-October:880",
      "2023-November:941",
      "2023-December:1102",
      "2024-January:1210",
      "2024-February:1150",
      "2024-March:1043",
    ],
  );
  // the table's month of the bill agrees with the bill's kWh: a confident history
  assertEquals((item.confidence.usageByMonth ?? 0) > 0.8, true);
});

Deno.test("without a billing period, a history that stops long before the bill's latest date is not used", () => {
  const rows = (from: number) =>
    ["Jan", "Feb", "Mar"].map((m, i) =>
      [104 + 14 * i, [[40, `${m} ${from}`], r(200, "30"), r(280, String(900 + i))]] as [
        number,
        [number, string][],
      ]
    );
  const bill = (from: number) =>
    page([
      [20, [[40, "Sunrise Electric Cooperative"]]],
      [34, [[40, "Account Number: 4410 2235 19"], [300, "Printed 04/10/2024"]]],
      [90, [[40, "Month"], r(200, "Days"), r(280, "kWh")]],
      ...rows(from),
    ]);
  const stale = bill(2022);
  assertEquals(parseBill(stale.lines, [stale.pieces]).electricityUsage.usageByMonth, []);
  const recent = bill(2024);
  assertEquals(parseBill(recent.lines, [recent.pieces]).electricityUsage.usageByMonth.map((u) => u.value), [
    900,
    901,
    902,
  ]);
});
