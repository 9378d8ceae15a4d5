// The bench's comparison of utility names (scripts/bills/utility_names.ts, docs/bills.md "Round 17"): one company's
// spellings match, another company's name never does.
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { score } from "../../../scripts/bills/accuracy.ts";
import { sameUtility } from "../../../scripts/bills/utility_names.ts";
import { emptyItem } from "../../../shared/bills/schema.ts";
import { findUtility } from "../../../shared/bills/embedded/utilities.ts";

Deno.test("utility names: a legal form, '&' and case set aside; a brand and its long name from the reference table", () => {
  assertEquals(sameUtility("Otter Tail Power Company", "Otter Tail Power"), true);
  assertEquals(sameUtility("Chugach Electric Association, Inc.", "Chugach Electric Association"), true);
  assertEquals(sameUtility("The Empire District Electric Co.", "Empire District Electric"), true);
  assertEquals(sameUtility("BGE", "Baltimore Gas and Electric"), true);
  assertEquals(sameUtility("San Diego Gas and Electric", "SDG&E"), true);
  // another company, a name cut short, a name missing: different
  assertEquals(sameUtility("BGE", "Pepco"), false);
  assertEquals(sameUtility("Otter Tail Power Company", "Otter Creek Power Company"), false);
  assertEquals(sameUtility("Chugach Electric Association", "Chugach Electric"), false);
  assertEquals(sameUtility("Duke Energy", ""), false);
});

Deno.test("utility names (round 25): a municipal utility with or without 'City of'; 'Coop' and 'Co-op' for 'Cooperative'", () => {
  assertEquals(sameUtility("City of Fort Collins Utilities", "Fort Collins Utilities"), true);
  assertEquals(sameUtility("Town of Wakefield Municipal Light", "Wakefield Municipal Light"), true);
  assertEquals(sameUtility("Osage Valley Electric Coop", "Osage Valley Electric Cooperative"), true);
  assertEquals(sameUtility("Pee Dee Electric Co-op, Inc.", "Pee Dee Electric Cooperative"), true);
  // the city alone is not its utility, and another city's utility is another utility
  assertEquals(sameUtility("City of Fort Collins", "Fort Collins Utilities"), false);
  assertEquals(sameUtility("City of Loveland Utilities", "Fort Collins Utilities"), false);
});

Deno.test("the bench scores a utility's other spelling right and another utility wrong", () => {
  const truth = emptyItem();
  truth.billingInformation.utilityProviderName = "BGE";
  const same = emptyItem();
  same.billingInformation.utilityProviderName = "Baltimore Gas and Electric";
  const other = emptyItem();
  other.billingInformation.utilityProviderName = "Delmarva Power";
  assertEquals(score(truth, same).wrong.filter((w) => w.field === "utilityProviderName"), []);
  assertEquals(score(truth, other).filledWrong, 1);
});

Deno.test("utility names (QA pass 16): NV Energy's companies by EIA's names; Sierra Pacific Power is not Pacific Power", () => {
  assertEquals(sameUtility("Nevada Power Company", "NV Energy"), true);
  assertEquals(sameUtility("Sierra Pacific Power Company", "NV Energy"), true);
  assertEquals(sameUtility("Sierra Pacific Power Company", "Pacific Power"), false);
  assertEquals(sameUtility("PacifiCorp", "Pacific Power"), true);
  assertEquals(findUtility("Sierra Pacific Power Company d/b/a NV Energy")?.name, "NV Energy");
  assertEquals(findUtility("Pacific Power\nPO Box 26000, Portland, OR")?.name, "Pacific Power");
});
