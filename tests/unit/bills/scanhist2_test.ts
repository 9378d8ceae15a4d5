// A scanned usage-history table whose header OCR garbled (issue #11, scanhist2: shared/bills/embedded/
// ocr_history.ts): word-box bills read by OCR (every word with a confidence), in shapes other than the synthetic
// layouts that showed the case, with every utility-shaped rule OFF. Each test fails without the change (the
// table was not read at all: no header names its kWh column).
import assert from "node:assert/strict";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { piecesToLines } from "../../../shared/documents/text_layout.ts";
import { ocrPage } from "./layout_page.ts";

const noTaggedRules = () => false;
type Rows = [number, [number, string][]][];
const read = (rows: Rows, ocr = true) => {
  const pieces = ocrPage(rows, ocr);
  return parseBill(piecesToLines(pieces), [pieces], { rules: noTaggedRules });
};
const history = (r: ReturnType<typeof read>) =>
  r.electricityUsage.usageByMonth.map((u) => `${u.month.slice(0, 3)}:${u.value}`).join(" ");

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
// the 12 months of 2024, newest first: kWh, the month's days
const KWH = [912, 874, 781, 655, 702, 1044, 1381, 1402, 1117, 807, 868, 1208];
const months = KWH.map((k, i) => ({ label: `${MONTHS[i]} 2024`, kwh: k, days: DAYS[i] })).reverse();

const meterLine = (kwh: number): Rows => [
  [60, [[40, `Meter 40381276   Present 58812   Previous 57604   Energy Used ${kwh} kWh`]]],
];

/**
 * A bill with its meter's kWh (`meterKwh`) and a history table of month rows whose header OCR garbled; each
 * row's cells come from `cells` (x, text) right of the month label. `meterKwh` 0: no meter kWh printed.
 */
const bill = (cells: (m: typeof months[number]) => [number, string][], meterKwh = 1208): Rows => [
  [20, [[40, "Lakeshore Electric Cooperative"], [420, "Account No. 7730418852"]]],
  [40, [[40, "Billing Period: 11/22/2024 - 12/21/2024"], [420, "Total Due   $171.44"]]],
  ...(meterKwh ? meterLine(meterKwh) : []),
  [100, [[40, "Your Recent History"]]],
  // the header band as OCR read it: no word of it names a column
  [120, [[40, "Mnt"], [150, "~ ov"], [260, "a:"], [370, "—"]]],
  ...months.map((m, i): Rows[number] => [140 + i * 20, [[40, m.label], ...cells(m)]]),
];

Deno.test("scan history without a legible header: the column holding the bill's own kWh in its month is read", () => {
  // Month · Days · kWh · Amount: the kWh column is the one whose December cell is the meter's 1,208 kWh
  const r = read(bill((m) => [
    [150, String(m.days)],
    // OCR's thousands comma read as a point, an estimate flag glued to the number
    [
      260,
      m.label.startsWith("Jul")
        ? "1.381"
        : m.label.startsWith("Aug")
        ? "1402E"
        : m.kwh.toLocaleString("en-US"),
    ],
    [370, `$${(m.kwh * 0.142).toFixed(2)}`],
  ]));
  for (const want of ["Jan:912", "Jul:1381", "Aug:1402", "Nov:868", "Dec:1208"]) {
    assert.ok(history(r).includes(want), `${want} in ${history(r)}`);
  }
  assert.equal(r.electricityUsage.usageByMonth.length, 12);
  // a text PDF's table is read by its header only (ocr_history.ts is for scans)
  assert.ok(
    !history(read(bill((m) => [[150, String(m.days)], [260, String(m.kwh)]]), false)).includes("Jul"),
  );
});

