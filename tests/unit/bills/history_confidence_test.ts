// History and meter confidence (issue #11, docs/bills.md "History and meter confidence"): the months and meters
// the bill's own figures contradict are left empty. Word boxes in shapes of no one layout, every utility-shaped
// rule off; each test fails without its check.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import {
  billKwh,
  checkedHistory,
  oneDigitApart,
  ownMonthChecked,
} from "../../../shared/bills/embedded/history_confidence.ts";
import { checkedMeters, netWithUnreadMeter } from "../../../shared/bills/embedded/meter_confidence.ts";
import { HEAD_ROWS as head, historyRows, ocrPage, page, readPage as read } from "./layout_page.ts";

const months = (item: ReturnType<typeof read>) =>
  item.electricityUsage.usageByMonth.map((u) => `${u.month.slice(0, 3)} ${u.value}`);

Deno.test("a short history whose own month is not the bill's kWh was read off the wrong cells: its months dropped", () => {
  const meter: Parameters<typeof page>[0] = [[140, [[36, "Meter 77310052"], [200, "Total kWh Used 858"]]]];
  // the table's own month agrees: every month kept
  assertEquals(months(read([...head, ...meter, ...historyRows("858")])), [
    "Jan 1012",
    "Feb 944",
    "Mar 901",
    "Apr 870",
    "May 858",
  ]);
  // two months, the bill's another figure (a year-to-date total, a reading): dropped, the bill's own month comes
  // from the meter
  assertEquals(
    months(read([...head, ...meter, ...historyRows("6,052").filter(([y]) => y < 222 || y > 242)])),
    [
      "May 858",
    ],
  );
  // a longer history keeps its months (its own month may follow another convention; its confidence is lowered),
  // but its own month, here also over 4x every other month, is under the per-month threshold: left out
  // (month_confidence.ts)
  assertEquals(months(read([...head, ...meter, ...historyRows("6,052")])), [
    "Jan 1012",
    "Feb 944",
    "Mar 901",
    "Apr 870",
  ]);
});

Deno.test("the bill's kWh from its charge lines where the meter's was not read", () => {
  const charges: Parameters<typeof page>[0] = [
    [140, [[36, "Meter 77310052"]]],
    [150, [[36, "Energy Charge 858 kWh X 0.0598"], [300, "$51.31"]]],
    [160, [[36, "Fuel Adjustment 858 kWh X 0.0123"], [300, "$10.55"]]],
  ];
  // the history printing 1,397 for the bill's month is dropped; since round 31 the meter takes the kWh its charge
  // lines bill (858), and the bill's month is that meter's
  assertEquals(
    months(read([...head, ...charges, ...historyRows("1,397").filter(([y]) => y < 222 || y > 252)])),
    ["May 858"],
  );
  assertEquals(billKwh(0, "Energy 858 kWh x $0.05\nFuel 858 kWh @ $0.01"), 858);
  // two quantities billed twice each, or one billed once: no bill kWh
  assertEquals(
    billKwh(0, "Energy 858 kWh x $0.05\nFuel 858 kWh @ $0.01\nA 20 kWh x 1\nB 20 kWh x 1"),
    undefined,
  );
  assertEquals(billKwh(0, "Energy 858 kWh x $0.05"), undefined);
});

Deno.test("an own month one digit from the bill's kWh is a misread digit: that month only is dropped", () => {
  const h = [{ year: 2024, month: 4, value: 870 }, { year: 2024, month: 5, value: 203 }];
  assertEquals(ownMonthChecked(h, "2024-05-09", 293), [h[0]]);
  assertEquals(ownMonthChecked(h, "2024-05-09", 1293), []);
  assertEquals(ownMonthChecked([{ year: 2024, month: 3, value: 901 }, ...h], "2024-05-09", 1293).length, 3);
  assertEquals(oneDigitApart(203, 293), true);
  assertEquals(oneDigitApart(203, 1203), false);
  assertEquals(oneDigitApart(203, 312), false);
});

/** OCR word boxes of a page, every word read at 92 except the ones given. */
const scan = (rows: Parameters<typeof page>[0], unsure: Record<string, number> = {}) =>
  ocrPage(rows).map((p) => (p.text in unsure ? { ...p, confidence: unsure[p.text] } : p));
const meter = (meterNumber: string, usageKwh = "1,212") => ({
  meterNumber,
  usageKwh,
  servicePeriodStart: "2024-04-09",
  servicePeriodEnd: "2024-05-09",
});

Deno.test("a meter number OCR read once, unsure, opening with a letter-like digit is left empty", () => {
  const rows: Parameters<typeof page>[0] = [[140, [[36, "Meter 6188500119"], [200, "Total kWh 1,212"]]]];
  assertEquals(checkedMeters([meter("6188500119")], [scan(rows, { "6188500119": 73 })])[0].meterNumber, "");
  // read with confidence, printed twice, opening with another digit, or on a text PDF: kept
  assertEquals(checkedMeters([meter("6188500119")], [scan(rows)])[0].meterNumber, "6188500119");
  const twice: Parameters<typeof page>[0] = [...rows, [160, [[36, "Meter No. 6188500119"]]]];
  assertEquals(
    checkedMeters([meter("6188500119")], [scan(twice, { "6188500119": 73 })])[0].meterNumber,
    "6188500119",
  );
  const other: Parameters<typeof page>[0] = [[140, [[36, "Meter 7188500119"], [200, "Total kWh 1,212"]]]];
  assertEquals(
    checkedMeters([meter("7188500119")], [scan(other, { "7188500119": 73 })])[0].meterNumber,
    "7188500119",
  );
  assertEquals(checkedMeters([meter("6188500119")], [page(rows).pieces])[0].meterNumber, "6188500119");
});

