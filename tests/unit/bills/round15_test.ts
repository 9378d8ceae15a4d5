// Round 15 (issue #11, docs/bills.md "Round 15"): the lead's convention for a service address printed as a street
// alone (layouts_r14.ts nes, nipsco, wenergies showed it). Built on word boxes in another shape than those layouts,
// with every utility-shaped rule OFF; it fails with the reader of before this round (which copied the mailing
// block's city, state and ZIP).
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { parseBill } from "../../../shared/bills/embedded/parse_bill.ts";
import { page } from "./layout_page.ts";

const noTaggedRules = () => false;

Deno.test("a service address printed as a street alone keeps no city, state or ZIP from the mailing block", () => {
  const p = page([
    [40, [[36, "Account No. 4410-2277-019"], [330, "Bill Date 03/08/2025"]]],
    [52, [[330, "Total Due $112.40"], [450, "Due 03/28/2025"]]],
    [76, [[36, "MARIA L GONZALEZ"]]],
    [86, [[36, "2207 WILLOW BEND CT"]]],
    [96, [[36, "SPRINGFIELD IL 62704"]]],
    [130, [[36, "Service Location: 2207 WILLOW BEND CT"], [330, "Meter 77120451 902 kWh"]]],
    [142, [[36, "Service Period 02/05/2025 to 03/06/2025"]]],
  ]);
  const item = parseBill(p.lines, [p.pieces], { rules: noTaggedRules });
  const s = item.customerInformation.serviceAddress;
  assertEquals([s.line1, s.city, s.state, s.zip], ["2207 WILLOW BEND CT", "", "", ""]);
  // the mailing block is still the billing address
  const b = item.billingInformation.billingAddress;
  assertEquals([b.line1, b.city, b.state, b.zip], ["2207 WILLOW BEND CT", "SPRINGFIELD", "IL", "62704"]);
});