Deno.test("scan history without a legible header: a kWh-per-day column beside it tells the kWh column", () => {
  // no meter kWh on the bill: the kWh column is the whole numbers that its per-day column × 25–36 days gives;
  // a row whose per-day value disagrees holds a misread digit and is left empty (Sep: 417 for 1,117)
  const perDay = (m: typeof months[number]) => (m.kwh / m.days).toFixed(1);
  const r = read(bill((m) => [
    [150, perDay(m)],
    [260, m.label.startsWith("Sep") ? "417" : String(m.kwh)],
    [370, `${(m.kwh * 0.142).toFixed(2)}`],
  ], 0));
  for (const want of ["Jan:912", "Jun:1044", "Aug:1402", "Dec:1208"]) {
    assert.ok(history(r).includes(want), `${want} in ${history(r)}`);
  }
  assert.ok(!/Sep:/.test(history(r)), history(r));
});

Deno.test("scan history without a legible header: a cost or per-day column is never read as kWh", () => {
  // NEGATIVE. Whole-dollar costs (in a kWh range) beside a per-day column and the kWh: only the kWh column
  // agrees with the per-day values, so it is read and the cost column is not
  const cost = (m: typeof months[number]) => String(Math.round(m.kwh * 0.142 + 40));
  const perDay = (m: typeof months[number]) => (m.kwh / m.days).toFixed(1);
  const both = read(bill((m) => [[150, cost(m)], [260, String(m.kwh)], [370, perDay(m)]], 0));
  assert.ok(history(both).includes("Jul:1381"), history(both));
  for (const m of months) assert.ok(!history(both).split(" ").includes(`${m.label.slice(0, 3)}:${cost(m)}`));
  // without the kWh column, the whole-dollar costs are not confirmed by anything (the per-day values × days
  // are not them; no meter kWh): nothing is read
  const costOnly = read(bill((m) => [[150, cost(m)], [370, perDay(m)]], 0));
  assert.equal(history(costOnly), "");
  // whole-dollar costs with the bill's kWh printed: no row of the table holds it, nothing is read (the
  // meter's December only)
  const unconfirmed = read(bill((m) => [[150, String(m.days)], [260, cost(m)]]));
  assert.equal(history(unconfirmed), "Dec:1208");
  // a per-day column is not kWh even where the bill's kWh is printed
  const perDayOnly = read(bill((m) => [[150, String(m.days)], [260, perDay(m)]]));
  assert.equal(history(perDayOnly), "Dec:1208");
});

Deno.test("scan history without a legible header: months out of order or too few rows are not a history", () => {
  // the anchored kWh column of the first test is read with its months in order…
  const shuffled = bill((m) => [[150, String(m.days)], [260, String(m.kwh)]]);
  assert.ok(history(read(shuffled)).includes("Mar:781"));
  // …but not with two month labels out of calendar order
  const rows = shuffled.slice(5);
  const labels = rows.map((r) => r[1][0][1]);
  [labels[2], labels[7]] = [labels[7], labels[2]];
  rows.forEach((r, i) => (r[1][0] = [40, labels[i]]));
  assert.equal(history(read([...shuffled.slice(0, 5), ...rows])), "Dec:1208");
  // five rows: no history table
  assert.equal(
    history(read(bill((m) => [[150, String(m.days)], [260, String(m.kwh)]]).slice(0, 10))),
    "Dec:1208",
  );
});

Deno.test("scan history without a legible header: a history in halves side by side is read half by half", () => {
  // "Month Days kWh | Month Days kWh": the right half (Jul–Dec) holds the bill's December kWh and is read; the
  // left half (Jan–Jun) has no confirmation of its own and is left empty — never given the right half's values
  const old = months.slice().reverse();
  const halves = bill(() => []).slice(0, 5);
  for (let i = 0; i < 6; i++) {
    const [l, r] = [old[i], old[i + 6]];
    halves.push([140 + i * 20, [
      [40, l.label],
      [150, String(l.days)],
      [220, String(l.kwh)],
      [330, r.label],
      [440, String(r.days)],
      [510, String(r.kwh)],
    ]]);
  }
  const got = history(read(halves));
  for (const want of ["Jul:1381", "Sep:1117", "Dec:1208"]) assert.ok(got.includes(want), `${want} in ${got}`);
  for (const m of ["Jan", "Feb", "Mar", "Apr", "May", "Jun"]) assert.ok(!got.includes(`${m}:`), got);
});

