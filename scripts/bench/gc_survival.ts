// `npm run bench:gc-survival`: how much of what a loop allocates survives V8's young-generation collections
// (scavenges) on this Deno, with its default JIT tiers and with Maglev (V8's mid-tier compiler) off. Each loop
// (gc_survival/loops.ts) runs in its own process with `--trace-gc-nvp`; the figures are summed over its
// scavenges: allocated in the young generation, survived (copied within it or promoted), the pauses.
// The push path's tail is these pauses (docs/notifications.md, Push8 pass).
//   BENCH_ITERATIONS (30000): queries per postgres.js loop;
//   BENCH_RUNS (2): runs of each loop and setting, alternating.

const RUNS = Number(Deno.env.get("BENCH_RUNS") ?? 2);
const LOOPS = ["postgres.js", "wire, closure over the promise", "wire, resolve stored"];
const SETTINGS: Record<string, string[]> = { "default": [], "--no-maglev": ["--no-maglev"] };
const loopsFile = new URL("./gc_survival/loops.ts", import.meta.url).pathname;

interface Gc {
  scavenges: number;
  allocated: number;
  survived: number;
  pauseMs: number;
  maxPauseMs: number;
}

/** Sums the scavenge lines of V8's `--trace-gc-nvp` (one JSON object per collection on this V8). */
export function sumScavenges(trace: string): Gc {
  const gc: Gc = { scavenges: 0, allocated: 0, survived: 0, pauseMs: 0, maxPauseMs: 0 };
  for (const line of trace.split("\n")) {
    const at = line.indexOf("GC: {");
    if (at < 0) continue;
    let d: Record<string, unknown>;
    try {
      d = JSON.parse(line.slice(at + 4));
    } catch {
      continue;
    }
    if (d.gc !== "s") continue;
    gc.scavenges++;
    gc.allocated += Number(d.allocated);
    gc.survived += Number(d.new_space_survived);
    gc.pauseMs += Number(d.pause);
    gc.maxPauseMs = Math.max(gc.maxPauseMs, Number(d.pause));
  }
  return gc;
}

async function run(loop: string, flags: string[]): Promise<Gc & { ms: number }> {
  const t0 = performance.now();
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", `--v8-flags=${["--trace-gc-nvp", ...flags].join(",")}`, loopsFile, loop],
    stdout: "piped",
    stderr: "piped",
    clearEnv: true,
    env: Object.fromEntries(Object.entries(Deno.env.toObject()).filter(([k]) => k !== "DENO_V8_FLAGS")),
  }).output();
  const ms = performance.now() - t0;
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`${loop} failed:\n${text.slice(-2000)}`);
  return { ...sumScavenges(text), ms };
}

if (import.meta.main) {
  const load = Deno.loadavg().map((l) => l.toFixed(1)).join(" / ");
  console.log(`machine: ${navigator.hardwareConcurrency} CPUs, load ${load}; ${Deno.version.v8}`);
  console.log("| loop | V8 | run | scavenges | allocated | survived | pauses total / max | wall |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (let r = 1; r <= RUNS; r++) {
    for (const loop of LOOPS) {
      for (const [name, flags] of Object.entries(SETTINGS)) {
        const g = await run(loop, flags);
        console.log(
          `| ${loop} | ${name} | ${r} | ${g.scavenges} | ${(g.allocated / 1e6).toFixed(0)} MB | ${
            (g.survived / 1e6).toFixed(1)
          } MB (${(100 * g.survived / Math.max(1, g.allocated)).toFixed(1)} %) | ${g.pauseMs.toFixed(0)} / ${
            g.maxPauseMs.toFixed(1)
          } ms | ${(g.ms / 1000).toFixed(1)} s |`,
        );
      }
    }
  }
}
