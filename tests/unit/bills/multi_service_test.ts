// Statements that bill several services (a city's or a co-op's electric with water, sewer, gas) on word-box
// pages built here, not on any utility's bill, with every utility-shaped rule OFF: the electric meter is read
// from its own section, and the lines above a table's header (a section title, a labelled amount, an address)
// do not become the names of its columns. Each case fails without its piece.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { columnRole, meterTables } from "../../../shared/bills/embedded/meter_tables.ts";
import { wordsOf } from "../../../shared/bills/embedded/pairing.ts";
import { readTables } from "../../../shared/bills/embedded/tables.ts";
import { findRatePlan, findSupplyRate } from "../../../shared/bills/embedded/rates.ts";
import type { TextPiece } from "../../../shared/documents/text_layout.ts";
import { CH, page } from "./layout_page.ts";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { findUtility, issuerShaped } from "../../../shared/bills/embedded/utilities.ts";

const noTaggedRules = () => false;
/** Pieces of one page: [y, size, cells], a cell [x, text]; the size is the font's height. */
const pieces = (rows: [number, number, [number, string][]][]): TextPiece[] =>
  rows.flatMap(([y, h, cs]) =>
    cs.map(([x, text]) => ({ x, y, width: text.length * CH * h / 10, height: h, text }))
  );
const meters = (rows: [number, number, [number, string][]][]) =>
  meterTables([wordsOf(pieces(rows))], noTaggedRules).map((m) => [
    m.meterNumber,
    m.usageKwh,
    m.servicePeriodStart,
    m.servicePeriodEnd,
  ]);

Deno.test("a date column headed 'Present Date' / 'Current Date' is the end of the read period", () => {
  assertEquals(columnRole("Present Date"), "endDate");
  assertEquals(columnRole("Current Date"), "endDate");
  assertEquals(columnRole("Previous Date"), "startDate");
});

Deno.test("electric and water meter tables printed side by side under their titles: the electric section only", () => {
  const rows: [number, number, [number, string][]][] = [
    [100, 12, [[40, "ELECTRIC SERVICE"], [330, "WATER SERVICE"]]],
    [116, 8, [
      [40, "Meter No."],
      [100, "Present Date"],
      [170, "Previous Date"],
      [250, "Usage"],
      [330, "Meter No."],
      [
        390,
        "Present Date",
      ],
      [460, "Previous Date"],
      [540, "Usage"],
    ]],
    [128, 8, [
      [40, "E7730192"],
      [100, "03/14/2025"],
      [170, "02/12/2025"],
      [250, "812 kWh"],
      [330, "W55012"],
      [
        390,
        "03/14/2025",
      ],
      [460, "02/12/2025"],
      [540, "4,500"],
    ]],
  ];
  assertEquals(meters(rows), [["E7730192", "812", "2025-02-12", "2025-03-14"]]);
});

Deno.test("labelled amounts and a section title above a services table do not name its columns", () => {
  const rows: [number, number, [number, string][]][] = [
    [60, 10, [[40, "Account Activity"], [330, "Electric Meter Readings"]]],
    [74, 8, [[40, "Balance Forward"], [150, "$80.00"], [330, "Meter"], [400, "Previous"], [460, "Present"], [
      520,
      "kWh",
    ]]],
    [86, 8, [[40, "New Charges"], [150, "$112.40"], [330, "AB10442"], [400, "5521"], [460, "6348"], [
      520,
      "827",
    ]]],
    [130, 8, [[40, "Previous Balance"], [120, "$80.00"]]],
    [142, 8, [[40, "Utility"], [120, "Meter"], [200, "Usage"], [260, "Units"], [320, "Amount"]]],
    [154, 8, [[40, "Electric"], [120, "K9013377"], [200, "642"], [260, "kWh"], [320, "$71.20"]]],
    [166, 8, [[40, "Water"], [120, "W8812"], [200, "7"], [260, "CCF"], [320, "$30.15"]]],
    [178, 8, [[40, "Sewer"], [320, "$18.00"]]],
  ];
  assertEquals(meters(rows), [["AB10442", "827", "", ""], ["K9013377", "642", "", ""]]);
});

Deno.test("a payment stub at the top: the mailing block beside its labelled values, not the utility's remittance box", () => {
  const { lines, pieces } = page([
    [30, [[40, "Detach and return this stub with your payment"]]],
    [44, [[330, "Account No."], [460, "55-1234-09"]]],
    [48, [[48, "JANE DOE"]]],
    [55, [[330, "Amount Due"], [460, "$61.20"]]],
    [60, [[48, "77 BIRCH LN"]]],
    [66, [[330, "Due Date"], [460, "05/02/2025"]]],
    [71, [[48, "NORTHFIELD MN 55057"]]],
    [100, [[330, "Juniper Valley P.U.D."]]],
    [110, [[330, "400 Water St"]]],
    [120, [[330, "Northfield MN 55057-2210"]]],
    [160, [[40, "Statement Date"], [160, "04/10/2025"]]],
    [172, [[40, "Energy charge 640 kWh"], [300, "$70.10"]]],
  ]);
  const item = parseBill(lines, [pieces], { rules: noTaggedRules });
  assertEquals(item.customerInformation.customerName, "JANE DOE");
  assertEquals(item.billingInformation.billingAddress.line1, "77 BIRCH LN");
  assertEquals(item.billingInformation.billingAddress.zip, "55057");
});

Deno.test("a service address label alone in its cell reads the address on the line under it", () => {
  const { lines, pieces } = page([
    [40, [[40, "Service Address:"], [330, "Account Number:"], [460, "4410-22"]]],
    [52, [[40, "77 River Rd, Springfield, IL 62704"]]],
    [80, [[40, "Total kWh 512"], [330, "Amount Due"], [460, "$58.00"]]],
  ]);
  const a = parseBill(lines, [pieces], { rules: noTaggedRules }).customerInformation.serviceAddress;
  assertEquals([a.line1, a.city, a.state, a.zip], ["77 River Rd", "Springfield", "IL", "62704"]);
});

