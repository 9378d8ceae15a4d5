// A child process's own CPU, for the benchmarks that compare with a CLI (bench:ocr, issue #16 ocr12). The bench's
// getrusage of its children (cpuMs("self", true) in proc.ts) counts every child the runtime reaps in the window: a
// document worker of the bench that exits then (its idle exit, a restart) adds its whole life's CPU to the CLI's
// figure. Here the command runs under `sh`, whose `times` reports the CPU of the children it waited for: the
// command's alone (its own children included), in clock ticks of 10 ms as /proc gives them.

/** `times`' second line (the shell's children: user, then system time, each as `<m>m<s>s`) in ms. */
export function childrenCpuMs(timesOutput: string): number {
  const line = timesOutput.trim().split("\n")[1] ?? "";
  const parts = [...line.matchAll(/([0-9]+)m([0-9]+(?:\.[0-9]+)?)s/g)];
  if (parts.length !== 2) throw new Error(`unexpected output of times: ${JSON.stringify(timesOutput)}`);
  return parts.reduce((s, m) => s + (Number(m[1]) * 60 + Number(m[2])) * 1000, 0);
}

/**
 * Runs `cmd` with `args` (its output discarded) and gives its wall time and its own CPU (ms); throws when it
 * fails. `env` is added to this process's environment.
 */
export async function runMeasured(
  cmd: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ wallMs: number; cpuMs: number }> {
  const t0 = performance.now();
  const out = await new Deno.Command("/bin/sh", {
    // "$0" is the command, "$@" its arguments; only `times` writes to the shell's stdout
    args: ["-c", '"$0" "$@" >/dev/null 2>&1 || exit 1; times', cmd, ...args],
    stdout: "piped",
    stderr: "null",
    env,
  }).output();
  const wallMs = performance.now() - t0;
  if (!out.success) throw new Error(`${cmd} failed`);
  return { wallMs, cpuMs: childrenCpuMs(new TextDecoder().decode(out.stdout)) };
}
