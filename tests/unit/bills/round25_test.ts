// Round 25 (issue #11, docs/bills.md "Round 25"): the shapes behind the non-sealed set's wrong values and round 24's
// sealed pair's (osage, fortcollins: dev since this round), each built on word boxes in another shape than the
// layouts that showed it, with every utility-shaped rule OFF; each test fails with the reader of before this round.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { HEAD_ROWS, readPage as read } from "./layout_page.ts";

type Rows = Parameters<typeof read>[0];

Deno.test("a meter table whose header is wrapped over two lines ('METER' over 'NUMBER') still gives its meter", () => {
  const rows: Rows = [
    ...HEAD_ROWS,
    [130, [[36, "Electric Service"]]],
    [140, [[36, "METER"], [110, "READ PERIOD"], [200, "BILLED"], [250, "METER READINGS"], [340, "METER"], [
      400,
      "AMOUNT USED",
    ]]],
    [148, [[36, "NUMBER"], [110, "FROM"], [136, "TO"], [200, "DAYS"], [250, "PREVIOUS CURRENT"], [
      340,
      "MULTIPLIER",
    ], [400, "THIS MONTH"]]],
    [158, [[36, "E7730418"], [110, "04/09/24 05/09/24"], [200, "30"], [250, "31877 32519"], [340, "1.0"], [
      400,
      "642 kWh",
    ]]],
    [180, [[36, "Customer Charge"], [330, "$12.00"]]],
  ];
  assertEquals(read(rows).electricityUsage.meters.map((m) => `${m.meterNumber} ${m.usageKwh}`), [
    "E7730418 642",
  ]);
});

Deno.test("an issuer's short name on the logo and domain, printed whole in the remittance box: the whole name", () => {
  const rows = (remit: string, foot: string): Rows => [
    [20, [[36, "Prairie Wind Energy"], [330, "prairiewindenergy.com"]]],
    ...HEAD_ROWS,
    [160, [[36, "Energy Charge 642 kWh x $0.1104"], [330, "$70.88"]]],
    [600, [[36, "Return this stub with your payment."]]],
    [620, [[36, remit]]],
    [630, [[36, "PO Box 4410"]]],
    [640, [[36, "Amarillo TX 79105-4410"]]],
    [700, [[36, foot]]],
  ];
  const issuer = (remit: string, foot = `${remit} is a retail electric provider, certificate 10098`) =>
    read(rows(remit, foot)).billingInformation.utilityProviderName;
  assertEquals(issuer("PRAIRIE WIND ENERGY SERVICES"), "Prairie Wind Energy Services");
  // a desk of the issuer, the same name, or a longer name printed once (an OCR'd word in it) is not its whole name
  assertEquals(issuer("Prairie Wind Energy Payment Center"), "Prairie Wind Energy");
  assertEquals(issuer("Prairie Wind Energy"), "Prairie Wind Energy");
  assertEquals(issuer("Prairie Wind Energy Servces", "Questions? Call 806-555-0134."), "Prairie Wind Energy");
});

Deno.test("a charge named by its unit alone ('kWh Charge … @ $0.10412') beside a demand charge per kW: the energy's price", () => {
  const rows: Rows = [
    ...HEAD_ROWS,
    [130, [[36, "Charges This Period"]]],
    [140, [[36, "Facility Charge"], [330, "$28.50"]]],
    [150, [[36, "KWH Charge   642 kWh x 0.10412"], [330, "$66.84"]]],
    [160, [[36, "Demand Charge   9.4 kW x 4.15"], [330, "$39.01"]]],
    [170, [[36, "Total Charges"], [330, "$134.35"]]],
  ];
  assertEquals(read(rows).electricityUsage.supplyRatePerKwh, "0.10412");
});

Deno.test("a section heading naming the rate after a dash, the service's total kWh after it in its cell: the rate", () => {
  const rows = (usage: string): Rows => [
    ...HEAD_ROWS,
    [130, [[36, `Electric Service - Residential Time-of-Use${usage}`]]],
    [140, [[48, "Customer Charge"], [330, "$12.00"]]],
    [150, [[48, "Delivery 842 kWh x $0.04410"], [330, "$37.13"]]],
  ];
  for (const usage of ["", " Total Use 842 kWh", " Usage: 842 kWh"]) {
    assertEquals(read(rows(usage)).electricityUsage.electricRate, "Residential Time-of-Use");
  }
});
