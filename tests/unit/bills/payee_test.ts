// The name a bill says its payment goes to (payee.ts): an address block under that name on the stub is the
// remittance block, never the customer's mailing address (docs/bills.md "Photos, pass 12": a photo's stub read
// whole, its mailing block's city glued by OCR, and the payee's block taken as the billing address). Word boxes,
// every utility-shaped rule off.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { HEAD_ROWS, readPage as read } from "./layout_page.ts";
import { namesPayee, payees } from "../../../shared/bills/embedded/payee.ts";

type Rows = Parameters<typeof read>[0];

const stub = (payLine: string, payee: string): Rows => [
  ...HEAD_ROWS,
  [160, [[36, "Energy Charge 642 kWh x $0.1104"], [330, "$70.88"]]],
  [600, [[36, payLine]]],
  [612, [[36, "Account Number"], [200, "Total Amount Due"]]],
  [622, [[36, "5521-904-117"], [200, "$96.12"]]],
  [640, [[330, payee]]],
  [650, [[330, "PO BOX 4410"]]],
  [660, [[330, "PORTLAND ME 04112-4410"]]],
  [690, [[36, "OMAR HADDAD"]]],
  [700, [[36, "77 BIRCH HILLRD"]]],
  [710, [[36, "DOVERNH 03820"]]],
];

Deno.test("a stub block under the name the payment goes to is not the billing address", () => {
  const line1 = (payLine: string, payee: string) =>
    read(stub(payLine, payee)).billingInformation.billingAddress.line1;
  assertEquals(
    line1("Please return this portion with your payment to Harbor Light.", "HARBOR LIGHT"),
    "77 BIRCH HILL RD",
  );
  // the payee's first words, or its whole name with a company word after it
  assertEquals(line1("Make checks payable to Harbor Light Utilities", "HARBOR LIGHT"), "77 BIRCH HILL RD");
  // a block under another name is taken as before (the stub's last addressed block): since round 27 the
  // customer's own block, its glued "DOVERNH 03820" split by the ZIP's state and its "HILLRD" spaced as printed
  // above (docs/bills.md "Round 27"), and with it unreadable the payee's
  assertEquals(line1("Please return this portion with your payment.", "HARBOR LIGHT"), "77 BIRCH HILL RD");
  const unread = stub("Please return this portion with your payment.", "HARBOR LIGHT").slice(0, -1);
  assertEquals(read(unread).billingInformation.billingAddress.line1, "PO BOX 4410");
});

Deno.test("payees: the names after 'payment to', 'checks payable to'; a block names one by the same first words", () => {
  assertEquals(
    payees(["Please return this portion with your payment to Liberty", "Payments to date   $0.00"]),
    [
      "LIBERTY",
      "DATE",
    ],
  );
  assertEquals(payees(["Make checks payable to Duquesne Light Company.   Account 1"]), [
    "DUQUESNE LIGHT COMPANY",
  ]);
  assertEquals(namesPayee("LIBERTY", ["LIBERTY UTILITIES"]), true);
  assertEquals(namesPayee("Duquesne Light Company", ["DUQUESNE LIGHT"]), true);
  assertEquals(namesPayee("LIBERTY BELL", ["LIBERTY UTILITIES"]), false);
  assertEquals(namesPayee("OMAR HADDAD", ["LIBERTY"]), false);
});
