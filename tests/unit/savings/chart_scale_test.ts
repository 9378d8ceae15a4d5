// The report's charts' axis (rates19): a flat 1,000 kWh year drew its bars up to the chart's top line (the axis ended
// at the largest month when it was a round figure), which reads as a maximum. The top line now stays at least
// CHART_HEADROOM above the largest value, on a round step.
import assert from "node:assert/strict";
import { CHART_HEADROOM, niceScale } from "../../../shared/pdf/charts.ts";

Deno.test("chart scale: the top line is above the largest value, round, with at most a few more steps", () => {
  assert.deepEqual(niceScale(1000), { top: 1200, step: 200 }, "a flat 1,000 kWh year");
  assert.deepEqual(niceScale(1100), { top: 1250, step: 250 });
  for (const max of [1, 7, 99, 200, 990, 1000, 1250, 5000, 12_000, 23_456.7, 100_000]) {
    const { top, step } = niceScale(max);
    assert.ok(top >= max * (1 + CHART_HEADROOM) - 1e-9, `${max}: top ${top}`);
    assert.ok(top - step < max * (1 + CHART_HEADROOM), `${max}: top ${top} is the first round line above`);
    assert.ok(Number.isInteger(Math.round(top / step * 1e9) / 1e9), `${max}: ${top} on a step of ${step}`);
    assert.ok(top / step <= 7, `${max}: ${top / step} steps`);
  }
  assert.deepEqual(niceScale(0), { top: 1, step: 0.2 });
});
