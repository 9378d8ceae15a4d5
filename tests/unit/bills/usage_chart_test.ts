import assert from "node:assert/strict";
import { readUsageChart } from "../../../shared/bills/embedded/usage_chart.ts";
import type { TextPiece } from "../../../shared/documents/text_layout.ts";

const M = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const piece = (x: number, y: number, text: string): TextPiece => ({ x, y, width: 12, height: 6, text });

// 13 bars from OCT to OCT, each value centred over its month, plus y-axis labels at the left edge
function chart(values: (number | null)[]): TextPiece[] {
  const out: TextPiece[] = [];
  values.forEach((v, i) => {
    out.push(piece(100 + i * 20, 200, M[(9 + i) % 12]));
    if (v !== null) out.push(piece(100 + i * 20, 150 - (v / 100), String(v)));
  });
  for (const axis of ["0", "500", "1000"]) out.push(piece(70, 200 - Number(axis) / 10, axis));
  out.push(piece(95, 120, "2023"), piece(355, 120, "2024"));
  return out;
}

Deno.test("bar labels are read by position; years run back from the bill's month", () => {
  const vals = [610, 700, 820, 900, 870, 760, 650, 600, 720, 940, 1010, 980, 640];
  const got = readUsageChart(chart(vals), "2024-10-15");
  assert.equal(got.length, 13);
  assert.deepEqual(got[0], { year: 2023, month: 10, value: 610 });
  assert.deepEqual(got[3], { year: 2024, month: 1, value: 900 });
  assert.deepEqual(got[12], { year: 2024, month: 10, value: 640 });
});

Deno.test("without a matching billing period the year labels decide; bars without a label are skipped", () => {
  const vals = [610, null, 820, 900, 870, 760, 650, 600, 720, 940, 1010, 980, 640];
  const got = readUsageChart(chart(vals), "");
  assert.equal(got.length, 12);
  assert.deepEqual(got.at(-1), { year: 2024, month: 10, value: 640 });
  assert.ok(!got.some((g) => g.year === 2023 && g.month === 11));
});

Deno.test("a chart with only axis labels (no per-bar values) gives nothing", () => {
  assert.deepEqual(readUsageChart(chart(new Array(13).fill(null)), "2024-10-15"), []);
});
