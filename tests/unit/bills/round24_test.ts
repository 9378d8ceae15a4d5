// Round 24 (issue #11, docs/bills.md "Round 24"): the shapes behind the round's dev layouts' wrong and empty values
// (ui, a two-page bill with a net meter's registers in rows; acec, a history only as horizontal bars) and the
// non-sealed set's, each built on word boxes in another shape than the layouts that showed it, with every
// utility-shaped rule OFF; each test fails with the reader of before this round.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { HEAD_ROWS, readPage as read } from "./layout_page.ts";

type Rows = Parameters<typeof read>[0];

Deno.test("a net meter's registers printed as rows under its number: the meter's kWh is the net, never the delivered", () => {
  const netRow: Rows = [[170, [[110, "Net Billed"], [350, "545 kWh"]]]];
  const rows = (net: boolean): Rows => [
    ...HEAD_ROWS,
    [130, [[36, "Solar Net Meter"]]],
    [140, [[36, "Meter Number"], [110, "Channel"], [200, "Prior"], [270, "Current"], [350, "Usage"]]],
    [150, [[36, "K55120938"], [110, "kWh Imported"], [200, "40211"], [270, "41087"], [350, "876 kWh"]]],
    [160, [[110, "kWh Exported"], [200, "8812"], [270, "9143"], [350, "331 kWh"]]],
    ...(net ? netRow : []),
  ];
  for (const net of [true, false]) {
    assertEquals(read(rows(net)).electricityUsage.meters.map((m) => `${m.meterNumber} ${m.usageKwh}`), [
      "K55120938 545",
    ]);
  }
});
