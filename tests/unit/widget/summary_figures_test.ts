// The summary's share of use (widget/src/locale.ts): a large home whose system covers a sliver of its use is
// told "<1%", not "0%" (QA: a 4,993,001 kWh account).
import assert from "node:assert/strict";
import { t } from "../../../widget/src/locale.ts";

Deno.test("the summary's share of use: '<1%' above 0 and below a half percent, whole percents otherwise", () => {
  assert.deepEqual([0, 0.3, 0.5, 64.6, 100].map(t.coverage), ["0%", "<1%", "1%", "65%", "100%"]);
});

Deno.test("the summary's net cost says whether a federal credit was taken off (equal to the system cost otherwise)", () => {
  assert.equal(t.netCost(0), "Net cost (no federal credit)");
  assert.equal(t.netCost(5700), "Net cost after the federal tax credit");
});