Deno.test("a meter 'number' that is its previous reading is dropped; the meter joins the one read by number", () => {
  const rows: Parameters<typeof page>[0] = [
    [140, [[36, "Meter Number"], [120, "Read Date"], [200, "Current Reading"], [300, "Total kWh"]]],
    [152, [[36, "40561"], [120, "01/11/2024"], [200, "41468"], [300, "907"]]],
    [164, [[36, "7642125"], [120, "12/11/2023"]]],
  ];
  const read = [meter("40561", "907"), {
    ...meter("7642125", ""),
    servicePeriodStart: "",
    servicePeriodEnd: "",
  }];
  assertEquals(checkedMeters(read, [page(rows).pieces]), [meter("7642125", "907")]);
  // a number that is not a reading on its row is kept (41468 - 40561 is not the kWh)
  const other = [meter("40561", "950"), read[1]];
  assertEquals(checkedMeters(other, [page(rows).pieces]), other);
});

Deno.test("a scan's month read off a row of per-day figures whose point OCR lost is dropped", () => {
  const rows: Parameters<typeof page>[0] = [
    [200, [[36, "Average kWh per day"]]],
    [212, [[36, "24.3 26.8 26.7 24.0 195 154 146 15.6 141 14.8"]]],
    [224, [[36, "Jun Jul Aug Sep Oct Nov Dec Jan Feb Mar"]]],
    [240, [[36, "Monthly kWh 612 740 731"]]],
  ];
  const h = [
    { year: 2021, month: 10, value: 195 },
    { year: 2021, month: 11, value: 154 },
    { year: 2022, month: 5, value: 740 },
    { year: 2022, month: 6, value: 731 },
  ];
  const bill = { periodEnd: "2022-06-07", total: 731, text: "", pages: [scan(rows)] };
  assertEquals(checkedHistory(h, bill), h.slice(2));
  // the same words in a text layer: no point was lost
  assertEquals(checkedHistory(h, { ...bill, pages: [page(rows).pieces] }), h);
});

Deno.test("a net-metered bill whose production meter's kWh was not read: one meter billed the printed net", () => {
  const lines = [
    "Meter Number   Read Date   Present   Past   Multiplier   kWh",
    "M4471846   05/14/2022   79497   78561   1   936",
    "P92809446   05/14/2022   2305   1888   1   a7",
    "Energy received from your panels",
    "kWh Used   936",
    "kWh Generated   -417",
    "Net Usage   519",
  ];
  const read = [meter("M4471846", "936"), meter("P92809446", "")];
  assertEquals(netWithUnreadMeter(read, lines), [meter("M4471846", "519")]);
  // the generated figure not printed (or another one): the meters as read
  assertEquals(netWithUnreadMeter(read, lines.filter((l) => !l.includes("Generated"))), read);
  assertEquals(netWithUnreadMeter(read, lines.map((l) => l.replace("-417", "-400"))), read);
  // no net printed: as read
  assertEquals(netWithUnreadMeter(read, lines.slice(0, 6)), read);
});

Deno.test("one meter's number is the one on the row whose readings differ by its kWh", () => {
  const rows: Parameters<typeof page>[0] = [
    [140, [[36, "Meter   Read Dates   Present   Previous   Days   kWh"], [330, "Meter G4080292 32 therms"]]],
    [152, [[36, "7487490"], [90, "05/22/2024 06/22/2024"], [200, "85180"], [240, "84887"], [280, "31"], [
      300,
      "293",
    ]]],
  ];
  assertEquals(checkedMeters([meter("G4080292", "293")], [page(rows).pieces])[0].meterNumber, "7487490");
  // the same number with a letter OCR read as a digit ("6" for "G"): the number as read
  const same = rows.map((
    [y, cs],
  ) => [y, cs.map(([x, t]) => [x, t.replace("7487490", "64080292")])]) as typeof rows;
  assertEquals(checkedMeters([meter("G4080292", "293")], [page(same).pieces])[0].meterNumber, "G4080292");
  // the readings do not make the kWh, or the row opens with a date whose slashes were lost: as read
  assertEquals(checkedMeters([meter("G4080292", "300")], [page(rows).pieces])[0].meterNumber, "G4080292");
  // the meter's own number further along the row (another id opens it): the row is the meter's
  const own = rows.map((
    [y, cs],
  ) => [y, cs.map(([x, t]) => [x, t.replace("85180", "G4080292 85180")])]) as typeof rows;
  assertEquals(checkedMeters([meter("G4080292", "293")], [page(own).pieces])[0].meterNumber, "G4080292");
  const dated = rows.map((
    [y, cs],
  ) => [y, cs.map(([x, t]) => [x, t.replace("7487490", "0572212024")])]) as typeof rows;
  assertEquals(checkedMeters([meter("G4080292", "293")], [page(dated).pieces])[0].meterNumber, "G4080292");
});

Deno.test("an unsure leading 5 (a meter number may open with one) is kept", () => {
  const rows: Parameters<typeof page>[0] = [[140, [[36, "Meter 5149088"], [200, "Total kWh 1,212"]]]];
  assertEquals(checkedMeters([meter("5149088")], [scan(rows, { "5149088": 73 })])[0].meterNumber, "5149088");
});
