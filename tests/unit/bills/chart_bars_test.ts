// Bar charts without values (chart_bars.ts): word boxes and filled boxes as a PDF's text layer and operator list
// give them (points, y down). The chart: ticks "0 kWh" … "1,800 kWh" every 12 points (25 kWh a point), 13 bars
// 15 points apart over the months' initials, the first and the last year beside the initials.
import assert from "node:assert/strict";
import type { FilledBox } from "../../../shared/documents/pdf_shapes.ts";
import type { TextPiece } from "../../../shared/documents/text_layout.ts";
import { readBarHeights, valueAxes } from "../../../shared/bills/embedded/chart_bars.ts";

const ZERO = 240; // the axis's zero, y down
const piece = (text: string, x: number, y: number, size = 6): TextPiece => ({
  text,
  x,
  y,
  width: text.length * size * 0.5,
  height: size,
});

/** Ticks right-aligned at x 168, each label's digits centred on its tick (baseline 0.35 × size below). */
function ticks(step = 300, n = 6, nudgeZero = 0): TextPiece[] {
  return Array.from({ length: n + 1 }, (_, t) => {
    const text = `${(t * step).toLocaleString("en-US")} kWh`;
    const p = piece(text, 0, ZERO - t * 12 + 2.1 + (t === 0 ? nudgeZero : 0));
    return { ...p, x: 168 - p.width };
  });
}

const INITIALS = "JFMAMJJASOND";
/** The initials of 13 months from `firstMonth`, the years at both ends, y 9 points under the zero. */
function labels(firstMonth: number, firstYear: number, withYears = true): TextPiece[] {
  const out = Array.from(
    { length: 13 },
    (_, i) => piece(INITIALS[(firstMonth - 1 + i) % 12], 181 + 15 * i, ZERO + 9, 7),
  );
  if (withYears) {
    const lastYear = firstYear + Math.floor((firstMonth - 1 + 12) / 12);
    out.push(piece(String(firstYear), 162, ZERO + 13), piece(String(lastYear), 372, ZERO + 13));
  }
  return out;
}

/** One bar per value over each label, `kwhPerPt` kWh a point, standing on the zero (or `lift` points over it). */
const bars = (values: number[], kwhPerPt = 25, lift = 0): FilledBox[] =>
  values.map((v, i) => ({ x: 180 + 15 * i, y: ZERO - lift - v / kwhPerPt, width: 6, height: v / kwhPerPt }));

const VALUES = [784, 950, 1370, 1250, 1510, 1600, 1495, 1740, 1370, 1090, 1050, 951, 968];

Deno.test("bars without values: each month's kWh from its bar's height, to the chart's resolution, with the years", () => {
  const got = readBarHeights([...ticks(), ...labels(2, 2020)], bars(VALUES), "2021-02-25");
  assert.equal(got.length, 13);
  assert.deepEqual(
    got.map((m) => [m.year, m.month]),
    VALUES.map((_, i) => [2020 + Math.floor((1 + i) / 12), ((1 + i) % 12) + 1]),
  );
  // half a point of 25 kWh: rounded to 10 kWh, each within half of that of the drawn value
  for (const [i, m] of got.entries()) {
    assert.equal(m.resolution, 10);
    assert.ok(Math.abs(m.value - VALUES[i]) <= 5, `${m.value} for ${VALUES[i]}`);
    assert.ok(m.confidence >= 0.5 && m.confidence < 0.6, `confidence ${m.confidence}`);
  }
});

Deno.test("bars without values: a zero label nudged off its tick does not bend the scale (robust fit)", () => {
  const axes = valueAxes(ticks(300, 6, 1.2));
  assert.equal(axes.length, 1);
  assert.ok(Math.abs(axes[0].zero - ZERO) < 0.3, `zero at ${axes[0].zero}`);
  const got = readBarHeights([...ticks(300, 6, 1.2), ...labels(2, 2020)], bars(VALUES), "2021-02-25");
  assert.ok(got.every((m, i) => Math.abs(m.value - VALUES[i]) <= 10));
});

Deno.test("bars without values: no year printed, the last bar is the bill's month; a period that disagrees gives nothing", () => {
  const noYears = [...ticks(), ...labels(2, 2020, false)];
  const got = readBarHeights(noYears, bars(VALUES), "2021-02-25");
  assert.deepEqual([got[0].year, got[0].month, got.at(-1)!.year, got.at(-1)!.month], [2020, 2, 2021, 2]);
  assert.deepEqual(readBarHeights(noYears, bars(VALUES), "2021-05-25"), []);
  assert.deepEqual(readBarHeights(noYears, bars(VALUES), ""), []);
  // the years say Feb 2020 … Feb 2021, the bill ends in June 2021: not this bill's chart
  assert.deepEqual(readBarHeights([...ticks(), ...labels(2, 2020)], bars(VALUES), "2021-06-25"), []);
});