Deno.test("scan history without a legible header: whole numbers printed with their kWh unit are the kWh", () => {
  // "OCT 24   30 days   1,031 kWh" rows under a garbled title, OCR spelling the unit "Kh" or "KWh" and garbling
  // one row's month label (a row lost between two months is allowed); no billing period, no meter kWh
  const rows: Rows = [
    [20, [[40, "Gulf Coast Power"], [420, "Account Number 289842-22"]]],
    [40, [[40, "Total Amount Due   $188.02"]]],
    [100, [[420, "Yuor Elcctricty Usagc"]]],
    ...months.map((m, i): Rows[number] => [
      120 + i * 20,
      [
        [420, m.label.startsWith("Apr") ? "pa5o" : m.label.toUpperCase()],
        [500, `${m.days} days`],
        [580, `${m.kwh.toLocaleString("en-US")} ${i % 3 ? "kWh" : i % 2 ? "KWh" : "Kh"}`],
      ],
    ]),
  ];
  const got = history(read(rows));
  for (const want of ["Jan:912", "Mar:781", "May:702", "Dec:1208"]) {
    assert.ok(got.includes(want), `${want} in ${got}`);
  }
  // the garbled April row is placed by its neighbours (scans18)
  assert.ok(got.includes("Apr:655"), got);
  // the same numbers without a unit, nothing else confirming them: not read
  const plain = rows.map(([y, cs]): Rows[number] => [y, cs.map(([x, t]) => [x, t.replace(/ k?w?h$/i, "")])]);
  assert.equal(history(read(plain)), "");
});

// Cells OCR garbled in a kWh row or a year's kWh column (ocr_numbers.ts): left empty, the rest read
Deno.test("scan history: a kWh row with a cell OCR garbled into letters is read without that month", () => {
  const heads = ["Mar 24", "Apr 24", "May 24", "Jun 24", "Jul 24", "Aug 24", "Sep 24", "Oct 24"];
  const row = (kwh: string[]): Rows => [
    [20, [[40, "Mountain View Public Power"], [420, "Account 44817-2093"]]],
    [40, [[40, "Service from 09/12/2024 to 10/11/2024"], [420, "Please Pay  $96.10"]]],
    [90, [[40, "Monthly Use in kWh"]]],
    [106, heads.map((m, i): [number, string] => [40 + i * 70, m])],
    [122, kwh.map((k, i): [number, string] => [40 + i * 70, k])],
  ];
  const got = history(read(row(["612", "580", "a27", "803", "1,106", "1,204", "9B1", "702"])));
  for (const want of ["Mar:612", "Jun:803", "Aug:1204", "Oct:702"]) {
    assert.ok(got.includes(want), `${want} in ${got}`);
  }
  assert.ok(!/May:|Sep:/.test(got), got);
  // more than a quarter of the cells garbled: the row is not read (only the line reader's nothing)
  assert.ok(
    !history(read(row(["612", "S8O", "a27", "803", "1,1O6", "1,204", "9B1", "702"]))).includes("Mar"),
  );
});

Deno.test("scan history: a year's kWh column with a garbled cell, a comma read as a point, a stray point", () => {
  const table = (y2024: string[], ocr = true) =>
    read([
      [20, [[40, "High Plains Electric"], [420, "Account 8840021957"]]],
      [40, [[40, "Service 05/03/2024 - 06/02/2024"], [420, "Amount Due  $121.60"]]],
      [90, [[400, "Energy Use Comparison (kWh)"]]],
      [106, [[400, "Month"], [480, "2023"], [560, "2024"]]],
      ...["Jan", "Feb", "Mar", "Apr", "May", "Jun"].map((m, i): Rows[number] => [
        122 + i * 16,
        [[400, m], [480, String(1100 + i * 37)], ...(y2024[i] ? [[560, y2024[i]] as [number, string]] : [])],
      ]),
    ], ocr);
  const got = history(table(["1,312", "T1717", "1.207", "1,554.", "1288", ""]));
  for (const want of ["Jan:1312", "Mar:1207", "Apr:1554", "May:1288", "Jun:1285"]) {
    assert.ok(got.includes(want), `${want} in ${got}`);
  }
  assert.ok(!/Feb:(?!1137)/.test(got), got); // February 2024 garbled: not read (2023's 1137 may be)
  // a text PDF's column is read as printed: a cell of letters there is not a lost kWh, the column is not read
  assert.ok(!history(table(["1,312", "T1717", "1,207", "1,554", "1,288", ""], false)).includes("Mar:1207"));
});

