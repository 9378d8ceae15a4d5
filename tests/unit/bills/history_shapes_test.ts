// The usage-history shapes added in the history round (issue #11, docs/bills.md "Usage history in other
// shapes"): each piece is checked on word boxes built here, in a shape other than the held-out layout that
// showed it was missing (scripts/bills/layouts_hist.ts), with every utility-shaped rule OFF; each case fails
// without its piece.
import assert from "node:assert/strict";
import { wordsOf } from "../../../shared/bills/embedded/pairing.ts";
import { alignToPeriod, recentMonths, tableUsage } from "../../../shared/bills/embedded/usage_tables.ts";
import { comparedUsage } from "../../../shared/bills/embedded/usage_compare.ts";
import type { MonthValue } from "../../../shared/bills/embedded/usage_history.ts";
import { MonthNames } from "../../../shared/bills/schema.ts";
import { page } from "./layout_page.ts";

const noTaggedRules = () => false;
const FULL = MonthNames;
const M3 = MonthNames.map((m) => m.slice(0, 3));
const words = (rows: Parameters<typeof page>[0]) => wordsOf(page(rows).pieces);
/** One value per month key, sorted: what the reader keeps (a later reading of a month wins). */
const kept = (ms: MonthValue[], end: string) =>
  recentMonths(ms, end).map((m) => `${m.year}-${m.month}:${m.value}`);
const usage = (k: number) => 600 + ((k * 37) % 400);

Deno.test("history: a statement table continued on the next page without its header, at other x positions", () => {
  // newest first, 4 columns (read date, days, kWh, charges); page 1 holds 5 rows, page 2 the next 9 under a
  // page title, printed further right than page 1's columns
  const month = (i: number) => ({
    y: 2024 - (i >= 3 ? 1 : 0) - (i >= 15 ? 1 : 0),
    m: ((2 - i) % 12 + 12) % 12 + 1,
  });
  const row = (i: number, x: number): [number, string][] => {
    const { y, m } = month(i);
    return [[x, `${String(m).padStart(2, "0")}/14/${y}`], [x + 80, "30"], [x + 130, String(usage(i))], [
      x + 200,
      `$${(usage(i) * 0.13).toFixed(2)}`,
    ]];
  };
  const p1 = words([
    [20, [[40, "Usage Statement"]]],
    [40, [[40, "Meter Read"], [120, "Days"], [170, "kWh"], [240, "Charges"]]],
    ...Array.from({ length: 5 }, (_, i) => [52 + i * 12, row(i, 40)] as [number, [number, string][]]),
    // a small summary table at the foot of the page, after the history
    [140, [[40, "Total Usage"], [170, "Total Charges"]]],
    [152, [[40, "4,112 kWh"], [170, "$534.56"]]],
  ]);
  const p2 = words([
    [20, [[40, "Account 5120 3381 07   Usage Statement   Page 2"]]],
    ...Array.from({ length: 9 }, (_, i) => [40 + i * 12, row(i + 5, 70)] as [number, [number, string][]]),
  ]);
  const got = kept(tableUsage([p1, p2], "2024-03-14", noTaggedRules), "2024-03-14");
  assert.equal(got.length, 13);
  assert.equal(got[0], `2023-3:${usage(12)}`); // the same month a year before, from page 2
  assert.equal(got.at(-1), `2024-3:${usage(0)}`);
  // a block of another kind of values on the next page (a stub's account / amount / date) continues nothing
  const stub = words([[40, [[70, "5120338107"], [170, "$96.12"], [260, "04/02/2024"]]], [52, [
    [
      70,
      "5120338107",
    ],
    [170, "$96.12"],
    [260, "04/02/2024"],
  ]]]);
  assert.equal(tableUsage([p1, stub], "2024-03-14", noTaggedRules).length, 5);
});

Deno.test("history: only the 13 months ending with the bill's period are kept (a partly read statement adds no stale months)", () => {
  const old = Array.from({ length: 12 }, (_, i) => ({ year: 2021, month: i + 1, value: 500 + i }));
  assert.deepEqual(recentMonths(old, "2023-06-30"), []);
  const both = [...old, { year: 2022, month: 6, value: 700 }, { year: 2023, month: 6, value: 710 }];
  assert.deepEqual(recentMonths(both, "2023-06-30").map((m) => m.year * 100 + m.month), [202206, 202306]);
  // without a billing period nothing tells which months are stale: the 13 latest
  assert.equal(recentMonths(old, "").length, 12);
});

Deno.test("history: a history table in one page column, a meter table and charges in the other, lines level with its rows", () => {
  // the history on the LEFT (Billing Month · kWh · Days), on the right a meter table whose header and row sit
  // between history rows, and labelled amounts
  const rows: [number, [number, string][]][] = [[40, [[40, "Billing Month"], [120, "kWh"], [170, "Days"]]]];
  for (let i = 0; i < 12; i++) {
    const m = (i + 4) % 12; // May 2023 .. Apr 2024
    rows.push([52 + i * 10, [[40, `${M3[m]} ${m >= 4 ? 2023 : 2024}`], [110, String(usage(i))], [
      160,
      "31",
    ]]]);
  }
  rows.push(
    [44, [[330, "Account Number"], [480, "7001 2291 55"]]],
    [66, [[330, "Meter"], [375, "Previous Read"], [450, "Present Read"], [520, "kWh Used"]]],
    [76, [[330, "X81123"], [375, "40211"], [450, "41020"], [520, "809"]]],
    [98, [[330, "Customer Charge"], [520, "$12.00"]]],
    [118, [[330, "Delivery Charge"], [520, "$41.10"]]],
    [138, [[330, "Supply Charge"], [520, "$55.62"]]],
    [158, [[330, "Taxes"], [520, "$4.10"]]],
  );
  const got = kept(tableUsage([words(rows)], "2024-04-20", noTaggedRules), "2024-04-20");
  assert.equal(got.length, 12, got.join(" "));
  assert.equal(got[0], `2023-5:${usage(0)}`);
  assert.equal(got.at(-1), `2024-4:${usage(11)}`);
  assert.ok(!got.some((g) => /:(40211|41020)$/.test(g)), "a meter reading is never a month's usage");
});

