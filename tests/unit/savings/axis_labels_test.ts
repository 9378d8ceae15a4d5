import assert from "node:assert/strict";
import { compact, sharePct } from "../../../shared/format.ts";

Deno.test("axis labels: thousands as k, millions as M (a 25-year cost axis read '$2000k')", () => {
  assert.deepEqual(
    [0, 950, 1000, 1500, 9999, 12_400, 999_000, 1_000_000, 1_500_000, 2_000_000, 12_345_678].map(compact),
    ["0", "950", "1k", "1.5k", "10k", "12k", "999k", "1M", "1.5M", "2M", "12.3M"],
  );
});

Deno.test("a share of use above 0 that rounds to 0 reads '<1%', never '0%'", () => {
  assert.deepEqual([0, 0.2, 0.49, 0.5, 7.4, 100].map(sharePct), ["0%", "<1%", "<1%", "1%", "7%", "100%"]);
});