Deno.test("scan history: month labels with a year's 1 read as l or i, or a stray letter before the year", () => {
  const labels = ["Jul2l", "Aug21", "Sepf21", "Oct21", "Nov2i", "Decp21"];
  const kwh = ["702", "655", "801", "912", "1,004", "1,190"];
  const r = read([
    [20, [[40, "Delta Rural Electric"], [420, "Account No. 300-4471-09"]]],
    [40, [[40, "Service Period 11/18/2021 - 12/17/2021"], [420, "Amount Due  $141.90"]]],
    [60, [[40, "Meter 77120455   kWh Used 1,190"]]],
    [100, [[40, "Billing Month"], [160, "kWh Used"]]],
    ...labels.map((l, i): Rows[number] => [116 + i * 16, [[40, l], [160, kwh[i]]]]),
  ]);
  for (const want of ["Jul:702", "Sep:801", "Oct:912", "Nov:1004", "Dec:1190"]) {
    assert.ok(history(r).includes(want), `${want} in ${history(r)}`);
  }
});

Deno.test("scan history: a kWh column's thousands comma read as a point, a point after a month and year", () => {
  const table = (kwh: string[], ocr = true) =>
    read([
      [20, [[40, "Lake Country Power"], [420, "Account 5521-0098"]]],
      [40, [[40, "Billing Period 12/03/2024 - 01/02/2025"], [420, "Amount Due  $212.30"]]],
      [100, [[40, "Month"], [140, "Days"], [220, "Amount"], [320, "kWh"]]],
      ...["07/2024", "08/2024.", "09/2024", "10/2024", "11/2024", "12/2024", "01/2025"].map((
        m,
        i,
      ): Rows[number] => [
        116 + i * 16,
        [[40, m], [140, String(29 + (i % 3))], [220, `$${(120 + i * 9).toFixed(2)}`], [320, kwh[i]]],
      ]),
    ], ocr);
  const got = history(table(["1,206", "1.352", "1,198", "947", "1.104", "1,588", "1,730"]));
  for (const want of ["Jul:1206", "Aug:1352", "Nov:1104", "Jan:1730"]) {
    assert.ok(got.includes(want), `${want} in ${got}`);
  }
  // a text PDF prints its commas: "1.352" there is no whole kWh (not read as 1352)
  assert.ok(
    !history(table(["1,206", "1.352", "1,198", "947", "1.104", "1,588", "1,730"], false)).includes("1352"),
  );
  // a column with a fraction of another shape is not a column of whole kWh: its points are not commas
  assert.ok(!history(table(["1,206", "1.352", "1,198", "94.7", "1.104", "1,588", "1,730"])).includes("1352"));
});

Deno.test("scan history without a legible header: the bill's kWh in the row of the month before is no anchor", () => {
  // rows Jan–Nov 2024 whose November holds the meter's 1,208 kWh of a bill ending in December: labelled by the
  // months the periods started in, or not — nothing tells, and read as printed every month would be one early
  // wherever the bill's own month is read elsewhere. Not read (the meter's December only).
  const early = bill((
    m,
  ) => [[150, String(m.days)], [260, String(KWH[MONTHS.indexOf(m.label.slice(0, 3)) + 1])]])
    .filter((r) => !String(r[1][0][1]).startsWith("Dec 2024"));
  assert.equal(history(read(early)), "Dec:1208");
});
