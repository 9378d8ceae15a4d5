// Why no system is offered, as the widget's summary and the partner console say it (QA pass 4): a roof too small for
// the 2 kW minimum is not a home that needs less ("The system your use needs (or your roof allows)…").
import assert from "node:assert/strict";
import { noSystemReason } from "../../../shared/widget/savings.ts";
import { t } from "../../../widget/src/locale.ts";
import { reportFacts } from "../../../console/src/report_facts.ts";

Deno.test("no-system reason: the roof's limit and the use's are told apart, each said once without hedging", () => {
  assert.equal(noSystemReason(["extrapolated_months", "below_minimum_size"]), "below_minimum_size");
  assert.equal(noSystemReason(["roof_limited", "below_minimum_size"]), "roof_below_minimum");
  assert.equal(noSystemReason(["roof_not_owned"]), "roof_not_owned");
  assert.equal(noSystemReason(["extrapolated_months"]), null);
  for (
    const code of [
      "below_minimum_size",
      "roof_below_minimum",
      "roof_not_owned",
      "zero_usage",
      "no_usable_roof",
    ]
  ) {
    assert.ok(t.noSystem[code], `the widget says ${code}`);
    assert.ok(!/\bor your roof\b/.test(t.noSystem[code]), t.noSystem[code]);
  }
  assert.match(t.noSystem.below_minimum_size, /Your electricity use needs a system under our 2 kW minimum/);
  assert.match(t.noSystem.roof_below_minimum, /Your roof has room for fewer panels than our 2 kW minimum/);
  assert.deepEqual(reportFacts({ systemKw: 0, annualKwh: 9000, noSystemReason: "roof_below_minimum" })[0], [
    "System",
    "none offered: the roof holds less than the 2 kW minimum",
  ]);
});
