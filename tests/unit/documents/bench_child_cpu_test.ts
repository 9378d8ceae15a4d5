// bench:ocr's CLI CPU is the CLI process's own (scripts/bench/child_cpu.ts, issue #16 ocr12): another child of the
// bench reaped while the CLI runs (a document worker's exit) is in the bench's children's CPU, not in the figure.
import assert from "node:assert/strict";
import { childrenCpuMs, runMeasured } from "../../../scripts/bench/child_cpu.ts";
import { cpuMs } from "../../../scripts/bench/proc.ts";

Deno.test("times' children line read in ms (dash's and bash's formats)", () => {
  assert.equal(childrenCpuMs("0m0.000000s 0m0.000000s\n0m0.860000s 0m0.080000s\n"), 940);
  assert.equal(childrenCpuMs("0m0.001s 0m0.000s\n1m2.500s 0m0.250s"), 62_750);
  assert.throws(() => childrenCpuMs("nothing"), /unexpected output of times/);
});

Deno.test("a sibling reaped during the run is not counted; the command's own CPU is", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "bench-child-cpu-" });
  try {
    const flag = `${dir}/done`;
    const before = cpuMs("self", true);
    // a busy sibling (~0.3-1 s of CPU), reaped while the measured command waits for the flag it leaves
    const busy = new Deno.Command("/bin/sh", {
      args: ["-c", 'i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done; : > "$0"', flag],
    }).output();
    const waiting = runMeasured("/bin/sh", ["-c", 'while [ ! -e "$0" ]; do sleep 0.05; done', flag]);
    const [sibling, measured] = await Promise.all([busy, waiting]);
    assert.ok(sibling.success);
    const reaped = cpuMs("self", true) - before;
    assert.ok(reaped >= 200, `the bench's children's CPU ${reaped} ms holds the sibling's`);
    assert.ok(measured.cpuMs < reaped / 2, `the command's own CPU ${measured.cpuMs} ms, not the sibling's`);
    // a command that works counts its CPU
    const work = await runMeasured("/bin/sh", ["-c", "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done"]);
    assert.ok(work.cpuMs >= 100, `${work.cpuMs} ms`);
    await assert.rejects(() => runMeasured("/bin/sh", ["-c", "exit 3"]), /failed/);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