Deno.test("bars without values: nothing without a kWh axis, with bars side by side, or with bars of other widths", () => {
  const words = [...ticks(), ...labels(2, 2020)];
  // the ticks as bare numbers: not a kWh axis
  const bare = words.map((p) => ({ ...p, text: p.text.replace(" kWh", "") }));
  assert.deepEqual(readBarHeights(bare, bars(VALUES), "2021-02-25"), []);
  // two bars over each month (this year and last year side by side): which is which is not known
  const pairs = bars(VALUES).flatMap((
    b,
  ) => [{ ...b, x: b.x - 3.5, width: 3 }, { ...b, x: b.x + 3.5, width: 3 }]);
  assert.deepEqual(readBarHeights(words, pairs, "2021-02-25"), []);
  // bars of very different widths are not one run of bars
  const odd = bars(VALUES).map((b, i) => (i % 2 ? { ...b, width: 2 } : b));
  assert.deepEqual(readBarHeights(words, odd, "2021-02-25"), []);
  // boxes far above the axis (another chart's, a logo) are not its bars
  assert.deepEqual(readBarHeights(words, bars(VALUES, 25, 200), "2021-02-25"), []);
});

Deno.test("bars without values: ticks off one straight scale are not an axis", () => {
  const bent = ticks().map((p, t) => (t === 3 ? { ...p, y: p.y - 5 } : p));
  assert.deepEqual(valueAxes(bent), []);
  assert.deepEqual(readBarHeights([...bent, ...labels(2, 2020)], bars(VALUES), "2021-02-25"), []);
});

Deno.test("bars without values: a bar too short for a sure estimate is left out, not guessed", () => {
  // 60 kWh is 2.4 points: half a point is 21% of it
  const values = [...VALUES.slice(0, 5), 60, ...VALUES.slice(6)];
  const got = readBarHeights([...ticks(), ...labels(2, 2020)], bars(values), "2021-02-25");
  assert.equal(got.length, 12);
  assert.ok(!got.some((m) => m.year === 2020 && m.month === 7));
});

Deno.test("bars without values: the months the bill prints give the scale its bars were drawn to (bars off their axis)", () => {
  // the bars drawn at 27.5 kWh a point while the labels say 25 (as FPL's are drawn about 5% under their labels)
  const words = [...ticks(), ...labels(2, 2020)];
  const axisOnly = readBarHeights(words, bars(VALUES, 27.5), "2021-02-25");
  assert.ok(
    axisOnly.some((m, i) => Math.abs(m.value - VALUES[i]) > VALUES[i] * 0.05),
    "the axis alone is off",
  );
  const printed = [{ year: 2020, month: 2, value: 784 }, { year: 2021, month: 1, value: 951 }, {
    year: 2021,
    month: 2,
    value: 968,
  }];
  const got = readBarHeights(words, bars(VALUES, 27.5), "2021-02-25", printed);
  assert.equal(got.length, 13);
  for (const [i, m] of got.entries()) {
    assert.ok(Math.abs(m.value - VALUES[i]) <= 10, `${m.value} for ${VALUES[i]}`);
  }
  // a printed figure the bars contradict (a misread 1,951 for 951) is not a scale, and the axis disagrees with the
  // other printed months by 9%: the scale is not certain, nothing is read (charts pass 2; was the axis's)
  const misread = printed.map((p) => (p.month === 1 ? { ...p, value: 1951 } : p));
  assert.deepEqual(readBarHeights(words, bars(VALUES, 27.5), "2021-02-25", misread), []);
  // bars drawn to their axis: one printed month agreeing with it keeps the axis's scale; the misread one (a
  // printed month twice the bar's reading) leaves the chart unread, whichever scale the bars were drawn to
  const onAxis = readBarHeights(words, bars(VALUES), "2021-02-25", [printed[0]]);
  assert.equal(onAxis.length, 13);
  for (const [i, m] of onAxis.entries()) assert.ok(Math.abs(m.value - VALUES[i]) <= 5, `${m.value}`);
  assert.deepEqual(readBarHeights(words, bars(VALUES), "2021-02-25", misread), []);
});

Deno.test("bars without values: a page of 100,000 kWh ticks looks at its first 300 (ten axes of 30 at most)", () => {
  const many = Array.from({ length: 100_000 }, (_, t) => {
    const p = piece(`${t * 10} kWh`, 0, 100_000 - t, 6);
    return { ...p, x: 168 - p.width };
  });
  const axes = valueAxes(many);
  assert.ok(axes.length <= 10, `${axes.length} axes`);
  assert.deepEqual(readBarHeights([...many, ...labels(2, 2020)], bars(VALUES), "2021-02-25"), []);
});