Deno.test("history: two halves side by side, a month not billed, estimated reads flagged beside the kWh", () => {
  // 12 months, Jan..Jun 2023 on the left, Jul..Dec 2023 on the right, with a four-digit year and a usage column
  // headed "Usage (kWh)"; March printed "N/A", May "Est" and October "*"
  const rows: [number, [number, string][]][] = [[40, [[40, "Billing Month"], [120, "Usage (kWh)"], [
    300,
    "Billing Month",
  ], [
    380,
    "Usage (kWh)",
  ]]]];
  const cell = (
    m: number,
  ) => (m === 2 ? "N/A" : m === 4 ? `${usage(m)} Est` : m === 9 ? `${usage(m)}*` : String(usage(m)));
  for (let i = 0; i < 6; i++) {
    rows.push([52 + i * 10, [[40, `${FULL[i]} 2023`], [120, cell(i)], [300, `${FULL[i + 6]} 2023`], [
      380,
      cell(i + 6),
    ]]]);
  }
  const got = kept(tableUsage([words(rows)], "2023-12-18", noTaggedRules), "2023-12-18");
  assert.deepEqual(
    got,
    [0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((m) => `2023-${m + 1}:${usage(m)}`),
  );
});

Deno.test("history: months as rows and years as columns, the current year filled up to the bill's month", () => {
  const rows: [number, [number, string][]][] = [
    [28, [[40, "Monthly Electric Use (kWh)"]]],
    [40, [[40, "Month"], [140, "2023"], [200, "2024"]]],
  ];
  for (let m = 0; m < 12; m++) {
    rows.push([52 + m * 10, [
      [40, FULL[m]],
      [140, String(usage(m))],
      ...(m <= 7
        ? [[200, String(usage(m + 20))]] as [
          number,
          string,
        ][]
        : []),
    ]]);
  }
  const got = kept(tableUsage([words(rows)], "2024-08-11", noTaggedRules), "2024-08-11");
  assert.equal(got.length, 13);
  assert.equal(got[0], `2023-8:${usage(7)}`);
  assert.equal(got.at(-1), `2024-8:${usage(27)}`);
  // dollars by year, or a table that names no usage, are not a history
  const dollars = rows.map(([y, cs]) =>
    [y, cs.map(([x, t]) => [x, /^\d+$/.test(t) && y > 40 ? `$${t}.00` : t])] as [number, [number, string][]]
  );
  assert.deepEqual(tableUsage([words(dollars)], "2024-08-11", noTaggedRules), []);
  const unnamed = rows.slice(1);
  assert.deepEqual(tableUsage([words(unnamed)], "2024-08-11", noTaggedRules), []);
});

Deno.test("history: usage comparisons give the bill's month, the month before and the same month a year before", () => {
  // labels beside their kWh on one line
  const inline = words([
    [40, [[40, "Current Month"], [120, "1,177 kWh"], [220, "Last Month"], [290, "1,050 kWh"], [
      380,
      "Last Year",
    ], [
      440,
      "1,020 kWh",
    ]]],
  ]);
  assert.deepEqual(
    kept(comparedUsage([inline], "2024-02-09"), "2024-02-09"),
    ["2023-2:1020", "2024-1:1050", "2024-2:1177"],
  );
  // labels heading the columns of a small table: only its labelled kWh row, not days or the daily average
  const table = words([
    [40, [[40, "Usage Comparison"], [200, "This Month"], [300, "Same Month Last Year"]]],
    [52, [[40, "Billing Days"], [210, "29"], [320, "31"]]],
    [64, [[40, "Total kWh"], [210, "988"], [320, "1,104"]]],
    [76, [[40, "Average Daily kWh"], [210, "34"], [320, "36"]]],
  ]);
  assert.deepEqual(kept(comparedUsage([table], "2023-11-30"), "2023-11-30"), ["2022-11:1104", "2023-11:988"]);
  // averages per day beside the labels, amounts in dollars, or no billing period: nothing
  const daily = words([
    [40, [[40, "Average Daily kWh"]]],
    [52, [[40, "This Period"], [100, "39.2"], [160, "Previous Month"], [240, "41"], [300, "Last Year"], [
      360,
      "35",
    ]]],
    [64, [[40, "Amount"], [100, "$120"], [240, "$118"], [360, "$101"]]],
  ]);
  assert.deepEqual(comparedUsage([daily], "2023-11-30"), []);
  assert.deepEqual(comparedUsage([inline], ""), []);
});

Deno.test("history: rows labelled by the month their period started move one month later when the newest holds the period's kWh", () => {
  const run = [10, 11, 12].map((m, i) => ({ year: 2023, month: m, value: 700 + i }));
  // the bill's period ends in January 2024 and its meters read 702 kWh: December's row is the bill's
  assert.deepEqual(alignToPeriod(run, "2024-01-16", 702).map((m) => `${m.year}-${m.month}:${m.value}`), [
    "2023-11:700",
    "2023-12:701",
    "2024-1:702",
  ]);
  // another figure, or the bill's month already read: kept as read
  assert.deepEqual(alignToPeriod(run, "2024-01-16", 650), run);
  assert.deepEqual(
    alignToPeriod([...run, { year: 2024, month: 1, value: 702 }], "2024-01-16", 702).length,
    4,
  );
});
