// `npm run edge:check [fn...]`: stands in for the Supabase Edge Runtime. For each function, from a copy of
// exactly what the deploy ships (scripts/edge/stage.ts), with an empty module cache and the Deno the Edge
// Runtime embeds (scripts/edge/runtime.ts): resolve with the committed deno.lock, measure the bundle, boot,
// answer /health, and serve real requests against a real, migrated and seeded PostgreSQL
// (scripts/edge/requests.ts). Prints boot time, bundle size, and the CPU ms and peak memory of the heaviest
// request per function, and fails when a budget is exceeded.
import { join } from "node:path";
import { EDGE_DENO_VERSION, edgeDeno, functionNames } from "./runtime.ts";
import { stageFunction } from "./stage.ts";
import { boot, type BundleSize, bundleSize, type EdgeEnv, heapPeak, install, procUsage } from "./measure.ts";
import { type EdgeVariant, type EdgeWorld, prepareWorld, variantsFor } from "./requests.ts";

export const BUDGETS = {
  bundleBytes: 10 * 1024 * 1024,
  /** Half the hosted platform's 2 s of CPU per request (supabase.com/docs/guides/functions/limits). */
  requestCpuMs: 1000,
  /**
   * The queue-worker's call runs jobs until QUEUE_WORKER_BUDGET_MS (500 ms) have passed, plus the job in hand, so
   * one call may hold two heavy jobs (e.g. contracts.analyze then savings.deliver): its budget is 3/4 of the 2 s.
   */
  workerCallCpuMs: 1500,
  requestPeakBytes: 150 * 1024 * 1024,
};

function cpuBudgetOf(fn: string): number {
  return fn === "queue-worker" ? BUDGETS.workerCallCpuMs : BUDGETS.requestCpuMs;
}

export interface RequestResult {
  name: string;
  status: number;
  cpuMs: number;
  /** Peak V8 heap + external memory during the request (the Edge Runtime's memory measure). */
  peakHeapBytes: number;
  /** Peak resident set of the whole process so far (runtime included), for information. */
  peakRssBytes: number;
  ms: number;
}

export interface FunctionResult {
  fn: string;
  bootMs: number;
  bundle: BundleSize;
  requests: RequestResult[];
  heaviest: RequestResult;
  errors: string[];
}

const MB = 1024 * 1024;

async function checkFunction(
  e: EdgeEnv,
  world: EdgeWorld,
  scratch: string,
  fn: string,
  variant: EdgeVariant,
  port: number,
): Promise<FunctionResult> {
  const staged = await stageFunction(fn, scratch);
  await install(e, staged.fnDir, { frozen: true });
  const errors: string[] = [];
  const bundle = await bundleSize(e, staged.fnDir, scratch).catch((err): BundleSize => {
    errors.push(err instanceof Error ? err.message : String(err));
    return { bytes: -1, packages: [] };
  });
  const running = await boot(e, staged, fn, port, { ...world.env(fn), ...variant.env?.(world) });
  const requests: RequestResult[] = [];
  try {
    for (const r of await variant.requests(world)) {
      await heapPeak(running.url);
      const before = await procUsage(running.pid);
      const t0 = performance.now();
      const res = await fetch(`${running.url}/${fn}${r.path}`, {
        method: r.method,
        headers: r.headers,
        body: r.body,
      });
      const bytes = new Uint8Array(await res.arrayBuffer());
      const text = new TextDecoder().decode(bytes);
      const ms = Math.round(performance.now() - t0);
      const after = await procUsage(running.pid);
      const heap = await heapPeak(running.url);
      requests.push({
        name: r.name,
        status: res.status,
        cpuMs: after.cpuMs - before.cpuMs,
        peakHeapBytes: heap.peak,
        peakRssBytes: after.peakRssBytes,
        ms,
      });
      if (!r.expect.includes(res.status)) {
        errors.push(`${r.name}: expected ${r.expect.join("/")}, got ${res.status} ${text.slice(0, 300)}`);
      } else if (r.check) {
        const problem = await r.check(text, world, bytes);
        if (problem) errors.push(`${r.name}: ${problem}`);
      }
    }
  } finally {
    await running.stop();
  }
  if (errors.length) errors.push(`function output: ${running.output().slice(-1500)}`);
  const heaviest = requests.reduce((a, b) => (b.cpuMs > a.cpuMs ? b : a), requests[0]);
  return {
    fn: variant.label ? `${fn} (${variant.label})` : fn,
    bootMs: running.bootMs,
    bundle,
    requests,
    heaviest,
    errors,
  };
}

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** Budget violations of one result, as sentences. */
export function overBudget(r: FunctionResult): string[] {
  const out: string[] = [];
  if (r.bundle.bytes > BUDGETS.bundleBytes) {
    out.push(
      `bundle ${(r.bundle.bytes / MB).toFixed(1)} MB > 10 MB (npm packages: ${r.bundle.packages.join(", ")})`,
    );
  }
  const cpuBudget = cpuBudgetOf(r.fn);
  if (r.heaviest.cpuMs > cpuBudget) {
    out.push(`${r.heaviest.name}: ${r.heaviest.cpuMs} ms CPU > ${cpuBudget} ms`);
  }
  const peak = Math.max(...r.requests.map((q) => q.peakHeapBytes));
  if (peak > BUDGETS.requestPeakBytes) {
    out.push(`peak memory (V8 heap + external) ${(peak / MB).toFixed(0)} MB > 150 MB`);
  }
  return out;
}