// the lead's convention of round 15 (docs/bills.md "Round 15"): the street printed alone is read with its unit, and
// the mailing block's city, state and ZIP are not copied to it (before round 15 they were)
Deno.test("a labelled service street without its city is read alone, the mailing block with that street gives no city", () => {
  const { lines, pieces } = page([
    [40, [[40, "ROSA DIAZ"]]],
    [52, [[40, "918 CEDAR CT UNIT 4"]]],
    [64, [[40, "LAKE CITY FL 32055"]]],
    [90, [[40, "Service Location: 918 CEDAR CT UNIT 4"], [330, "Amount Due"], [460, "$58.00"]]],
    [102, [[40, "Energy 512 kWh"]]],
  ]);
  const a = parseBill(lines, [pieces], { rules: noTaggedRules }).customerInformation.serviceAddress;
  assertEquals([a.line1, a.line2, a.city, a.state, a.zip], [
    "918 CEDAR CT",
    "UNIT 4",
    "",
    "",
    "",
  ]);
});

Deno.test("a co-op named in capitals on its logo line, its slogan on the next line", () => {
  assertEquals(
    findUtility("NORTH RIVER ELECTRIC COOPERATIVE\nYour Touchstone Energy Cooperative\nAccount 1234")?.name,
    "North River Electric Cooperative",
  );
});

Deno.test("an addressee shaped like a utility (a public body, a power company) is not a customer", () => {
  for (
    const s of ["Juniper Valley P.U.D.", "Alpine Electric Light & Power Co.", "Riverton Municipal Utilities"]
  ) {
    assertEquals(issuerShaped(s), true, s);
  }
  for (const s of ["JANE DOE", "Maria Lopez", "Acme Bakery Inc.", "Robert O'Brien Jr."]) {
    assertEquals(issuerShaped(s), false, s);
  }
});

Deno.test("a column header printed as one piece wider than its values keeps all its words", () => {
  const rows: [number, number, [number, string][]][] = [
    [60, 8, [[40, "Read Month"], [120, "Electricity kWh Used"], [240, "Water Gallons Used"], [360, "Days"]]],
    ...Array.from({ length: 4 }, (_, k): [number, number, [number, string][]] => [
      72 + k * 10,
      8,
      [[40, `0${k + 1}/2025`], [120, String(600 + k)], [240, String(3000 + k)], [360, "30"]],
    ]),
  ];
  const t = readTables([wordsOf(pieces(rows))], noTaggedRules)[0];
  assertEquals(t.columns.map((c) => c.header), [
    "Read Month",
    "Electricity kWh Used",
    "Water Gallons Used",
    "Days",
  ]);
});

Deno.test("rate plans a multi-service statement prints: after 'Electric Rate', in the electric charges' heading, a numbered class", () => {
  assertEquals(
    findRatePlan(["Electric Rate   Residential Time-of-Use TOU-D"]),
    "Residential Time-of-Use TOU-D",
  );
  assertEquals(
    findRatePlan([
      "Water Charges - Residential Water",
      "Electric Service Charges - Rural Residential Service",
    ]),
    "Rural Residential Service",
  );
  assertEquals(findRatePlan(["Electric Charges Schedule 12 General"]), "Schedule 12 General");
  assertEquals(findRatePlan(["General Service Rate 4"]), "General Service Rate 4");
  // a price line or another service under the heading is no rate plan
  assertEquals(findRatePlan(["Electric Charges - 812 kWh @ $0.11"]), "");
  assertEquals(findRatePlan(["Electric Charges - Gas Service Rider"]), "");
});

Deno.test("supply price: a gas column printed beside the electric line is not its line; 'Commodity' is the energy bought", () => {
  assertEquals(
    findSupplyRate([
      "Gas Delivery Charge 52 Therms @ $0.31020   $16.13   Energy Charge 812 kWh @ $0.08215   $66.71",
    ]),
    "0.08215",
  );
  assertEquals(
    findSupplyRate([
      "Electric Service",
      "Distribution 640 kWh x $0.04410   $28.22",
      "Commodity 640 kWh x $0.06630   $42.43",
    ]),
    "0.06630",
  );
});

Deno.test("due date labels: 'Payment Due:' and a sentence saying the charges are due", () => {
  const a = parseBill(["Statement Date: 03-02-2025   Payment Due: 03-24-2025", "Amount Due $40.00"], [], {
    rules: noTaggedRules,
  });
  assertEquals(a.billingInformation.dueDate, "2025-03-24");
  const b = parseBill(
    ["Bill Date Mar 2, 2025", "Your current charges are due Mar 27, 2025.", "Total $40.00"],
    [],
    {
      rules: noTaggedRules,
    },
  );
  assertEquals(b.billingInformation.dueDate, "2025-03-27");
});

Deno.test("a header ending in 'Meter' is the meter column, whatever title words the header band took in", () => {
  assertEquals(columnRole("Service Electric Meter"), "meter");
  assertEquals(columnRole("Meter Reading Meter"), "meter");
  assertEquals(columnRole("Meter Reading"), "present");
});

Deno.test("a retail provider's bill names its wires company: that utility is not the bill's issuer", () => {
  const text =
    "Lone Star Power Co\nAccount 1234\nTDSP Delivery Charges - CenterPoint Energy\nEnergy Charge 900 kWh";
  assertEquals(findUtility(text), undefined);
  assertEquals(
    findUtility("CenterPoint Energy\nYour electric delivery bill\nAccount 1234")?.name !== undefined,
    true,
  );
});
