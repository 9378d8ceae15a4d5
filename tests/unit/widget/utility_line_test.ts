// The check step's utility line for a document that names no utility (National Grid's usage statements, QA pass 11:
// the line was empty and said nothing): the provider chosen for the home, said to be that (widget/src/utility_line.ts).
import assert from "node:assert/strict";
import { utilityLine } from "../../../widget/src/utility_line.ts";
import { t } from "../../../widget/src/locale.ts";

Deno.test("a bill that names no utility: the line holds the provider chosen for the home, and says so", () => {
  assert.deepEqual(utilityLine(undefined, "", "Niagara Mohawk Power Corp."), {
    value: "Niagara Mohawk Power Corp.",
    fromChoice: true,
  });
  assert.deepEqual(utilityLine(null, "  ", "Austin Energy"), { value: "Austin Energy", fromChoice: true });
  assert.match(t.checkUtilityFromChoice, /does not name its provider.*you chose for your home/);
});

Deno.test("a utility the bill names is shown as read; what the homeowner typed wins; nothing chosen stays empty", () => {
  assert.deepEqual(utilityLine(undefined, "National Grid", "Niagara Mohawk Power Corp."), {
    value: "National Grid",
    fromChoice: false,
  });
  assert.deepEqual(utilityLine("", "", "Austin Energy"), { value: "", fromChoice: false });
  assert.deepEqual(utilityLine("City of Austin", "", "Austin Energy"), {
    value: "City of Austin",
    fromChoice: false,
  });
  assert.deepEqual(utilityLine(undefined, "", null), { value: "", fromChoice: false });
});
