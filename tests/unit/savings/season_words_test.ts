// The report's words for how even the year is follow its spread (highest month ÷ lowest month), never "fairly
// even" of a year whose highest month is 60% above its lowest (QA pass 12: a City of Buffalo statement, months from
// 5,948 to 9,534 kWh, more than four of them near the top so no peak was named).
import assert from "node:assert/strict";
import { normaliseUsage } from "../../../shared/savings/usage.ts";
import { seasonWords } from "../../../shared/savings/report/embedded.ts";
import { EVEN_YEAR_SPREAD, WIDE_YEAR_SPREAD } from "../../../shared/savings/calculate.ts";
import { annLeeReport } from "./fixtures.ts";

const year = (vals: number[]) => normaliseUsage(vals.map((value, i) => ({ month: i + 1, value })));
const analysis = async (vals: number[]) =>
  (await annLeeReport({ usage: year(vals) })).sections.map((s) => s.text).join(" ");

Deno.test("a wide year without named peaks is not called even: its lowest and highest months are given", async () => {
  // Winter-heavy, six months within 5% of the top: no peaks named.
  const vals = [9534, 9400, 9300, 9200, 7000, 6100, 5948, 6000, 6500, 9150, 9300, 9450];
  const html = await analysis(vals);
  assert.ok(!html.includes("fairly even"), "a 1.6× year is not even");
  assert.ok(
    html.includes("Your use varies widely through the year, from 5,948 kWh in July to 9,534 kWh in January."),
  );
});

Deno.test("the thresholds: even up to EVEN_YEAR_SPREAD, varies, then varies widely above WIDE_YEAR_SPREAD", () => {
  const f = (lo: number, hi: number) => ({
    monthlyKwh: [hi, hi, hi, hi, hi, hi, hi, lo, lo, lo, lo, lo],
    extrapolatedMonths: [] as number[],
  });
  assert.equal(seasonWords(f(1000, 1000 * EVEN_YEAR_SPREAD)), "Your use is fairly even through the year.");
  assert.match(
    seasonWords(f(1000, 1000 * EVEN_YEAR_SPREAD + 20)),
    /^Your use varies through the year, from 1,000/,
  );
  assert.match(seasonWords(f(1000, 1000 * WIDE_YEAR_SPREAD + 20)), /^Your use varies widely through/);
  assert.match(seasonWords(f(0, 500)), /^Your use varies widely through the year, from 0 kWh in August/);
  assert.equal(seasonWords(f(900, 900)), "Your use is fairly even through the year.");
  // An estimated extreme month is said to be one.
  assert.match(
    seasonWords({ ...f(1000, 1300), extrapolatedMonths: [1] }),
    /to 1,300 kWh in January \(estimated\)\.$/,
  );
});

Deno.test("a flat year is still fairly even in the report", async () => {
  assert.ok((await analysis(Array(12).fill(900))).includes("Your use is fairly even through the year."));
});