export function formatRow(r: FunctionResult): string {
  const total = r.bundle.bytes / MB;
  const peak = Math.max(...r.requests.map((q) => q.peakHeapBytes)) / MB;
  const rss = Math.max(...r.requests.map((q) => q.peakRssBytes)) / MB;
  return [
    r.fn.padEnd(30),
    `boot ${String(r.bootMs).padStart(5)} ms`,
    r.bundle.bytes < 0 ? "bundle   n/a   " : `bundle ${total.toFixed(1).padStart(5)} MB`,
    `heaviest ${r.heaviest.name.padEnd(34)} ${String(r.heaviest.cpuMs).padStart(4)} ms CPU`,
    `peak heap ${peak.toFixed(0).padStart(3)} MB (RSS ${rss.toFixed(0)} MB)`,
  ].join("  ");
}

/** Runs the check for `names` (all functions when empty); the caller owns printing and exit codes. */
export async function runEdgeCheck(
  names: string[],
  opts: { adminUrl: string; basePort?: number; log?: (line: string) => void },
): Promise<FunctionResult[]> {
  const deno = await edgeDeno();
  const scratch = await Deno.makeTempDir({ prefix: "solar-edge-check-" });
  const e: EdgeEnv = { deno, denoDir: join(scratch, ".deno") };
  const world = await prepareWorld(opts.adminUrl);
  const results: FunctionResult[] = [];
  try {
    // the queue-worker last: it runs the jobs the other functions' requests enqueued
    const fns = (names.length ? names : await functionNames()).sort((a, b) =>
      Number(a === "queue-worker") - Number(b === "queue-worker")
    );
    // consecutive ports from basePort when given, else a free loopback port per function
    let next = opts.basePort;
    const port = () => next !== undefined ? next++ : freePort();
    for (const fn of fns) {
      for (const variant of variantsFor(fn)) {
        const name = variant.label ? `${fn} (${variant.label})` : fn;
        try {
          const r = await checkFunction(e, world, scratch, fn, variant, port());
          results.push(r);
          opts.log?.(formatRow(r));
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          const empty: RequestResult = {
            name: "boot",
            status: 0,
            cpuMs: 0,
            peakHeapBytes: 0,
            peakRssBytes: 0,
            ms: 0,
          };
          results.push({
            fn: name,
            bootMs: -1,
            bundle: { bytes: -1, packages: [] },
            requests: [empty],
            heaviest: empty,
            errors: [message],
          });
          opts.log?.(`${name.padEnd(30)}  FAILED: ${message.slice(0, 400)}`);
        }
      }
    }
  } finally {
    await world.close();
    await Deno.remove(scratch, { recursive: true }).catch(() => {});
  }
  return results;
}

if (import.meta.main) {
  const adminUrl = Deno.env.get("TEST_DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/postgres";
  console.log(
    `Edge check: Deno ${EDGE_DENO_VERSION} (the Supabase Edge Runtime's), staged deploy copies, empty DENO_DIR`,
  );
  const results = await runEdgeCheck(Deno.args, {
    adminUrl,
    basePort: Deno.env.get("EDGE_CHECK_PORT") ? Number(Deno.env.get("EDGE_CHECK_PORT")) : undefined,
    log: console.log,
  });
  let bad = 0;
  for (const r of results) {
    const problems = [...r.errors, ...(r.bootMs >= 0 ? overBudget(r) : [])];
    if (problems.length) bad++;
    for (const p of problems) console.log(`  ${r.fn}: ${p}`);
  }
  console.log(
    `${
      results.length - bad
    }/${results.length} functions pass (bundle <= 10 MB, heaviest request <= 1000 ms CPU (a queue-worker call <= 1500 ms) and <= 150 MB)`,
  );
  Deno.exit(bad ? 1 : 0);
}
