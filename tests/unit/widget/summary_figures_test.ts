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

Deno.test("a use far beyond a home's: the check step asks whether the bill is a business's, the summary says what the share means (QA pass 10)", () => {
  assert.match(
    t.checkReasons.annual_usage_out_of_range,
    /outside what a home uses \(a business or building account\?\)/,
  );
  assert.equal(
    t.beyondHome(2_184_000, "1%", true, "Demo Solar Co"),
    "This bill shows 2,184,000 kWh a year. The largest system your roof holds would cover only 1% of it, so the figures below are for that system alone. A use this large is usually that of a business or a whole building: if this bill is not for your home, start again with your home bill; if it is, ask Demo Solar Co for a commercial solar assessment.",
  );
  assert.doesNotMatch(
    t.beyondHome(2_184_000, "0%", false, "Demo Solar Co"),
    /largest system/,
    "no system: no share",
  );
});
