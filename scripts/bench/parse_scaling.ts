// npm run bench:parse-scaling — the embedded bill reader's parse (readBillText, in this process) on bill text of
// growing size, per shape of row (tests/support/limit_bill.ts): ms per line at each size and the ratio of the
// largest size's ms per line to the smallest's (a parse linear in the text stays near 1.0; a parse whose cost grows
// with lines × lines doubles with every doubling). Every text is within the reader's bounds (text_bounds.ts: 2,000
// lines, 10,000 words, 100,000 characters). Each size is parsed BENCH_REPEAT times (3), the fastest counted (the
// machine is shared: the fastest is the least disturbed), after a warm-up parse of each shape.
// Env: BENCH_SIZES (lines of five words, "200,400,800,1600"; a table of eleven words a line
// has as many words: 5/11 of those lines), BENCH_REPEAT (3).
import { readBillText } from "../../shared/bills/read_bill_text.ts";
import { boundedBillText } from "../../shared/bills/text_bounds.ts";
import { limitBillText, ROW_SHAPES } from "../../tests/support/limit_bill.ts";

const SIZES = (Deno.env.get("BENCH_SIZES") ?? "200,400,800,1600").split(",").map(Number);
const REPEAT = Number(Deno.env.get("BENCH_REPEAT") ?? 3);
const load = () => Deno.loadavg().map((x) => x.toFixed(1)).join(" ");

function parse(lines: number, words: (i: number) => string[], width: number, confidence?: number) {
  const text = boundedBillText(limitBillText(lines, words, width, confidence)); // throws past the bounds
  let best = Infinity, answer = "";
  for (let r = 0; r < REPEAT; r++) {
    const t0 = performance.now();
    answer = JSON.stringify(readBillText(text));
    best = Math.min(best, performance.now() - t0);
  }
  const item = JSON.parse(answer).item;
  return {
    ms: best,
    meters: item.electricityUsage.meters.length,
    months: item.electricityUsage.usageByMonth.length,
    bytes: answer.length,
  };
}

console.log(`load average at start: ${load()}; fastest of ${REPEAT} parses per size`);
for (const [name, words, width, confidence] of ROW_SHAPES) {
  const step = Math.min(1, 5 / words(0).length); // as many words at each size as five-word lines
  parse(Math.round(SIZES[0] * step), words, width, confidence); // warm-up (JIT)
  const rows = SIZES.map((n) => Math.round(n * step)).map((n) => ({
    n,
    ...parse(n, words, width, confidence),
  }));
  const per = rows.map((r) => r.ms / r.n);
  console.log(
    `${name.padEnd(20)} ${
      rows.map((r, i) => `${r.n}: ${per[i].toFixed(2)}`).join(", ")
    } ms/line; largest/smallest ${(per.at(-1)! / per[0]).toFixed(2)}; at ${rows.at(-1)!.n} lines ${
      (rows.at(-1)!.ms / 1000).toFixed(2)
    } s, answer ${rows.at(-1)!.meters} meters, ${rows.at(-1)!.months} months, ${rows.at(-1)!.bytes} bytes`,
  );
}
console.log(`load average at end: ${load()}`);
